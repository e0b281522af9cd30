//===- DeferProductWaits.cpp - wgmma products in flight over other work ---===//
//
// A wgmma product returns at once and completes at a wait; between the two
// the threads may do anything that neither reads its result nor writes what
// it reads. This pass moves each wait as far down its block as that allows.
//
//===----------------------------------------------------------------------===//

#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"
#include "block/Dialect/BlockGPU/Transforms/Passes.h"

#include "StagedLoads.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::blockgpu {
#define GEN_PASS_DEF_BLOCKGPUDEFERPRODUCTWAITS
#include "block/Dialect/BlockGPU/Transforms/Passes.h.inc"
} // namespace mlir::blockgpu

using namespace mlir;
using namespace mlir::blockgpu;

static bool isWgmmaProduct(DotOp dot) {
  auto mma = dyn_cast<block::MmaLayoutAttr>(dot.getType().getEncoding());
  return mma && mma.isWgmma();
}

/// Whether `op` (or anything it holds) writes shared memory, signals or
/// waits on an mbarrier (an arrival hands a product's buffers back to the
/// warps that refill them) or is a product: a product in flight must
/// complete before any of those.
static bool endsFlight(Operation *op) {
  WalkResult result = op->walk([](Operation *nested) {
    if (isa<DotOp>(nested))
      return WalkResult::interrupt();
    auto effects = dyn_cast<MemoryEffectOpInterface>(nested);
    if (!effects)
      return nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ||
                     nested->getNumRegions() == 0
                 ? WalkResult::advance()
                 : WalkResult::interrupt();
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances)
      if (isa<MemoryEffects::Write>(instance.getEffect()) &&
          isa<SharedMemory, MBarriers>(instance.getResource()))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// Defers the wait of `dot` to the first operation after it that needs it
/// done, if that is not the next one. Returns whether it did.
static bool deferWait(DotOp dot) {
  Block *block = dot->getBlock();
  unsigned pendings = 0;
  Operation *waitPoint = dot->getNextNode();
  for (; waitPoint; waitPoint = waitPoint->getNextNode()) {
    bool uses = llvm::any_of(dot->getUsers(), [&](Operation *user) {
      return waitPoint->isAncestor(user);
    });
    if (auto later = dyn_cast<DotOp>(waitPoint);
        later && later.getAsync() && !uses) {
      ++pendings;
      continue;
    }
    if (uses || waitPoint->hasTrait<OpTrait::IsTerminator>() ||
        endsFlight(waitPoint))
      break;
  }
  if (!waitPoint || waitPoint == dot->getNextNode())
    return false;
  assert(waitPoint->getBlock() == block && "a block ends in its terminator");
  (void)block;
  dot.setAsync(true);
  OpBuilder builder(waitPoint);
  auto wait = DotWaitOp::create(builder, dot.getLoc(), dot.getType(),
                                dot.getResult(), pendings);
  dot.getResult().replaceAllUsesExcept(wait.getResult(), wait);
  return true;
}

/// Where `dot` accumulates into an iteration argument of the loop around
/// it that starts at zero and feeds nothing else, the loop starts it as
/// nothing (see startFromNothing): zeros moved into the registers of a
/// product in flight make ptxas serialise the products.
static void startDeferredFromNothing(DotOp dot) {
  auto arg = dyn_cast<BlockArgument>(dot.getAcc());
  auto loop = dyn_cast<scf::ForOp>(dot->getParentOp());
  if (!arg || !loop || arg.getOwner() != loop.getBody() ||
      arg == loop.getInductionVar() || !arg.hasOneUse() || dot.getUseAcc())
    return;
  unsigned index = arg.getArgNumber() - loop.getNumInductionVars();
  Value zeros = loop.getInitArgs()[index];
  IRRewriter rewriter(dot->getContext());
  FailureOr<Value> ran = startFromNothing(rewriter, dot, loop, index);
  if (failed(ran) || !*ran)
    return;
  Value result = loop.getResult(index);
  rewriter.setInsertionPointAfter(loop);
  Value final = emitZerosUnlessRan(rewriter, dot.getLoc(), *ran, result, zeros);
  Operation *choice = final.getDefiningOp();
  result.replaceUsesWithIf(final, [&](OpOperand &use) {
    return !choice->isAncestor(use.getOwner());
  });
}

void mlir::blockgpu::deferProductWaits(func::FuncOp kernel) {
  SmallVector<Block *> blocks;
  kernel.walk([&](Block *block) { blocks.push_back(block); });
  for (Block *block : blocks) {
    SmallVector<DotOp> products;
    bool anyAsync = false;
    for (auto dot : block->getOps<DotOp>()) {
      anyAsync |= dot.getAsync();
      if (isWgmmaProduct(dot))
        products.push_back(dot);
    }
    if (anyAsync)
      continue;
    // Later products first: an earlier one counts those already in flight.
    SmallVector<DotOp> deferred;
    for (DotOp dot : llvm::reverse(products))
      if (deferWait(dot))
        deferred.push_back(dot);
    for (DotOp dot : deferred)
      startDeferredFromNothing(dot);
  }
}

namespace {
struct BlockGPUDeferProductWaitsPass
    : blockgpu::impl::BlockGPUDeferProductWaitsBase<
          BlockGPUDeferProductWaitsPass> {
  void runOnOperation() override {
    for (auto kernel : getOperation().getOps<func::FuncOp>())
      deferProductWaits(kernel);
  }
};
} // namespace
