//===- LayoutUtils.h - Building and relating layouts ------------*- C++ -*-===//
//
// What the layout passes share: building blocked layouts for a shape and a
// number of warps, the per-dimension view of blocked and slice layouts, and
// the layouts the shape operations imply for their operands and results
// (blocked layouts and their slices as such, any other layout through the
// layout algebra, as #block.linear).
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_LIB_DIALECT_BLOCK_TRANSFORMS_LAYOUTUTILS_H
#define BLOCK_LIB_DIALECT_BLOCK_TRANSFORMS_LAYOUTUTILS_H

#include "block/Dialect/Block/IR/BlockDialect.h"

namespace mlir::block {

/// The blocked layout for a tensor of `shape` in which each thread holds
/// `sizePerThread` contiguous elements, the lanes of a warp and then the
/// warps are spread along the dimensions in `order` (fastest first), and
/// whatever lanes and warps remain go to the slowest dimension (they hold
/// copies when the tensor is small).
BlockedLayoutAttr buildBlockedLayout(MLIRContext *context,
                                     ArrayRef<int64_t> shape,
                                     ArrayRef<unsigned> sizePerThread,
                                     ArrayRef<unsigned> order,
                                     unsigned numWarps);

/// One element per thread per tile, row-major.
BlockedLayoutAttr getDefaultBlockedLayout(MLIRContext *context,
                                          ArrayRef<int64_t> shape,
                                          unsigned numWarps);

/// The parameters of a blocked layout, per dimension of the tensor; a slice
/// layout gives its parent's without the sliced dimension.
struct BlockedParams {
  SmallVector<unsigned> sizePerThread, threadsPerWarp, warpsPerCTA, order;
};
std::optional<BlockedParams> getBlockedParams(Attribute layout);

/// The layout of the result of the shape operation `op` (block.trans,
/// block.expand_dims, block.broadcast, block.reshape, block.join or
/// block.split: each of its results) whose operand has
/// `layout`, or null where none follows (expand_dims of a blocked layout's
/// slice at another axis, reshape of a blocked layout or its slices).
DistributedLayoutAttr getResultLayout(Operation *op,
                                      DistributedLayoutAttr layout);

/// The layout the operand of the shape operation `op` (block.trans,
/// block.expand_dims, block.broadcast, block.reshape, block.join: each of
/// its operands, or block.split) needs for its result
/// to have `layout`, or null where any will do (reshape of a blocked layout
/// or its slices).
DistributedLayoutAttr getOperandLayout(Operation *op,
                                       DistributedLayoutAttr layout);

/// `layout` with a dimension of one thread inserted at `axis`, slowest of
/// all: its slice at `axis` places elements as `layout` does.
BlockedLayoutAttr insertDimension(BlockedLayoutAttr layout, unsigned axis);

/// Whether each thread holds, in `from`, every element of a tensor of
/// `shape` that it holds in `to`, in its registers: converting from `from`
/// to `to` moves no data.
bool isRegisterRelabel(DistributedLayoutAttr from, DistributedLayoutAttr to,
                       ArrayRef<int64_t> shape);

/// `type` (a ranked tensor) with encoding `layout`.
RankedTensorType withLayout(Type type, Attribute layout);

/// The distributed layout of `value`'s tensor type, or null.
DistributedLayoutAttr getLayout(Value value);

} // namespace mlir::block

#endif // BLOCK_LIB_DIALECT_BLOCK_TRANSFORMS_LAYOUTUTILS_H
