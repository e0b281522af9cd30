//===- ShapeOpToGPU.cpp - arange, splat and the shape operations ----------===//
//
// Shape operations move no data when every thread already holds the elements
// of the result: they only relabel registers (mapRegisters). The layout
// contract guarantees that for broadcast and expand_dims; reshape and trans
// go through shared memory when their layouts do not line up.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::block;

namespace {
struct ArangeOpToGPU : OpConversionPattern<ArangeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ArangeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TensorDistribution dist = getDistribution(op.getType());
    SmallVector<Value> threadIndex =
        dist.emitThreadIndex(rewriter, loc, emitThreadIds(rewriter, loc));
    Value start = i32Constant(rewriter, loc, op.getStart());
    SmallVector<Value> values;
    for (unsigned reg = 0, e = dist.getNumRegisters(); reg < e; ++reg) {
      Value index = dist.emitElementIndex(rewriter, loc, threadIndex, reg)[0];
      values.push_back(op.getStart() ? Value(arith::AddIOp::create(
                                           rewriter, loc, index, start))
                                     : index);
    }
    rewriter.replaceOpWithMultiple(op, SmallVector<SmallVector<Value>>{values});
    return success();
  }
};

struct SplatOpToGPU : OpConversionPattern<SplatOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    unsigned numRegisters = getDistribution(op.getType()).getNumRegisters();
    rewriter.replaceOpWithMultiple(
        op, SmallVector<SmallVector<Value>>{
                SmallVector<Value>(numRegisters, adaptor.getSrc())});
    return success();
  }
};
} // namespace

/// The index maps from a shape operation's result indices to its operand's.
static ElementIndex wrapTo(ArrayRef<int64_t> shape, ArrayRef<int64_t> index) {
  ElementIndex wrapped(index);
  for (auto [i, size] : llvm::enumerate(shape))
    wrapped[i] &= size - 1;
  return wrapped;
}

static ElementIndex dropDim(unsigned dim, ArrayRef<int64_t> index) {
  ElementIndex dropped(index);
  dropped.erase(dropped.begin() + dim);
  return dropped;
}

static ElementIndex permute(ArrayRef<int32_t> order, ArrayRef<int64_t> index) {
  ElementIndex source(index.size(), 0);
  for (auto [i, d] : llvm::enumerate(order))
    source[d] = index[i];
  return source;
}

static ElementIndex reshapeIndex(const TensorDistribution &from,
                                 const TensorDistribution &to,
                                 ArrayRef<int64_t> index) {
  return from.delinearize(to.linearize(index));
}

namespace {
/// Shared lowering of the shape operations: relabel the registers, or, when
/// `allowRelayout`, move the elements through shared memory.
template <typename SourceOp>
struct ShapeOpToGPU : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;
  using OneToNOpAdaptor = typename OpConversionPattern<SourceOp>::OneToNOpAdaptor;

  LogicalResult
  matchAndRewrite(SourceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorDistribution from = getDistribution(op.getSrc().getType());
    TensorDistribution to = getDistribution(op.getType());
    auto toFrom = [&](ArrayRef<int64_t> index) {
      return mapIndex(op, from, to, index);
    };
    ValueRange values = adaptor.getSrc();
    if (std::optional<SmallVector<unsigned>> mapping =
            mapRegisters(from, to, toFrom)) {
      SmallVector<Value> results;
      for (unsigned reg : *mapping)
        results.push_back(values[reg]);
      rewriter.replaceOpWithMultiple(op,
                                     SmallVector<SmallVector<Value>>{results});
      return success();
    }
    if (!allowsRelayout())
      return rewriter.notifyMatchFailure(
          op, "moves data, which the layout contract refuses");
    rewriter.replaceOpWithMultiple(
        op, SmallVector<SmallVector<Value>>{emitRelayout(
                rewriter, op.getLoc(), op, values, from, to, toFrom)});
    return success();
  }

  static ElementIndex mapIndex(BroadcastOp op, const TensorDistribution &from,
                               const TensorDistribution &,
                               ArrayRef<int64_t> index) {
    return wrapTo(from.getShape(), index);
  }
  static ElementIndex mapIndex(ExpandDimsOp op, const TensorDistribution &,
                               const TensorDistribution &,
                               ArrayRef<int64_t> index) {
    return dropDim(op.getAxis(), index);
  }
  static ElementIndex mapIndex(TransOp op, const TensorDistribution &,
                               const TensorDistribution &,
                               ArrayRef<int64_t> index) {
    return permute(op.getOrder(), index);
  }
  static ElementIndex mapIndex(ReshapeOp, const TensorDistribution &from,
                               const TensorDistribution &to,
                               ArrayRef<int64_t> index) {
    return reshapeIndex(from, to, index);
  }
  static ElementIndex mapIndex(ConvertLayoutOp, const TensorDistribution &,
                               const TensorDistribution &,
                               ArrayRef<int64_t> index) {
    return ElementIndex(index);
  }

  static constexpr bool allowsRelayout() {
    return std::is_same_v<SourceOp, ReshapeOp> ||
           std::is_same_v<SourceOp, TransOp> ||
           std::is_same_v<SourceOp, ConvertLayoutOp>;
  }
};
} // namespace

/// Whether every thread holds the elements of `op`'s result in its own
/// registers.
template <typename SourceOp>
static bool movesNoData(SourceOp op) {
  TensorDistribution from = getDistribution(op.getSrc().getType());
  TensorDistribution to = getDistribution(op.getType());
  auto toFrom = [&](ArrayRef<int64_t> index) {
    return ShapeOpToGPU<SourceOp>::mapIndex(op, from, to, index);
  };
  return mapRegisters(from, to, toFrom).has_value();
}

/// Scratch bytes of a shape operation whose layouts need shared memory.
template <typename SourceOp>
static int64_t getScratchBytesOf(SourceOp op) {
  if (movesNoData(op))
    return 0;
  return getRelayoutScratchBytes(getDistribution(op.getSrc().getType()),
                                 op.getType().getElementType());
}

bool mlir::block::isRelabelingShapeOp(Operation *op) {
  if (auto broadcast = dyn_cast<BroadcastOp>(op))
    return movesNoData(broadcast);
  return movesNoData(cast<ExpandDimsOp>(op));
}

int64_t mlir::block::getShapeOpScratchBytes(Operation *op) {
  if (auto trans = dyn_cast<TransOp>(op))
    return getScratchBytesOf(trans);
  if (auto reshape = dyn_cast<ReshapeOp>(op))
    return getScratchBytesOf(reshape);
  if (auto convert = dyn_cast<ConvertLayoutOp>(op))
    return getScratchBytesOf(convert);
  return 0;
}

void mlir::block::populateShapeOpToGPUPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<ArangeOpToGPU, SplatOpToGPU, ShapeOpToGPU<BroadcastOp>,
               ShapeOpToGPU<ExpandDimsOp>, ShapeOpToGPU<TransOp>,
               ShapeOpToGPU<ReshapeOp>, ShapeOpToGPU<ConvertLayoutOp>>(
      converter, patterns.getContext());
}
