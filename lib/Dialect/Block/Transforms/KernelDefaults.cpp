//===- KernelDefaults.cpp - Make kernel launch parameters explicit --------===//

#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Dialect/Block/IR/TargetChips.h"
#include "block/Dialect/Block/Transforms/Passes.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::block {
#define GEN_PASS_DEF_BLOCKKERNELDEFAULTS
#include "block/Dialect/Block/Transforms/Passes.h.inc"

/// What `op` needs of the chip that `chip` lacks, and the chip that has it;
/// nullopt where `chip` has all `op` needs. The ops a program may hold whose
/// instructions only some chips have, each with the TargetChip feature its
/// lowering emits: the one place that says which.
static std::optional<std::pair<std::string, StringRef>>
getMissingCapability(Operation *op, const TargetChip &chip) {
  using Need = std::optional<std::pair<std::string, StringRef>>;
  auto need = [](bool has, StringRef what, StringRef chip) -> Need {
    if (has)
      return std::nullopt;
    return std::pair{what.str(), chip};
  };
  if (isa<blockgpu::WarpSpecializeOp>(op))
    return need(hasSetMaxNReg(chip),
                "setmaxnreg (a producer warpgroup's register budget)",
                "sm_90a");
  if (isa<blockgpu::DotOp, blockgpu::DotWaitOp>(op))
    return need(chip.hasWgmma(), "wgmma", "sm_90a");
  if (isa<blockgpu::InitBarrierOp, blockgpu::BarrierExpectOp,
          blockgpu::WaitBarrierOp, blockgpu::ArriveBarrierOp>(op))
    return need(hasMBarriers(chip), "mbarriers with transaction counts",
                "sm_90");
  if (isa<blockgpu::TmaLoadOp, blockgpu::TmaStoreOp>(op))
    return need(hasTma(chip), "TMA copies", "sm_90");
  if (isa<blockgpu::FenceAsyncSharedOp>(op))
    return need(hasAsyncProxyFence(chip), "fence.proxy.async", "sm_90");
  if (auto truncf = dyn_cast<arith::TruncFOp>(op))
    if (truncf.getRoundingmodeAttr() &&
        getElementTypeOrSelf(truncf.getType()).isBF16())
      return need(hasBF16RoundingModes(chip),
                  "a conversion to bf16 with a rounding mode", "sm_90");
  return std::nullopt;
}

/// Refuses, at the first op that needs it, what the module's kernels need
/// of `chip` that it lacks (LLVM would abort on the instruction).
static LogicalResult checkTargetCapabilities(ModuleOp module,
                                             const TargetChip &chip) {
  WalkResult walked = module.walk([&](Operation *op) {
    if (auto missing = getMissingCapability(op, chip))
      return WalkResult(op->emitOpError()
                        << "needs " << missing->first << ", which "
                        << getChipName(chip) << " lacks: compile for "
                        << missing->second << " or later");
    return WalkResult::advance();
  });
  return failure(walked.wasInterrupted());
}

namespace {
struct BlockKernelDefaultsPass
    : impl::BlockKernelDefaultsBase<BlockKernelDefaultsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (numWarps < 1 || numWarps > 32 || !llvm::isPowerOf2_32(numWarps)) {
      // At the location alone: an op's diagnostic would print the module.
      emitError(getOperation().getLoc())
          << "block-kernel-defaults: num-warps=" << numWarps.getValue()
          << " must be a power of two from 1 to 32";
      return signalPassFailure();
    }
    Builder builder(&getContext());
    if (!chip.empty()) {
      std::optional<TargetChip> target = parseTargetChip(chip);
      if (!target) {
        emitError(getOperation().getLoc())
            << "block-kernel-defaults: chip=" << chip.getValue()
            << " is not a chip name sm_<capability>[a|f] (e.g. sm_90a) of "
               "a supported chip ("
            << getSupportedChips().front().name << " to "
            << getSupportedChips().back().name << ")";
        return signalPassFailure();
      }
      // The layouts follow the module's chip, the code this one: the
      // module's must need nothing this one lacks.
      std::optional<TargetChip> recorded = getTargetChip(getOperation());
      if (recorded && !covers(*target, *recorded)) {
        emitError(getOperation().getLoc())
            << "the module is for " << getChipName(*recorded)
            << " (block.target), whose code " << chip.getValue()
            << " cannot run; compile for " << getChipName(*recorded)
            << " or remove block.target";
        return signalPassFailure();
      }
      if (!recorded)
        getOperation()->setAttr(BlockDialect::getTargetAttrName(),
                                builder.getStringAttr(chip));
      if (failed(checkTargetCapabilities(getOperation(), *target)))
        return signalPassFailure();
    }
    for (func::FuncOp kernel : getKernels(getOperation()))
      if (!kernel->hasAttr(BlockDialect::getNumWarpsAttrName()))
        kernel->setAttr(BlockDialect::getNumWarpsAttrName(),
                        builder.getI32IntegerAttr(numWarps));
  }
};
} // namespace
} // namespace mlir::block
