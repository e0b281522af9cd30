//===- ArgumentNames.h - Parse a program, keeping argument names -*- C++ -*-===//
//
// Launch errors and manifests name a kernel's arguments as its source does
// (`%n` is "n"); the names are the parser's, gone once it has built the
// module, so the tools parse through this.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_SUPPORT_ARGUMENTNAMES_H
#define BLOCK_SUPPORT_ARGUMENTNAMES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <string>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir::block {

/// By function name, the names the source gives the function's arguments;
/// "" for an argument written as a number (`%0`).
using ArgumentNames = llvm::StringMap<SmallVector<std::string>>;

/// Parses the main buffer of `sourceMgr` into a module, as parseSourceFile
/// does, and fills `names` for every top-level func.func. Returns null, after
/// the parser's diagnostics, on bad input.
OwningOpRef<ModuleOp> parseKeepingArgumentNames(llvm::SourceMgr &sourceMgr,
                                                MLIRContext *context,
                                                ArgumentNames &names);

/// What the tools that take a program file do first: opens `path` ("-" for
/// the standard input) into `sourceMgr` (a regular file of sane size, see
/// openCheckedInputFile), refuses nesting deeper than the parser can take and parses it with parseKeepingArgumentNames. Returns
/// null after a diagnostic, or with `error` set where the file cannot be
/// opened.
OwningOpRef<ModuleOp> loadProgram(llvm::StringRef path,
                                  llvm::SourceMgr &sourceMgr,
                                  MLIRContext *context, ArgumentNames &names,
                                  std::string &error);

} // namespace mlir::block

#endif // BLOCK_SUPPORT_ARGUMENTNAMES_H
