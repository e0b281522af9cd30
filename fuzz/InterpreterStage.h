//===- InterpreterStage.h - Run fuzzed kernels on the interpreter -*- C++ -*-===//

#ifndef BLOCK_FUZZ_INTERPRETERSTAGE_H
#define BLOCK_FUZZ_INTERPRETERSTAGE_H

#include "mlir/IR/BuiltinOps.h"

#include <cstdint>

namespace blockfuzz {

struct InterpreterStats {
  uint64_t compiled = 0, notCompiled = 0, ran = 0, runErrors = 0;
};

/// Compiles every kernel of `module` for the interpreter and runs those
/// whose running time is bounded; calls `reportBug(what, detail)` (which
/// does not return) on a failure without a diagnostic.
InterpreterStats runOnInterpreter(mlir::ModuleOp module,
                                  void (*reportBug)(llvm::StringRef,
                                                    llvm::StringRef));

} // namespace blockfuzz

#endif // BLOCK_FUZZ_INTERPRETERSTAGE_H
