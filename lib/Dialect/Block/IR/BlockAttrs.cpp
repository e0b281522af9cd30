//===- BlockAttrs.cpp - Layout attributes of the block dialect ------------===//

#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Layout/TensorLayouts.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::block;

#include "block/Dialect/Block/IR/BlockLayoutInterface.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "block/Dialect/Block/IR/BlockOpsAttrs.cpp.inc"

void BlockDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "block/Dialect/Block/IR/BlockOpsAttrs.cpp.inc"
      >();
}

/// A layout applies to tensors of its rank only: every tensor type that
/// carries one is checked when it is built, wherever it appears (also in a
/// helper function), since getElemsPerThread indexes the shape by the
/// layout's rank.
static LogicalResult verifyLayoutRank(DistributedLayoutAttr layout,
                                      ArrayRef<int64_t> shape,
                                      function_ref<InFlightDiagnostic()> emitError) {
  if (layout.getRank() == shape.size())
    return success();
  InFlightDiagnostic diag = emitError() << "tensor of shape ";
  llvm::interleave(shape, diag, "x");
  return diag << ": its layout is of rank " << layout.getRank()
              << ", but the tensor is of rank " << shape.size() << " ("
              << Attribute(layout) << ")";
}

static unsigned product(ArrayRef<unsigned> values) {
  unsigned result = 1;
  for (unsigned v : values)
    result *= v;
  return result;
}

using Bases = SmallVector<SmallVector<int64_t>>;

/// Appends the bases `unit(dim) * stride * 2^i` for i < log2(count).
static void appendPowerBases(Bases &bases, unsigned rank, unsigned dim,
                             int64_t stride, int64_t count) {
  for (int64_t step = 1; step < count; step *= 2) {
    SmallVector<int64_t> basis(rank, 0);
    basis[dim] = stride * step;
    bases.push_back(std::move(basis));
  }
}

//===----------------------------------------------------------------------===//
// BlockedLayoutAttr
//===----------------------------------------------------------------------===//

LogicalResult
BlockedLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          ArrayRef<unsigned> sizePerThread,
                          ArrayRef<unsigned> threadsPerWarp,
                          ArrayRef<unsigned> warpsPerCTA,
                          ArrayRef<unsigned> order) {
  size_t rank = sizePerThread.size();
  if (rank == 0)
    return emitError() << "#block.blocked needs at least one dimension";
  if (threadsPerWarp.size() != rank || warpsPerCTA.size() != rank ||
      order.size() != rank)
    return emitError() << "#block.blocked: sizePerThread, threadsPerWarp, "
                          "warpsPerCTA and order must have one entry per "
                          "dimension ("
                       << rank << ")";
  for (ArrayRef<unsigned> list : {sizePerThread, threadsPerWarp, warpsPerCTA})
    for (unsigned v : list)
      if (v == 0 || !llvm::isPowerOf2_32(v))
        return emitError() << "#block.blocked: every size must be a power of "
                              "two, but one is "
                           << v;
  if (product(threadsPerWarp) != 32)
    return emitError() << "#block.blocked: threadsPerWarp must multiply to "
                          "32 lanes, but multiplies to "
                       << product(threadsPerWarp);
  if (product(warpsPerCTA) > 32)
    return emitError() << "#block.blocked: warpsPerCTA multiplies to "
                       << product(warpsPerCTA) << ", more than 32 warps";
  SmallVector<bool> seen(rank, false);
  for (unsigned d : order) {
    if (d >= rank || seen[d])
      return emitError() << "#block.blocked: order must be a permutation of "
                            "the dimensions 0.."
                         << rank - 1;
    seen[d] = true;
  }
  return success();
}

LogicalResult BlockedLayoutAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyLayoutRank(*this, shape, emitError);
}

unsigned BlockedLayoutAttr::getRank() const { return getSizePerThread().size(); }

unsigned BlockedLayoutAttr::getNumWarps() const { return product(getWarpsPerCTA()); }

// Registers first walk the sizePerThread tile, fastest dimension first, then
// the repetitions of the whole program tile over larger tensors.
static Bases getBlockedRegisterBases(BlockedLayoutAttr layout,
                                     ArrayRef<int64_t> shape) {
  unsigned rank = layout.getRank();
  Bases bases;
  for (unsigned d : layout.getOrder())
    appendPowerBases(bases, rank, d, 1, layout.getSizePerThread()[d]);
  for (unsigned d : layout.getOrder()) {
    int64_t tile = int64_t(layout.getSizePerThread()[d]) *
                   layout.getThreadsPerWarp()[d] * layout.getWarpsPerCTA()[d];
    appendPowerBases(bases, rank, d, tile, std::max<int64_t>(1, shape[d] / tile));
  }
  return bases;
}

LinearLayout BlockedLayoutAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  unsigned rank = getRank();
  Bases lanes, warps;
  for (unsigned d : getOrder()) {
    appendPowerBases(lanes, rank, d, getSizePerThread()[d],
                     getThreadsPerWarp()[d]);
    appendPowerBases(warps, rank, d,
                     int64_t(getSizePerThread()[d]) * getThreadsPerWarp()[d],
                     getWarpsPerCTA()[d]);
  }
  return makeDistributedLayout(shape, getBlockedRegisterBases(*this, shape),
                               lanes, warps);
}

BlockedLayoutAttr BlockedLayoutAttr::permute(ArrayRef<int32_t> order) const {
  unsigned rank = order.size();
  SmallVector<unsigned> sizePerThread(rank), threadsPerWarp(rank),
      warpsPerCTA(rank), position(rank), newOrder;
  for (unsigned i = 0; i < rank; ++i) {
    sizePerThread[i] = getSizePerThread()[order[i]];
    threadsPerWarp[i] = getThreadsPerWarp()[order[i]];
    warpsPerCTA[i] = getWarpsPerCTA()[order[i]];
    position[order[i]] = i;
  }
  for (unsigned d : getOrder())
    newOrder.push_back(position[d]);
  return get(getContext(), sizePerThread, threadsPerWarp, warpsPerCTA, newOrder);
}

//===----------------------------------------------------------------------===//
// SliceLayoutAttr
//===----------------------------------------------------------------------===//

LogicalResult
SliceLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        unsigned dim, DistributedLayoutAttr parent) {
  if (!parent)
    return emitError() << "#block.slice needs a distributed parent layout";
  if (parent.getRank() < 2)
    return emitError() << "#block.slice needs a parent of rank 2 or more, "
                          "but the parent has rank "
                       << parent.getRank();
  if (dim >= parent.getRank())
    return emitError() << "#block.slice: dim " << dim
                       << " is out of range for a parent of rank "
                       << parent.getRank();
  return success();
}

LogicalResult SliceLayoutAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyLayoutRank(*this, shape, emitError);
}

unsigned SliceLayoutAttr::getRank() const { return getParent().getRank() - 1; }

unsigned SliceLayoutAttr::getNumWarps() const { return getParent().getNumWarps(); }

// The parent's layout of the shape with a unit dimension at `dim`, without
// that dimension. Registers that the parent spreads along `dim` hold copies
// of one element there, and a slice keeps one of them: registers whose basis
// is zero are dropped.
LinearLayout SliceLayoutAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  SmallVector<int64_t> parentShape(shape);
  parentShape.insert(parentShape.begin() + getDim(), 1);
  LinearLayout parent = getParent().toLinearLayout(parentShape);
  SmallVector<std::string> dims = getTensorDimNames(shape.size() + 1);
  SmallVector<StringRef> kept;
  for (unsigned d = 0, e = dims.size(); d < e; ++d)
    if (d != getDim())
      kept.push_back(dims[d]);
  LinearLayout sliced =
      parent.sublayout({kRegister, kLane, kWarp}, kept);
  SmallVector<LinearLayout::InDim> ins(sliced.getInDims());
  llvm::erase_if(ins.front().second, [](ArrayRef<int32_t> basis) {
    return llvm::all_of(basis, [](int32_t v) { return v == 0; });
  });
  // Renumber the outputs dim0..dimN-1.
  return LinearLayout(ins, getTensorOutDims(shape));
}

//===----------------------------------------------------------------------===//
// LinearLayoutAttr
//===----------------------------------------------------------------------===//

/// The largest basis component: tensors hold at most kMaxTensorElements.
static constexpr int64_t kMaxBasisComponent = kMaxTensorElements - 1;
/// Warps of a program instance (32) and lanes of a warp, as bits.
static constexpr unsigned kMaxWarpBits = 5;

LogicalResult
LinearLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         unsigned rank, ArrayRef<int64_t> registerBases,
                         ArrayRef<int64_t> laneBases,
                         ArrayRef<int64_t> warpBases) {
  if (rank == 0)
    return emitError() << "#block.linear needs at least one dimension";
  for (auto [name, flat] : {std::pair<StringRef, ArrayRef<int64_t>>{
                                kRegister, registerBases},
                            {kLane, laneBases},
                            {kWarp, warpBases}}) {
    if (flat.size() % rank)
      return emitError() << "#block.linear: every " << name
                         << " basis must have " << rank << " components";
    for (int64_t v : flat)
      if (v < 0 || v > kMaxBasisComponent)
        return emitError() << "#block.linear: " << name
                           << " basis component " << v
                           << " is outside [0, " << kMaxBasisComponent << "]";
  }
  if (laneBases.size() != kLaneBits * rank)
    return emitError() << "#block.linear needs exactly " << kLaneBits
                       << " lane bases (32 lanes), but has "
                       << laneBases.size() / rank;
  if (warpBases.size() > kMaxWarpBits * rank)
    return emitError() << "#block.linear has " << warpBases.size() / rank
                       << " warp bases, more than " << kMaxWarpBits
                       << " (32 warps)";
  return success();
}

LinearLayoutAttr LinearLayoutAttr::get(MLIRContext *context,
                                       const LinearLayout &layout) {
  auto flatten = [&](StringRef inDim) {
    SmallVector<int64_t> flat;
    for (ArrayRef<int32_t> basis : layout.getBases(inDim))
      flat.append(basis.begin(), basis.end());
    return flat;
  };
  return get(context, layout.getNumOutDims(), flatten(kRegister),
             flatten(kLane), flatten(kWarp));
}

Bases LinearLayoutAttr::getBases(StringRef inDim) const {
  ArrayRef<int64_t> flat = inDim == kRegister ? getRegisterBases()
                           : inDim == kLane   ? getLaneBases()
                                              : getWarpBases();
  Bases bases;
  for (size_t i = 0; i < flat.size(); i += getRank())
    bases.push_back(SmallVector<int64_t>(flat.slice(i, getRank())));
  return bases;
}

unsigned LinearLayoutAttr::getRank() const { return getNumDims(); }

unsigned LinearLayoutAttr::getNumWarps() const {
  return 1u << (getWarpBases().size() / getRank());
}

LinearLayout LinearLayoutAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return makeDistributedLayout(shape, getBases(kRegister), getBases(kLane),
                               getBases(kWarp));
}

LogicalResult LinearLayoutAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (failed(verifyLayoutRank(*this, shape, emitError)))
    return failure();
  // Shapes that are no powers of two are refused, with their own message, by
  // the tensor-size check of the ops.
  if (llvm::any_of(shape, [](int64_t size) {
        return size <= 0 || !llvm::isPowerOf2_64(size) ||
               size > kMaxTensorElements;
      }))
    return success();
  if (!toLinearLayout(shape).isSurjective()) {
    InFlightDiagnostic diag = emitError() << "tensor of shape ";
    llvm::interleave(shape, diag, "x");
    return diag << ": " << Attribute(*this)
                << " does not place every element in some thread";
  }
  return success();
}

// register = [[a, b], ...], lane = [...], warp = [...]
Attribute LinearLayoutAttr::parse(AsmParser &parser, Type) {
  SmallVector<SmallVector<int64_t>> bases[3];
  StringRef names[3] = {kRegister, kLane, kWarp};
  if (parser.parseLess())
    return {};
  for (unsigned i = 0; i < 3; ++i) {
    if ((i && parser.parseComma()) || parser.parseKeyword(names[i]) ||
        parser.parseEqual())
      return {};
    auto parseBasis = [&]() -> ParseResult {
      SmallVector<int64_t> &basis = bases[i].emplace_back();
      return parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square,
          [&]() { return parser.parseInteger(basis.emplace_back()); });
    };
    if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                       parseBasis))
      return {};
  }
  if (parser.parseGreater())
    return {};
  unsigned rank = bases[1].empty() ? 0 : bases[1].front().size();
  SmallVector<int64_t> flat[3];
  for (unsigned i = 0; i < 3; ++i)
    for (ArrayRef<int64_t> basis : bases[i]) {
      if (basis.size() != rank) {
        parser.emitError(parser.getNameLoc())
            << "#block.linear: every basis must have as many components as "
               "the first lane basis ("
            << rank << "), but a " << names[i] << " basis has "
            << basis.size();
        return {};
      }
      flat[i].append(basis.begin(), basis.end());
    }
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), rank, flat[0], flat[1], flat[2]);
}

void LinearLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<";
  llvm::interleaveComma(
      ArrayRef<StringRef>{kRegister, kLane, kWarp}, printer, [&](StringRef name) {
        printer << name << " = [";
        llvm::interleaveComma(getBases(name), printer,
                              [&](ArrayRef<int64_t> basis) {
                                printer << "[";
                                llvm::interleaveComma(basis, printer);
                                printer << "]";
                              });
        printer << "]";
      });
  printer << ">";
}

//===----------------------------------------------------------------------===//
// MmaLayoutAttr
//===----------------------------------------------------------------------===//

LogicalResult
MmaLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      unsigned version, ArrayRef<unsigned> warpsPerCTA,
                      ArrayRef<unsigned> instrShape) {
  if (version != 2 && version != 3)
    return emitError() << "#block.mma: version must be 2 (mma.sync) or 3 "
                          "(wgmma), but is "
                       << version;
  if (warpsPerCTA.size() != 2)
    return emitError() << "#block.mma: warpsPerCTA must have two entries "
                          "([warps along M, warps along N]), but has "
                       << warpsPerCTA.size();
  for (unsigned w : warpsPerCTA)
    if (w == 0 || !llvm::isPowerOf2_32(w))
      return emitError() << "#block.mma: every entry of warpsPerCTA must be "
                            "a power of two, but one is "
                         << w;
  if (product(warpsPerCTA) > 32)
    return emitError() << "#block.mma: warpsPerCTA multiplies to "
                       << product(warpsPerCTA) << ", more than 32 warps";
  if (version == 3 && warpsPerCTA[0] % 4)
    return emitError() << "#block.mma: version 3 (wgmma) places warpgroups "
                          "of 4 warps along M, so warpsPerCTA[0] must be a "
                          "multiple of 4, but is "
                       << warpsPerCTA[0];
  if (instrShape.size() != 3)
    return emitError() << "#block.mma: instrShape must be [m, n, k], but has "
                       << instrShape.size() << " entries";
  unsigned m = instrShape[0], n = instrShape[1], k = instrShape[2];
  if (version == 2) {
    if (m != 16 || n != 8 || !llvm::is_contained({8u, 16u, 32u, 64u}, k))
      return emitError() << "#block.mma: version 2 (mma.sync) needs "
                            "instrShape = [16, 8, k] with k = 8, 16, 32 or "
                            "64, but has ["
                         << m << ", " << n << ", " << k << "]";
    return success();
  }
  if (m != 64 || n < 8 || n > 256 || !llvm::isPowerOf2_32(n) ||
      !llvm::is_contained({8u, 16u, 32u}, k))
    return emitError() << "#block.mma: version 3 (wgmma) needs instrShape = "
                          "[64, n, k] with n a power of two from 8 to 256 "
                          "and k = 8, 16 or 32, but has ["
                       << m << ", " << n << ", " << k << "]";
  return success();
}

LogicalResult
MmaLayoutAttr::verifyEncoding(ArrayRef<int64_t> shape, Type,
                              function_ref<InFlightDiagnostic()> emitError) const {
  return verifyLayoutRank(*this, shape, emitError);
}

unsigned MmaLayoutAttr::getRank() const { return 2; }

unsigned MmaLayoutAttr::getNumWarps() const { return product(getWarpsPerCTA()); }

LinearLayout MmaLayoutAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return getMmaLayout(getVersion(), getWarpsPerCTA(), getInstrShape(), shape);
}

//===----------------------------------------------------------------------===//
// DotOperandLayoutAttr
//===----------------------------------------------------------------------===//

LogicalResult
DotOperandLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                             unsigned opIdx, MmaLayoutAttr parent,
                             unsigned kWidth) {
  if (!parent)
    return emitError() << "#block.dot_operand needs a #block.mma parent";
  if (opIdx > 1)
    return emitError() << "#block.dot_operand: opIdx must be 0 (A) or 1 (B), "
                          "but is "
                       << opIdx;
  if (parent.isWgmma() && opIdx != 0)
    return emitError() << "#block.dot_operand: wgmma (a version 3 parent) "
                          "reads B from shared memory only; only opIdx = 0 "
                          "has a register layout";
  if (!llvm::is_contained({1u, 2u, 4u, 8u}, kWidth))
    return emitError() << "#block.dot_operand: kWidth (elements per 32-bit "
                          "register) must be 1, 2, 4 or 8, but is "
                       << kWidth;
  unsigned k = parent.getInstrShape()[2];
  if (8 * kWidth != k)
    return emitError() << "#block.dot_operand: kWidth = " << kWidth
                       << " gives fragments of k = " << 8 * kWidth
                       << ", but the parent's instructions have k = " << k
                       << " (kWidth must be " << k / 8 << ")";
  return success();
}

LogicalResult DotOperandLayoutAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyLayoutRank(*this, shape, emitError);
}

unsigned DotOperandLayoutAttr::getRank() const { return 2; }

unsigned DotOperandLayoutAttr::getNumWarps() const {
  return getParent().getNumWarps();
}

LinearLayout DotOperandLayoutAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  MmaLayoutAttr parent = getParent();
  return getDotOperandLayout(getOpIdx(), parent.getVersion(),
                             parent.getWarpsPerCTA(), parent.getInstrShape(),
                             getKWidth(), shape);
}
