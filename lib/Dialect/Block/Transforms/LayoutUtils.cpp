//===- LayoutUtils.cpp - Building and relating layouts --------------------===//

#include "LayoutUtils.h"

#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Layout/TensorLayouts.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::block;

static constexpr unsigned kThreadsPerWarp = 32;

BlockedLayoutAttr
mlir::block::buildBlockedLayout(MLIRContext *context, ArrayRef<int64_t> shape,
                                ArrayRef<unsigned> sizePerThread,
                                ArrayRef<unsigned> order, unsigned numWarps) {
  unsigned rank = shape.size();
  SmallVector<unsigned> threadsPerWarp(rank, 1), warpsPerCTA(rank, 1);
  unsigned lanesLeft = kThreadsPerWarp, warpsLeft = numWarps;
  for (unsigned i = 0; i + 1 < rank; ++i) {
    unsigned d = order[i];
    int64_t threadsWanted =
        std::max<int64_t>(1, shape[d] / int64_t(sizePerThread[d]));
    unsigned lanes = unsigned(std::min<int64_t>(threadsWanted, lanesLeft));
    unsigned warps = unsigned(
        std::clamp<int64_t>(threadsWanted / lanes, 1, int64_t(warpsLeft)));
    threadsPerWarp[d] = lanes;
    warpsPerCTA[d] = warps;
    lanesLeft /= lanes;
    warpsLeft /= warps;
  }
  threadsPerWarp[order[rank - 1]] = lanesLeft;
  warpsPerCTA[order[rank - 1]] = warpsLeft;
  return BlockedLayoutAttr::get(context, sizePerThread, threadsPerWarp,
                                warpsPerCTA, order);
}

BlockedLayoutAttr mlir::block::getDefaultBlockedLayout(MLIRContext *context,
                                                       ArrayRef<int64_t> shape,
                                                       unsigned numWarps) {
  SmallVector<unsigned> ones(shape.size(), 1), order;
  for (unsigned d = shape.size(); d > 0; --d)
    order.push_back(d - 1);
  return buildBlockedLayout(context, shape, ones, order, numWarps);
}

std::optional<BlockedParams> mlir::block::getBlockedParams(Attribute layout) {
  if (auto blocked = dyn_cast_or_null<BlockedLayoutAttr>(layout))
    return BlockedParams{SmallVector<unsigned>(blocked.getSizePerThread()),
                         SmallVector<unsigned>(blocked.getThreadsPerWarp()),
                         SmallVector<unsigned>(blocked.getWarpsPerCTA()),
                         SmallVector<unsigned>(blocked.getOrder())};
  auto slice = dyn_cast_or_null<SliceLayoutAttr>(layout);
  if (!slice)
    return std::nullopt;
  std::optional<BlockedParams> params = getBlockedParams(slice.getParent());
  if (!params)
    return std::nullopt;
  unsigned dim = slice.getDim();
  for (SmallVector<unsigned> *list :
       {&params->sizePerThread, &params->threadsPerWarp, &params->warpsPerCTA})
    list->erase(list->begin() + dim);
  SmallVector<unsigned> order;
  for (unsigned d : params->order)
    if (d != dim)
      order.push_back(d > dim ? d - 1 : d);
  params->order = std::move(order);
  return params;
}

/// Whether `layout` holds for tensors of every shape, so that the shape
/// operations keep it as an attribute: blocked layouts and their slices. A
/// linear layout's bases are those of one shape.
static bool isShapeGeneric(DistributedLayoutAttr layout) {
  if (auto slice = dyn_cast<SliceLayoutAttr>(layout))
    return isShapeGeneric(slice.getParent());
  return isa<BlockedLayoutAttr>(layout);
}

static ArrayRef<int64_t> getShape(Value value) {
  return cast<RankedTensorType>(value.getType()).getShape();
}

/// The inverse of the permutation `order`.
static SmallVector<int32_t> invert(ArrayRef<int32_t> order) {
  SmallVector<int32_t> inverse(order.size());
  for (auto [i, d] : llvm::enumerate(order))
    inverse[d] = i;
  return inverse;
}

/// `layout` of a tensor of `shape` transposed by `order`.
static DistributedLayoutAttr transpose(DistributedLayoutAttr layout,
                                       ArrayRef<int64_t> shape,
                                       ArrayRef<int32_t> order) {
  if (auto blocked = dyn_cast<BlockedLayoutAttr>(layout))
    return blocked.permute(order);
  return LinearLayoutAttr::get(
      layout.getContext(),
      permuteTensorDims(layout.toLinearLayout(shape), order));
}

/// `layout` of a tensor of `shape` reshaped to `newShape`, each thread
/// holding the same row-major positions. A blocked layout and its slices are
/// made for the shape they spread; the lowering moves such tensors through
/// shared memory instead.
static DistributedLayoutAttr reshape(DistributedLayoutAttr layout,
                                     ArrayRef<int64_t> shape,
                                     ArrayRef<int64_t> newShape) {
  if (isShapeGeneric(layout))
    return nullptr;
  return LinearLayoutAttr::get(
      layout.getContext(),
      reshapeTensor(layout.toLinearLayout(shape), newShape));
}

/// The linear layout `layout` with the registers that hold copies of one
/// element (zero bases) dropped.
static LinearLayoutAttr dropCopies(MLIRContext *context, LinearLayout layout) {
  SmallVector<LinearLayout::InDim> ins(layout.getInDims());
  llvm::erase_if(ins[layout.getInDimIndex(kRegister)].second,
                 [](ArrayRef<int32_t> basis) {
                   return llvm::all_of(basis, [](int32_t v) { return v == 0; });
                 });
  return LinearLayoutAttr::get(context, LinearLayout(ins, layout.getOutDims()));
}

/// `layout` of the halves of a tensor of pairs of shape `shape`, plus a
/// dimension of 2 held by registers: the layout of the pairs. A blocked
/// layout gets the new dimension fastest, two elements a thread.
static DistributedLayoutAttr pairUp(DistributedLayoutAttr layout,
                                    ArrayRef<int64_t> shape) {
  if (auto blocked = dyn_cast<BlockedLayoutAttr>(layout)) {
    auto append = [](ArrayRef<unsigned> values, unsigned value) {
      SmallVector<unsigned> result(values);
      result.push_back(value);
      return result;
    };
    SmallVector<unsigned> order{unsigned(shape.size())};
    llvm::append_range(order, blocked.getOrder());
    return BlockedLayoutAttr::get(
        layout.getContext(), append(blocked.getSizePerThread(), 2),
        append(blocked.getThreadsPerWarp(), 1),
        append(blocked.getWarpsPerCTA(), 1), order);
  }
  LinearLayout halves =
      insertTensorDim(layout.toLinearLayout(shape), shape.size());
  SmallVector<LinearLayout::InDim> ins(halves.getInDims());
  auto &registers = ins[halves.getInDimIndex(kRegister)].second;
  LinearLayout::Basis pair(shape.size() + 1, 0);
  pair.back() = 1;
  registers.insert(registers.begin(), std::move(pair));
  SmallVector<int64_t> paired(shape);
  paired.push_back(2);
  return LinearLayoutAttr::get(layout.getContext(),
                               LinearLayout(ins, getTensorOutDims(paired)));
}

/// `layout` of a tensor of pairs of shape `shape` without the pair
/// dimension: the layout of the halves, where each thread holds the halves
/// of its pairs; null if `layout` spreads pairs over threads (no layout of
/// the halves follows; block.assign-layouts converts the pairs).
static DistributedLayoutAttr unpair(DistributedLayoutAttr layout,
                                    ArrayRef<int64_t> shape) {
  unsigned dim = shape.size() - 1;
  if (!isHeldByRegisters(layout.toLinearLayout(shape), dim))
    return nullptr;
  auto blocked = dyn_cast<BlockedLayoutAttr>(layout);
  if (blocked && blocked.getSizePerThread()[dim] == 2 &&
      blocked.getThreadsPerWarp()[dim] == 1 &&
      blocked.getWarpsPerCTA()[dim] == 1 && blocked.getOrder()[0] == dim) {
    auto drop = [](ArrayRef<unsigned> values) {
      return SmallVector<unsigned>(values.drop_back());
    };
    return BlockedLayoutAttr::get(
        layout.getContext(), drop(blocked.getSizePerThread()),
        drop(blocked.getThreadsPerWarp()), drop(blocked.getWarpsPerCTA()),
        SmallVector<unsigned>(blocked.getOrder().drop_front()));
  }
  LinearLayout pairs = layout.toLinearLayout(shape).resizeOut(
      getTensorDimName(dim), 1);
  return dropCopies(layout.getContext(), dropTensorDim(pairs, dim));
}

DistributedLayoutAttr
mlir::block::getResultLayout(Operation *op, DistributedLayoutAttr layout) {
  MLIRContext *context = op->getContext();
  Value src = op->getOperand(0);
  if (isa<JoinOp>(op))
    return pairUp(layout, getShape(src));
  if (isa<SplitOp>(op))
    return unpair(layout, getShape(src));
  if (isa<ReshapeOp>(op))
    return reshape(layout, getShape(src), getShape(op->getResult(0)));
  if (auto trans = dyn_cast<TransOp>(op))
    return transpose(layout, getShape(src), trans.getOrder());
  if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
    if (isShapeGeneric(layout)) {
      auto slice = dyn_cast<SliceLayoutAttr>(layout);
      return slice && slice.getDim() == expand.getAxis() ? slice.getParent()
                                                         : nullptr;
    }
    return dropCopies(context,
                      insertTensorDim(layout.toLinearLayout(getShape(src)),
                                      expand.getAxis()));
  }
  auto broadcast = cast<BroadcastOp>(op);
  if (isShapeGeneric(layout)) {
    // A layout made for every shape may spread none of the broadcast
    // dimensions (a slice whose threads ran along the dimension sliced
    // away): every thread would hold the whole result. Such a result takes
    // its layout from its uses instead.
    ArrayRef<int64_t> shape = broadcast.getType().getShape();
    LinearLayout linear = layout.toLinearLayout(shape);
    int64_t perThread = int64_t(1) << linear.getInDimSizeLog2(kRegister);
    if (perThread * kWarpSize > broadcast.getType().getNumElements() &&
        linear.getFreeVariableMask(kLane) != 0)
      return nullptr;
    return layout;
  }
  // Each thread holds the broadcast dimensions whole, in its registers.
  LinearLayout linear = layout.toLinearLayout(getShape(src));
  ArrayRef<int64_t> shape = broadcast.getType().getShape();
  SmallVector<LinearLayout::InDim> ins(linear.getInDims());
  auto &registers = ins[linear.getInDimIndex(kRegister)].second;
  for (auto [d, size] : llvm::enumerate(getShape(src)))
    for (int64_t step = size; step < shape[d]; step *= 2) {
      LinearLayout::Basis basis(shape.size(), 0);
      basis[d] = int32_t(step);
      registers.push_back(std::move(basis));
    }
  return LinearLayoutAttr::get(context,
                               LinearLayout(ins, getTensorOutDims(shape)));
}

DistributedLayoutAttr
mlir::block::getOperandLayout(Operation *op, DistributedLayoutAttr layout) {
  ArrayRef<int64_t> shape = getShape(op->getResult(0));
  if (isa<JoinOp>(op))
    return unpair(layout, shape);
  if (isa<SplitOp>(op))
    return pairUp(layout, shape);
  if (isa<ReshapeOp>(op))
    return reshape(layout, shape, getShape(op->getOperand(0)));
  if (auto trans = dyn_cast<TransOp>(op))
    return transpose(layout, shape, invert(trans.getOrder()));
  if (auto expand = dyn_cast<ExpandDimsOp>(op))
    return SliceLayoutAttr::get(op->getContext(), expand.getAxis(), layout);
  Value src = cast<BroadcastOp>(op).getSrc();
  if (isShapeGeneric(layout))
    return layout;
  // Each thread holds the operand elements its result elements repeat.
  LinearLayout linear = layout.toLinearLayout(shape);
  for (auto [d, size] : llvm::enumerate(getShape(src)))
    linear = linear.resizeOut(getTensorDimName(d), int32_t(size));
  return dropCopies(op->getContext(), linear);
}

bool mlir::block::isRegisterRelabel(DistributedLayoutAttr from,
                                    DistributedLayoutAttr to,
                                    ArrayRef<int64_t> shape) {
  return getRegisterRelabel(from.toLinearLayout(shape),
                            to.toLinearLayout(shape))
      .has_value();
}

BlockedLayoutAttr mlir::block::insertDimension(BlockedLayoutAttr layout,
                                               unsigned axis) {
  auto insertOne = [axis](ArrayRef<unsigned> values) {
    SmallVector<unsigned> result(values);
    result.insert(result.begin() + axis, 1);
    return result;
  };
  SmallVector<unsigned> order;
  for (unsigned d : layout.getOrder())
    order.push_back(d >= axis ? d + 1 : d);
  order.push_back(axis);
  return BlockedLayoutAttr::get(layout.getContext(),
                                insertOne(layout.getSizePerThread()),
                                insertOne(layout.getThreadsPerWarp()),
                                insertOne(layout.getWarpsPerCTA()), order);
}

RankedTensorType mlir::block::withLayout(Type type, Attribute layout) {
  auto tensor = cast<RankedTensorType>(type);
  return RankedTensorType::get(tensor.getShape(), tensor.getElementType(),
                               layout);
}

DistributedLayoutAttr mlir::block::getLayout(Value value) {
  auto tensor = dyn_cast<RankedTensorType>(value.getType());
  return tensor ? dyn_cast_or_null<DistributedLayoutAttr>(tensor.getEncoding())
                : nullptr;
}
