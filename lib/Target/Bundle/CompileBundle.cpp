//===- CompileBundle.cpp - From a block program to a kernel bundle --------===//

#include "block/Target/Bundle/CompileBundle.h"

#include "Assemble.h"

#include "block/Conversion/BlockToGPU/BlockToGPU.h"
#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Dialect/Block/IR/KernelSignature.h"
#include "block/InitAllBlock.h"
#include "block/Support/Remarks.h"
#include "block/Target/Bundle/Specialize.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Remarks.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

#include <atomic>
#include <mutex>

using namespace mlir;
using namespace mlir::block;

static constexpr llvm::StringLiteral kTriple = "nvptx64-nvidia-cuda";

static InFlightDiagnostic fail(MLIRContext *context, const Twine &message) {
  return emitError(UnknownLoc::get(context), message);
}

/// The kernels and their arguments, as written (before lowering), named as
/// in the source.
static FailureOr<SmallVector<blockrt::KernelInfo>>
collectKernels(ModuleOp module, const ArgumentNames &names) {
  SmallVector<blockrt::KernelInfo> kernels;
  for (func::FuncOp func : getKernels(module)) {
    FailureOr<blockrt::KernelInfo> kernel =
        describeKernel(func, names.lookup(func.getSymName()));
    if (failed(kernel))
      return failure();
    kernels.push_back(std::move(*kernel));
  }
  return kernels;
}

/// A size or stride of a tensor map: {arg = i}, {value = v}, or
/// {product = [i, j, ...], value = v}.
static std::optional<blockrt::TensorMapValue> readMapOperand(Attribute attr) {
  auto dict = dyn_cast<DictionaryAttr>(attr);
  if (!dict)
    return std::nullopt;
  if (auto arg = dict.getAs<IntegerAttr>("arg"))
    return blockrt::TensorMapValue::fromArg(unsigned(arg.getInt()));
  blockrt::TensorMapValue value;
  if (auto factor = dict.getAs<IntegerAttr>("value"))
    value.value = uint64_t(factor.getInt());
  if (auto product = dict.getAs<DenseI64ArrayAttr>("product"))
    for (int64_t arg : product.asArrayRef())
      value.args.push_back(unsigned(arg));
  else if (!dict.get("value"))
    return std::nullopt;
  return value;
}

/// The tensor maps convert-block-to-gpu described on `func` (its hidden
/// parameters, after the user's), into the manifest's terms; the
/// assumptions they add in words.
static LogicalResult readTensorMaps(LLVM::LLVMFuncOp func,
                                    blockrt::KernelInfo &kernel) {
  kernel.tensorMaps.clear();
  auto maps = func->getAttrOfType<ArrayAttr>(kGPUTensorMapsAttrName);
  if (!maps)
    return success();
  for (Attribute attr : maps) {
    auto dict = dyn_cast<DictionaryAttr>(attr);
    auto base = dict ? dict.getAs<IntegerAttr>("base") : nullptr;
    auto sizes = dict ? dict.getAs<ArrayAttr>("sizes") : nullptr;
    auto strides = dict ? dict.getAs<ArrayAttr>("strides") : nullptr;
    auto box = dict ? dict.getAs<DenseI64ArrayAttr>("box") : nullptr;
    auto swizzle = dict ? dict.getAs<IntegerAttr>("swizzle") : nullptr;
    if (!base || !sizes || !strides || !box || !swizzle)
      return func.emitError() << "kernel @" << kernel.name
                              << " has a malformed tensor map " << attr;
    blockrt::TensorMapInfo map;
    map.base = unsigned(base.getInt());
    for (auto [from, to] : {std::pair{sizes, &map.sizes},
                            std::pair{strides, &map.strides}})
      for (Attribute operand : from) {
        std::optional<blockrt::TensorMapValue> value = readMapOperand(operand);
        if (!value)
          return func.emitError() << "kernel @" << kernel.name
                                  << " has a malformed tensor map " << attr;
        to->push_back(*value);
      }
    for (int64_t extent : box.asArrayRef())
      map.box.push_back(uint32_t(extent));
    switch (swizzle.getInt()) {
    case 0:
      map.swizzle = blockrt::TensorMapSwizzle::None;
      break;
    case 32:
      map.swizzle = blockrt::TensorMapSwizzle::Bytes32;
      break;
    case 64:
      map.swizzle = blockrt::TensorMapSwizzle::Bytes64;
      break;
    case 128:
      map.swizzle = blockrt::TensorMapSwizzle::Bytes128;
      break;
    default:
      return func.emitError() << "kernel @" << kernel.name
                              << " has a tensor map with a swizzle of "
                              << swizzle.getInt() << " bytes";
    }
    map.oobFill = blockrt::TensorMapOobFill::Zero;
    kernel.tensorMaps.push_back(std::move(map));
  }
  kernel.assumptions =
      blockrt::describeAssumptions(kernel.parameters, kernel.tensorMaps);
  return success();
}

/// Reads back what the lowering decided (warps, shared memory) and checks
/// that each kernel takes exactly one LLVM parameter per argument, of the
/// type a launch passes: a 64-bit address for a pointer, the scalar itself
/// otherwise (an fp8 scalar's byte).
static LogicalResult
readLoweredKernels(ModuleOp module, StringRef gpuModule,
                   SmallVectorImpl<blockrt::KernelInfo> &kernels) {
  auto gpu = module.lookupSymbol<gpu::GPUModuleOp>(gpuModule);
  if (!gpu)
    return module.emitError() << "the lowering produced no gpu.module @"
                              << gpuModule;
  for (blockrt::KernelInfo &kernel : kernels) {
    auto func = gpu.lookupSymbol<LLVM::LLVMFuncOp>(kernel.name);
    if (!func)
      return gpu.emitError() << "kernel @" << kernel.name
                             << " was not lowered to an llvm.func";
    auto warps = func->getAttrOfType<IntegerAttr>(kGPUNumWarpsAttrName);
    auto shared =
        func->getAttrOfType<IntegerAttr>(kGPUSharedMemoryBytesAttrName);
    if (!warps || !shared)
      return func.emitError() << "kernel @" << kernel.name
                              << " lacks " << kGPUNumWarpsAttrName << " or "
                              << kGPUSharedMemoryBytesAttrName;
    kernel.numWarps = warps.getInt();
    kernel.threadsPerBlock = 32 * kernel.numWarps;
    kernel.sharedMemoryBytes = shared.getInt();
    if (failed(readTensorMaps(func, kernel)))
      return failure();
    ArrayRef<Type> lowered = func.getFunctionType().getParams();
    if (lowered.size() != kernel.parameters.size() + kernel.tensorMaps.size())
      return func.emitError()
             << "kernel @" << kernel.name << " has " << lowered.size()
             << " LLVM parameters for " << kernel.parameters.size()
             << " arguments and " << kernel.tensorMaps.size()
             << " tensor maps";
    for (Type type : lowered.drop_front(kernel.parameters.size()))
      if (!isa<LLVM::LLVMPointerType>(type))
        return func.emitError() << "kernel @" << kernel.name
                                << " takes a tensor map as " << type;
    for (auto [i, param, type] : llvm::enumerate(
             kernel.parameters, lowered.take_front(kernel.parameters.size()))) {
      // LLVM has no fp8 type: an fp8 scalar arrives as its byte, an i8.
      bool matches =
          param.isPointer() ? isa<LLVM::LLVMPointerType>(type)
          : blockrt::isFloatType(param.type) &&
                  blockrt::elementBitWidth(param.type) == 8
              ? type.isInteger(8)
              : getRuntimeElementType(type) == param.type;
      if (!matches)
        return func.emitError() << "kernel @" << kernel.name << " parameter #"
                                << i << " has type " << type << " for "
                                << param.typeString();
    }
  }
  return success();
}

/// Whether two kernels take the same tensor maps as hidden parameters.
static bool haveSameTensorMaps(const blockrt::KernelInfo &a,
                               const blockrt::KernelInfo &b) {
  auto sameValues = [](const std::vector<blockrt::TensorMapValue> &x,
                       const std::vector<blockrt::TensorMapValue> &y) {
    return llvm::equal(
        x, y,
        [](const blockrt::TensorMapValue &u, const blockrt::TensorMapValue &v) {
          return u.args == v.args && u.value == v.value;
        });
  };
  return llvm::equal(a.tensorMaps, b.tensorMaps,
                     [&](const blockrt::TensorMapInfo &x,
                         const blockrt::TensorMapInfo &y) {
                       return x.base == y.base && x.box == y.box &&
                              x.swizzle == y.swizzle &&
                              x.oobFill == y.oobFill &&
                              sameValues(x.sizes, y.sizes) &&
                              sameValues(x.strides, y.strides);
                     });
}

/// Reads back the lowered variants of `plan`, drops those whose PTX a less
/// specialised one (or the kernel) already has and those whose warps or
/// tensor maps are not the kernel's (the manifest gives a variant its
/// kernel's block size and maps; an assumption can make a descriptor one
/// the copy engine takes, or fold away the loop a producer warpgroup would
/// feed), from the module too, and records the rest in their kernels'
/// manifest entries and in `functions`.
static LogicalResult
addLoweredVariants(ModuleOp module, StringRef name,
                   const BlockToPTXOptions &options,
                   ArrayRef<PlannedVariant> plan,
                   SmallVectorImpl<blockrt::KernelInfo> &kernels,
                   SmallVectorImpl<blockrt::KernelInfo> &functions) {
  if (plan.empty())
    return success();
  auto kernelOf = [&](const PlannedVariant &variant)
      -> blockrt::KernelInfo & {
    return *llvm::find_if(kernels, [&](const blockrt::KernelInfo &kernel) {
      return kernel.name == variant.kernel;
    });
  };
  SmallVector<blockrt::KernelInfo> lowered;
  for (const PlannedVariant &variant : plan) {
    blockrt::KernelInfo info = kernelOf(variant);
    info.name = variant.symbol;
    lowered.push_back(std::move(info));
  }
  if (failed(readLoweredKernels(module, name, lowered)))
    return failure();
  FailureOr<std::string> ptx = serializeToPTX(module, name, options);
  if (failed(ptx))
    return failure();
  auto gpu = module.lookupSymbol<gpu::GPUModuleOp>(name);
  for (auto [variant, info] : llvm::zip_equal(plan, lowered)) {
    blockrt::KernelInfo &kernel = kernelOf(variant);
    std::string code =
        getEntryPTX(*ptx, variant.symbol, kernel.name);
    bool redundant = code == getEntryPTX(*ptx, kernel.name,
                                                  kernel.name);
    for (const blockrt::KernelVariant &kept : kernel.variants)
      redundant |= implies(variant.assume, kept.assume) &&
                   code == getEntryPTX(*ptx, kept.symbol,
                                                kernel.name);
    if (redundant || info.numWarps != kernel.numWarps ||
        !haveSameTensorMaps(info, kernel)) {
      gpu.lookupSymbol<LLVM::LLVMFuncOp>(variant.symbol).erase();
      continue;
    }
    blockrt::KernelVariant kept;
    kept.symbol = variant.symbol;
    kept.sharedMemoryBytes = info.sharedMemoryBytes;
    kept.assume = variant.assume;
    kept.assumptions = blockrt::describeAssumptions(kernel, kept);
    kernel.variants.push_back(std::move(kept));
    functions.push_back(std::move(info));
  }
  return success();
}

/// Writes `files` (name, contents) into `dir`, created where missing: each
/// to a temporary file renamed into place once all are written, so that a
/// failure leaves the directory's bundle as it was, never new files beside
/// old ones.
static LogicalResult
writeBundleFiles(MLIRContext *context, StringRef dir,
                 ArrayRef<std::pair<std::string, std::string>> files) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return fail(context, "cannot create " + dir + ": " + ec.message());
  SmallVector<std::pair<llvm::sys::fs::TempFile, std::string>> written;
  auto discardAll = [&] {
    for (auto &[temp, path] : written)
      llvm::consumeError(temp.discard());
  };
  for (const auto &[file, contents] : files) {
    SmallString<128> path(dir);
    llvm::sys::path::append(path, file);
    llvm::Expected<llvm::sys::fs::TempFile> temp =
        llvm::sys::fs::TempFile::create(path + "-%%%%%%.tmp");
    if (!temp) {
      discardAll();
      return fail(context, "cannot write " + path + ": " +
                               llvm::toString(temp.takeError()));
    }
    written.push_back({std::move(*temp), path.str().str()});
    llvm::raw_fd_ostream os(written.back().first.FD, /*shouldClose=*/false);
    os << contents;
    os.flush();
    if (os.has_error()) {
      std::string message = os.error().message();
      os.clear_error();
      discardAll();
      return fail(context, "cannot write " + path + ": " + message);
    }
  }
  for (auto &[temp, path] : written)
    if (llvm::Error e = temp.keep(path)) {
      discardAll();
      return fail(context,
                  "cannot write " + path + ": " + llvm::toString(std::move(e)));
    }
  return success();
}

LogicalResult
mlir::block::verifyBundleOptions(const BundleOptions &options,
                                 function_ref<void(const Twine &)> emitError,
                                 StringRef optionPrefix) {
  if (failed(verifyBlockToPTXOptions(options.pipeline, emitError,
                                     optionPrefix)))
    return failure();
  if (options.cubin == CubinMode::Required && !findPtxas()) {
    emitError(optionPrefix + "cubin needs ptxas, which was found neither in "
                             "/usr/local/cuda/bin nor on PATH");
    return failure();
  }
  return success();
}

static void reportVariantRemarks(MLIRContext *context,
                                 const llvm::StringSet<> &kept);

FailureOr<CompiledBundle>
mlir::block::compileBundle(ModuleOp module, const ArgumentNames &argumentNames,
                           const BundleOptions &bundleOptions,
                           StringRef outDir) {
  MLIRContext *context = module.getContext();
  BlockToPTXOptions options;
  options.copyOptionValuesFrom(bundleOptions.pipeline);
  options.format = "isa";
  const std::string &name = bundleOptions.moduleName;
  std::optional<std::string> ptxas = findPtxas();

  FailureOr<SmallVector<blockrt::KernelInfo>> kernels =
      collectKernels(module, argumentNames);
  if (failed(kernels))
    return failure();
  if (kernels->empty()) {
    auto file = dyn_cast<FileLineColLoc>(module.getLoc());
    return fail(context, (file ? file.getFilename().str() : "the module") +
                             " has no kernel (a func.func with block.kernel)");
  }

  FailureOr<std::vector<PlannedVariant>> plan = planVariants(
      module, *kernels, bundleOptions.specialize, bundleOptions.maxVariants,
      options, [&](const Twine &message) { fail(context, message); });
  if (failed(plan))
    return failure();
  addVariants(module, *plan);

  options.gpuModuleName = name;
  PassManager lower(context);
  buildBlockToNVVMPipeline(lower, options);
  if (failed(lower.run(module)))
    return failure();
  if (failed(readLoweredKernels(module, name, *kernels)))
    return failure();
  // Every function the module ends up with: the kernels, then the variants
  // that survive.
  SmallVector<blockrt::KernelInfo> functions(kernels->begin(), kernels->end());
  if (failed(addLoweredVariants(module, name, options, *plan, *kernels,
                                functions)))
    return failure();
  llvm::StringSet<> kept;
  for (const blockrt::KernelInfo &kernel : *kernels)
    for (const blockrt::KernelVariant &variant : kernel.variants)
      kept.insert(variant.symbol);
  reportVariantRemarks(context, kept);
  // With the occupancy search, the PTX and cubin are those of its last
  // state; without, they are assembled once here.
  CompiledBundle bundle;
  bool withCubin = ptxas && bundleOptions.cubin != CubinMode::Never;
  std::optional<Assembly> assembly;
  if (ptxas && bundleOptions.raiseOccupancy) {
    FailureOr<Assembly> raised = raiseKernelOccupancy(
        module, name, functions, *ptxas, options, bundle.occupancy);
    if (failed(raised))
      return failure();
    assembly = std::move(*raised);
  } else if (withCubin) {
    FailureOr<Assembly> assembled = assemble(module, name, options, *ptxas);
    if (failed(assembled))
      return failure();
    assembly = std::move(*assembled);
  } else {
    FailureOr<std::string> ptx = serializeToPTX(module, name, options);
    if (failed(ptx) || failed(checkResolved(context, *ptx)))
      return failure();
    assembly = Assembly{std::move(*ptx), {}, {}};
  }

  blockrt::Manifest &manifest = bundle.manifest;
  manifest.module = name;
  manifest.target = {kTriple.str(), options.chip, getTargetFeatures(options)};
  manifest.ptx = name + ".ptx";
  if (withCubin)
    manifest.cubin = name + ".cubin";
  manifest.kernels.assign(kernels->begin(), kernels->end());

  // Everything is made before anything is written.
  SmallVector<std::pair<std::string, std::string>> files;
  files.push_back({name + ".ptx", std::move(assembly->ptx)});
  if (withCubin)
    files.push_back({name + ".cubin", std::move(assembly->cubin)});
  files.push_back({name + ".json", blockrt::writeManifest(manifest)});
  if (failed(writeBundleFiles(context, outDir, files)))
    return failure();
  return bundle;
}

void mlir::block::registerBundleDialects(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllGPUToLLVMIRTranslations(registry);
  registerBlockDialects(registry);
}

/// How many QuietRemarks live.
static std::atomic<int> quietRemarks = 0;

namespace {
/// Prints each remark as a diagnostic at its location, as clang prints
/// -Rpass: "<what>: <why not better> (try <suggestion>) [<category>]". Each
/// variant's passes say the same of the same source op, which the user reads
/// once; where a variant's remark differs from the kernel's, it names the
/// variant. A variant's remarks wait until compileBundle knows which variants
/// it keeps: those of one it drops describe no code that runs.
struct DiagnosticRemarkStreamer : remark::detail::MLIRRemarkStreamerBase {
  explicit DiagnosticRemarkStreamer(MLIRContext *context);
  ~DiagnosticRemarkStreamer() override;

  struct Held {
    Location loc;
    std::string text, function, category;
  };

  void streamOptimizationRemark(const remark::detail::Remark &remark) override {
    std::string text;
    for (const remark::detail::Remark::Arg &arg : remark.getArgs()) {
      if (arg.key == "Suggestion") {
        text += " (try " + arg.val + ")";
        continue;
      }
      if (arg.key != "Remark" && !text.empty())
        text += ": ";
      text += arg.val;
    }
    Held held{remark.getLocation(), std::move(text), remark.getFunction().str(),
              remark.getCombinedCategoryName().str()};
    std::lock_guard<std::mutex> lock(mutex);
    if (quietRemarks > 0)
      return;
    if (StringRef(held.function).contains(kVariantInfix))
      variantRemarks.push_back(std::move(held));
    else
      print(held);
  }

  /// Prints `held` unless it was said at its location.
  void print(const Held &held) {
    std::string said;
    llvm::raw_string_ostream(said) << held.loc << held.text;
    if (!remarksSaid.insert(said).second)
      return;
    InFlightDiagnostic diag = emitRemark(held.loc) << held.text;
    if (StringRef(held.function).contains(kVariantInfix))
      diag << " (variant " << held.function << ")";
    diag << " [" << held.category << "]";
  }

  MLIRContext *context;
  std::mutex mutex;
  llvm::StringSet<> remarksSaid;
  std::vector<Held> variantRemarks;
};

/// The streamer enableBlockRemarks gave each context, which owns it.
llvm::DenseMap<MLIRContext *, DiagnosticRemarkStreamer *> &getStreamers() {
  static llvm::DenseMap<MLIRContext *, DiagnosticRemarkStreamer *> streamers;
  return streamers;
}
std::mutex streamersMutex;

DiagnosticRemarkStreamer::DiagnosticRemarkStreamer(MLIRContext *context)
    : context(context) {
  std::lock_guard<std::mutex> lock(streamersMutex);
  getStreamers()[context] = this;
}

DiagnosticRemarkStreamer::~DiagnosticRemarkStreamer() {
  std::lock_guard<std::mutex> lock(streamersMutex);
  getStreamers().erase(context);
}
} // namespace

QuietRemarks::QuietRemarks() { ++quietRemarks; }
QuietRemarks::~QuietRemarks() { --quietRemarks; }

/// Prints the held remarks of the variants `kept` names, and drops the
/// others'.
static void reportVariantRemarks(MLIRContext *context,
                                 const llvm::StringSet<> &kept) {
  std::lock_guard<std::mutex> lock(streamersMutex);
  DiagnosticRemarkStreamer *streamer = getStreamers().lookup(context);
  if (!streamer)
    return;
  std::lock_guard<std::mutex> heldLock(streamer->mutex);
  for (const DiagnosticRemarkStreamer::Held &held : streamer->variantRemarks)
    if (kept.contains(held.function))
      streamer->print(held);
  streamer->variantRemarks.clear();
}

LogicalResult mlir::block::enableBlockRemarks(MLIRContext &context) {
  // The engine builds a kind's filter only where that kind is named.
  std::string all = "block-.*";
  remark::RemarkCategories categories{all, all, all, all, all};
  return remark::enableOptimizationRemarks(
      context, std::make_unique<DiagnosticRemarkStreamer>(&context),
      std::make_unique<remark::RemarkEmittingPolicyAll>(), categories);
}

BundleDiagnosticHandler::BundleDiagnosticHandler(llvm::SourceMgr &sourceMgr,
                                                 MLIRContext *context,
                                                 raw_ostream &stream)
    : SourceMgrDiagnosticHandler(sourceMgr, context, stream) {
  // The lowered op ("see current operation") is the compiler's form, not
  // the user's: the location and the message say what to change.
  context->printOpOnDiagnostic(false);
  setHandler([this](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error) {
      std::string where;
      llvm::raw_string_ostream(where) << diag.getLocation();
      if (!isa<UnknownLoc>(diag.getLocation()) &&
          !errorLocations.insert(where).second)
        return;
    }
    if (!isa<UnknownLoc>(diag.getLocation()))
      return emitDiagnostic(diag);
    os << "block-compile: ";
    switch (diag.getSeverity()) {
    case DiagnosticSeverity::Error:
      os << "error: ";
      break;
    case DiagnosticSeverity::Warning:
      os << "warning: ";
      break;
    case DiagnosticSeverity::Note:
      os << "note: ";
      break;
    case DiagnosticSeverity::Remark:
      os << "remark: ";
      break;
    }
    os << diag << "\n";
  });
}
