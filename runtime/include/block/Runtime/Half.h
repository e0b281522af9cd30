//===- Half.h - IEEE binary16 and bfloat16 conversions ----------*- C++ -*-===//
//
// Values are carried as their 16-bit patterns. Narrowing conversions round to
// nearest, ties to even, overflow to infinity, keep the sign of zeros and
// infinities, and turn every NaN into a quiet NaN of the same sign. The double
// versions round once (no double rounding through float). Header-only and
// inline: the runtime and the interpreter (in its inner loops) share it.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_RUNTIME_HALF_H
#define BLOCK_RUNTIME_HALF_H

#include <cmath>
#include <cstdint>
#include <cstring>

namespace blockrt {

namespace detail {
inline uint32_t floatBits(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof(bits));
  return bits;
}

inline float bitsToFloat(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof(f));
  return f;
}

/// Narrows a double to float rounding to odd: an inexact result gets its
/// lowest mantissa bit set. A second rounding to a format at least two bits
/// narrower then gives the correctly rounded result of the double.
inline float doubleToFloatRoundToOdd(double value) {
  float f = static_cast<float>(value);
  if (std::isnan(value) || std::isinf(f) || static_cast<double>(f) == value)
    return f;
  uint32_t bits = floatBits(f);
  if (bits & 1)
    return f;
  // f is even and inexact: its neighbour towards `value` is odd.
  bool towardsZero = std::fabs(static_cast<double>(f)) > std::fabs(value);
  return bitsToFloat(towardsZero ? bits - 1 : bits + 1);
}
} // namespace detail

inline uint16_t floatToHalf(float value) {
  uint32_t x = detail::floatBits(value);
  uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000);
  uint32_t abs = x & 0x7fffffff;
  if (abs > 0x7f800000) // NaN: keep the top payload bits, force quiet.
    return sign | 0x7e00 | static_cast<uint16_t>((abs >> 13) & 0x3ff);
  if (abs >= 0x477ff000) // >= 65520 rounds past 65504, the largest half.
    return sign | 0x7c00;
  if (abs >= 0x38800000) { // Normal half (>= 2^-14): rebias, round on bit 13.
    abs += 0xfff + ((abs >> 13) & 1);
    return sign | static_cast<uint16_t>((abs - 0x38000000) >> 13);
  }
  // Subnormal half: the value in units of 2^-24 is mantissa >> (126 - exp).
  uint32_t exponent = abs >> 23;
  if (exponent < 102) // Below 2^-25, the half-way point to the smallest half.
    return sign;
  uint32_t mantissa = (abs & 0x7fffff) | 0x800000;
  uint32_t shift = 126 - exponent;
  uint32_t result = mantissa >> shift;
  uint32_t rest = mantissa & ((1u << shift) - 1);
  uint32_t halfway = 1u << (shift - 1);
  if (rest > halfway || (rest == halfway && (result & 1)))
    ++result; // May carry into the smallest normal, which is the right code.
  return sign | static_cast<uint16_t>(result);
}

inline uint16_t doubleToHalf(double value) {
  return floatToHalf(detail::doubleToFloatRoundToOdd(value));
}

inline float halfToFloat(uint16_t bits) {
  uint32_t sign = static_cast<uint32_t>(bits & 0x8000) << 16;
  uint32_t exponent = (bits >> 10) & 0x1f;
  uint32_t mantissa = bits & 0x3ff;
  if (exponent == 0x1f)
    return detail::bitsToFloat(sign | 0x7f800000 | (mantissa << 13));
  if (exponent != 0)
    return detail::bitsToFloat(sign | ((exponent + 112) << 23) | (mantissa << 13));
  // Zero or subnormal: mantissa * 2^-24 is exact in float.
  float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
  return sign ? -magnitude : magnitude;
}

inline uint16_t floatToBFloat16(float value) {
  uint32_t x = detail::floatBits(value);
  if ((x & 0x7fffffff) > 0x7f800000)
    return static_cast<uint16_t>((x >> 16) | 0x0040);
  x += 0x7fff + ((x >> 16) & 1); // Overflow carries into infinity, as it must.
  return static_cast<uint16_t>(x >> 16);
}

inline uint16_t doubleToBFloat16(double value) {
  return floatToBFloat16(detail::doubleToFloatRoundToOdd(value));
}

inline float bfloat16ToFloat(uint16_t bits) {
  return detail::bitsToFloat(static_cast<uint32_t>(bits) << 16);
}

} // namespace blockrt

#endif // BLOCK_RUNTIME_HALF_H
