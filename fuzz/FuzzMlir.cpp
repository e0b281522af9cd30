//===- FuzzMlir.cpp - MLIR set-up shared by the fuzz targets --------------===//

#include "FuzzMlir.h"

#include "block/InitAllBlock.h"

#include "mlir/IR/Location.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;

namespace blockfuzz {

const DialectRegistry &getRegistry() {
  static const DialectRegistry *registry = [] {
    registerAllPasses();
    block::registerAllBlockPasses();
    auto *r = new DialectRegistry();
    registerAllDialects(*r);
    registerAllExtensions(*r);
    registerAllGPUToLLVMIRTranslations(*r);
    block::registerBlockDialects(*r);
    return r;
  }();
  return *registry;
}

FuzzContext::FuzzContext()
    : context(getRegistry(), MLIRContext::Threading::DISABLED) {
  // Diagnostics carry no stack traces or op dumps: faster, and the fuzzer
  // only needs their severity.
  context.printOpOnDiagnostic(false);
  context.printStackTraceOnDiagnostic(false);
}

DiagnosticCollector::DiagnosticCollector(MLIRContext &context)
    : handler(&context, [this](Diagnostic &diag) {
        if (diag.getSeverity() == DiagnosticSeverity::Error)
          ++errors;
        if (verbose() || collected.size() < (1 << 16)) {
          llvm::raw_string_ostream os(collected);
          os << diag.getLocation() << ": " << diag << "\n";
          for (Diagnostic &note : diag.getNotes())
            os << "  note: " << note.getLocation() << ": " << note << "\n";
        }
        return success();
      }) {}

bool verbose() {
  static const bool value = std::getenv("BLOCK_FUZZ_VERBOSE") != nullptr;
  return value;
}

} // namespace blockfuzz
