//===- Pipelines.h - From block programs to PTX -----------------*- C++ -*-===//

#ifndef BLOCK_PIPELINES_PIPELINES_H
#define BLOCK_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
namespace block {

struct BlockToPTXOptions : public PassPipelineOptions<BlockToPTXOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("Target GPU (sm_80, sm_90a, ...)"),
      llvm::cl::init("sm_90a")};
  PassOptions::Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features; sm_90a needs +ptx80 or later"),
      llvm::cl::init("+ptx80")};
  PassOptions::Option<unsigned> numWarps{
      *this, "num-warps",
      llvm::cl::desc("Warps per program instance for kernels that do not "
                     "say (block.num_warps)"),
      llvm::cl::init(4)};
  PassOptions::Option<unsigned> optLevel{
      *this, "opt-level", llvm::cl::desc("LLVM optimisation level (0-3)"),
      llvm::cl::init(3)};
  PassOptions::Option<std::string> format{
      *this, "format",
      llvm::cl::desc("What gpu.binary holds: isa (PTX text) or bin (cubin, "
                     "through ptxas)"),
      llvm::cl::init("isa")};
  PassOptions::Option<std::string> gpuModuleName{
      *this, "gpu-module-name",
      llvm::cl::desc("Name of the gpu.module holding the kernels"),
      llvm::cl::init("")};
};

/// Adds the passes from a block program to gpu.modules of NVVM/LLVM dialect
/// code with the target attached: everything but the serialisation.
void buildBlockToNVVMPipeline(OpPassManager &pm,
                              const BlockToPTXOptions &options);

/// Adds the serialisation of the gpu.modules into gpu.binary ops.
void buildBlockSerializationPipeline(OpPassManager &pm,
                                     const BlockToPTXOptions &options);

/// buildBlockToNVVMPipeline followed by buildBlockSerializationPipeline.
void buildBlockToPTXPipeline(OpPassManager &pm,
                             const BlockToPTXOptions &options);

/// Registers `block-to-ptx`.
void registerBlockPipelines();

} // namespace block
} // namespace mlir

#endif // BLOCK_PIPELINES_PIPELINES_H
