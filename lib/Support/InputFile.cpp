//===- InputFile.cpp - Reading and writing the tools' files ---------------===//

#include "block/Support/InputFile.h"

#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
namespace fs = llvm::sys::fs;

std::unique_ptr<llvm::MemoryBuffer>
mlir::block::openCheckedInputFile(StringRef path, std::string &error) {
  if (path != "-") {
    fs::file_status status;
    // A missing file: openInputFile says so in its words.
    if (!fs::status(path, status)) {
      if (status.type() != fs::file_type::regular_file) {
        error = ("cannot read '" + path +
                 "': not a regular file (a device, FIFO or directory)")
                    .str();
        return nullptr;
      }
      if (status.getSize() > kMaxInputFileBytes) {
        error = ("cannot read '" + path + "': " + Twine(status.getSize()) +
                 " bytes, more than the " + Twine(kMaxInputFileBytes) +
                 " a program file may have")
                    .str();
        return nullptr;
      }
    }
  }
  return openInputFile(path, &error);
}

LogicalResult mlir::block::writeFileAtomically(
    StringRef path, function_ref<LogicalResult(llvm::raw_ostream &)> write,
    std::string &error) {
  if (path == "-") {
    LogicalResult result = write(llvm::outs());
    llvm::outs().flush();
    return result;
  }
  fs::file_status status;
  bool exists = !fs::status(path, status);
  if (exists && status.type() != fs::file_type::regular_file) {
    // /dev/null, a FIFO, a terminal: nothing to replace, nothing to lose.
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec, fs::OF_None);
    if (ec) {
      error = ("cannot open '" + path + "': " + ec.message()).str();
      return failure();
    }
    LogicalResult result = write(os);
    os.flush();
    if (os.has_error()) {
      error = ("cannot write '" + path + "': " + os.error().message()).str();
      os.clear_error();
      return failure();
    }
    return result;
  }
  // Beside the file the link names, so that the rename keeps the link.
  SmallString<256> target(path);
  if (exists)
    if (fs::real_path(path, target))
      target = path;
  llvm::Expected<fs::TempFile> temp =
      fs::TempFile::create(target + "-%%%%%%.tmp",
                           exists ? status.permissions()
                                  : fs::all_read | fs::all_write);
  if (!temp) {
    error = ("cannot write '" + path +
             "': " + llvm::toString(temp.takeError()))
                .str();
    return failure();
  }
  bool written;
  {
    llvm::raw_fd_ostream os(temp->FD, /*shouldClose=*/false);
    written = succeeded(write(os));
    os.flush();
    if (os.has_error()) {
      if (written)
        error = ("cannot write '" + path + "': " + os.error().message()).str();
      os.clear_error();
      written = false;
    }
  }
  if (!written) {
    llvm::consumeError(temp->discard());
    return failure();
  }
  if (llvm::Error e = temp->keep(target)) {
    error = ("cannot write '" + path + "': " + llvm::toString(std::move(e)))
                .str();
    return failure();
  }
  return success();
}
