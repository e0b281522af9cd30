//===- SplitLoops.cpp - Split loops at a branch on the induction variable -===//
//
// A loop that branches on `iv >= bound` (or `iv < bound`) with a bound it
// does not change takes one side of the branch up to some iteration and the
// other side after it. Running those iterations as two loops removes the
// test and the branch from every iteration, and leaves straight-line bodies
// for the pipeliner and warp specialization (attention's unmasked and
// masked key blocks).
//
//===----------------------------------------------------------------------===//

#include "block/Dialect/Block/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::block {
#define GEN_PASS_DEF_BLOCKSPLITLOOPS
#include "block/Dialect/Block/Transforms/Passes.h.inc"
} // namespace mlir::block

using namespace mlir;

namespace {
/// A comparison of a loop's induction variable with a bound the loop does
/// not change, read as `iv >= bound` or `iv < bound`.
struct Threshold {
  arith::CmpIOp comparison;
  Value bound;
  /// Whether the comparison holds in the iterations before the bound
  /// (`iv < bound`) rather than from it on (`iv >= bound`).
  bool holdsBefore;
};
} // namespace

/// `comparison` as a threshold of `loop`, if it is one.
static std::optional<Threshold> getThreshold(scf::ForOp loop,
                                             arith::CmpIOp comparison) {
  Value iv = loop.getInductionVar();
  Value lhs = comparison.getLhs(), rhs = comparison.getRhs();
  using arith::CmpIPredicate;
  CmpIPredicate predicate = comparison.getPredicate();
  // `bound <= iv` is `iv >= bound`, `bound > iv` is `iv < bound`.
  if (rhs == iv &&
      (predicate == CmpIPredicate::sle || predicate == CmpIPredicate::sgt)) {
    std::swap(lhs, rhs);
    predicate = predicate == CmpIPredicate::sle ? CmpIPredicate::sge
                                                : CmpIPredicate::slt;
  }
  if (lhs != iv || !loop.isDefinedOutsideOfLoop(rhs))
    return std::nullopt;
  if (predicate == CmpIPredicate::sge)
    return Threshold{comparison, rhs, /*holdsBefore=*/false};
  if (predicate == CmpIPredicate::slt)
    return Threshold{comparison, rhs, /*holdsBefore=*/true};
  return std::nullopt;
}

/// The first branch of `loop`'s body on a threshold.
static std::optional<Threshold> findThreshold(scf::ForOp loop) {
  if (loop.getUnsignedCmp())
    return std::nullopt;
  for (auto branch : loop.getBody()->getOps<scf::IfOp>())
    if (auto comparison = branch.getCondition().getDefiningOp<arith::CmpIOp>())
      if (std::optional<Threshold> threshold = getThreshold(loop, comparison))
        return threshold;
  return std::nullopt;
}

/// The first iteration of `loop` at or after `bound`, or the upper bound:
/// min(ub, lb + ceildiv(clamp(bound, lb, ub) - lb, step) * step).
static Value emitSplitPoint(OpBuilder &builder, scf::ForOp loop, Value bound) {
  Location loc = loop.getLoc();
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound();
  Value step = loop.getStep();
  Value clamped = arith::MinSIOp::create(
      builder, loc, arith::MaxSIOp::create(builder, loc, bound, lb), ub);
  Value distance = arith::SubIOp::create(builder, loc, clamped, lb);
  Value steps = arith::CeilDivSIOp::create(builder, loc, distance, step);
  Value offset = arith::MulIOp::create(builder, loc, steps, step);
  Value split = arith::AddIOp::create(builder, loc, lb, offset);
  return arith::MinSIOp::create(builder, loc, split, ub);
}

/// Replaces `comparison`'s uses inside `loop` by `value` and inlines the
/// side of every branch of the body on it that `value` takes.
static void settle(RewriterBase &rewriter, scf::ForOp loop,
                   arith::CmpIOp comparison, bool value) {
  rewriter.setInsertionPointToStart(loop.getBody());
  Value constant = arith::ConstantIntOp::create(rewriter, comparison.getLoc(),
                                                value, /*width=*/1);
  rewriter.replaceUsesWithIf(comparison, constant, [&](OpOperand &use) {
    return loop->isProperAncestor(use.getOwner());
  });
  for (auto branch :
       llvm::make_early_inc_range(loop.getBody()->getOps<scf::IfOp>())) {
    if (branch.getCondition() != constant)
      continue;
    Block *side = value ? branch.thenBlock() : branch.elseBlock();
    if (!side) {
      rewriter.eraseOp(branch);
      continue;
    }
    Operation *yield = side->getTerminator();
    rewriter.inlineBlockBefore(side, branch);
    rewriter.replaceOp(branch, yield->getOperands());
    rewriter.eraseOp(yield);
  }
  if (comparison->use_empty())
    rewriter.eraseOp(comparison);
}

/// Splits `loop` at `threshold`: a copy runs the iterations before the split
/// point, `loop` the rest from the copy's results.
static void split(RewriterBase &rewriter, scf::ForOp loop,
                  Threshold threshold) {
  rewriter.setInsertionPoint(loop);
  Value point = emitSplitPoint(rewriter, loop, threshold.bound);
  IRMapping mapping;
  auto before = cast<scf::ForOp>(rewriter.clone(*loop, mapping));
  rewriter.modifyOpInPlace(
      before, [&] { before.getUpperBoundMutable().assign(point); });
  rewriter.modifyOpInPlace(loop, [&] {
    loop.getLowerBoundMutable().assign(point);
    loop.getInitArgsMutable().assign(before.getResults());
  });
  settle(
      rewriter, before,
      cast<arith::CmpIOp>(mapping.lookup(threshold.comparison.getOperation())),
      threshold.holdsBefore);
  settle(rewriter, loop, threshold.comparison, !threshold.holdsBefore);
}

namespace {
struct BlockSplitLoopsPass
    : block::impl::BlockSplitLoopsBase<BlockSplitLoopsPass> {
  void runOnOperation() override {
    SmallVector<std::pair<scf::ForOp, Threshold>> thresholds;
    getOperation().walk([&](scf::ForOp loop) {
      if (std::optional<Threshold> threshold = findThreshold(loop))
        thresholds.push_back({loop, *threshold});
    });
    IRRewriter rewriter(&getContext());
    for (auto [loop, threshold] : thresholds)
      split(rewriter, loop, threshold);
  }
};
} // namespace
