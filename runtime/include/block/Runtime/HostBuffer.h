//===- HostBuffer.h - Typed buffers in host memory --------------*- C++ -*-===//
//
// The host side of a pointer argument: element type, element count and the
// bytes, little-endian, as the device holds them (i1 as one byte, 0 or 1;
// f16 / bf16 as their 16-bit patterns), at an address aligned as a device
// buffer's is.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_RUNTIME_HOSTBUFFER_H
#define BLOCK_RUNTIME_HOSTBUFFER_H

#include "block/Runtime/ElementType.h"
#include "block/Runtime/Error.h"

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace blockrt {

/// Bytes a device allocation is aligned to at least (cuMemAlloc's promise).
constexpr size_t deviceAllocationAlignment = 256;

/// Allocates at addresses aligned to deviceAllocationAlignment and to no
/// more: a kernel run on host buffers (the interpreter) then keeps or breaks
/// an alignment assumption as on the least aligned device buffer, the same
/// way every run rather than by the luck of the allocator.
struct DeviceAlignedAllocator {
  using value_type = uint8_t;
  /// Bytes only: std::vector rebinds to its own element type.
  template <typename T> struct rebind {
    static_assert(std::is_same_v<T, uint8_t>, "allocates bytes only");
    using other = DeviceAlignedAllocator;
  };

  DeviceAlignedAllocator() = default;
  uint8_t *allocate(size_t n);
  void deallocate(uint8_t *p, size_t n);
  bool operator==(const DeviceAlignedAllocator &) const { return true; }
  bool operator!=(const DeviceAlignedAllocator &) const { return false; }
};

using DeviceAlignedBytes = std::vector<uint8_t, DeviceAlignedAllocator>;

struct HostBuffer {
  ElementType type = ElementType::F32;
  size_t count = 0;
  DeviceAlignedBytes bytes;

  /// A zero-filled buffer; fails (no exception) when memory runs out.
  static Expected<HostBuffer> allocate(ElementType type, size_t count);

  size_t byteSize() const { return bytes.size(); }
  void *data() { return bytes.data(); }
  const void *data() const { return bytes.data(); }

  /// Element `i`'s bit pattern, zero-extended.
  uint64_t getBits(size_t i) const;
  /// Stores the low elementSize(type) bytes of `bits` in element `i`.
  void setBits(size_t i, uint64_t bits);

  /// Element `i` as a double: exact for every type except i64 values beyond
  /// 2^53.
  double getDouble(size_t i) const;
  /// Integer types: element `i`, sign-extended (i1: 0 or 1).
  int64_t getInt(size_t i) const;
  /// Float types: stores `value` rounded to nearest even.
  void setDouble(size_t i, double value);
  /// Integer types: stores `value` modulo 2^width (i1: its lowest bit).
  void setInt(size_t i, int64_t value);
};

/// Float types: the bit pattern of `value` rounded to `type`, and the value
/// of a bit pattern, widened exactly.
uint64_t floatBitsFor(ElementType type, double value);
double floatFromBits(ElementType type, uint64_t bits);

} // namespace blockrt

#endif // BLOCK_RUNTIME_HOSTBUFFER_H
