//===- Version.cpp - Block's version --------------------------------------===//

#include "block/Support/Version.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

StringRef mlir::block::getBlockVersion() { return BLOCK_VERSION; }

void mlir::block::printVersion(raw_ostream &os, StringRef tool) {
  os << tool << " (Block) " << getBlockVersion() << "\n  built with LLVM "
     << LLVM_VERSION_STRING << "\n";
}

void mlir::block::setVersionPrinter(StringRef tool) {
  llvm::cl::SetVersionPrinter(
      [tool](raw_ostream &os) { printVersion(os, tool); });
}
