//===- block-compile.cpp - From a block program to a kernel bundle --------===//
//
//   block-compile prog.mlir -o <dir> [--chip=sm_90a] [--features=+ptx80]
//                 [--num-warps=4] [--opt-level=3] [--cubin | --no-cubin]
//
// Runs the block-to-ptx pipeline and writes, into <dir>, the bundle the
// runtime loads: <module>.ptx, <module>.cubin (assembled by ptxas when it is
// found, or required with --cubin) and the manifest <module>.json. The module
// is named after the input file; a directory holding another module's bundle
// is refused without --force. The manifest describes each kernel's
// parameters (in launch order, named as in the source), warps, dynamic shared
// memory, target and the assumptions (argument hints) compiled into the code.
//
// Where ptxas is found, each kernel that uses a barrier then gets the most
// CTAs per SM that ptxas fits without spilling (`nvvm.minctasm`, raised one
// CTA at a time from what ptxas picks by itself; see Occupancy.h);
// --raise-occupancy=false keeps ptxas's own choice.
//
// With --specialize (auto by default), each kernel also gets variants
// specialised on its integer arguments, as Triton does at launch (see
// Specialize.h); the manifest lists them, and the runtime launches the most
// specialised one that the arguments satisfy.
//
//===----------------------------------------------------------------------===//

#include "Occupancy.h"
#include "Specialize.h"

#include "block/Conversion/BlockToGPU/BlockToGPU.h"
#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Dialect/Block/IR/KernelSignature.h"
#include "block/InitAllBlock.h"
#include "block/Pipelines/Pipelines.h"
#include "block/Support/ArgumentNames.h"
#include "block/Support/Version.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include <map>

using namespace mlir;
using namespace mlir::block;
namespace cl = llvm::cl;

static cl::OptionCategory category("block-compile options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input .mlir>"),
                                      cl::Required, cl::cat(category));
static cl::opt<std::string> outputDir("o", cl::desc("Bundle directory"),
                                      cl::value_desc("dir"), cl::Required,
                                      cl::cat(category));
// block-to-ptx's options, with its names, descriptions and defaults.
static const BlockToPTXOptions &getPipelineDefaults() {
  static const BlockToPTXOptions defaults;
  return defaults;
}
template <typename T>
static cl::opt<T> pipelineOption(const BlockToPTXOptions::Option<T> &option) {
  return cl::opt<T>(option.getArgStr(), cl::desc(option.HelpStr),
                    cl::init(option.getValue()), cl::cat(category));
}
static cl::opt<std::string> chip = pipelineOption(getPipelineDefaults().chip);
static cl::opt<std::string> features =
    pipelineOption(getPipelineDefaults().features);
static cl::opt<unsigned> numWarps =
    pipelineOption(getPipelineDefaults().numWarps);
static cl::opt<unsigned> optLevel =
    pipelineOption(getPipelineDefaults().optLevel);
static cl::opt<bool> tma = pipelineOption(getPipelineDefaults().tma);
static cl::opt<bool> warpSpecialize =
    pipelineOption(getPipelineDefaults().warpSpecialize);
static cl::opt<bool> warpGroupTurns =
    pipelineOption(getPipelineDefaults().warpGroupTurns);
static cl::opt<bool> requireCubin("cubin",
                                  cl::desc("Write a cubin (needs ptxas)"),
                                  cl::cat(category));
static cl::opt<bool> noCubin("no-cubin",
                             cl::desc("Do not write a cubin even if ptxas "
                                      "is found"),
                             cl::cat(category));

static cl::opt<bool> raiseOccupancy(
    "raise-occupancy",
    cl::desc("Ask ptxas for more CTAs per SM while it fits them without "
             "spilling (needs ptxas)"),
    cl::init(true), cl::cat(category));
static cl::opt<std::string> specialize(
    "specialize",
    cl::desc("Arguments to build specialised variants on (integers "
             "divisible by 16 or equal to 1, pointers 16-byte aligned): auto "
             "(those whose hint says less), none, or a comma-separated list "
             "of argument names"),
    cl::init("auto"), cl::cat(category));
static cl::opt<unsigned>
    maxVariants("max-variants",
                cl::desc("The most specialised variants of one kernel"),
                cl::init(4), cl::cat(category));
static cl::opt<bool> verbose("v", cl::desc("Report registers and CTAs per SM"),
                             cl::cat(category));
static cl::opt<bool>
    force("force",
          cl::desc("Write the bundle into a directory that holds another "
                   "module's bundle"),
          cl::cat(category));

static constexpr llvm::StringLiteral kTriple = "nvptx64-nvidia-cuda";

static int fail(const Twine &message) {
  llvm::errs() << "block-compile: error: " << message << "\n";
  return 1;
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

/// A size or stride of a tensor map: {arg = i} or {value = v}.
static std::optional<blockrt::TensorMapValue> readMapOperand(Attribute attr) {
  auto dict = dyn_cast<DictionaryAttr>(attr);
  if (!dict)
    return std::nullopt;
  if (auto arg = dict.getAs<IntegerAttr>("arg"))
    return blockrt::TensorMapValue::fromArg(unsigned(arg.getInt()));
  if (auto value = dict.getAs<IntegerAttr>("value"))
    return blockrt::TensorMapValue::constant(uint64_t(value.getInt()));
  return std::nullopt;
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

/// The manifests in `dir` of bundles other than `name`'s: the runtime then
/// cannot tell which one `--bundle=<dir>` means.
static SmallVector<std::string> findOtherManifests(StringRef dir,
                                                   StringRef name) {
  SmallVector<std::string> others;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; !ec && it != end;
       it.increment(ec)) {
    StringRef file = llvm::sys::path::filename(it->path());
    if (llvm::sys::path::extension(file) == ".json" &&
        llvm::sys::path::stem(file) != name)
      others.push_back(file.str());
  }
  llvm::sort(others);
  return others;
}

static LogicalResult writeFile(StringRef path, StringRef contents) {
  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(path, &error);
  if (!file) {
    fail(error);
    return failure();
  }
  file->os() << contents;
  file->keep();
  return success();
}

/// Math functions the lowering leaves to libdevice stay external calls when
/// no CUDA toolkit (hence no libdevice) was found: no driver could load them.
static LogicalResult checkResolved(StringRef ptx) {
  size_t at = ptx.find(".extern .func");
  if (at == StringRef::npos)
    return success();
  StringRef rest = ptx.drop_front(at);
  size_t name = rest.find("__nv_");
  if (name == StringRef::npos)
    return success();
  StringRef function = rest.drop_front(name).take_until(
      [](char c) { return !llvm::isAlnum(c) && c != '_'; });
  fail("the kernel calls the libdevice function " + function +
       ", but no CUDA toolkit with libdevice was found to link it");
  return failure();
}

/// Runs ptxas for the target chip on `ptxPath`, the PTX of module `name`,
/// writing `cubinPath`; with `reportPath`, verbosely, its output going
/// there.
static LogicalResult runPtxas(StringRef ptxas, StringRef chip, StringRef name,
                              StringRef ptxPath, StringRef cubinPath,
                              std::optional<StringRef> reportPath = {}) {
  std::string arch = ("-arch=" + chip).str();
  SmallVector<StringRef> args{ptxas, arch, ptxPath, "-o", cubinPath};
  SmallVector<std::optional<StringRef>> redirects;
  if (reportPath) {
    args.push_back("-v");
    redirects = {std::nullopt, *reportPath, *reportPath};
  }
  std::string error;
  int rc = llvm::sys::ExecuteAndWait(ptxas, args, /*Env=*/std::nullopt,
                                     redirects, /*SecondsToWait=*/0,
                                     /*MemoryLimit=*/0, &error);
  if (rc != 0) {
    // The report holds what ptxas said (an unknown chip, a PTX error); the
    // PTX file is a temporary one the user never sees.
    std::string said;
    if (reportPath)
      if (auto report = llvm::MemoryBuffer::getFile(*reportPath))
        said = (*report)->getBuffer().trim().str();
    fail("ptxas failed on the PTX of " + name + " for " + chip +
         (error.empty() ? "" : ": " + error) +
         (said.empty() ? "" : ":\n" + said));
    return failure();
  }
  return success();
}

/// The PTX of a copy of the lowered `module`.
static FailureOr<std::string> serializeToPTX(ModuleOp module, StringRef name,
                                             const BlockToPTXOptions &options) {
  OwningOpRef<ModuleOp> copy = cast<ModuleOp>(module->clone());
  PassManager serialize(module.getContext());
  buildBlockSerializationPipeline(serialize, options);
  if (failed(serialize.run(*copy)))
    return failure();
  auto binary = copy->lookupSymbol<gpu::BinaryOp>(name);
  if (!binary || binary.getObjects().empty()) {
    fail("the pipeline produced no gpu.binary @" + name);
    return failure();
  }
  return cast<gpu::ObjectAttr>(binary.getObjects()[0])
      .getObject()
      .getValue()
      .str();
}

namespace {
/// A lowered module's PTX and what ptxas made of it.
struct Assembly {
  std::string ptx;
  std::string cubin;
  llvm::StringMap<::block::KernelResources> resources;
};
} // namespace

/// Serializes a copy of the lowered `module` and assembles it with ptxas -v.
static FailureOr<Assembly> assemble(ModuleOp module, StringRef name,
                                    const BlockToPTXOptions &options,
                                    StringRef ptxas) {
  FailureOr<std::string> ptx = serializeToPTX(module, name, options);
  if (failed(ptx) || failed(checkResolved(*ptx)))
    return failure();
  SmallString<128> ptxPath, cubinPath, reportPath;
  for (auto [path, suffix] : {std::pair{&ptxPath, "ptx"},
                              std::pair{&cubinPath, "cubin"},
                              std::pair{&reportPath, "txt"}})
    if (std::error_code ec = llvm::sys::fs::createTemporaryFile(
            "block-compile", suffix, *path)) {
      fail("cannot create a temporary file: " + ec.message());
      return failure();
    }
  llvm::FileRemover removePtx(ptxPath), removeCubin(cubinPath),
      removeReport(reportPath);
  if (failed(writeFile(ptxPath, *ptx)) ||
      failed(runPtxas(ptxas, options.chip, name, ptxPath, cubinPath,
                      StringRef(reportPath))))
    return failure();
  auto report = llvm::MemoryBuffer::getFile(reportPath);
  auto cubin = llvm::MemoryBuffer::getFile(cubinPath, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
  if (!report || !cubin) {
    fail("cannot read what ptxas wrote: " +
         (report ? cubin.getError() : report.getError()).message());
    return failure();
  }
  return Assembly{std::move(*ptx), (*cubin)->getBuffer().str(),
                  ::block::parsePtxasReport((*report)->getBuffer())};
}

static bool usesWgmma(LLVM::LLVMFuncOp func) {
  return func
      .walk([](NVVM::WgmmaFenceAlignedOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// Raises `nvvm.minctasm` on each kernel of the lowered `module` that uses
/// a barrier, one CTA at a time, while ptxas holds more of its CTAs per SM
/// without spilling or a bigger stack; keeps the last value that did
/// (Occupancy.h says why only kernels with barriers). Returns the assembly of
/// the module as it is left.
static FailureOr<Assembly>
raiseKernelOccupancy(ModuleOp module, StringRef name,
                     ArrayRef<blockrt::KernelInfo> kernels, StringRef ptxas,
                     const BlockToPTXOptions &options) {
  std::optional<::block::SMLimits> limits = ::block::getSMLimits(options.chip);
  if (!limits)
    return assemble(module, name, options, ptxas);
  auto gpu = module.lookupSymbol<gpu::GPUModuleOp>(name);
  StringRef attrName = NVVM::NVVMDialect::getMinctasmAttrName();
  struct Search {
    const blockrt::KernelInfo *kernel;
    LLVM::LLVMFuncOp func;
    ::block::KernelResources first, best;
    unsigned ctas = 0;
    IntegerAttr accepted;
    bool active = true;
  };
  auto residentCTAs = [&](const blockrt::KernelInfo &kernel,
                          unsigned registers) {
    return ::block::getResidentCTAs(*limits, 32 * kernel.numWarps, registers,
                                    kernel.sharedMemoryBytes);
  };
  SmallVector<Search> searches;
  for (const blockrt::KernelInfo &kernel : kernels)
    searches.push_back({&kernel, gpu.lookupSymbol<LLVM::LLVMFuncOp>(kernel.name),
                        {}, {}, 0, {}});
  // The assemblies tried, by the minctasm of every kernel: the module ends
  // in a state tried before, whose cubin need not be made again.
  auto stateKey = [&] {
    std::string key;
    for (const Search &search : searches)
      if (!search.func)
        continue;
      else if (auto ctas = search.func->getAttrOfType<IntegerAttr>(attrName))
        key += std::to_string(ctas.getInt()) + ",";
      else
        key += "-,";
    return key;
  };
  std::map<std::string, Assembly> tried;
  for (bool first = true;; first = false) {
    FailureOr<Assembly> assembly = assemble(module, name, options, ptxas);
    if (failed(assembly))
      return failure();
    const auto &report =
        (tried[stateKey()] = std::move(*assembly)).resources;
    bool trying = false;
    for (Search &search : searches) {
      if (!search.active)
        continue;
      auto it = report.find(search.kernel->name);
      if (it == report.end()) {
        search.active = false;
        continue;
      }
      const ::block::KernelResources &got = it->second;
      unsigned ctas = residentCTAs(*search.kernel, got.registers);
      if (first) {
        search.first = search.best = got;
        search.ctas = ctas;
      } else if (!got.spills() && got.stackBytes <= search.first.stackBytes &&
                 ctas > search.ctas) {
        search.best = got;
        search.ctas = ctas;
        search.accepted = search.func->getAttrOfType<IntegerAttr>(attrName);
      } else {
        // Back to the last value that helped; stop raising this kernel.
        if (search.accepted)
          search.func->setAttr(attrName, search.accepted);
        else
          search.func->removeAttr(attrName);
        search.active = false;
        continue;
      }
      // No barrier, or no more CTAs fit whatever the registers: stop. A
      // wgmma keeps its whole accumulator live, and ptxas refuses rather
      // than spills when a register cap leaves less: never capped.
      if (!got.barriers || residentCTAs(*search.kernel, 1) <= search.ctas ||
          usesWgmma(search.func)) {
        search.active = false;
        continue;
      }
      search.func->setAttr(attrName, IntegerAttr::get(
                                         IntegerType::get(module.getContext(), 32),
                                         search.ctas + 1));
      trying = true;
    }
    if (!trying)
      break;
  }
  if (verbose)
    for (const Search &search : searches)
      llvm::errs() << search.kernel->name << ": " << search.first.registers
                   << " -> " << search.best.registers << " registers, "
                   << residentCTAs(*search.kernel, search.first.registers)
                   << " -> " << search.ctas << " CTAs per SM\n";
  // Kernels that stopped in different rounds may leave a combination never
  // assembled together.
  auto it = tried.find(stateKey());
  if (it == tried.end())
    return assemble(module, name, options, ptxas);
  return std::move(it->second);
}

/// Whether a launch that satisfies `a` always satisfies `b`.
static bool implies(ArrayRef<blockrt::VariantAssumption> a,
                    ArrayRef<blockrt::VariantAssumption> b) {
  return llvm::all_of(b, [&](const blockrt::VariantAssumption &fact) {
    return llvm::any_of(a, [&](const blockrt::VariantAssumption &given) {
      if (given.index != fact.index)
        return false;
      if (fact.equals)
        return given.equals == fact.equals;
      if (given.equals)
        return *given.equals % int64_t(fact.divisibility) == 0;
      return given.divisibility % fact.divisibility == 0 &&
             given.alignment % fact.alignment == 0;
    });
  });
}

/// Whether two kernels take the same tensor maps as hidden parameters.
static bool haveSameTensorMaps(const blockrt::KernelInfo &a,
                               const blockrt::KernelInfo &b) {
  auto sameValues = [](const std::vector<blockrt::TensorMapValue> &x,
                       const std::vector<blockrt::TensorMapValue> &y) {
    return llvm::equal(x, y, [](const blockrt::TensorMapValue &u,
                                const blockrt::TensorMapValue &v) {
      return u.arg == v.arg && u.value == v.value;
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
                   ArrayRef<::block::PlannedVariant> plan,
                   SmallVectorImpl<blockrt::KernelInfo> &kernels,
                   SmallVectorImpl<blockrt::KernelInfo> &functions) {
  if (plan.empty())
    return success();
  auto kernelOf = [&](const ::block::PlannedVariant &variant)
      -> blockrt::KernelInfo & {
    return *llvm::find_if(kernels, [&](const blockrt::KernelInfo &kernel) {
      return kernel.name == variant.kernel;
    });
  };
  SmallVector<blockrt::KernelInfo> lowered;
  for (const ::block::PlannedVariant &variant : plan) {
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
        ::block::getEntryPTX(*ptx, variant.symbol, kernel.name);
    bool redundant = code == ::block::getEntryPTX(*ptx, kernel.name,
                                                  kernel.name);
    for (const blockrt::KernelVariant &kept : kernel.variants)
      redundant |= implies(variant.assume, kept.assume) &&
                   code == ::block::getEntryPTX(*ptx, kept.symbol,
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

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  setVersionPrinter("block-compile");
  cl::ParseCommandLineOptions(argc, argv,
                              "Compile a block program into a kernel bundle\n");
  if (requireCubin && noCubin)
    return fail("--cubin and --no-cubin contradict each other");
  BlockToPTXOptions options;
  options.chip = chip;
  if (features.getNumOccurrences())
    options.features = features;
  options.numWarps = numWarps;
  options.optLevel = optLevel;
  options.tma = tma;
  options.warpSpecialize = warpSpecialize;
  options.warpGroupTurns = warpGroupTurns;
  options.format = "isa";
  if (failed(verifyBlockToPTXOptions(
          options, [](const Twine &message) { fail(message); }, "--")))
    return 1;

  // Never overwrite a user's file: the bundle goes into a directory.
  if (llvm::sys::fs::exists(outputDir) &&
      !llvm::sys::fs::is_directory(outputDir))
    return fail("-o " + outputDir + " exists and is not a directory; refusing "
                "to overwrite it");
  std::optional<std::string> ptxas = findPtxas();
  if (requireCubin && !ptxas)
    return fail("--cubin needs ptxas, which was found neither in "
                "/usr/local/cuda/bin nor on PATH");

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllGPUToLLVMIRTranslations(registry);
  registerBlockDialects(registry);
  MLIRContext context(registry);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);

  std::string error;
  ArgumentNames names;
  OwningOpRef<ModuleOp> module =
      loadProgram(inputFile, sourceMgr, &context, names, error);
  if (!module)
    return error.empty() ? 1 : fail(error);

  FailureOr<SmallVector<blockrt::KernelInfo>> kernels =
      collectKernels(*module, names);
  if (failed(kernels))
    return 1;
  if (kernels->empty())
    return fail(inputFile + " has no kernel (a func.func with block.kernel)");
  std::string name = llvm::sys::path::stem(inputFile).str();
  if (inputFile == "-")
    name = kernels->front().name;
  if (SmallVector<std::string> others = findOtherManifests(outputDir, name);
      !others.empty() && !force)
    return fail("-o " + outputDir + " holds the bundle of another module (" +
                llvm::join(others, ", ") + "), and the runtime could not tell "
                "which one --bundle=" + outputDir + " means; use another "
                "directory, or --force to add " + name + ".json there");

  FailureOr<std::vector<::block::PlannedVariant>> plan =
      ::block::planVariants(*module, *kernels, specialize, maxVariants, options,
                            [](const Twine &message) { fail(message); });
  if (failed(plan))
    return 1;
  ::block::addVariants(*module, *plan);

  options.gpuModuleName = name;
  PassManager lower(&context);
  buildBlockToNVVMPipeline(lower, options);
  if (failed(lower.run(*module)))
    return 1;
  if (failed(readLoweredKernels(*module, name, *kernels)))
    return 1;
  // Every function the module ends up with: the kernels, then the variants
  // that survive.
  SmallVector<blockrt::KernelInfo> functions(kernels->begin(), kernels->end());
  if (failed(addLoweredVariants(*module, name, options, *plan, *kernels,
                                functions)))
    return 1;
  // With the occupancy search, the PTX and cubin are those of its last
  // state; without, they are assembled once here.
  bool withCubin = ptxas.has_value() && !noCubin;
  std::optional<Assembly> assembly;
  if (ptxas && raiseOccupancy) {
    FailureOr<Assembly> raised =
        raiseKernelOccupancy(*module, name, functions, *ptxas, options);
    if (failed(raised))
      return 1;
    assembly = std::move(*raised);
  } else if (withCubin) {
    FailureOr<Assembly> assembled = assemble(*module, name, options, *ptxas);
    if (failed(assembled))
      return 1;
    assembly = std::move(*assembled);
  } else {
    FailureOr<std::string> ptx = serializeToPTX(*module, name, options);
    if (failed(ptx) || failed(checkResolved(*ptx)))
      return 1;
    assembly = Assembly{std::move(*ptx), {}, {}};
  }

  blockrt::Manifest manifest;
  manifest.module = name;
  manifest.target = {kTriple.str(), options.chip, getTargetFeatures(options)};
  manifest.ptx = name + ".ptx";
  if (withCubin)
    manifest.cubin = name + ".cubin";
  manifest.kernels.assign(kernels->begin(), kernels->end());

  // Everything is made before anything is written, and each file goes to a
  // temporary one renamed into place once all are written: a failure leaves
  // the directory's bundle as it was, never new files beside old ones.
  if (std::error_code ec = llvm::sys::fs::create_directories(outputDir))
    return fail("cannot create " + outputDir + ": " + ec.message());
  SmallVector<std::pair<std::string, std::string>> files;
  files.push_back({name + ".ptx", std::move(assembly->ptx)});
  if (withCubin)
    files.push_back({name + ".cubin", std::move(assembly->cubin)});
  files.push_back({name + ".json", blockrt::writeManifest(manifest)});
  SmallVector<std::pair<llvm::sys::fs::TempFile, std::string>> written;
  auto discardAll = [&] {
    for (auto &[temp, path] : written)
      llvm::consumeError(temp.discard());
  };
  for (auto &[file, contents] : files) {
    SmallString<128> path(outputDir);
    llvm::sys::path::append(path, file);
    llvm::Expected<llvm::sys::fs::TempFile> temp =
        llvm::sys::fs::TempFile::create(path + "-%%%%%%.tmp");
    if (!temp) {
      discardAll();
      return fail("cannot write " + path + ": " +
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
      return fail("cannot write " + path + ": " + message);
    }
  }
  for (auto &[temp, path] : written)
    if (llvm::Error e = temp.keep(path)) {
      discardAll();
      return fail("cannot write " + path + ": " + llvm::toString(std::move(e)));
    }
  return 0;
}
