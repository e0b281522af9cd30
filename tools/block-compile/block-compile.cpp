//===- block-compile.cpp - From a block program to a kernel bundle --------===//
//
//   block-compile prog.mlir -o <dir> [--chip=sm_90a] [--features=+ptx80]
//                 [--num-warps=4] [--opt-level=3] [--cubin | --no-cubin]
//
// Writes, into <dir>, the bundle the runtime loads (compileBundle, in
// block/Target/Bundle/CompileBundle.h, says what it holds). The module is
// named after the input file; a directory holding another module's bundle
// is refused without --force. -v reports what the occupancy search did;
// --remarks what each product, descriptor tile and loop got, and why.
//
//===----------------------------------------------------------------------===//

#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Support/ArgumentNames.h"
#include "block/Support/Version.h"
#include "block/Target/Bundle/CompileBundle.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::block;
namespace cl = llvm::cl;

static cl::OptionCategory category("block-compile options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input .mlir>"),
                                      cl::Required, cl::cat(category));
static cl::opt<std::string> outputDir("o", cl::desc("Bundle directory"),
                                      cl::value_desc("dir"), cl::Required,
                                      cl::cat(category));
// compileBundle's defaults; block-to-ptx's options with its names and
// descriptions.
static const BundleOptions &getDefaults() {
  static const BundleOptions defaults;
  return defaults;
}
template <typename T>
static cl::opt<T> pipelineOption(const BlockToPTXOptions::Option<T> &option) {
  return cl::opt<T>(option.getArgStr(), cl::desc(option.HelpStr),
                    cl::init(option.getValue()), cl::cat(category));
}
static cl::opt<std::string> chip = pipelineOption(getDefaults().pipeline.chip);
static cl::opt<std::string> features =
    pipelineOption(getDefaults().pipeline.features);
static cl::opt<unsigned> numWarps =
    pipelineOption(getDefaults().pipeline.numWarps);
static cl::opt<unsigned> optLevel =
    pipelineOption(getDefaults().pipeline.optLevel);
static cl::opt<bool> tma = pipelineOption(getDefaults().pipeline.tma);
static cl::opt<bool> warpSpecialize =
    pipelineOption(getDefaults().pipeline.warpSpecialize);
static cl::opt<bool> warpGroupTurns =
    pipelineOption(getDefaults().pipeline.warpGroupTurns);
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
    cl::init(getDefaults().raiseOccupancy), cl::cat(category));
static cl::opt<std::string> specialize(
    "specialize",
    cl::desc("Arguments to build specialised variants on (integers "
             "divisible by 16 or equal to 1, pointers 16-byte aligned): auto "
             "(those whose hint says less), none, or a comma-separated list "
             "of argument names"),
    cl::init(getDefaults().specialize), cl::cat(category));
static cl::opt<unsigned>
    maxVariants("max-variants",
                cl::desc("The most specialised variants of one kernel"),
                cl::init(getDefaults().maxVariants), cl::cat(category));
static cl::opt<bool> remarks(
    "remarks",
    cl::desc("Say, at each product, descriptor tile and loop, what it got "
             "(wgmma, mma.sync or FMA; TMA or pointer code; cp.async and "
             "stages; warp specialisation) and why not better"),
    cl::cat(category));
static cl::opt<bool> verbose("v", cl::desc("Report registers and CTAs per SM"),
                             cl::cat(category));
static cl::opt<bool>
    force("force",
          cl::desc("Write the bundle into a directory that holds another "
                   "module's bundle"),
          cl::cat(category));

static int fail(const Twine &message) {
  llvm::errs() << "block-compile: error: " << message << "\n";
  return 1;
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

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  setVersionPrinter("block-compile");
  cl::ParseCommandLineOptions(argc, argv,
                              "Compile a block program into a kernel bundle\n");
  if (requireCubin && noCubin)
    return fail("--cubin and --no-cubin contradict each other");
  BundleOptions options;
  options.pipeline.chip = chip;
  if (features.getNumOccurrences())
    options.pipeline.features = features;
  options.pipeline.numWarps = numWarps;
  options.pipeline.optLevel = optLevel;
  options.pipeline.tma = tma;
  options.pipeline.warpSpecialize = warpSpecialize;
  options.pipeline.warpGroupTurns = warpGroupTurns;
  options.cubin = requireCubin ? CubinMode::Required
                  : noCubin    ? CubinMode::Never
                               : CubinMode::WhereFound;
  options.raiseOccupancy = raiseOccupancy;
  options.specialize = specialize;
  options.maxVariants = maxVariants;
  if (failed(verifyBundleOptions(
          options, [](const Twine &message) { fail(message); }, "--")))
    return 1;

  // Never overwrite a user's file: the bundle goes into a directory.
  if (llvm::sys::fs::exists(outputDir) &&
      !llvm::sys::fs::is_directory(outputDir))
    return fail("-o " + outputDir + " exists and is not a directory; refusing "
                "to overwrite it");

  DialectRegistry registry;
  registerBundleDialects(registry);
  MLIRContext context(registry);
  llvm::SourceMgr sourceMgr;
  BundleDiagnosticHandler diagnostics(sourceMgr, &context, llvm::errs());
  if (remarks && failed(enableBlockRemarks(context)))
    return fail("cannot enable the optimisation remarks");

  std::string error;
  ArgumentNames names;
  OwningOpRef<ModuleOp> module =
      loadProgram(inputFile, sourceMgr, &context, names, error);
  if (!module)
    return error.empty() ? 1 : fail(error);

  SmallVector<func::FuncOp> kernels = getKernels(*module);
  if (kernels.empty())
    return fail(inputFile + " has no kernel (a func.func with block.kernel)");
  options.moduleName = inputFile == "-"
                           ? kernels.front().getSymName().str()
                           : llvm::sys::path::stem(inputFile).str();
  const std::string &name = options.moduleName;
  if (SmallVector<std::string> others = findOtherManifests(outputDir, name);
      !others.empty() && !force)
    return fail("-o " + outputDir + " holds the bundle of another module (" +
                llvm::join(others, ", ") + "), and the runtime could not tell "
                "which one --bundle=" + outputDir + " means; use another "
                "directory, or --force to add " + name + ".json there");

  FailureOr<CompiledBundle> bundle =
      compileBundle(*module, names, options, outputDir);
  if (failed(bundle))
    return 1;
  if (verbose)
    for (const KernelOccupancy &kernel : bundle->occupancy)
      llvm::errs() << kernel.kernel << ": " << kernel.firstRegisters << " -> "
                   << kernel.registers << " registers, " << kernel.firstCTAs
                   << " -> " << kernel.ctas << " CTAs per SM\n";
  return 0;
}
