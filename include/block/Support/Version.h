//===- Version.h - Block's version ------------------------------*- C++ -*-===//

#ifndef BLOCK_SUPPORT_VERSION_H
#define BLOCK_SUPPORT_VERSION_H

#include "mlir/Support/LLVM.h"

namespace mlir::block {

/// Block's version, e.g. "0.1.0" (cmake/BlockVersion.cmake).
StringRef getBlockVersion();

/// Prints `tool`'s version line, Block's version and the LLVM it was built
/// with, as every tool answers --version.
void printVersion(raw_ostream &os, StringRef tool);

/// Makes --version of the LLVM command line print printVersion's text.
void setVersionPrinter(StringRef tool);

} // namespace mlir::block

#endif // BLOCK_SUPPORT_VERSION_H
