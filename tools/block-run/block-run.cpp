//===- block-run.cpp - Run a block kernel on the interpreter --------------===//
//
//   block-run prog.mlir --kernel=<name> --grid=X[,Y[,Z]] --arg=... \
//       [--out=<i>:<path.npy>] [--ref=<i>:<path.npy> --rtol=.. --atol=..] \
//       [--check-uninitialized-reads] [--threads=N] [--timing]
//       [--max-steps=N] [--timeout=S] [--ignore-assumptions]
//
// The argument, output and reference options are the run spec shared with
// the GPU backend (block/Runtime/RunSpec.h), so both backends see the same
// inputs byte for byte, refuse the same launches and check results the same
// way.
//
//===----------------------------------------------------------------------===//

#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/InitAllBlock.h"
#include "block/Interpreter/Interpreter.h"
#include "block/Runtime/Grid.h"
#include "block/Runtime/RunSpec.h"
#include "block/Support/ArgumentNames.h"
#include "block/Support/Version.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <charconv>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <new>
#include <optional>
#include <string>
#include <string_view>

using namespace mlir;
using namespace mlir::block;
namespace interp = mlir::block::interpreter;

static const char *const usage =
    R"(usage: block-run <file.mlir> --grid=X[,Y[,Z]] [--kernel=<name>] --arg=... [options]

Runs a block kernel on the CPU interpreter.

  --kernel=<name>               the kernel (needed when the file has several)
  --grid=X[,Y[,Z]]              program instances along x, y, z
  --check-uninitialized-reads   stop at reads of --out / --ref buffers that
                                the run has not written
  --threads=<n>                 threads running instances (0: all cores)
  --max-steps=<n>               the most loop iterations one program
                                instance may run (default 2^26; 0: no
                                limit): a loop that never ends is an error
  --timeout=<seconds>           stop the run with an error after this long
                                (default 0: no limit)
  --timing                      print the time of each phase to stderr
  --ignore-assumptions          run a launch that breaks what the kernel
                                assumes of its arguments (block.alignment,
                                block.divisibility, a descriptor's unit
                                stride), with a warning; the GPU runtime
                                refuses it, and so does block-run by default
  --version                     print Block's version

The run spec, as block-run-gpu takes it:
)";

namespace {
struct Options {
  std::string input;
  std::string kernel;
  std::optional<blockrt::Grid> grid;
  bool checkUninitializedReads = false;
  unsigned threads = 0;
  uint64_t maxSteps = interp::RunOptions::kDefaultMaxSteps;
  double timeoutSeconds = 0;
  bool timing = false;
  bool ignoreAssumptions = false;
  blockrt::RunSpec spec;
};

/// Prints the phases of a run when --timing is given.
class PhaseTimer {
public:
  explicit PhaseTimer(bool enabled) : enabled(enabled) {}
  void done(const char *phase) {
    auto now = std::chrono::steady_clock::now();
    if (enabled)
      llvm::errs() << llvm::format(
          "block-run: %-8s %9.3f s\n", phase,
          std::chrono::duration<double>(now - start).count());
    start = now;
  }

private:
  bool enabled;
  std::chrono::steady_clock::time_point start =
      std::chrono::steady_clock::now();
};
} // namespace

static int fail(const std::string &message) {
  std::cout.flush(); // Reports before the verdict.
  llvm::errs() << "block-run: error: " << message << "\n";
  return 1;
}

/// Refuses a launch that breaks what the compiled kernel assumes, as the
/// runtime does.
static int refuse(const blockrt::Error &e) {
  return fail(e.message() + " (--ignore-assumptions runs it anyway)");
}

/// Parses the command line; returns an error message, or "" on success.
static std::string parseCommandLine(int argc, char **argv, Options &options,
                                    bool &help, bool &version) {
  auto valueOf = [](std::string_view word,
                    std::string_view name) -> std::optional<std::string_view> {
    if (word.substr(0, name.size()) == name)
      return word.substr(name.size());
    return std::nullopt;
  };
  for (int i = 1; i < argc; ++i) {
    std::string_view word = argv[i];
    blockrt::Expected<bool> used = options.spec.parseOption(word);
    if (!used)
      return used.errorMessage();
    if (*used)
      continue;
    if (word == "--help" || word == "-h") {
      help = true;
      return "";
    }
    if (word == "--version") {
      version = true;
      return "";
    }
    if (auto name = valueOf(word, "--kernel=")) {
      options.kernel = std::string(*name);
    } else if (auto text = valueOf(word, "--grid=")) {
      blockrt::Expected<blockrt::Grid> grid = blockrt::parseGrid(*text);
      if (!grid)
        return grid.errorMessage();
      options.grid = *grid;
    } else if (word == "--check-uninitialized-reads") {
      options.checkUninitializedReads = true;
    } else if (auto text = valueOf(word, "--threads=")) {
      auto [end, ec] = std::from_chars(
          text->data(), text->data() + text->size(), options.threads);
      if (text->empty() || ec != std::errc() ||
          end != text->data() + text->size())
        return "invalid --threads '" + std::string(*text) +
               "': expected a non-negative integer";
    } else if (auto text = valueOf(word, "--max-steps=")) {
      auto [end, ec] = std::from_chars(
          text->data(), text->data() + text->size(), options.maxSteps);
      if (text->empty() || ec != std::errc() ||
          end != text->data() + text->size())
        return "invalid --max-steps '" + std::string(*text) +
               "': expected a non-negative integer";
    } else if (auto text = valueOf(word, "--timeout=")) {
      std::string value(*text);
      char *end = nullptr;
      double seconds = value.empty() ? -1 : std::strtod(value.c_str(), &end);
      if (value.empty() || *end != '\0' || !(seconds >= 0) ||
          seconds > 1e9)
        return "invalid --timeout '" + value +
               "': expected a number of seconds from 0 (no limit) to 1e9";
      options.timeoutSeconds = seconds;
    } else if (word == "--timing") {
      options.timing = true;
    } else if (word == "--ignore-assumptions") {
      options.ignoreAssumptions = true;
    } else if (word.size() > 1 && word[0] == '-') {
      return "unknown option '" + std::string(word) + "' (see --help)";
    } else if (!options.input.empty()) {
      return "more than one input file ('" + options.input + "' and '" +
             std::string(word) + "')";
    } else {
      options.input = std::string(word);
    }
  }
  if (options.input.empty())
    return "no input file (see --help)";
  if (!options.grid)
    return "missing --grid=X[,Y[,Z]]";
  if (blockrt::Error e = options.spec.verify())
    return e.message();
  return "";
}

/// The kernel to run: the one named, or the only one in the module.
static func::FuncOp findKernel(ModuleOp module, const std::string &name,
                               std::string &error) {
  SmallVector<func::FuncOp> kernels = getKernels(module);
  auto names = [&] {
    std::string list;
    for (func::FuncOp kernel : kernels)
      list += (list.empty() ? "" : ", ") + kernel.getSymName().str();
    return list.empty() ? std::string("none") : list;
  };
  if (name.empty()) {
    if (kernels.size() == 1)
      return kernels.front();
    error = kernels.empty()
                ? "the input has no kernel (a func.func with block.kernel)"
                : "the input has several kernels (" + names() +
                      "); choose one with --kernel=<name>";
    return {};
  }
  for (func::FuncOp kernel : kernels)
    if (kernel.getSymName() == name)
      return kernel;
  error =
      "no kernel named '" + name + "' in the input (kernels: " + names() + ")";
  return {};
}

static int run(const Options &options) {
  PhaseTimer timer(options.timing);
  DialectRegistry registry;
  registry.insert<arith::ArithDialect, func::FuncDialect, gpu::GPUDialect,
                  math::MathDialect, scf::SCFDialect>();
  registerBlockDialects(registry);
  MLIRContext context(registry);
  context.disableMultithreading();

  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  std::string error;
  ArgumentNames names;
  OwningOpRef<ModuleOp> module =
      loadProgram(options.input, sourceMgr, &context, names, error);
  if (!module)
    return error.empty() ? 1 : fail(error);
  func::FuncOp func = findKernel(*module, options.kernel, error);
  if (!func)
    return fail(error);
  FailureOr<interp::CompiledKernel> kernel =
      interp::CompiledKernel::compile(func, names.lookup(func.getSymName()));
  if (failed(kernel))
    return 1;
  // The spec against the kernel, as block-run-gpu checks it against the
  // kernel's manifest: first what no launch could run, then what the
  // compiled kernel assumes, which only --ignore-assumptions lets pass.
  const blockrt::KernelInfo &signature = kernel->getSignature();
  if (blockrt::Error e = options.spec.checkAgainst(
          signature, *options.grid, blockrt::RunSpec::Assumptions::Ignore))
    return fail(e.message());
  if (!options.ignoreAssumptions)
    if (blockrt::Error e = options.spec.checkAgainst(signature, *options.grid))
      return refuse(e);
  timer.done("compile");

  blockrt::Expected<std::vector<blockrt::HostBuffer>> buffers =
      blockrt::createHostBuffers(options.spec);
  if (!buffers)
    return fail(buffers.errorMessage());
  interp::RunOptions runOptions;
  std::vector<blockrt::KernelArg> args;
  for (auto [i, spec] : llvm::enumerate(options.spec.args)) {
    blockrt::HostBuffer &buffer = (*buffers)[i];
    args.push_back(spec.isPointer
                       ? blockrt::KernelArg::pointer(
                             reinterpret_cast<uint64_t>(buffer.data()),
                             buffer.byteSize())
                       : spec.scalarArg());
  }
  for (const auto *list : {&options.spec.outputs, &options.spec.references})
    for (const blockrt::OutputSpec &out : *list)
      runOptions.outputArguments.push_back(out.argIndex);
  // The buffers' addresses, aligned as device buffers are, against the
  // pointers' alignments: the check Kernel::launch makes, but for shared
  // memory, which only the lowering decides.
  if (options.ignoreAssumptions) {
    for (const std::string &problem : kernel->checkHints(args))
      llvm::errs() << "block-run: warning: " << problem
                   << "; a launch of the compiled kernel is refused\n";
  } else if (blockrt::Error e =
                 blockrt::checkLaunch(signature, *options.grid, args,
                                      /*maxSharedMemoryBytes=*/UINT64_MAX)) {
    return refuse(e);
  }
  timer.done("inputs");

  runOptions.grid = *options.grid;
  runOptions.checkUninitializedReads = options.checkUninitializedReads;
  runOptions.numThreads = options.threads;
  runOptions.maxSteps = options.maxSteps;
  runOptions.timeoutSeconds = options.timeoutSeconds;
  if (std::optional<interp::RunError> runError =
          kernel->run(args, runOptions)) {
    // A launch the spec got wrong is no fault of an op.
    if (runError->kind == interp::RunError::Kind::InvalidLaunch)
      return fail(runError->message);
    emitError(runError->loc) << runError->message;
    return 1;
  }
  timer.done("run");

  if (blockrt::Error e = blockrt::finishRun(options.spec, *buffers, std::cout))
    return fail(e.message());
  std::cout.flush();
  timer.done("outputs");
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // InitLLVM's out-of-memory handler aborts; a buffer larger than memory is
  // an error the run spec reports (HostBuffer catches std::bad_alloc).
  std::set_new_handler(nullptr);
  Options options;
  bool help = false, version = false;
  if (std::string error = parseCommandLine(argc, argv, options, help, version);
      !error.empty())
    return fail(error);
  if (help) {
    llvm::outs() << usage << blockrt::runSpecUsage();
    return 0;
  }
  if (version) {
    printVersion(llvm::outs(), "block-run");
    return 0;
  }
  return run(options);
}
