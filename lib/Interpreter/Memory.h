//===- Memory.h - The buffers a run may access ------------------*- C++ -*-===//
//
// Pointers are 64-bit host addresses. Every pointer argument binds one
// buffer; an access is valid when all its bytes lie in one bound buffer.
// Memory ops keep a one-entry cache of the buffer they last hit, so the
// common case costs one subtraction and one compare per lane.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_LIB_INTERPRETER_MEMORY_H
#define BLOCK_LIB_INTERPRETER_MEMORY_H

#include "block/Interpreter/Interpreter.h"
#include "block/Runtime/ElementType.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir::block::interpreter::detail {

struct Frame;
struct Instr;

struct Buffer {
  uint64_t begin = 0;
  uint64_t end = 0;
  unsigned argIndex = 0;
  /// The pointee of the kernel parameter, to describe the buffer.
  blockrt::ElementType type = blockrt::ElementType::I8;
  /// When uninitialized reads are checked: one byte per byte of the buffer,
  /// non-zero once written. Null otherwise.
  uint8_t *shadow = nullptr;
};

/// The buffer an access of `size` bytes hit last: `address - begin < limit`
/// holds exactly for the accesses that lie inside it.
struct BufferCache {
  uint64_t begin = 0;
  uint64_t limit = 0;
  const Buffer *buffer = nullptr;

  bool contains(uint64_t address) const { return address - begin < limit; }
};

class Memory {
public:
  /// Binds `buffers` (any order; overlaps allowed). Buffers whose shadow is
  /// requested get a zeroed shadow owned by this object.
  Memory(std::vector<Buffer> buffers, const std::vector<bool> &tracked);

  /// Points `cache` at a buffer holding all `size` bytes at `address`;
  /// false if none does.
  bool lookup(uint64_t address, unsigned size, BufferCache &cache) const;

  /// Says where `address` lies relative to the nearest buffer, e.g. "element
  /// offset 1000 of argument 2 (1000 x f32), 0 elements past its end", and
  /// fills the address fields of `error`.
  std::string describe(uint64_t address, unsigned size, RunError &error) const;

  bool hasShadow() const { return !shadows.empty(); }

private:
  std::vector<Buffer> buffers;
  std::vector<std::vector<uint8_t>> shadows;
};

/// Whether the `size` bytes at `address` of `buffer` have all been written.
inline bool isWritten(const Buffer &buffer, uint64_t address, unsigned size) {
  const uint8_t *shadow = buffer.shadow + (address - buffer.begin);
  for (unsigned i = 0; i < size; ++i)
    if (!shadow[i])
      return false;
  return true;
}

inline void markWritten(const Buffer &buffer, uint64_t address, unsigned size) {
  uint8_t *shadow = buffer.shadow + (address - buffer.begin);
  for (unsigned i = 0; i < size; ++i)
    shadow[i] = 1;
}

/// Finds the buffer of an access unless `cache` already holds it.
inline bool findBuffer(const Memory &memory, uint64_t address, unsigned size,
                       BufferCache &cache) {
  return cache.contains(address) || memory.lookup(address, size, cache);
}

/// Stops the run at `lane`, whose `size`-byte access at `address` is out of
/// bounds or (`uninitialized`) reads bytes nothing has written; false.
bool failAccess(const Instr &instr, Frame &frame, int64_t lane,
                uint64_t address, unsigned size, bool uninitialized);

} // namespace mlir::block::interpreter::detail

#endif // BLOCK_LIB_INTERPRETER_MEMORY_H
