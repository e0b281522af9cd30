//===- BlockAttrs.cpp - Layout attributes of the block dialect ------------===//

#include "block/Dialect/Block/IR/BlockDialect.h"

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
/// carries one is checked when it is built, wherever it appears (a helper
/// function's tensor<4xf32, #rank2layout> used to verify, and
/// getElemsPerThread then indexed past the shape).
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

SmallVector<unsigned>
BlockedLayoutAttr::getElemsPerThread(ArrayRef<int64_t> shape) const {
  SmallVector<unsigned> elems;
  for (unsigned d = 0, e = getRank(); d < e; ++d) {
    int64_t tile = int64_t(getSizePerThread()[d]) * getThreadsPerWarp()[d] *
                   getWarpsPerCTA()[d];
    // A dimension smaller than the tile wraps around: threads hold copies.
    elems.push_back(getSizePerThread()[d] *
                    std::max<int64_t>(1, shape[d] / tile));
  }
  return elems;
}

SmallVector<unsigned> BlockedLayoutAttr::getLayoutOrder() const {
  return SmallVector<unsigned>(getOrder());
}

// Registers first walk the sizePerThread tile, fastest dimension first, then
// the repetitions of the whole program tile over larger tensors.
Bases BlockedLayoutAttr::getRegisterBases(ArrayRef<int64_t> shape) const {
  unsigned rank = getRank();
  Bases bases;
  for (unsigned d : getOrder())
    appendPowerBases(bases, rank, d, 1, getSizePerThread()[d]);
  for (unsigned d : getOrder()) {
    int64_t tile = int64_t(getSizePerThread()[d]) * getThreadsPerWarp()[d] *
                   getWarpsPerCTA()[d];
    appendPowerBases(bases, rank, d, tile, std::max<int64_t>(1, shape[d] / tile));
  }
  return bases;
}

Bases BlockedLayoutAttr::getLaneBases(ArrayRef<int64_t>) const {
  Bases bases;
  for (unsigned d : getOrder())
    appendPowerBases(bases, getRank(), d, getSizePerThread()[d],
                     getThreadsPerWarp()[d]);
  return bases;
}

Bases BlockedLayoutAttr::getWarpBases(ArrayRef<int64_t>) const {
  Bases bases;
  for (unsigned d : getOrder())
    appendPowerBases(bases, getRank(), d,
                     int64_t(getSizePerThread()[d]) * getThreadsPerWarp()[d],
                     getWarpsPerCTA()[d]);
  return bases;
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

SmallVector<unsigned>
SliceLayoutAttr::getElemsPerThread(ArrayRef<int64_t> shape) const {
  SmallVector<int64_t> parentShape(shape);
  parentShape.insert(parentShape.begin() + getDim(), 1);
  SmallVector<unsigned> elems = getParent().getElemsPerThread(parentShape);
  elems.erase(elems.begin() + getDim());
  return elems;
}

/// The parent's bases for the shape with a unit dimension at `dim`, with the
/// `dim` component removed.
static Bases sliceBases(Bases parentBases, unsigned dim) {
  for (SmallVector<int64_t> &basis : parentBases)
    basis.erase(basis.begin() + dim);
  return parentBases;
}

static SmallVector<int64_t> parentShapeOf(ArrayRef<int64_t> shape,
                                          unsigned dim) {
  SmallVector<int64_t> parentShape(shape);
  parentShape.insert(parentShape.begin() + dim, 1);
  return parentShape;
}

// The parent's registers along `dim` hold copies of one element of the unit
// dimension; the slice keeps one of them.
Bases SliceLayoutAttr::getRegisterBases(ArrayRef<int64_t> shape) const {
  Bases parentBases =
      getParent().getRegisterBases(parentShapeOf(shape, getDim()));
  llvm::erase_if(parentBases, [&](const SmallVector<int64_t> &basis) {
    return basis[getDim()] != 0;
  });
  return sliceBases(std::move(parentBases), getDim());
}

Bases SliceLayoutAttr::getLaneBases(ArrayRef<int64_t> shape) const {
  return sliceBases(getParent().getLaneBases(parentShapeOf(shape, getDim())),
                    getDim());
}

Bases SliceLayoutAttr::getWarpBases(ArrayRef<int64_t> shape) const {
  return sliceBases(getParent().getWarpBases(parentShapeOf(shape, getDim())),
                    getDim());
}

SmallVector<unsigned> SliceLayoutAttr::getLayoutOrder() const {
  SmallVector<unsigned> order;
  for (unsigned d : getParent().getLayoutOrder()) {
    if (d == getDim())
      continue;
    order.push_back(d > getDim() ? d - 1 : d);
  }
  return order;
}
