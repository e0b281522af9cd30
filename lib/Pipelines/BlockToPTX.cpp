//===- BlockToPTX.cpp - From block programs to PTX ------------------------===//
//
// block-kernel-defaults, canonicalize, inline, cse,
// block-pipeline-dot-operands, block-assign-layouts,
// block-remove-layout-conversions, cse, convert-block-to-gpu,
// block-remove-redundant-barriers,
// then upstream: SCF to CF, GPU to NVVM (with arith, cf, math to LLVM, index
// 32-bit everywhere), the NVVM target attached here and nowhere else, and
// gpu-module-to-binary.
//
//===----------------------------------------------------------------------===//

#include "block/Pipelines/Pipelines.h"

#include "block/Conversion/Passes.h"
#include "block/Dialect/Block/Transforms/Passes.h"
#include "block/Dialect/BlockGPU/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

using namespace mlir;
using namespace mlir::block;

/// One index width for every conversion, so that no cast survives.
static constexpr unsigned kIndexBitwidth = 32;

void mlir::block::buildBlockToNVVMPipeline(OpPassManager &pm,
                                           const BlockToPTXOptions &options) {
  pm.addPass(createBlockKernelDefaults({options.numWarps}));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createInlinerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createBlockPipelineDotOperands());
  pm.addPass(createBlockAssignLayouts());
  pm.addPass(createBlockRemoveLayoutConversions());
  pm.addPass(createCSEPass());
  pm.addPass(blockgpu::createBlockGPUAllocateSharedMemory());
  pm.addPass(createConvertBlockToGPU({options.gpuModuleName}));

  OpPassManager &gpu = pm.nest<gpu::GPUModuleOp>();
  gpu.addNestedPass<gpu::GPUFuncOp>(createBlockRemoveRedundantBarriers());
  gpu.addPass(createSCFToControlFlowPass());
  gpu.addPass(createConvertGpuOpsToNVVMOps({kIndexBitwidth}));
  gpu.addPass(createArithToLLVMConversionPass({kIndexBitwidth}));
  gpu.addPass(createConvertMathToLLVMPass());
  gpu.addPass(createUBToLLVMConversionPass({kIndexBitwidth}));
  pm.addPass(createConvertControlFlowToLLVMPass({kIndexBitwidth}));
  pm.addPass(createReconcileUnrealizedCastsPass());

  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.features = options.features;
  target.optLevel = options.optLevel;
  pm.addPass(createGpuNVVMAttachTarget(target));
}

/// The CUDA toolkit holding ptxas and libdevice; empty if none is found.
/// Passed explicitly so that the result does not depend on CUDA_HOME.
static std::string findToolkit() {
  llvm::ErrorOr<std::string> ptxas =
      llvm::sys::findProgramByName("ptxas", {"/usr/local/cuda/bin"});
  if (!ptxas)
    return "";
  return llvm::sys::path::parent_path(llvm::sys::path::parent_path(*ptxas))
      .str();
}

void mlir::block::buildBlockSerializationPipeline(
    OpPassManager &pm, const BlockToPTXOptions &options) {
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = options.format;
  binary.toolkitPath = findToolkit();
  pm.addPass(createGpuModuleToBinaryPass(binary));
}

void mlir::block::buildBlockToPTXPipeline(OpPassManager &pm,
                                          const BlockToPTXOptions &options) {
  buildBlockToNVVMPipeline(pm, options);
  buildBlockSerializationPipeline(pm, options);
}

void mlir::block::registerBlockPipelines() {
  PassPipelineRegistration<BlockToPTXOptions>(
      "block-to-ptx",
      "Compile block kernels to PTX (or a cubin) in a gpu.binary",
      buildBlockToPTXPipeline);
}
