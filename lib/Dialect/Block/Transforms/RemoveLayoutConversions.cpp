//===- RemoveLayoutConversions.cpp - Drop needless layout conversions -----===//
//
// A conversion goes through shared memory and a barrier; computing a tensor
// again from scalars, constants and ranges in the layout a conversion asks
// for costs a few instructions per element instead. So a conversion is
// replaced by the computation of its source in the target layout when that
// computation reaches no tensor it cannot compute again (its leaves), or one
// such tensor, which is then converted instead: one conversion, moved back
// towards where the tensor is smaller (before a broadcast) or meets others.
// A tensor a loop carries and converts each iteration is carried in the
// converted layout instead, its conversion moved before the loop.
//
//===----------------------------------------------------------------------===//

#include "LayoutUtils.h"

#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Dialect/Block/Transforms/Passes.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::block {
#define GEN_PASS_DEF_BLOCKREMOVELAYOUTCONVERSIONS
#include "block/Dialect/Block/Transforms/Passes.h.inc"

namespace {

/// The largest computation done again for one conversion.
constexpr unsigned kMaxRematerializedOps = 64;

using Placed = std::pair<Value, Attribute>;

/// Operations computed again in another layout: pure, cheap, and with the
/// operands' layouts following from the result's.
static bool isRematerializable(Operation *op) {
  if (isa<SplatOp, ArangeOp, BroadcastOp, ExpandDimsOp, TransOp, AddPtrOp,
          ConvertLayoutOp>(op))
    return true;
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return isa<DenseElementsAttr>(constant.getValue());
  return op->hasTrait<::mlir::OpTrait::Elementwise>() &&
         isMemoryEffectFree(op) && op->getNumResults() == 1;
}

/// The layout the tensor operands of `op` need for `op` to give its result
/// `layout`.
static DistributedLayoutAttr getRequiredLayout(Operation *op,
                                               DistributedLayoutAttr layout) {
  if (isa<ExpandDimsOp, TransOp, BroadcastOp>(op))
    return getOperandLayout(op, layout);
  return layout;
}

/// The computation of a tensor in another layout: the tensors computed
/// again (in operand-before-user order) and the leaves that are converted.
struct Rematerialization {
  SetVector<Placed> computed;
  SetVector<Placed> leaves;
};

/// Collects the computation of `value` in `layout`; fails if it needs more
/// than one leaf or too many operations.
static LogicalResult collect(Value value, DistributedLayoutAttr layout,
                             Rematerialization &plan) {
  Placed placed{value, layout};
  if (plan.computed.contains(placed) || plan.leaves.contains(placed))
    return success();
  Operation *op = value.getDefiningOp();
  if (!op || !isRematerializable(op)) {
    plan.leaves.insert(placed);
    return success(plan.leaves.size() <= 1);
  }
  if (auto convert = dyn_cast<ConvertLayoutOp>(op))
    return collect(convert.getSrc(), layout, plan);
  DistributedLayoutAttr operandLayout = getRequiredLayout(op, layout);
  for (Value operand : op->getOperands())
    if (isa<RankedTensorType>(operand.getType()) &&
        failed(collect(operand, operandLayout, plan)))
      return failure();
  plan.computed.insert(placed);
  return success(plan.computed.size() <= kMaxRematerializedOps);
}

/// Computes `value` in `layout` again after `value`'s definition.
static Value rematerialize(Value value, DistributedLayoutAttr layout,
                           const Rematerialization &plan,
                           PatternRewriter &rewriter,
                           DenseMap<Placed, Value> &built) {
  Placed placed{value, layout};
  if (Value done = built.lookup(placed))
    return done;
  Type type = withLayout(value.getType(), layout);
  Value result;
  if (plan.leaves.contains(placed)) {
    rewriter.setInsertionPointAfterValue(value);
    result = ConvertLayoutOp::create(rewriter, value.getLoc(), type, value);
  } else if (auto convert = value.getDefiningOp<ConvertLayoutOp>()) {
    result = rematerialize(convert.getSrc(), layout, plan, rewriter, built);
  } else {
    Operation *op = value.getDefiningOp();
    DistributedLayoutAttr operandLayout = getRequiredLayout(op, layout);
    IRMapping mapping;
    for (Value operand : op->getOperands())
      if (isa<RankedTensorType>(operand.getType()))
        mapping.map(operand, rematerialize(operand, operandLayout, plan,
                                           rewriter, built));
    rewriter.setInsertionPointAfter(op);
    Operation *clone = rewriter.clone(*op, mapping);
    clone->getResult(0).setType(type);
    if (auto constant = dyn_cast<arith::ConstantOp>(clone))
      constant.setValueAttr(cast<DenseElementsAttr>(constant.getValue())
                                .reshape(cast<ShapedType>(type)));
    result = clone->getResult(0);
  }
  built[placed] = result;
  return result;
}

/// Bits of the tensor `value` (pointers count 64).
static int64_t getBits(Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  Type element = type.getElementType();
  int64_t bits =
      isa<PointerType>(element) ? 64 : element.getIntOrFloatBitWidth();
  return type.getNumElements() * bits;
}

struct RematerializeConversion : OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConvertLayoutOp convert,
                                PatternRewriter &rewriter) const override {
    DistributedLayoutAttr layout = getLayout(convert.getResult());
    Operation *source = convert.getSrc().getDefiningOp();
    if (!layout || !source || !isRematerializable(source))
      return failure();
    Rematerialization plan;
    if (failed(collect(convert.getSrc(), layout, plan)))
      return failure();
    // The conversion that remains must not move more bytes.
    if (!plan.leaves.empty() &&
        getBits(plan.leaves.front().first) > getBits(convert.getSrc()))
      return failure();
    DenseMap<Placed, Value> built;
    Value replacement =
        rematerialize(convert.getSrc(), layout, plan, rewriter, built);
    rewriter.replaceOp(convert, replacement);
    return success();
  }
};

/// A product stages its operands in shared memory from whatever layout
/// they come in (blockgpu-materialize-shared-memory), so a conversion in
/// front of its a or b only adds a trip through shared memory; the product
/// reads the conversion's source instead. Except for an a converted into
/// the instruction's fragments that the product reads from registers
/// (blockgpu::readsOperandAFromRegisters).
struct ForwardDotOperandConversion : OpRewritePattern<DotOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DotOp dot,
                                PatternRewriter &rewriter) const override {
    bool changed = false;
    auto mma = dyn_cast_if_present<MmaLayoutAttr>(dot.getType().getEncoding());
    for (OpOperand *operand : {&dot.getAMutable(), &dot.getBMutable()}) {
      auto convert = operand->get().getDefiningOp<ConvertLayoutOp>();
      if (!convert || !getLayout(convert.getSrc()))
        continue;
      if (operand == &dot.getAMutable() && mma &&
          blockgpu::readsOperandAFromRegisters(dot, convert.getSrc(),
                                               convert.getType(), mma))
        continue;
      rewriter.modifyOpInPlace(dot, [&] { operand->set(convert.getSrc()); });
      changed = true;
    }
    return success(changed);
  }
};

/// A loop-carried tensor that each iteration converts to one layout and
/// advances by a step computed outside the loop (the tile pointers of a
/// loop written as Triton's tutorials write it) is carried in that layout
/// instead: its initial value is converted before the loop (where the
/// conversion is computed again or paid once), the step is computed again
/// in the layout, and the loop's result converted back where it is used.
/// The conversion in the loop, a trip through shared memory each iteration
/// that also hides the pointers from the pipeliner, goes.
struct CarryConvertedLoopValue : OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConvertLayoutOp convert,
                                PatternRewriter &rewriter) const override {
    auto arg = dyn_cast<BlockArgument>(convert.getSrc());
    auto loop = arg ? dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp())
                    : scf::ForOp();
    DistributedLayoutAttr layout = getLayout(convert.getResult());
    if (!loop || arg == loop.getInductionVar() || !layout)
      return failure();
    OpOperand *yielded = loop.getTiedLoopYieldedValue(arg);
    auto step = yielded->get().getDefiningOp();
    // The advance: an elementwise operation of the argument and values
    // defined outside the loop, whose result only the yield takes.
    if (!step ||
        !(isa<AddPtrOp>(step) ||
          step->hasTrait<::mlir::OpTrait::Elementwise>()) ||
        !isMemoryEffectFree(step) || step->getNumResults() != 1 ||
        !step->getResult(0).hasOneUse() || step->getBlock() != arg.getOwner())
      return failure();
    for (Value operand : step->getOperands())
      if (operand != arg && !loop.isDefinedOutsideOfLoop(operand))
        return failure();
    for (Operation *user : arg.getUsers()) {
      auto other = dyn_cast<ConvertLayoutOp>(user);
      if (user != step && !(other && getLayout(other.getResult()) == layout))
        return failure();
    }

    Type original = arg.getType(), carried = convert.getType();
    OpOperand *init = loop.getTiedLoopInit(arg);
    rewriter.setInsertionPoint(loop);
    Value initConverted =
        ConvertLayoutOp::create(rewriter, loop.getLoc(), carried, init->get());
    SmallVector<Value> operands;
    for (Value operand : step->getOperands())
      operands.push_back(operand == arg
                             ? operand
                             : ConvertLayoutOp::create(
                                   rewriter, step->getLoc(),
                                   withLayout(operand.getType(), layout),
                                   operand));
    OpResult result = loop.getTiedLoopResult(arg);
    rewriter.modifyOpInPlace(loop, [&] {
      init->set(initConverted);
      arg.setType(carried);
      result.setType(carried);
    });
    rewriter.modifyOpInPlace(step, [&] {
      step->setOperands(operands);
      step->getResult(0).setType(carried);
    });
    for (Operation *user : llvm::make_early_inc_range(arg.getUsers()))
      if (user != step)
        rewriter.replaceOp(user, arg);
    if (!result.use_empty()) {
      rewriter.setInsertionPointAfter(loop);
      auto back =
          ConvertLayoutOp::create(rewriter, loop.getLoc(), original, result);
      rewriter.replaceAllUsesExcept(result, back, back);
    }
    return success();
  }
};

/// The most elements a thread holds of a tensor stored from the layout it
/// is computed in rather than converted for coalescing.
constexpr int64_t kMaxElementsStoredInPlace = 4;

/// A store of a converted tensor of which each thread holds only a few
/// elements in the source layout (a row statistic such as attention's
/// log-sum-exp, in a slice of the product's layout) stores from the source
/// layout: its addresses and mask are computed again in that layout, and the
/// conversion, a trip through shared memory and a barrier for a handful of
/// stores, goes. Tiles keep their conversion, which coalesces their stores.
struct StoreInSourceLayout : OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(StoreOp store,
                                PatternRewriter &rewriter) const override {
    auto convert = store.getValue().getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    DistributedLayoutAttr layout = getLayout(convert.getSrc());
    DistributedLayoutAttr target = getLayout(convert.getResult());
    auto type = cast<RankedTensorType>(convert.getSrc().getType());
    if (!layout || !target ||
        isRegisterRelabel(layout, target, type.getShape()) ||
        layout.getTotalElemsPerThread(type.getShape()) >
            kMaxElementsStoredInPlace)
      return failure();
    SmallVector<OpOperand *> addressing;
    for (OpOperand &operand : store->getOpOperands())
      if (operand.get() != store.getValue() &&
          isa<RankedTensorType>(operand.get().getType()))
        addressing.push_back(&operand);
    // The addresses and the mask must be computed again, not converted.
    Rematerialization plan;
    for (OpOperand *operand : addressing)
      if (failed(collect(operand->get(), layout, plan)) ||
          !plan.leaves.empty())
        return failure();
    DenseMap<Placed, Value> built;
    SmallVector<Value> placed;
    for (OpOperand *operand : addressing)
      placed.push_back(
          rematerialize(operand->get(), layout, plan, rewriter, built));
    rewriter.modifyOpInPlace(store, [&] {
      for (auto [operand, value] : llvm::zip(addressing, placed))
        operand->set(value);
      store.getValueMutable().assign(convert.getSrc());
    });
    return success();
  }
};

struct BlockRemoveLayoutConversionsPass
    : impl::BlockRemoveLayoutConversionsBase<BlockRemoveLayoutConversionsPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<RematerializeConversion, ForwardDotOperandConversion,
                 CarryConvertedLoopValue, StoreInSourceLayout>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    // Tensors computed again for several conversions are computed once.
    IRRewriter rewriter(&getContext());
    DominanceInfo dominance(getOperation());
    eliminateCommonSubExpressions(rewriter, dominance, getOperation());
  }
};
} // namespace
} // namespace mlir::block
