//===- Npy.h - NumPy .npy files ---------------------------------*- C++ -*-===//
//
// Reads format versions 1.0, 2.0 and 3.0 with the dtypes '<f2' '<f4' '<f8'
// '|i1' '<i2' '<i4' '<i8' '|b1' (also '<'-prefixed one-byte codes), and bf16
// as '<V2' / '|V2' (what np.save writes for ml_dtypes.bfloat16) or
// 'bfloat16'. Arrays of any rank in C order are flattened; Fortran order is
// accepted when at most one dimension exceeds 1. Big-endian data is refused.
// Writes version 1.0, 1-D, C order, bf16 as '<V2'.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_RUNTIME_NPY_H
#define BLOCK_RUNTIME_NPY_H

#include "block/Runtime/Error.h"
#include "block/Runtime/HostBuffer.h"

#include <cstdint>
#include <string>
#include <vector>

namespace blockrt {

/// Decodes the bytes of a .npy file. `origin` starts error messages. When
/// `shape` is given it receives the array's shape (empty for a 0-d array).
Expected<HostBuffer> decodeNpy(const uint8_t *data, size_t size,
                               const std::string &origin,
                               std::vector<uint64_t> *shape = nullptr);
Expected<HostBuffer> readNpy(const std::string &path,
                             std::vector<uint64_t> *shape = nullptr);

/// The bytes of a 1-D .npy file holding `buffer`.
std::vector<uint8_t> encodeNpy(const HostBuffer &buffer);
Error writeNpy(const std::string &path, const HostBuffer &buffer);

/// The dtype descr written for `type`, e.g. "<f4".
const char *npyDescr(ElementType type);

} // namespace blockrt

#endif // BLOCK_RUNTIME_NPY_H
