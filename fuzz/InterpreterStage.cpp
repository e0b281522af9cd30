//===- InterpreterStage.cpp - Run fuzzed kernels on the interpreter -------===//
//
// The last stage of block-fuzz-opt where lib/Interpreter exists: every
// kernel of a verified program is compiled for the interpreter, and run when
// its running time is bounded (no loops or branches, no tensor over 4096
// elements, no dot over 2^18 multiply-adds, no reduce or scan inside a
// combiner), on a grid of two program
// instances, one thread, a 16 KiB buffer per pointer argument and the value
// 16 (or 1.0) per scalar. Compiling may fail only with a diagnostic;
// running may stop with a RunError (an out-of-bounds access is the
// interpreter's to report, not the host's: ASan checks that), never crash.
//
//===----------------------------------------------------------------------===//

#include "InterpreterStage.h"
#include "FuzzMlir.h"

#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Interpreter/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <vector>

using namespace mlir;
namespace interp = mlir::block::interpreter;

namespace blockfuzz {

static bool hasBoundedRunningTime(func::FuncOp func) {
  WalkResult result = func.walk([](Operation *op) {
    if (isa<LoopLikeOpInterface>(op) || op->getNumSuccessors() > 0)
      return WalkResult::interrupt();
    // A reduce or scan inside a combiner runs once per combination: nested
    // ones multiply (1024 x 512 x 32 x 4 elements took 50 s).
    if (isa<mlir::block::ReduceOp, mlir::block::ScanOp>(op) &&
        (op->getParentOfType<mlir::block::ReduceOp>() ||
         op->getParentOfType<mlir::block::ScanOp>()))
      return WalkResult::interrupt();
    for (Type type : op->getResultTypes())
      if (auto tensor = dyn_cast<RankedTensorType>(type);
          tensor && tensor.getNumElements() > 4096)
        return WalkResult::interrupt();
    if (auto dot = dyn_cast<mlir::block::DotOp>(op)) {
      auto a = cast<RankedTensorType>(dot.getA().getType());
      auto b = cast<RankedTensorType>(dot.getB().getType());
      if (a.getNumElements() * b.getDimSize(b.getRank() - 1) > (1 << 18))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return !result.wasInterrupted();
}

InterpreterStats runOnInterpreter(ModuleOp module,
                                  void (*reportBug)(StringRef, StringRef)) {
  InterpreterStats stats;
  for (func::FuncOp func : mlir::block::getKernels(module)) {
    DiagnosticCollector diags(*module.getContext());
    FailureOr<interp::CompiledKernel> kernel =
        interp::CompiledKernel::compile(func);
    if (failed(kernel)) {
      if (diags.numErrors() == 0)
        reportBug("the interpreter failed to compile @" +
                      func.getSymName().str() + " without an error diagnostic",
                  diags.text());
      ++stats.notCompiled;
      continue;
    }
    ++stats.compiled;
    if (!hasBoundedRunningTime(func))
      continue;
    constexpr size_t bufferBytes = 16 << 10;
    std::vector<std::vector<uint64_t>> buffers;
    std::vector<blockrt::KernelArg> args;
    for (const blockrt::KernelParameter &param :
         kernel->getSignature().parameters) {
      if (param.isPointer()) {
        buffers.emplace_back(bufferBytes / sizeof(uint64_t), 0);
        args.push_back(blockrt::KernelArg::pointer(
            reinterpret_cast<uint64_t>(buffers.back().data()), bufferBytes));
        continue;
      }
      // Integers 16 (a multiple of the usual hints), true, floats 1.
      if (param.type == blockrt::ElementType::I1)
        args.push_back(blockrt::KernelArg::i1(true));
      else if (blockrt::isIntegerType(param.type))
        args.push_back(blockrt::KernelArg::scalar(param.type, 16));
      else if (param.type == blockrt::ElementType::F16)
        args.push_back(blockrt::KernelArg::f16(1));
      else if (param.type == blockrt::ElementType::BF16)
        args.push_back(blockrt::KernelArg::bf16(1));
      else if (param.type == blockrt::ElementType::F32)
        args.push_back(blockrt::KernelArg::f32(1));
      else
        args.push_back(blockrt::KernelArg::f64(1));
    }
    llvm::raw_null_ostream nowhere;
    interp::RunOptions options;
    options.grid = {2, 1, 1};
    options.numThreads = 1;
    options.printStream = &nowhere;
    if (std::optional<interp::RunError> error = kernel->run(args, options)) {
      (void)error->str();
      ++stats.runErrors;
    } else {
      ++stats.ran;
    }
  }
  return stats;
}

} // namespace blockfuzz
