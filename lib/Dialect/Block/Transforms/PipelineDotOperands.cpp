//===- PipelineDotOperands.cpp - Load dot operands an iteration ahead -----===//
//
// In a loop that loads the operands of a block.dot and multiplies them, each
// iteration waits for its loads before the product can start. This pass
// issues the loads of iteration i + 1 in iteration i, before the product of
// iteration i, and carries the loaded tiles into the next iteration, so that
// their latency hides behind the product. The first iteration's loads, now
// before the loop, are masked off where the loop runs no iteration; in the
// last iteration, which has no next one, the loads read the last tiles again.
//
//===----------------------------------------------------------------------===//

#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Dialect/Block/Transforms/DotLayouts.h"
#include "block/Dialect/Block/Transforms/LoopPipelining.h"
#include "block/Dialect/Block/Transforms/Passes.h"
#include "block/Support/Remarks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::block {
#define GEN_PASS_DEF_BLOCKPIPELINEDOTOPERANDS
#include "block/Dialect/Block/Transforms/Passes.h.inc"

namespace {
/// Whether `load` can be issued an iteration early: a non-volatile load of
/// the loop's own body whose tile is used only as an operand of products.
bool isDotOperandLoad(LoadOp load) {
  if (load.getIsVolatile() || !isa<RankedTensorType>(load.getType()) ||
      load.getResult().use_empty())
    return false;
  return llvm::all_of(load->getUses(), [&](OpOperand &use) {
    auto dot = dyn_cast<DotOp>(use.getOwner());
    return dot && dot->getBlock() == load->getBlock() &&
           &use != &dot.getAccMutable();
  });
}

/// Clones `slice` (in program order) and `loads` at `builder`'s point with
/// the induction variable standing for `iv`. Where `inRange` is given, each
/// load is also masked off unless it holds. Returns the loaded tiles.
SmallVector<Value> cloneLoadsFor(OpBuilder &builder, scf::ForOp loop,
                                 ArrayRef<Operation *> slice,
                                 ArrayRef<LoadOp> loads, Value iv,
                                 Value inRange = {}) {
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), iv);
  for (Operation *op : slice)
    builder.clone(*op, mapping);
  SmallVector<Value> tiles;
  for (LoadOp load : loads) {
    Value mask;
    if (inRange) {
      mask = SplatOp::create(builder, loop.getLoc(),
                             getBoolTypeLike(load.getType()), inRange);
      if (Value original = load.getMask())
        mask = arith::AndIOp::create(builder, loop.getLoc(),
                                     mapping.lookupOrDefault(original), mask);
    }
    auto clone = cast<LoadOp>(builder.clone(*load, mapping));
    if (mask)
      clone.getMaskMutable().assign(mask);
    tiles.push_back(clone.getResult());
  }
  return tiles;
}

/// Whether a product of `loop` runs on tensor cores, whose operands
/// blockgpu-pipeline-loops brings through shared memory instead.
bool hasPipelinedTensorCoreProduct(scf::ForOp loop) {
  if (getNumStages(loop) < 2)
    return false;
  return llvm::any_of(loop.getBody()->getOps<DotOp>(), [](DotOp dot) {
    return bool(chooseDotAccumulatorLayout(dot));
  });
}

void pipelineLoop(scf::ForOp loop) {
  if (!writesOnlySharedMemory(loop) || hasPipelinedTensorCoreProduct(loop))
    return;
  SmallVector<LoadOp> loads;
  llvm::SetVector<Operation *> slice;
  for (auto load : loop.getBody()->getOps<LoadOp>()) {
    llvm::SetVector<Operation *> loadSlice;
    if (!isDotOperandLoad(load) ||
        failed(collectAddressSlice(load, loop, loadSlice)))
      continue;
    loads.push_back(load);
    slice.insert(loadSlice.begin(), loadSlice.end());
  }
  if (loads.empty())
    return;
  remark::passed(loop.getLoc(),
                 remarks::opts("OperandsAhead", remarks::kPipeline, loop))
      << "loop's product operands loaded one iteration ahead into registers";
  SmallVector<Operation *> ordered = sortInProgramOrder(std::move(slice));

  IRRewriter rewriter(loop->getContext());
  rewriter.setInsertionPoint(loop);
  Location loc = loop.getLoc();
  Value lower = loop.getLowerBound(), upper = loop.getUpperBound(),
        step = loop.getStep();
  SmallVector<Value> first =
      cloneLoadsFor(rewriter, loop, ordered, loads, lower,
                    emitBelow(rewriter, loop, lower, upper));
  // The last iteration, lower + (upper - lower - 1) / step * step, meaningful
  // where the loop runs at all.
  Value one = arith::ConstantOp::create(
      rewriter, loc, rewriter.getIntegerAttr(lower.getType(), 1));
  Value span = arith::SubIOp::create(
      rewriter, loc, arith::SubIOp::create(rewriter, loc, upper, lower), one);
  Value last = arith::AddIOp::create(
      rewriter, loc, lower,
      arith::MulIOp::create(
          rewriter, loc, arith::DivUIOp::create(rewriter, loc, span, step),
          step));
  // The next iteration's loads go where the first load was, ahead of the
  // products that wait for this iteration's. The last iteration loads its
  // own tiles again rather than masking every load: the loop writes no
  // memory, so they are the same, and the masks stay as the program wrote
  // them (an extra predicate on every access costs more; see
  // docs/performance.md).
  auto yieldNext = [&](OpBuilder &builder, Location bodyLoc,
                       ArrayRef<BlockArgument>) {
    builder.setInsertionPoint(loads.front());
    Value next =
        arith::AddIOp::create(builder, bodyLoc, loop.getInductionVar(), step);
    Value clamped = arith::SelectOp::create(
        builder, bodyLoc, emitBelow(builder, loop, next, upper), next, last);
    return cloneLoadsFor(builder, loop, ordered, loads, clamped);
  };
  FailureOr<LoopLikeOpInterface> pipelined = loop.replaceWithAdditionalYields(
      rewriter, first, /*replaceInitOperandUsesInLoop=*/false, yieldNext);
  if (failed(pipelined))
    return;
  auto carried = pipelined->getRegionIterArgs().take_back(loads.size());
  for (auto [load, tile] : llvm::zip(loads, carried))
    rewriter.replaceOp(load, tile);
  for (Operation *op : llvm::reverse(ordered))
    if (op->use_empty())
      rewriter.eraseOp(op);
}

struct BlockPipelineDotOperandsPass
    : impl::BlockPipelineDotOperandsBase<BlockPipelineDotOperandsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    for (func::FuncOp kernel : getKernels(getOperation()))
      kernel.walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops)
      pipelineLoop(loop);
  }
};
} // namespace
} // namespace mlir::block
