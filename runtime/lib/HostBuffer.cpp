//===- HostBuffer.cpp - Typed buffers in host memory ----------------------===//

#include "block/Runtime/HostBuffer.h"

#include "block/Runtime/Float8.h"
#include "block/Runtime/Half.h"

#include <cassert>
#include <cstring>
#include <limits>
#include <new>

namespace blockrt {

// Allocated aligned to twice the alignment and handed out past its first
// half: aligned to deviceAllocationAlignment, never to more.
constexpr std::align_val_t twiceAligned{2 * deviceAllocationAlignment};

uint8_t *DeviceAlignedAllocator::allocate(size_t n) {
  if (n > std::numeric_limits<size_t>::max() - deviceAllocationAlignment)
    throw std::bad_alloc();
  auto *block = static_cast<uint8_t *>(
      ::operator new(n + deviceAllocationAlignment, twiceAligned));
  return block + deviceAllocationAlignment;
}

void DeviceAlignedAllocator::deallocate(uint8_t *p, size_t) {
  ::operator delete(p - deviceAllocationAlignment, twiceAligned);
}

Expected<HostBuffer> HostBuffer::allocate(ElementType type, size_t count) {
  size_t size = elementSize(type);
  if (count > std::numeric_limits<size_t>::max() / size)
    return makeError("a buffer of " + std::to_string(count) + " " +
                     elementTypeName(type) + " elements is too large");
  HostBuffer buffer;
  buffer.type = type;
  buffer.count = count;
  try {
    buffer.bytes.assign(count * size, 0);
  } catch (const std::bad_alloc &) {
    return makeError("out of host memory for a buffer of " +
                     std::to_string(count) + " " + elementTypeName(type) +
                     " elements");
  }
  return buffer;
}

uint64_t HostBuffer::getBits(size_t i) const {
  assert(i < count);
  size_t size = elementSize(type);
  uint64_t bits = 0;
  std::memcpy(&bits, bytes.data() + i * size, size); // Little-endian host.
  return bits;
}

void HostBuffer::setBits(size_t i, uint64_t bits) {
  assert(i < count);
  size_t size = elementSize(type);
  std::memcpy(bytes.data() + i * size, &bits, size);
}

double HostBuffer::getDouble(size_t i) const {
  if (isFloatType(type))
    return floatFromBits(type, getBits(i));
  return static_cast<double>(getInt(i));
}

int64_t HostBuffer::getInt(size_t i) const {
  assert(isIntegerType(type));
  uint64_t bits = getBits(i);
  if (type == ElementType::I1)
    return bits & 1;
  unsigned width = elementBitWidth(type);
  if (width == 64)
    return static_cast<int64_t>(bits);
  uint64_t sign = uint64_t(1) << (width - 1);
  return static_cast<int64_t>((bits ^ sign) - sign);
}

uint64_t floatBitsFor(ElementType type, double value) {
  switch (type) {
  case ElementType::F16:
    return doubleToHalf(value);
  case ElementType::BF16:
    return doubleToBFloat16(value);
  case ElementType::F8E4M3FN:
    return doubleToFloat8(kFloat8E4M3FN, value);
  case ElementType::F8E5M2:
    return doubleToFloat8(kFloat8E5M2, value);
  case ElementType::F32: {
    float f = static_cast<float>(value);
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof(bits));
    return bits;
  }
  case ElementType::F64: {
    uint64_t bits;
    std::memcpy(&bits, &value, sizeof(bits));
    return bits;
  }
  default:
    assert(false && "floatBitsFor needs a float type");
    return 0;
  }
}

double floatFromBits(ElementType type, uint64_t bits) {
  switch (type) {
  case ElementType::F16:
    return halfToFloat(static_cast<uint16_t>(bits));
  case ElementType::BF16:
    return bfloat16ToFloat(static_cast<uint16_t>(bits));
  case ElementType::F8E4M3FN:
    return float8ToFloat(kFloat8E4M3FN, static_cast<uint8_t>(bits));
  case ElementType::F8E5M2:
    return float8ToFloat(kFloat8E5M2, static_cast<uint8_t>(bits));
  case ElementType::F32: {
    float f;
    uint32_t b = static_cast<uint32_t>(bits);
    std::memcpy(&f, &b, sizeof(f));
    return f;
  }
  case ElementType::F64: {
    double d;
    std::memcpy(&d, &bits, sizeof(d));
    return d;
  }
  default:
    assert(false && "floatFromBits needs a float type");
    return 0;
  }
}

void HostBuffer::setDouble(size_t i, double value) {
  assert(isFloatType(type));
  setBits(i, floatBitsFor(type, value));
}

void HostBuffer::setInt(size_t i, int64_t value) {
  assert(isIntegerType(type));
  uint64_t bits = static_cast<uint64_t>(value);
  setBits(i, type == ElementType::I1 ? (bits & 1) : bits);
}

} // namespace blockrt
