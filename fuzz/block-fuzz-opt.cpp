//===- block-fuzz-opt.cpp - Fuzz the parser, verifier and pipelines -------===//
//
// libFuzzer target over the whole compiler: every input is parsed as a block
// program (with the verifier); a program that verifies is printed and parsed
// back (custom and generic form), then run, on a fresh copy each, through
//
//   canonicalize, cse
//   block-kernel-defaults, canonicalize, cse
//   block-split-loops, canonicalize
//   block-assign-layouts, block-remove-layout-conversions, canonicalize
//   convert-block-to-gpu (alone: on programs without layouts)
//   block-to-ptx (the whole pipeline, up to PTX), with options chosen from
//     the input's bytes: every chip of the table, PTX versions, warps,
//     optimisation levels and formats, and values it must refuse
//
// each where this build has the passes (BLOCK_FUZZ_PIPELINES, a list of
// textual pipelines separated by ';', replaces the list), and, where this
// build has lib/Interpreter, compiled and run on the interpreter
// (InterpreterStage.cpp).
//
// A bug is anything but "output or a diagnostic": a crash or sanitizer
// report (libFuzzer sees it), and, checked here, a pass that leaves IR the
// verifier rejects, a pass pipeline that fails without an error diagnostic,
// and a verified program whose printed form does not parse back.
//
// The structure-aware mutator (BlockMutator.cpp) keeps most inputs valid
// programs so that they reach the passes, not only the parser.
//
//===----------------------------------------------------------------------===//

#include "BlockMutator.h"
#include "FuzzMlir.h"
#ifdef BLOCK_FUZZ_HAVE_INTERPRETER
#include "InterpreterStage.h"
#endif

#include "block/Pipelines/Pipelines.h"
#include "block/Support/Nesting.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace mlir;
using namespace blockfuzz;

namespace {

/// How far the inputs got, printed at exit (libFuzzer ends with exit()).
struct Stats {
  uint64_t inputs = 0, parsed = 0;
  std::vector<uint64_t> pipelineOk, pipelineFailed;
  uint64_t passesRun = 0, tooLargeToLower = 0, tooDeep = 0,
           optionsRefused = 0;
  uint64_t interpCompiled = 0, interpNotCompiled = 0, interpRan = 0,
           interpRunErrors = 0;
  ~Stats() {
    if (!inputs)
      return;
    std::fprintf(stderr,
                 "block-fuzz-opt: %llu inputs, %llu parsed and verified "
                 "(%.1f%%)\n",
                 (unsigned long long)inputs, (unsigned long long)parsed,
                 100.0 * parsed / inputs);
    for (size_t i = 0; i < pipelineOk.size(); ++i)
      std::fprintf(stderr,
                   "block-fuzz-opt:   pipeline %zu: %llu succeeded, %llu "
                   "failed with a diagnostic\n",
                   i, (unsigned long long)pipelineOk[i],
                   (unsigned long long)pipelineFailed[i]);
    std::fprintf(stderr,
                 "block-fuzz-opt:   %llu pass runs; %llu programs not "
                 "lowered (more elements per thread than the limit); %llu "
                 "block-to-ptx option sets refused; %llu inputs nested too "
                 "deep\n",
                 (unsigned long long)passesRun,
                 (unsigned long long)tooLargeToLower,
                 (unsigned long long)optionsRefused,
                 (unsigned long long)tooDeep);
    if (interpCompiled || interpNotCompiled)
      std::fprintf(stderr,
                   "block-fuzz-opt:   interpreter: %llu kernels compiled, "
                   "%llu refused with a diagnostic; %llu runs completed, "
                   "%llu stopped with a run error\n",
                   (unsigned long long)interpCompiled,
                   (unsigned long long)interpNotCompiled,
                   (unsigned long long)interpRan,
                   (unsigned long long)interpRunErrors);
  }
};
Stats stats;

/// The pipelines each verified input goes through, in textual form.
const std::vector<std::string> &getPipelines() {
  static const std::vector<std::string> pipelines = [] {
    std::vector<std::string> list;
    if (const char *env = std::getenv("BLOCK_FUZZ_PIPELINES")) {
      SmallVector<StringRef> parts;
      StringRef(env).split(parts, ';', -1, /*KeepEmpty=*/false);
      for (StringRef part : parts) {
        part = part.trim();
        // The elements of a module pipeline, with or without the anchor.
        if (part.consume_front("builtin.module("))
          part.consume_back(")");
        list.push_back(part.str());
      }
      return list;
    }
    // Each pass of ours alone must also answer any verified program (with
    // or without layouts) with output or a diagnostic; the lowering's
    // passes and pipelines are used when this build has them.
    struct Candidate {
      const char *pipeline;
      std::vector<const char *> needs;
    };
    const Candidate candidates[] = {
        {"canonicalize,cse", {}},
        {"block-kernel-defaults,canonicalize,cse", {"block-kernel-defaults"}},
        {"block-split-loops,canonicalize", {"block-split-loops"}},
        {"block-assign-layouts,block-remove-layout-conversions,canonicalize",
         {"block-assign-layouts", "block-remove-layout-conversions"}},
        {"convert-block-to-gpu", {"convert-block-to-gpu"}},
        {"block-to-ptx", {"block-to-ptx"}},
    };
    for (const Candidate &c : candidates)
      if (llvm::all_of(c.needs, [](const char *name) {
            return PassInfo::lookup(name) || PassPipelineInfo::lookup(name);
          }))
        list.push_back(c.pipeline);
    return list;
  }();
  return pipelines;
}

[[noreturn]] void reportBug(StringRef what, StringRef detail,
                            StringRef input) {
  llvm::errs() << "==== block-fuzz-opt: " << what << "\n"
               << detail << "\n==== input\n"
               << input << "\n====\n";
  llvm::errs().flush();
  std::abort();
}

/// The input being run, for reports from the stages in other files.
StringRef currentInput;
[[maybe_unused]] void reportBugInCurrentInput(StringRef what,
                                              StringRef detail) {
  reportBug(what, detail, currentInput);
}

/// The most elements one thread holds in a kernel's tensors (elements /
/// (32 * num_warps)). The lowering unrolls per-thread elements, so compile
/// time grows with it: a tensor<1024x1024xf32> at 4 warps (8192 per thread)
/// takes minutes in block-to-ptx, a known limitation (docs/fuzzing.md), not
/// worth rediscovering in every mutant.
int64_t maxElementsPerThread(ModuleOp module) {
  int64_t most = 0;
  module.walk([&](func::FuncOp func) {
    int64_t warps = 4;
    if (auto attr = func->getAttrOfType<IntegerAttr>("block.num_warps"))
      warps = std::max<int64_t>(1, attr.getInt());
    func.walk([&](Operation *op) {
      auto check = [&](Type type) {
        auto tensor = dyn_cast<RankedTensorType>(type);
        if (!tensor || !tensor.hasStaticShape())
          return;
        int64_t elements = 1; // Saturating: helpers' tensors are unchecked.
        for (int64_t dim : tensor.getShape())
          elements = dim > (int64_t(1) << 30) || elements > (int64_t(1) << 30)
                         ? INT64_MAX / 2
                         : elements * std::max<int64_t>(dim, 1);
        most = std::max(most, elements / (32 * warps));
      };
      for (Type type : op->getResultTypes())
        check(type);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (Type type : block.getArgumentTypes())
            check(type);
    });
  });
  return most;
}

int64_t getLoweringLimit() {
  static const int64_t limit = [] {
    const char *env = std::getenv("BLOCK_FUZZ_MAX_ELEMENTS_PER_THREAD");
    return env ? std::atoll(env) : int64_t(256);
  }();
  return limit;
}

/// Verifies the IR after every pass; a pass that breaks it is a bug.
struct VerifyAfterEachPass : PassInstrumentation {
  explicit VerifyAfterEachPass(StringRef input) : input(input) {}
  void runBeforePass(Pass *, Operation *) override { ++stats.passesRun; }
  void runAfterPass(Pass *pass, Operation *op) override {
    MLIRContext *ctx = op->getContext();
    DiagnosticCollector diags(*ctx);
    if (failed(verify(op)))
      reportBug("pass '" + pass->getArgument().str() +
                    "' produced IR that does not verify",
                diags.text(), input);
  }
  void runAfterPassFailed(Pass *pass, Operation *) override {
    failedPass = pass->getArgument().str();
  }
  StringRef input;
  std::string failedPass;
};

std::string print(Operation *op, bool generic) {
  std::string text;
  llvm::raw_string_ostream os(text);
  OpPrintingFlags flags;
  if (generic)
    flags.printGenericOpForm();
  op->print(os, flags);
  return text;
}

/// A verified program prints to text that parses and verifies again.
void checkRoundTrip(ModuleOp module, StringRef input) {
  for (bool generic : {false, true}) {
    std::string text = print(module, generic);
    MLIRContext *ctx = module.getContext();
    DiagnosticCollector diags(*ctx);
    OwningOpRef<ModuleOp> again =
        parseSourceString<ModuleOp>(text, ParserConfig(ctx));
    if (!again)
      reportBug(std::string("the ") + (generic ? "generic" : "custom") +
                    " form of a verified program does not parse back",
                diags.text() + "==== printed\n" + text, input);
  }
}

/// The options block-to-ptx gets for `input`: a function of its bytes, so
/// that a report replays. Five sets in six are valid: every chip of the
/// table with its default, lowest, newest or another PTX version it takes,
/// every warp count and optimisation level, PTX or (one in eight) a cubin.
/// The sixth has one value that must be refused.
std::string getVariedOptions(StringRef input) {
  uint64_t bits = llvm::xxh3_64bits(input);
  auto pick = [&](uint64_t n) {
    uint64_t value = bits % n;
    bits /= n;
    return value;
  };
  ArrayRef<block::ChipInfo> chips = block::getSupportedChips();
  const block::ChipInfo &chip = chips[pick(chips.size())];
  unsigned lowest = block::getRequiredPTXVersion(chip);
  static const unsigned versions[] = {60, 70, 78, 80, 86, 87, 88, 90};
  std::string features;
  switch (pick(4)) {
  case 0:
    features = " features=+ptx" + std::to_string(lowest);
    break;
  case 1:
    features = " features=+ptx90";
    break;
  case 2:
    features = " features=+ptx" +
               std::to_string(std::max(versions[pick(std::size(versions))],
                                       lowest));
    break;
  default:
    break;
  }
  static const unsigned warps[] = {1, 2, 4, 8, 16, 32};
  std::string chipOption = "chip=" + chip.name.str();
  std::string numWarps =
      " num-warps=" + std::to_string(warps[pick(std::size(warps))]);
  std::string optLevel = " opt-level=" + std::to_string(pick(4));
  std::string format = pick(8) ? " format=isa" : " format=bin";
  if (pick(6) == 0) {
    static const char *const badChips[] = {"chip=", "chip=sm_1000",
                                           "chip=sm_90x", "chip=bogus",
                                           "chip=sm_80,features=+ptx80"};
    switch (pick(5)) {
    case 0:
      chipOption = badChips[pick(std::size(badChips))];
      break;
    case 1:
      features = pick(2) ? " features=+ptx79" : " features=";
      break;
    case 2:
      numWarps = pick(2) ? " num-warps=3" : " num-warps=64";
      break;
    case 3:
      optLevel = " opt-level=4";
      break;
    default:
      format = " format=bogus";
      break;
    }
  }
  return chipOption + features + numWarps + optLevel + format;
}

/// Runs `pipeline` on a copy of `module`; true when it succeeded. With
/// `variedOptions`, a pipeline whose options are refused is no harness
/// error, but must say why.
bool runPipeline(ModuleOp module, const std::string &pipeline,
                 StringRef input, bool variedOptions = false) {
  MLIRContext *ctx = module.getContext();
  OwningOpRef<ModuleOp> copy(module.clone());
  // `pipeline` lists the passes on the module (no builtin.module() around).
  PassManager pm(ctx, ModuleOp::getOperationName());
  {
    DiagnosticCollector diags(*ctx);
    std::string errors;
    llvm::raw_string_ostream os(errors);
    if (failed(parsePassPipeline(pipeline, pm, os))) {
      if (variedOptions) {
        if (errors.empty() && diags.numErrors() == 0)
          reportBug("'" + pipeline + "' was refused without a message", "",
                    input);
        ++stats.optionsRefused;
        if (verbose())
          llvm::errs() << "block-fuzz-opt: '" << pipeline << "' refused:\n"
                       << errors << diags.text();
        return false;
      }
      llvm::errs() << "block-fuzz-opt: bad pipeline '" << pipeline
                   << "': " << errors << diags.text() << "\n";
      std::exit(2);
    }
  }
  // Our instrumentation verifies after each pass and tells which pass broke
  // the IR, instead of the pass manager's generic failure.
  pm.enableVerifier(false);
  auto instrumentation = std::make_unique<VerifyAfterEachPass>(input);
  VerifyAfterEachPass *verifier = instrumentation.get();
  pm.addInstrumentation(std::move(instrumentation));

  DiagnosticCollector diags(*ctx);
  if (failed(pm.run(*copy))) {
    if (diags.numErrors() == 0)
      reportBug("pass '" + verifier->failedPass + "' of '" + pipeline +
                    "' failed without an error diagnostic",
                diags.text(), input);
    if (verbose())
      llvm::errs() << "block-fuzz-opt: '" << pipeline << "' failed:\n"
                   << diags.text();
    return false;
  }
  if (verbose())
    llvm::errs() << "block-fuzz-opt: '" << pipeline << "' succeeded\n";
  return true;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  getRegistry();
  const std::vector<std::string> &pipelines = getPipelines();
  for (size_t i = 0; i < pipelines.size(); ++i)
    llvm::errs() << "block-fuzz-opt: pipeline " << i << ": builtin.module("
                 << pipelines[i] << ")\n";
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // Long inputs only slow the search; the seeds are far smaller.
  if (size > (64 << 10))
    return -1;
  StringRef input(reinterpret_cast<const char *>(data), size);
  currentInput = input;
  ++stats.inputs;

  // The tools refuse such input before the parser, which would overflow the
  // stack.
  if (block::findExcessiveNesting(input) != StringRef::npos) {
    ++stats.tooDeep;
    return 0;
  }
  FuzzContext fuzz;
  MLIRContext &ctx = fuzz.context;
  OwningOpRef<ModuleOp> module;
  {
    DiagnosticCollector diags(ctx);
    module = parseSourceString<ModuleOp>(input, ParserConfig(&ctx));
    if (!module) {
      if (diags.numErrors() == 0)
        reportBug("the parser rejected an input without an error diagnostic",
                  "", input);
      if (verbose())
        llvm::errs() << "block-fuzz-opt: rejected:\n" << diags.text();
      return 0;
    }
  }
  ++stats.parsed;
  checkRoundTrip(*module, input);
  const std::vector<std::string> &pipelines = getPipelines();
  stats.pipelineOk.resize(pipelines.size());
  stats.pipelineFailed.resize(pipelines.size());
  bool lowerable = maxElementsPerThread(*module) <= getLoweringLimit();
  if (!lowerable)
    ++stats.tooLargeToLower;
  for (size_t i = 0; i < pipelines.size(); ++i) {
    StringRef pipeline = pipelines[i];
    if (!lowerable && (pipeline.contains("block-to-ptx") ||
                       pipeline.contains("convert-block-to-gpu")))
      continue;
    bool varied = pipeline == "block-to-ptx";
    std::string run = varied ? "block-to-ptx{" + getVariedOptions(input) + "}"
                             : pipeline.str();
    ++(runPipeline(*module, run, input, varied) ? stats.pipelineOk
                                                : stats.pipelineFailed)[i];
  }
#ifdef BLOCK_FUZZ_HAVE_INTERPRETER
  InterpreterStats interp =
      runOnInterpreter(*module, reportBugInCurrentInput);
  stats.interpCompiled += interp.compiled;
  stats.interpNotCompiled += interp.notCompiled;
  stats.interpRan += interp.ran;
  stats.interpRunErrors += interp.runErrors;
#endif
  return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                          size_t maxSize, unsigned seed) {
  return mutateBlockProgram(data, size, maxSize, seed);
}
