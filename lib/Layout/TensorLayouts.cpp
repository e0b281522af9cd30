//===- TensorLayouts.cpp - Linear layouts of tensors and fragments --------===//

#include "block/Layout/TensorLayouts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/Support/MathExtras.h"

#include <cassert>

using namespace mlir::block;
using llvm::ArrayRef;
using llvm::SmallVector;
using llvm::StringRef;

std::string mlir::block::getTensorDimName(unsigned dim) {
  return "dim" + std::to_string(dim);
}

SmallVector<std::string> mlir::block::getTensorDimNames(unsigned rank) {
  SmallVector<std::string> names;
  for (unsigned d = 0; d < rank; ++d)
    names.push_back(getTensorDimName(d));
  return names;
}

SmallVector<LinearLayout::OutDim>
mlir::block::getTensorOutDims(ArrayRef<int64_t> shape) {
  SmallVector<LinearLayout::OutDim> outs;
  for (auto [d, size] : llvm::enumerate(shape))
    outs.push_back({getTensorDimName(d), int32_t(size)});
  return outs;
}

LinearLayout mlir::block::makeDistributedLayout(
    ArrayRef<int64_t> shape, ArrayRef<SmallVector<int64_t>> registers,
    ArrayRef<SmallVector<int64_t>> lanes, ArrayRef<SmallVector<int64_t>> warps) {
  auto wrap = [&](ArrayRef<SmallVector<int64_t>> bases) {
    SmallVector<LinearLayout::Basis> wrapped;
    for (ArrayRef<int64_t> basis : bases) {
      LinearLayout::Basis b;
      for (auto [component, size] : llvm::zip_equal(basis, shape))
        b.push_back(int32_t(component & (size - 1)));
      wrapped.push_back(std::move(b));
    }
    return wrapped;
  };
  return LinearLayout({{kRegister.str(), wrap(registers)},
                       {kLane.str(), wrap(lanes)},
                       {kWarp.str(), wrap(warps)}},
                      getTensorOutDims(shape));
}

SmallVector<unsigned> mlir::block::getRowMajorOrder(unsigned rank) {
  return llvm::to_vector(llvm::reverse(llvm::seq<unsigned>(0, rank)));
}

LinearLayout mlir::block::flattenInOrder(const LinearLayout &layout,
                                         ArrayRef<unsigned> order,
                                         StringRef name) {
  SmallVector<std::string> names = llvm::map_to_vector(
      order, [](unsigned dim) { return getTensorDimName(dim); });
  return layout.transposeOuts(llvm::to_vector_of<StringRef>(names))
      .flattenOuts(name);
}

LinearLayout mlir::block::flattenRowMajor(const LinearLayout &layout,
                                          StringRef name) {
  return flattenInOrder(layout, getRowMajorOrder(layout.getNumOutDims()),
                        name);
}

int32_t mlir::block::getElementRun(const LinearLayout &layout, unsigned dim) {
  unsigned numDims = layout.getNumOutDims();
  auto isUnit = [&](ArrayRef<int32_t> basis, int32_t step) {
    for (unsigned d = 0; d < numDims; ++d)
      if (basis[d] != (d == dim ? step : 0))
        return false;
    return true;
  };
  ArrayRef<LinearLayout::Basis> registers = layout.getBases(kRegister);
  int32_t run = 1;
  while (llvm::any_of(registers, [&](ArrayRef<int32_t> basis) {
    return isUnit(basis, run);
  }))
    run *= 2;
  // Every other basis must keep the run's first element a multiple of it.
  auto aligned = [&](int32_t length) {
    auto keeps = [&](ArrayRef<int32_t> basis) {
      return (basis[dim] & (length - 1)) == 0;
    };
    auto inRun = [&](ArrayRef<int32_t> basis) {
      return basis[dim] < length && llvm::isPowerOf2_32(basis[dim]) &&
             isUnit(basis, basis[dim]);
    };
    return llvm::all_of(registers,
                        [&](ArrayRef<int32_t> basis) {
                          return inRun(basis) || keeps(basis);
                        }) &&
           llvm::all_of(layout.getBases(kLane), keeps) &&
           llvm::all_of(layout.getBases(kWarp), keeps);
  };
  while (run > 1 && !aligned(run))
    run /= 2;
  return run;
}

SmallVector<unsigned> mlir::block::getLayoutOrder(const LinearLayout &layout) {
  unsigned rank = layout.getNumOutDims();
  SmallVector<unsigned> order;
  for (StringRef inDim : {kRegister, kLane, kWarp})
    for (ArrayRef<int32_t> basis : layout.getBases(inDim))
      for (unsigned d = 0; d < rank; ++d)
        if (basis[d] != 0 && !llvm::is_contained(order, d)) {
          order.push_back(d);
          break;
        }
  for (unsigned d = rank; d > 0; --d)
    if (!llvm::is_contained(order, d - 1))
      order.push_back(d - 1);
  return order;
}

SmallVector<SmallVector<int64_t>>
mlir::block::getIndexBases(const LinearLayout &layout, StringRef inDim) {
  SmallVector<SmallVector<int64_t>> bases;
  for (ArrayRef<int32_t> basis : layout.getBases(inDim))
    bases.push_back(SmallVector<int64_t>(basis.begin(), basis.end()));
  return bases;
}

std::optional<SmallVector<unsigned>>
mlir::block::getAxisBits(const LinearLayout &layout, StringRef inDim,
                         unsigned dim) {
  SmallVector<unsigned> bits;
  for (auto [bit, basis] : llvm::enumerate(layout.getBases(inDim))) {
    if (basis[dim] == 0)
      continue;
    for (auto [d, component] : llvm::enumerate(basis))
      if (d != dim && component != 0)
        return std::nullopt;
    bits.push_back(bit);
  }
  return bits;
}

int64_t mlir::block::packBits(int64_t value, ArrayRef<unsigned> bits) {
  int64_t packed = 0;
  for (auto [i, bit] : llvm::enumerate(bits))
    packed |= ((value >> bit) & 1) << i;
  return packed;
}

int64_t mlir::block::spreadBits(int64_t value, ArrayRef<unsigned> bits) {
  int64_t spread = 0;
  for (auto [i, bit] : llvm::enumerate(bits))
    spread |= ((value >> i) & 1) << bit;
  return spread;
}

std::optional<LinearLayout>
mlir::block::getRegisterRelabel(const LinearLayout &from,
                                const LinearLayout &to) {
  if (from.getOutDims() != to.getOutDims() ||
      from.getBases(kLane) != to.getBases(kLane) ||
      from.getBases(kWarp) != to.getBases(kWarp))
    return std::nullopt;
  SmallVector<StringRef> outs = to.getOutDimNames();
  return to.sublayout({kRegister}, outs)
      .invertAndCompose(from.sublayout({kRegister}, outs));
}

std::optional<LinearLayout>
mlir::block::getWarpShuffle(const LinearLayout &from, const LinearLayout &to) {
  if (from.getOutDims() != to.getOutDims() ||
      from.getInDimSize(kWarp) != to.getInDimSize(kWarp))
    return std::nullopt;
  std::optional<LinearLayout> toFrom = to.invertAndCompose(from);
  if (!toFrom)
    return std::nullopt;
  auto component = [&](StringRef in, unsigned bit, StringRef out) {
    return toFrom->hasOutDim(out) ? toFrom->getBasis(in, bit, out) : 0;
  };
  for (unsigned bit = 0, e = toFrom->getInDimSizeLog2(kWarp); bit < e; ++bit)
    if (component(kWarp, bit, kRegister) || component(kWarp, bit, kLane) ||
        component(kWarp, bit, kWarp) != (1 << bit))
      return std::nullopt;
  for (unsigned bit = 0, e = toFrom->getInDimSizeLog2(kLane); bit < e; ++bit)
    if (component(kLane, bit, kRegister) || component(kLane, bit, kWarp))
      return std::nullopt;
  for (unsigned bit = 0, e = toFrom->getInDimSizeLog2(kRegister); bit < e;
       ++bit)
    if (component(kRegister, bit, kWarp))
      return std::nullopt;
  return toFrom->sublayout({kRegister, kLane}, {kRegister, kLane});
}

/// Renames the outputs of `layout`, in order, to dim0, dim1, ...
static LinearLayout renumberTensorDims(const LinearLayout &layout) {
  SmallVector<LinearLayout::OutDim> outs(layout.getOutDims());
  for (auto [d, out] : llvm::enumerate(outs))
    out.first = getTensorDimName(d);
  return LinearLayout(layout.getInDims(), outs);
}

LinearLayout mlir::block::permuteTensorDims(const LinearLayout &layout,
                                            ArrayRef<int32_t> order) {
  SmallVector<std::string> names = getTensorDimNames(order.size());
  SmallVector<StringRef> permuted;
  for (int32_t d : order)
    permuted.push_back(names[d]);
  return renumberTensorDims(layout.transposeOuts(permuted));
}

LinearLayout mlir::block::dropTensorDim(const LinearLayout &layout,
                                        unsigned dim) {
  assert(layout.getOutDims()[dim].second == 1 && "only a unit dimension");
  SmallVector<StringRef> outs = layout.getOutDimNames();
  outs.erase(outs.begin() + dim);
  return renumberTensorDims(layout.sublayout(layout.getInDimNames(), outs));
}

LinearLayout mlir::block::insertTensorDim(const LinearLayout &layout,
                                          unsigned dim) {
  SmallVector<LinearLayout::InDim> ins(layout.getInDims());
  for (auto &[name, bases] : ins)
    for (LinearLayout::Basis &basis : bases)
      basis.insert(basis.begin() + dim, 0);
  SmallVector<LinearLayout::OutDim> outs(layout.getOutDims());
  outs.insert(outs.begin() + dim, {"", 1});
  return renumberTensorDims(LinearLayout(ins, outs));
}

LinearLayout mlir::block::reshapeTensor(const LinearLayout &layout,
                                        ArrayRef<int64_t> shape) {
  // Split the row-major position from the last dimension, the fastest.
  SmallVector<LinearLayout::OutDim> outs = getTensorOutDims(shape);
  std::reverse(outs.begin(), outs.end());
  LinearLayout reshaped = flattenRowMajor(layout, "position").reshapeOuts(outs);
  SmallVector<std::string> names = getTensorDimNames(shape.size());
  return reshaped.transposeOuts(
      SmallVector<StringRef>(names.begin(), names.end()));
}

//===----------------------------------------------------------------------===//
// Tensor-core fragments
//===----------------------------------------------------------------------===//

namespace {
/// Builds a 2-D fragment from (row, column) bases.
struct FragmentBuilder {
  SmallVector<LinearLayout::Basis> registers, lanes, warps;
  void reg(int32_t row, int32_t col) { registers.push_back({row, col}); }
  void warp(int32_t row, int32_t col) { warps.push_back({row, col}); }
  /// The ISA's lane quads: the thread in the group (lane % 4) steps by
  /// `stride` along columns (rows when `groupAlongRows` is false), the group
  /// id (lane / 4) by one along rows (columns).
  void quadLanes(bool groupAlongRows, int32_t stride) {
    for (int32_t step : {stride, 2 * stride})
      lanes.push_back(groupAlongRows ? LinearLayout::Basis{0, step}
                                     : LinearLayout::Basis{step, 0});
    for (int32_t step : {1, 2, 4})
      lanes.push_back(groupAlongRows ? LinearLayout::Basis{step, 0}
                                     : LinearLayout::Basis{0, step});
  }
  /// `count` bases (row, col) * 2^i for i < log2(count).
  void regRun(int32_t row, int32_t col, int32_t count) {
    for (int32_t step = 1; step < count; step *= 2)
      reg(row * step, col * step);
  }
  LinearLayout build(int32_t rows, int32_t cols, bool withWarps) const {
    SmallVector<LinearLayout::InDim> ins = {{kRegister.str(), registers},
                                            {kLane.str(), lanes}};
    if (withWarps)
      ins.push_back({kWarp.str(), warps});
    return LinearLayout(ins, {{"dim0", rows}, {"dim1", cols}});
  }
};
} // namespace

// Lanes are groups of four: the group id (lane / 4) picks the row of the
// accumulator, the thread in the group (lane % 4) a pair of columns.
LinearLayout mlir::block::getMmaAccumulatorTile() {
  FragmentBuilder f;
  f.reg(0, 1);
  f.reg(8, 0);
  f.quadLanes(/*groupAlongRows=*/true, 2);
  return f.build(16, 8, /*withWarps=*/false);
}

// Each 32-bit register holds kWidth consecutive elements along k; the thread
// in the group picks which kWidth-run, the group id the row (A) or column
// (B); a second register run covers rows 8..15 of A, and the last the upper
// half of k.
LinearLayout mlir::block::getMmaOperandTile(unsigned opIdx, unsigned kWidth) {
  assert(opIdx < 2 && llvm::isPowerOf2_32(kWidth) && kWidth <= 8 &&
         "mma.sync operands hold 1, 2, 4 or 8 elements per register");
  int32_t k = 8 * kWidth;
  int32_t w = kWidth;
  FragmentBuilder f;
  if (opIdx == 0) {
    f.regRun(0, 1, w);
    f.reg(8, 0);
    f.reg(0, 4 * w);
    f.quadLanes(/*groupAlongRows=*/true, w);
    return f.build(16, k, /*withWarps=*/false);
  }
  f.regRun(1, 0, w);
  f.reg(4 * w, 0);
  f.quadLanes(/*groupAlongRows=*/false, w);
  return f.build(k, 8, /*withWarps=*/false);
}

// The mma.sync accumulator repeated along n by registers and stacked along
// m by the four warps of the warpgroup.
LinearLayout mlir::block::getWgmmaAccumulatorTile(int32_t n) {
  assert(n % 8 == 0 && n >= 8 && n <= 256 && llvm::isPowerOf2_32(n) &&
         "wgmma n is a power-of-two multiple of 8 up to 256 here");
  FragmentBuilder f;
  f.reg(0, 1);
  f.reg(8, 0);
  f.regRun(0, 8, n / 8);
  f.quadLanes(/*groupAlongRows=*/true, 2);
  f.warp(16, 0);
  f.warp(32, 0);
  return f.build(64, n, /*withWarps=*/true);
}

LinearLayout mlir::block::getWgmmaOperandATile(unsigned kWidth) {
  LinearLayout warpTile = getMmaOperandTile(/*opIdx=*/0, kWidth);
  SmallVector<LinearLayout::InDim> ins(warpTile.getInDims());
  ins.push_back({kWarp.str(), {{16, 0}, {32, 0}}});
  return LinearLayout(ins, {{"dim0", 64}, {"dim1", int32_t(8 * kWidth)}});
}

//===----------------------------------------------------------------------===//
// Tensor-core layouts of whole tensors
//===----------------------------------------------------------------------===//

namespace {
using IndexBases = SmallVector<SmallVector<int64_t>>;

/// `count` bases (row, col) * 2^i for i < log2(count).
void appendRun(IndexBases &bases, int64_t row, int64_t col, int64_t count) {
  for (int64_t step = 1; step < count; step *= 2)
    bases.push_back({row * step, col * step});
}

/// A per-warp (per-warpgroup) fragment `tile` with the program's further
/// warp bits `warps`, repeated over `shape` in registers: the program's tile
/// is `ctaShape`, repeated along dimension `repOrder[0]` first.
LinearLayout tileOverShape(const LinearLayout &tile, const IndexBases &warps,
                           ArrayRef<int64_t> ctaShape,
                           ArrayRef<unsigned> repOrder,
                           ArrayRef<int64_t> shape) {
  assert(shape.size() == 2 && "tensor-core layouts are 2-D");
  IndexBases registers = getIndexBases(tile, kRegister);
  IndexBases lanes = getIndexBases(tile, kLane);
  IndexBases allWarps = getIndexBases(tile, kWarp);
  allWarps.append(warps.begin(), warps.end());
  for (unsigned d : repOrder) {
    int64_t reps = std::max<int64_t>(1, shape[d] / ctaShape[d]);
    appendRun(registers, d == 0 ? ctaShape[0] : 0, d == 1 ? ctaShape[1] : 0,
              reps);
  }
  return makeDistributedLayout(shape, registers, lanes, allWarps);
}
} // namespace

LinearLayout mlir::block::getMmaLayout(unsigned version,
                                       ArrayRef<unsigned> warpsPerCTA,
                                       ArrayRef<unsigned> instrShape,
                                       ArrayRef<int64_t> shape) {
  assert((version == 2 || version == 3) && warpsPerCTA.size() == 2 &&
         instrShape.size() == 3 && "checked by #block.mma's verifier");
  int64_t wm = warpsPerCTA[0], wn = warpsPerCTA[1];
  IndexBases warps;
  if (version == 2) {
    // Row-major warps: the low warp-id bits step along N.
    appendRun(warps, 0, 8, wn);
    appendRun(warps, 16, 0, wm);
    return tileOverShape(getMmaAccumulatorTile(), warps, {16 * wm, 8 * wn},
                         {1, 0}, shape);
  }
  // Warpgroups: the tile's two warp bits step 16 and 32 rows; the others
  // place warpgroups along M first, then along N.
  int64_t n = instrShape[1];
  appendRun(warps, 64, 0, wm / 4);
  appendRun(warps, 0, n, wn);
  return tileOverShape(getWgmmaAccumulatorTile(n), warps, {16 * wm, n * wn},
                       {1, 0}, shape);
}

LinearLayout mlir::block::getDotOperandLayout(unsigned opIdx, unsigned version,
                                              ArrayRef<unsigned> warpsPerCTA,
                                              ArrayRef<unsigned> instrShape,
                                              unsigned kWidth,
                                              ArrayRef<int64_t> shape) {
  assert((version == 2 || (version == 3 && opIdx == 0)) &&
         warpsPerCTA.size() == 2 && "checked by #block.dot_operand's verifier");
  int64_t wm = warpsPerCTA[0], wn = warpsPerCTA[1];
  int64_t k = 8 * kWidth;
  // The warps keep the bits they have in the accumulator: those that move
  // along the other operand's dimension replicate (zero bases).
  IndexBases warps;
  if (version == 3) {
    appendRun(warps, 64, 0, wm / 4);
    appendRun(warps, 0, 0, wn);
    return tileOverShape(getWgmmaOperandATile(kWidth), warps, {16 * wm, k},
                         {1, 0}, shape);
  }
  if (opIdx == 0) {
    appendRun(warps, 0, 0, wn);
    appendRun(warps, 16, 0, wm);
    return tileOverShape(getMmaOperandTile(0, kWidth), warps, {16 * wm, k},
                         {1, 0}, shape);
  }
  appendRun(warps, 0, 8, wn);
  appendRun(warps, 0, 0, wm);
  return tileOverShape(getMmaOperandTile(1, kWidth), warps, {k, 8 * wn},
                       {0, 1}, shape);
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

namespace {
/// Builds the map from a tile's index bits to its element offset, one
/// output bit at a time, and inverts it into a shared layout.
struct OffsetMapBuilder {
  ArrayRef<int64_t> shape;
  /// One offset per index bit, per dimension.
  SmallVector<SmallVector<int64_t>> offsets;

  explicit OffsetMapBuilder(ArrayRef<int64_t> shape)
      : shape(shape), offsets(shape.size()) {}

  /// The dimensions from fastest to slowest varying in memory.
  static SmallVector<unsigned> memoryOrder(unsigned rank, bool transposed) {
    SmallVector<unsigned> order = getRowMajorOrder(rank);
    if (transposed && rank >= 2)
      std::swap(order[0], order[1]);
    return order;
  }

  /// Row-major (in `order`) offsets of each index bit.
  void rowMajor(ArrayRef<unsigned> order) {
    int64_t stride = 1;
    for (unsigned d : order) {
      for (int64_t step = 1; step < shape[d]; step *= 2)
        offsets[d].push_back(stride * step);
      stride *= shape[d];
    }
  }

  /// Applies the linear map `swizzle` to every offset.
  void apply(llvm::function_ref<int64_t(int64_t)> swizzle) {
    for (SmallVector<int64_t> &dim : offsets)
      for (int64_t &offset : dim)
        offset = swizzle(offset);
  }

  /// The inverse: offset -> index.
  LinearLayout build() const {
    SmallVector<LinearLayout::InDim> ins;
    int64_t total = 1;
    for (auto [d, dimOffsets] : llvm::enumerate(offsets)) {
      SmallVector<LinearLayout::Basis> bases;
      for (int64_t offset : dimOffsets)
        bases.push_back({int32_t(offset)});
      ins.push_back({getTensorDimName(d), bases});
      total *= shape[d];
    }
    LinearLayout toOffset(ins, {{kOffset.str(), int32_t(total)}});
    std::optional<LinearLayout> inverse = toOffset.invert();
    assert(inverse && "a shared layout is a bijection");
    return *inverse;
  }
};
} // namespace

LinearLayout
mlir::block::getSharedLayout(ArrayRef<int64_t> shape, ArrayRef<unsigned> order,
                             llvm::function_ref<int64_t(int64_t)> swizzle) {
  OffsetMapBuilder builder(shape);
  builder.rowMajor(order);
  if (swizzle)
    builder.apply(swizzle);
  return builder.build();
}

LinearLayout mlir::block::getRowMajorSharedLayout(ArrayRef<int64_t> shape,
                                                  bool transposed) {
  return getSharedLayout(
      shape, OffsetMapBuilder::memoryOrder(shape.size(), transposed));
}

LinearLayout mlir::block::getSwizzledSharedLayout(ArrayRef<int64_t> shape,
                                                  int32_t vec, int32_t perPhase,
                                                  int32_t maxPhase,
                                                  bool transposed) {
  SmallVector<unsigned> order =
      OffsetMapBuilder::memoryOrder(shape.size(), transposed);
  OffsetMapBuilder builder(shape);
  builder.rowMajor(order);
  if (shape.size() < 2)
    return builder.build();
  // Within a tile, offset = row * cols + col: the phase of the row bits
  // (above log2(cols) + log2(perPhase)) XORs the group bits of the column
  // (above log2(vec)), as far as the row has groups.
  int64_t cols = shape[order[0]];
  int64_t rows = shape[order[1]];
  int64_t groups = std::max<int64_t>(1, cols / vec);
  int64_t phases = std::min<int64_t>({maxPhase, groups,
                                      std::max<int64_t>(1, rows / perPhase)});
  int64_t tile = rows * cols;
  builder.apply([&](int64_t offset) {
    int64_t inTile = offset % tile;
    int64_t phase = (inTile / cols / perPhase) % phases;
    return offset ^ (phase * vec);
  });
  return builder.build();
}

LinearLayout mlir::block::getNVMMASharedLayout(ArrayRef<int64_t> shape,
                                               int32_t swizzleBytes,
                                               unsigned elementBits,
                                               bool transposed) {
  SmallVector<unsigned> order =
      OffsetMapBuilder::memoryOrder(shape.size(), transposed);
  int64_t elementsPerRow = shape[order[0]];
  int64_t slab = swizzleBytes ? int64_t(swizzleBytes) * 8 / elementBits
                              : elementsPerRow;
  slab = std::min(slab, elementsPerRow);
  // Column bits below the slab width stay innermost; the slab index moves
  // above the rows (and the other dimensions of the tile).
  OffsetMapBuilder builder(shape);
  int64_t stride = 1;
  unsigned inner = order[0];
  int64_t step = 1;
  for (; step < slab; step *= 2)
    builder.offsets[inner].push_back(step);
  stride = slab;
  for (unsigned d : ArrayRef(order).drop_front()) {
    for (int64_t s = 1; s < shape[d]; s *= 2)
      builder.offsets[d].push_back(stride * s);
    stride *= shape[d];
  }
  for (; step < elementsPerRow; step *= 2)
    builder.offsets[inner].push_back(stride * (step / slab));
  if (swizzleBytes > 16) {
    // In elements: 16-byte chunks at bit log2(128 / elementBits), the rows'
    // 128-byte units at bit log2(1024 / elementBits).
    int64_t chunk = 128 / elementBits;
    int64_t unit = 1024 / elementBits;
    int64_t mask = swizzleBytes / 16 - 1;
    builder.apply([&](int64_t offset) {
      return offset ^ (((offset / unit) & mask) * chunk);
    });
  }
  return builder.build();
}

bool mlir::block::isHeldByRegisters(const LinearLayout &layout, unsigned dim) {
  for (StringRef inDim : {kLane, kWarp})
    for (ArrayRef<int64_t> index : getIndexBases(layout, inDim))
      if (index[dim] != 0)
        return false;
  return true;
}
