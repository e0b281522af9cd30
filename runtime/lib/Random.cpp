//===- Random.cpp - Reproducible buffer contents --------------------------===//

#include "block/Runtime/Random.h"

#include <cassert>
#include <cmath>

namespace blockrt {

uint64_t SplitMix64::next() {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static unsigned significandBits(ElementType type) {
  switch (type) {
  case ElementType::F16:
    return 11;
  case ElementType::BF16:
    return 8;
  case ElementType::F8E4M3FN:
    return 4;
  case ElementType::F8E5M2:
    return 3;
  case ElementType::F32:
    return 24;
  default:
    return 53;
  }
}

void fillUniform(HostBuffer &buffer, uint64_t seed) {
  SplitMix64 rng(seed);
  if (isFloatType(buffer.type)) {
    unsigned p = significandBits(buffer.type);
    // k in [0, 2^p); value = k * 2^-(p-1) - 1 in [-1, 1), exact in the type.
    for (size_t i = 0; i < buffer.count; ++i) {
      uint64_t k = rng.next() >> (64 - p);
      buffer.setDouble(i, std::ldexp(static_cast<double>(k), 1 - int(p)) - 1);
    }
    return;
  }
  uint64_t range = buffer.type == ElementType::I1 ? 2 : 100;
  for (size_t i = 0; i < buffer.count; ++i) {
    // Lemire's multiply-shift maps 32 random bits onto [0, range).
    uint64_t value = ((rng.next() >> 32) * range) >> 32;
    buffer.setInt(i, static_cast<int64_t>(value));
  }
}

void fillNormal(HostBuffer &buffer, uint64_t seed) {
  assert(isFloatType(buffer.type));
  SplitMix64 rng(seed);
  auto uniform = [&] { // In (-1, 1), 53 bits.
    return std::ldexp(static_cast<double>(rng.next() >> 11), -52) - 1;
  };
  for (size_t i = 0; i < buffer.count;) {
    double u = uniform(), v = uniform();
    double s = u * u + v * v;
    if (s >= 1 || s == 0)
      continue;
    double factor = std::sqrt(-2 * std::log(s) / s);
    buffer.setDouble(i++, u * factor);
    if (i < buffer.count)
      buffer.setDouble(i++, v * factor);
  }
}

} // namespace blockrt
