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

/// Whether `op` (or anything it holds) writes shared memory or is a
/// product: a product in flight must complete before either.
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
          isa<SharedMemory>(instance.getResource()))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// Defers the wait of `dot` to the first operation after it that needs it
/// done, if that is not the next one.
static void deferWait(DotOp dot) {
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
    return;
  assert(waitPoint->getBlock() == block && "a block ends in its terminator");
  (void)block;
  dot.setAsync(true);
  OpBuilder builder(waitPoint);
  auto wait = DotWaitOp::create(builder, dot.getLoc(), dot.getType(),
                                dot.getResult(), pendings);
  dot.getResult().replaceAllUsesExcept(wait.getResult(), wait);
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
    for (DotOp dot : llvm::reverse(products))
      deferWait(dot);
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
