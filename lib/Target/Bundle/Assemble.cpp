//===- Assemble.cpp - PTX and cubins of a lowered module ------------------===//

#include "Assemble.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/ToolOutputFile.h"

#include <map>

using namespace mlir;
using namespace mlir::block;

static InFlightDiagnostic fail(MLIRContext *context, const Twine &message) {
  return emitError(UnknownLoc::get(context), message);
}

static LogicalResult writeFile(MLIRContext *context, StringRef path,
                               StringRef contents) {
  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(path, &error);
  if (!file)
    return fail(context, error);
  file->os() << contents;
  file->keep();
  return success();
}

LogicalResult mlir::block::checkResolved(MLIRContext *context,
                                         StringRef ptx) {
  size_t at = ptx.find(".extern .func");
  if (at == StringRef::npos)
    return success();
  StringRef rest = ptx.drop_front(at);
  size_t name = rest.find("__nv_");
  if (name == StringRef::npos)
    return success();
  StringRef function = rest.drop_front(name).take_until(
      [](char c) { return !llvm::isAlnum(c) && c != '_'; });
  return fail(context,
              "the kernel calls the libdevice function " + function +
                  ", but no CUDA toolkit with libdevice was found to link it");
}

/// Runs ptxas for the target chip on `ptxPath`, the PTX of module `name`,
/// writing `cubinPath`; with `reportPath`, verbosely, its output going
/// there.
static LogicalResult runPtxas(MLIRContext *context, StringRef ptxas,
                              StringRef chip, StringRef name,
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
    return fail(context, "ptxas failed on the PTX of " + name + " for " +
                             chip + (error.empty() ? "" : ": " + error) +
                             (said.empty() ? "" : ":\n" + said));
  }
  return success();
}

FailureOr<std::string>
mlir::block::serializeToPTX(ModuleOp module, StringRef name,
                            const BlockToPTXOptions &options) {
  OwningOpRef<ModuleOp> copy = cast<ModuleOp>(module->clone());
  PassManager serialize(module.getContext());
  buildBlockSerializationPipeline(serialize, options);
  if (failed(serialize.run(*copy)))
    return failure();
  auto binary = copy->lookupSymbol<gpu::BinaryOp>(name);
  if (!binary || binary.getObjects().empty())
    return fail(module.getContext(),
                "the pipeline produced no gpu.binary @" + name);
  return cast<gpu::ObjectAttr>(binary.getObjects()[0])
      .getObject()
      .getValue()
      .str();
}

FailureOr<Assembly> mlir::block::assemble(ModuleOp module, StringRef name,
                                          const BlockToPTXOptions &options,
                                          StringRef ptxas) {
  MLIRContext *context = module.getContext();
  FailureOr<std::string> ptx = serializeToPTX(module, name, options);
  if (failed(ptx) || failed(checkResolved(context, *ptx)))
    return failure();
  SmallString<128> ptxPath, cubinPath, reportPath;
  for (auto [path, suffix] : {std::pair{&ptxPath, "ptx"},
                              std::pair{&cubinPath, "cubin"},
                              std::pair{&reportPath, "txt"}})
    if (std::error_code ec = llvm::sys::fs::createTemporaryFile(
            "block-compile", suffix, *path))
      return fail(context, "cannot create a temporary file: " + ec.message());
  llvm::FileRemover removePtx(ptxPath), removeCubin(cubinPath),
      removeReport(reportPath);
  if (failed(writeFile(context, ptxPath, *ptx)) ||
      failed(runPtxas(context, ptxas, options.chip, name, ptxPath, cubinPath,
                      StringRef(reportPath))))
    return failure();
  auto report = llvm::MemoryBuffer::getFile(reportPath);
  auto cubin = llvm::MemoryBuffer::getFile(cubinPath, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
  if (!report || !cubin)
    return fail(context,
                "cannot read what ptxas wrote: " +
                    (report ? cubin.getError() : report.getError()).message());
  return Assembly{std::move(*ptx), (*cubin)->getBuffer().str(),
                  parsePtxasReport((*report)->getBuffer())};
}

static bool usesWgmma(LLVM::LLVMFuncOp func) {
  return func
      .walk([](NVVM::WgmmaFenceAlignedOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

FailureOr<Assembly> mlir::block::raiseKernelOccupancy(
    ModuleOp module, StringRef name, ArrayRef<blockrt::KernelInfo> kernels,
    StringRef ptxas, const BlockToPTXOptions &options,
    std::vector<KernelOccupancy> &report) {
  std::optional<SMLimits> limits = getSMLimits(options.chip);
  if (!limits)
    return assemble(module, name, options, ptxas);
  auto gpu = module.lookupSymbol<gpu::GPUModuleOp>(name);
  StringRef attrName = NVVM::NVVMDialect::getMinctasmAttrName();
  struct Search {
    const blockrt::KernelInfo *kernel;
    LLVM::LLVMFuncOp func;
    OccupancySearch search;
    bool active = true;
  };
  SmallVector<Search> searches;
  for (const blockrt::KernelInfo &kernel : kernels) {
    auto func = gpu.lookupSymbol<LLVM::LLVMFuncOp>(kernel.name);
    // A wgmma keeps its whole accumulator live, and ptxas refuses rather
    // than spills when a register cap leaves less: never capped.
    searches.push_back({&kernel, func,
                        OccupancySearch(*limits, 32 * kernel.numWarps,
                                        kernel.sharedMemoryBytes,
                                        !func || !usesWgmma(func))});
  }
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
  auto i32 = IntegerType::get(module.getContext(), 32);
  std::map<std::string, Assembly> tried;
  for (bool trying = true; trying;) {
    FailureOr<Assembly> assembly = assemble(module, name, options, ptxas);
    if (failed(assembly))
      return failure();
    const auto &resources =
        (tried[stateKey()] = std::move(*assembly)).resources;
    trying = false;
    for (Search &search : searches) {
      if (!search.active)
        continue;
      auto it = resources.find(search.kernel->name);
      if (it == resources.end()) {
        search.active = false;
        continue;
      }
      if (std::optional<unsigned> next = search.search.step(it->second)) {
        search.func->setAttr(attrName, IntegerAttr::get(i32, *next));
        trying = true;
        continue;
      }
      // Back to the last value that helped, if any.
      if (std::optional<unsigned> accepted = search.search.getAccepted())
        search.func->setAttr(attrName, IntegerAttr::get(i32, *accepted));
      else
        search.func->removeAttr(attrName);
      search.active = false;
    }
  }
  for (const Search &search : searches)
    report.push_back({search.kernel->name,
                      search.search.getFirst().registers,
                      search.search.getBest().registers,
                      search.search.getFirstCTAs(), search.search.getCTAs()});
  // Kernels that stopped in different rounds may leave a combination never
  // assembled together.
  auto it = tried.find(stateKey());
  if (it == tried.end())
    return assemble(module, name, options, ptxas);
  return std::move(it->second);
}
