//===- KernelDefaults.cpp - Make kernel launch parameters explicit --------===//

#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Dialect/Block/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::block {
#define GEN_PASS_DEF_BLOCKKERNELDEFAULTS
#include "block/Dialect/Block/Transforms/Passes.h.inc"

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
      if (!parseTargetChip(chip)) {
        emitError(getOperation().getLoc())
            << "block-kernel-defaults: chip=" << chip.getValue()
            << " is not a chip name sm_<capability>[a|f] (e.g. sm_90a)";
        return signalPassFailure();
      }
      if (!getOperation()->hasAttr(BlockDialect::getTargetAttrName()))
        getOperation()->setAttr(BlockDialect::getTargetAttrName(),
                                builder.getStringAttr(chip));
    }
    for (func::FuncOp kernel : getKernels(getOperation()))
      if (!kernel->hasAttr(BlockDialect::getNumWarpsAttrName()))
        kernel->setAttr(BlockDialect::getNumWarpsAttrName(),
                        builder.getI32IntegerAttr(numWarps));
  }
};
} // namespace
} // namespace mlir::block
