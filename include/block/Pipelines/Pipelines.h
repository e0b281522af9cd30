//===- Pipelines.h - From block programs to PTX -----------------*- C++ -*-===//

#ifndef BLOCK_PIPELINES_PIPELINES_H
#define BLOCK_PIPELINES_PIPELINES_H

#include "block/Dialect/Block/IR/TargetChips.h"

#include "mlir/Pass/PassOptions.h"
#include "mlir/Support/LLVM.h"

#include <optional>
#include <string>

namespace mlir {
class OpPassManager;
namespace block {

struct BlockToPTXOptions : public PassPipelineOptions<BlockToPTXOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("Target GPU (sm_80, sm_90a, sm_100a, ...; sm_50 to "
                     "sm_121f)"),
      llvm::cl::init("sm_90a")};
  PassOptions::Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX version as +ptxNN (default: the lowest the chip "
                     "takes, at least +ptx80)")};
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
  PassOptions::Option<bool> tma{
      *this, "tma",
      llvm::cl::desc("On a chip with wgmma, copy the tiles of tensor "
                     "descriptors that pipelined products read, and store "
                     "those a kernel writes, with TMA, through tensor maps "
                     "the runtime encodes (on by default; false: pointer "
                     "copies)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> warpSpecialize{
      *this, "warp-specialize",
      llvm::cl::desc("With tma: a producer warpgroup issues the copies of a "
                     "product loop and the kernel's warps consume them, "
                     "where the program does not say otherwise "
                     "(block.warp_specialize)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> warpGroupTurns{
      *this, "warp-group-turns",
      llvm::cl::desc("With a producer warpgroup: the consumer warpgroups "
                     "of a loop of several products take turns at issuing "
                     "them (FA3's ping-pong; on by default; false: they "
                     "issue as they come)"),
      llvm::cl::init(true)};
};

/// The lowest PTX version block-to-ptx takes for `chip`: LLVM's, and at
/// least 6.0, which the lowering's warp shuffles (shfl.sync) need.
unsigned getRequiredPTXVersion(const ChipInfo &chip);

/// Checks the options before any pass is built, so that no value LLVM
/// cannot take reaches it: a supported chip, features that are one PTX
/// version the chip takes, a known format, num-warps a power of two up to 32
/// and opt-level 0 to 3. Reports the first error through `emitError`, naming
/// the option as `optionPrefix` followed by its name.
LogicalResult
verifyBlockToPTXOptions(const BlockToPTXOptions &options,
                        function_ref<void(const Twine &)> emitError,
                        StringRef optionPrefix = "");

/// The features the NVVM target gets: those given or, where none were, the
/// chip's default. `options` must have been verified.
std::string getTargetFeatures(const BlockToPTXOptions &options);

/// ptxas, from /usr/local/cuda/bin or else from PATH; std::nullopt where
/// neither has it. The serialisation takes libdevice from its toolkit.
std::optional<std::string> findPtxas();

/// Adds the passes that take a block program to the form the layouts are
/// assigned on (defaults, canonical forms, inlined calls, tensor
/// descriptors lowered): the IR whose axis analysis decides how memory is
/// accessed. The start of buildBlockToNVVMPipeline.
void buildBlockFrontPipeline(OpPassManager &pm,
                             const BlockToPTXOptions &options);

/// Adds the passes from a block program to gpu.modules of NVVM/LLVM dialect
/// code with the target attached: everything but the serialisation. The
/// builders take verified options (verifyBlockToPTXOptions).
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
