//===- FinalizeKernelParams.cpp - Tensor maps as grid constants -----------===//

#include "block/Conversion/BlockToGPU/BlockToGPU.h"
#include "block/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::block {
#define GEN_PASS_DEF_BLOCKFINALIZEKERNELPARAMS
#include "block/Conversion/Passes.h.inc"
} // namespace mlir::block

using namespace mlir;

namespace {
struct BlockFinalizeKernelParams
    : block::impl::BlockFinalizeKernelParamsBase<BlockFinalizeKernelParams> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    Builder b(context);
    auto bytes = LLVM::LLVMArrayType::get(IntegerType::get(context, 8), 128);
    // The tensor maps are the last parameters, one per description.
    for (auto func : getOperation().getOps<LLVM::LLVMFuncOp>()) {
      auto maps = func->getAttrOfType<ArrayAttr>(block::kGPUTensorMapsAttrName);
      unsigned numArgs = func.getNumArguments();
      if (!maps || maps.size() > numArgs)
        continue;
      for (unsigned i = numArgs - maps.size(); i < numArgs; ++i) {
        func.setArgAttr(i, LLVM::LLVMDialect::getByValAttrName(),
                        TypeAttr::get(bytes));
        func.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                        b.getI64IntegerAttr(64));
        func.setArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName(),
                        b.getUnitAttr());
      }
    }
  }
};
} // namespace
