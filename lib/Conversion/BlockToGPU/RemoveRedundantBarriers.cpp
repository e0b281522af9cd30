//===- RemoveRedundantBarriers.cpp - Barriers that order nothing ----------===//
//
// A forward walk over each block of a gpu.func that tracks whether an access
// a barrier must order (a shared-memory access or any write) happened since
// the last barrier; a barrier reached with none pending is erased.
//
//===----------------------------------------------------------------------===//

#include "GlobalAccess.h"

#include "block/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::block;

/// Whether a read through `address` cannot touch shared memory.
static bool isGlobalAddress(Value address) {
  auto pointer = dyn_cast_or_null<LLVM::LLVMPointerType>(
      address ? address.getType() : Type());
  return pointer && pointer.getAddressSpace() == NVVM::NVVMMemorySpace::Global;
}

/// Whether a barrier after `op` may have to order it against accesses of
/// other threads after the barrier. `op` has no regions.
static bool needsOrdering(Operation *op) {
  if (isMemoryEffectFree(op) || isGlobalLoad(op))
    return false;
  // Intrinsics on floats alone (llvm.maxnum, llvm.nvvm.ex2.approx.f32, ...)
  // are arithmetic; llvm.call_intrinsic declares no effects of its own.
  if (auto call = dyn_cast<LLVM::CallIntrinsicOp>(op)) {
    auto isFloat = [](Type type) { return isa<FloatType>(type); };
    return call->getNumResults() == 0 ||
           !llvm::all_of(call->getOperandTypes(), isFloat) ||
           !llvm::all_of(call->getResultTypes(), isFloat);
  }
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return true;
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  return llvm::any_of(instances, [](const MemoryEffects::EffectInstance &e) {
    return !isa<MemoryEffects::Read>(e.getEffect()) ||
           !isGlobalAddress(e.getValue());
  });
}

/// Erases the barriers of `block` that no access needs, given whether one is
/// pending on entry; returns whether one is pending at its end.
static bool removeRedundantBarriers(Block &block, bool pending) {
  for (Operation &op : llvm::make_early_inc_range(block)) {
    if (isa<gpu::BarrierOp>(op)) {
      if (!pending)
        op.erase();
      pending = false;
      continue;
    }
    if (op.getNumRegions() == 0) {
      pending |= needsOrdering(&op);
      continue;
    }
    // A loop body follows its own previous iteration, and a block that is
    // not its region's entry may follow any other: assume an access before.
    bool atEntry = pending || isa<LoopLikeOpInterface>(op);
    bool atExit = pending;
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        atExit |= removeRedundantBarriers(
            nested, atEntry || !nested.isEntryBlock());
    pending = atExit;
  }
  return pending;
}

namespace mlir::block {
#define GEN_PASS_DEF_BLOCKREMOVEREDUNDANTBARRIERS
#include "block/Conversion/Passes.h.inc"

namespace {
struct BlockRemoveRedundantBarriersPass
    : impl::BlockRemoveRedundantBarriersBase<BlockRemoveRedundantBarriersPass> {
  void runOnOperation() override {
    for (Block &block : getOperation().getBody())
      removeRedundantBarriers(block, /*pending=*/!block.isEntryBlock());
  }
};
} // namespace
} // namespace mlir::block
