//===- LayoutUtils.cpp - Building and relating layouts --------------------===//

#include "LayoutUtils.h"

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

BlockedLayoutAttr
mlir::block::inversePermuteBlockedLayout(BlockedLayoutAttr result,
                                         ArrayRef<int32_t> order) {
  SmallVector<int32_t> inverse(order.size());
  for (auto [i, d] : llvm::enumerate(order))
    inverse[d] = i;
  return result.permute(inverse);
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
