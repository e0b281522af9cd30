//===- BlockToPTX.cpp - From block programs to PTX ------------------------===//
//
// block-kernel-defaults, canonicalize, inline, cse,
// block-pipeline-dot-operands, block-assign-layouts,
// block-remove-layout-conversions, cse, blockgpu-materialize-shared-memory,
// blockgpu-allocate-shared-memory, blockgpu-insert-barriers,
// convert-block-to-gpu, then upstream: NVVM to LLVM (inline PTX), SCF to CF,
// GPU to NVVM (with arith, cf, math to LLVM, index 32-bit everywhere), the
// NVVM target attached here and nowhere else, and gpu-module-to-binary.
//
// The options are checked here, before any pass is built: upstream hands the
// chip and features to LLVM unchecked, and LLVM crashes or aborts on a chip
// it does not know or a PTX version too old for the chip.
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
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

using namespace mlir;
using namespace mlir::block;

/// One index width for every conversion, so that no cast survives.
static constexpr unsigned kIndexBitwidth = 32;

/// The PTX versions LLVM 22 knows from 6.0 on: the warp shuffles the
/// lowering emits (shfl.sync) need 6.0.
static constexpr unsigned kPTXVersions[] = {
    60, 61, 62, 63, 64, 65, 70, 71, 72, 73, 74, 75, 76,
    77, 78, 80, 81, 82, 83, 84, 85, 86, 87, 88, 90};
static constexpr unsigned kMinPTXVersion = 60;

/// The default stays the +ptx80 every bundle was built with until a chip
/// needs more.
static constexpr unsigned kDefaultPTXVersion = 80;

static const ChipInfo *lookupChip(StringRef name) {
  ArrayRef<ChipInfo> chips = getSupportedChips();
  const auto *it = llvm::find_if(
      chips, [&](const ChipInfo &chip) { return chip.name == name; });
  return it == chips.end() ? nullptr : it;
}

/// The PTX version `features` names ("+ptx86" -> 86), if it is of that
/// form.
static std::optional<unsigned> parsePTXFeature(StringRef features) {
  unsigned version;
  if (!features.consume_front("+ptx") || features.size() != 2 ||
      !llvm::all_of(features, llvm::isDigit) ||
      features.getAsInteger(10, version))
    return std::nullopt;
  return version;
}

unsigned mlir::block::getRequiredPTXVersion(const ChipInfo &chip) {
  return std::max(chip.minPTXVersion, kMinPTXVersion);
}

static unsigned getDefaultPTXVersion(const ChipInfo &chip) {
  return std::max(chip.minPTXVersion, kDefaultPTXVersion);
}

LogicalResult mlir::block::verifyBlockToPTXOptions(
    const BlockToPTXOptions &options,
    function_ref<void(const Twine &)> emitError, StringRef optionPrefix) {
  auto fail = [&](const Twine &message) {
    emitError(optionPrefix + message);
    return failure();
  };
  StringRef chipName = options.chip;
  const ChipInfo *chip = lookupChip(chipName);
  if (!chip) {
    std::string valid = llvm::join(
        llvm::map_range(getSupportedChips(),
                        [](const ChipInfo &c) { return c.name; }),
        ", ");
    // `chip=sm_80,features=+ptx80` reads as one chip: options are separated
    // by spaces.
    StringRef hint = chipName.contains('=')
                         ? " (separate options with spaces, not commas)"
                         : "";
    return fail("chip='" + chipName + "' is not a supported chip" + hint +
                "; supported: " + valid);
  }
  unsigned required = getRequiredPTXVersion(*chip);
  if (options.features.hasValue()) {
    StringRef features = options.features;
    std::optional<unsigned> version = parsePTXFeature(features);
    // Versions below the lowering's minimum are too old, whether LLVM knows
    // them or not.
    if (!version || (*version >= kMinPTXVersion &&
                     !llvm::is_contained(kPTXVersions, *version)))
      return fail("features='" + features +
                  "' is not a PTX version: expected one of +ptx" +
                  llvm::join(llvm::map_range(kPTXVersions,
                                             [](unsigned v) {
                                               return std::to_string(v);
                                             }),
                             ", +ptx") +
                  ", at least +ptx" + Twine(required) + " for " + chipName);
    if (*version < required)
      return fail("features=" + features + " is too old for " + chipName +
                  ", which needs +ptx" + Twine(required) +
                  " or later (without features, " + chipName + " gets +ptx" +
                  Twine(getDefaultPTXVersion(*chip)) + ")");
  }
  StringRef format = options.format;
  if (!llvm::is_contained({"isa", "bin", "fatbin"}, format))
    return fail("format='" + format +
                "' is not a format block-to-ptx writes; expected isa (PTX "
                "text), bin (cubin) or fatbin");
  unsigned numWarps = options.numWarps;
  if (numWarps < 1 || numWarps > 32 || !llvm::isPowerOf2_32(numWarps))
    return fail("num-warps=" + Twine(numWarps) +
                " must be a power of two from 1 to 32");
  if (options.optLevel > 3)
    return fail("opt-level=" + Twine(options.optLevel.getValue()) +
                " must be 0, 1, 2 or 3");
  return success();
}

std::string mlir::block::getTargetFeatures(const BlockToPTXOptions &options) {
  if (options.features.hasValue())
    return options.features;
  const ChipInfo *chip = lookupChip(options.chip);
  assert(chip && "options not verified");
  return "+ptx" + std::to_string(getDefaultPTXVersion(*chip));
}

void mlir::block::buildBlockFrontPipeline(OpPassManager &pm,
                                          const BlockToPTXOptions &options) {
  // The chip goes on the module (block.target) before the layout passes.
  pm.addPass(createBlockKernelDefaults({options.numWarps, options.chip}));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createInlinerPass());
  std::optional<TargetChip> chip = parseTargetChip(options.chip);
  pm.addPass(createBlockLowerTensorDescriptors(
      {/*tma=*/options.tma && chip && chip->hasWgmma()}));
  pm.addPass(createCSEPass());
  pm.addPass(createBlockVersionOnSigns());
}

void mlir::block::buildBlockToNVVMPipeline(OpPassManager &pm,
                                           const BlockToPTXOptions &options) {
  buildBlockFrontPipeline(pm, options);
  std::optional<TargetChip> chip = parseTargetChip(options.chip);
  pm.addPass(createBlockSplitLoops());
  pm.addPass(createBlockPipelineDotOperands());
  pm.addPass(createBlockAssignLayouts());
  pm.addPass(createBlockRemoveLayoutConversions());
  pm.addPass(createCSEPass());
  pm.addPass(blockgpu::createBlockGPUMaterializeSharedMemory());
  if (options.tma && chip && chip->hasWgmma())
    pm.addPass(blockgpu::createBlockGPUSpecializeWarps(
        {/*all=*/options.warpSpecialize, /*turns=*/options.warpGroupTurns}));
  pm.addPass(blockgpu::createBlockGPUPipelineLoops());
  pm.addPass(blockgpu::createBlockGPUDeferProductWaits());
  pm.addPass(blockgpu::createBlockGPUAllocateSharedMemory());
  pm.addPass(blockgpu::createBlockGPUInsertBarriers());
  pm.addPass(createConvertBlockToGPU(
      {options.gpuModuleName, chip && hasAsyncCopies(*chip)}));

  OpPassManager &gpu = pm.nest<gpu::GPUModuleOp>();
  gpu.addPass(createBlockRematerializeInLoopNests());
  // Before arith-to-llvm: the PTX builder makes an llvm.mlir.constant operand
  // an immediate, which not every PTX operand (nor a predicate) takes.
  gpu.addPass(createConvertNVVMToLLVMPass());
  gpu.addPass(createSCFToControlFlowPass());
  gpu.addPass(createConvertGpuOpsToNVVMOps({kIndexBitwidth}));
  gpu.addPass(createBlockFinalizeKernelParams());
  gpu.addPass(createArithToLLVMConversionPass({kIndexBitwidth}));
  gpu.addPass(createConvertMathToLLVMPass());
  gpu.addPass(createUBToLLVMConversionPass({kIndexBitwidth}));
  pm.addPass(createConvertControlFlowToLLVMPass({kIndexBitwidth}));
  pm.addPass(createReconcileUnrealizedCastsPass());

  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.features = getTargetFeatures(options);
  target.optLevel = options.optLevel;
  pm.addPass(createGpuNVVMAttachTarget(target));
}

std::optional<std::string> mlir::block::findPtxas() {
  if (llvm::ErrorOr<std::string> ptxas =
          llvm::sys::findProgramByName("ptxas", {"/usr/local/cuda/bin"}))
    return *ptxas;
  if (llvm::ErrorOr<std::string> ptxas = llvm::sys::findProgramByName("ptxas"))
    return *ptxas;
  return std::nullopt;
}

/// The CUDA toolkit holding ptxas and libdevice; empty if none is found.
/// Passed explicitly so that the result does not depend on CUDA_HOME.
static std::string findToolkit() {
  std::optional<std::string> ptxas = findPtxas();
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
  // Registered by hand rather than with PassPipelineRegistration, whose
  // builder cannot fail: a bad option must fail the command.
  registerPassPipeline(
      "block-to-ptx",
      "Compile block kernels to PTX (or a cubin) in a gpu.binary",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        BlockToPTXOptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        if (failed(verifyBlockToPTXOptions(
                options,
                [&](const Twine &message) { (void)errorHandler(message); },
                "block-to-ptx: ")))
          return failure();
        buildBlockToPTXPipeline(pm, options);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optHandler) {
        optHandler(BlockToPTXOptions());
      });
}
