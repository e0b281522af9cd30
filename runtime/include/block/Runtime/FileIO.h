//===- FileIO.h - Whole-file reads and writes -------------------*- C++ -*-===//
//
// Errors name the file and the system's reason.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_RUNTIME_FILEIO_H
#define BLOCK_RUNTIME_FILEIO_H

#include "block/Runtime/Error.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace blockrt {

/// Reads a whole file, refusing files larger than `maxBytes`.
Expected<std::string> readTextFile(const std::string &path, size_t maxBytes);
Expected<std::vector<uint8_t>> readBinaryFile(const std::string &path,
                                              size_t maxBytes);

/// Creates or replaces `path` with `size` bytes from `data`.
Error writeBinaryFile(const std::string &path, const void *data, size_t size);

} // namespace blockrt

#endif // BLOCK_RUNTIME_FILEIO_H
