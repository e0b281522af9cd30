//===- Random.h - Reproducible buffer contents ------------------*- C++ -*-===//
//
// Random inputs must be the same on every machine, so that the interpreter's
// output on a CI machine can be compared with the GPU's: the generator is
// SplitMix64 (Steele, Lea, Flood 2014), and values are derived from its
// 64-bit outputs by exact integer and floating-point steps only.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_RUNTIME_RANDOM_H
#define BLOCK_RUNTIME_RANDOM_H

#include "block/Runtime/HostBuffer.h"

#include <cstdint>

namespace blockrt {

class SplitMix64 {
public:
  explicit SplitMix64(uint64_t seed) : state(seed) {}
  uint64_t next();

private:
  uint64_t state;
};

/// Floats: uniform in [-1, 1) on the grid of multiples of 2^-(p-1), p being
/// the type's significand bits, so that every draw is exact in the type.
/// Integers: uniform in [0, 100) (i1: 0 or 1).
void fillUniform(HostBuffer &buffer, uint64_t seed);

/// Float types only: standard normal by Marsaglia's polar method in double
/// precision, rounded to the type. Uses std::log and std::sqrt; sqrt is exact
/// and glibc's log is correctly rounded in practice, so values agree across
/// machines.
void fillNormal(HostBuffer &buffer, uint64_t seed);

} // namespace blockrt

#endif // BLOCK_RUNTIME_RANDOM_H
