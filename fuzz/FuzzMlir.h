//===- FuzzMlir.h - MLIR set-up shared by the fuzz targets ------*- C++ -*-===//
//
// The registry every MLIR fuzz target uses (what block-opt registers), and a
// diagnostic handler that keeps diagnostics from the terminal: the fuzzers
// only print them when BLOCK_FUZZ_VERBOSE is set, or when they found a bug.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_FUZZ_FUZZMLIR_H
#define BLOCK_FUZZ_FUZZMLIR_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

#include <string>

namespace blockfuzz {

/// Registers the dialects, extensions, translations, passes and pipelines
/// of block-opt (once) and returns the registry.
const mlir::DialectRegistry &getRegistry();

/// A context for one input: the registry, no threads (libFuzzer runs one
/// input at a time and threads only add noise and time).
struct FuzzContext {
  FuzzContext();
  mlir::MLIRContext context;
};

/// Collects the diagnostics emitted while it lives instead of printing them.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(mlir::MLIRContext &context);
  unsigned numErrors() const { return errors; }
  /// All diagnostics so far, one per line, with their locations.
  const std::string &text() const { return collected; }

private:
  unsigned errors = 0;
  std::string collected;
  mlir::ScopedDiagnosticHandler handler;
};

/// True when BLOCK_FUZZ_VERBOSE is set in the environment.
bool verbose();

} // namespace blockfuzz

#endif // BLOCK_FUZZ_FUZZMLIR_H
