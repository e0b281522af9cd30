//===- InputFile.h - Reading and writing the tools' files -------*- C++ -*-===//
//
// The tools read whole files into memory: a character device (/dev/zero), a
// FIFO or a file of gigabytes would take all memory or wait forever, so each
// file is checked to be a regular file of sane size before it is read. And
// they never lose what the user had: an output is written to a temporary
// file beside it and renamed over it only once everything succeeded.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_SUPPORT_INPUTFILE_H
#define BLOCK_SUPPORT_INPUTFILE_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <string>

namespace llvm {
class MemoryBuffer;
class raw_ostream;
} // namespace llvm

namespace mlir::block {

/// The largest program file the tools read (a block program is a few
/// kilobytes; a PTX-carrying module a few megabytes).
inline constexpr uint64_t kMaxInputFileBytes = uint64_t(1) << 30;

/// Opens `path` ("-" for the standard input) as mlir::openInputFile does,
/// but refuses, with `error` set, a path that is not a regular file or is
/// larger than kMaxInputFileBytes.
std::unique_ptr<llvm::MemoryBuffer> openCheckedInputFile(StringRef path,
                                                         std::string &error);

/// Writes `path` ("-" for the standard output) with `write`: through a
/// temporary file in the same directory renamed over `path` once `write`
/// succeeded, so that a failure leaves whatever `path` held (the input
/// itself, when `path` names it). A path that exists and is not a regular
/// file (/dev/null, a FIFO) is written directly. Fails, with `error` set
/// where the file system is at fault, when `write` fails or the file cannot
/// be written.
LogicalResult
writeFileAtomically(StringRef path,
                    function_ref<LogicalResult(llvm::raw_ostream &)> write,
                    std::string &error);

} // namespace mlir::block

#endif // BLOCK_SUPPORT_INPUTFILE_H
