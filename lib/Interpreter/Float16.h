//===- Float16.h - IEEE binary16 and bfloat16 conversions -------*- C++ -*-===//
//
// Values are carried as their 16-bit patterns. Narrowing rounds to nearest,
// ties to even, overflows to infinity and keeps NaNs quiet NaNs of the same
// sign; narrowing a double rounds once. Inline, because f16 tensors convert
// in the interpreter's inner loops.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_LIB_INTERPRETER_FLOAT16_H
#define BLOCK_LIB_INTERPRETER_FLOAT16_H

#include <cmath>
#include <cstdint>
#include <cstring>

namespace mlir::block::interpreter::detail {

inline uint32_t bitsOf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

inline float floatOf(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

inline float halfToFloat(uint16_t bits) {
  uint32_t sign = static_cast<uint32_t>(bits & 0x8000) << 16;
  uint32_t exponent = (bits >> 10) & 0x1f;
  uint32_t mantissa = bits & 0x3ff;
  if (exponent == 0x1f)
    return floatOf(sign | 0x7f800000 | (mantissa << 13));
  if (exponent != 0)
    return floatOf(sign | ((exponent + 112) << 23) | (mantissa << 13));
  // Zero or subnormal: mantissa * 2^-24, exact in float.
  float magnitude = static_cast<float>(mantissa) * 0x1p-24f;
  return sign ? -magnitude : magnitude;
}

inline uint16_t floatToHalf(float value) {
  uint32_t x = bitsOf(value);
  uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000);
  uint32_t abs = x & 0x7fffffff;
  if (abs > 0x7f800000) // NaN: keep the top payload bits, make it quiet.
    return sign | 0x7e00 | static_cast<uint16_t>((abs >> 13) & 0x3ff);
  if (abs >= 0x477ff000) // 65520 and up round past 65504, the largest half.
    return sign | 0x7c00;
  if (abs >= 0x38800000) { // A normal half (>= 2^-14): round on bit 13.
    abs += 0xfff + ((abs >> 13) & 1);
    return sign | static_cast<uint16_t>((abs - 0x38000000) >> 13);
  }
  // A subnormal half: the value in units of 2^-24, rounded to even. Adding
  // 0.5 (2^-1 in those units) to a float of the right magnitude lets the
  // hardware round: the sum's last mantissa bit is worth 2^-24.
  float scaled = floatOf(abs) + 0.5f;
  return sign | static_cast<uint16_t>(bitsOf(scaled) - bitsOf(0.5f));
}

inline float bfloat16ToFloat(uint16_t bits) {
  return floatOf(static_cast<uint32_t>(bits) << 16);
}

inline uint16_t floatToBFloat16(float value) {
  uint32_t x = bitsOf(value);
  if ((x & 0x7fffffff) > 0x7f800000)
    return static_cast<uint16_t>((x >> 16) | 0x0040);
  x += 0x7fff + ((x >> 16) & 1); // Overflow carries into infinity.
  return static_cast<uint16_t>(x >> 16);
}

/// Narrows to float rounding to odd (an inexact result gets its last bit
/// set), so that rounding that float again to a format at least two bits
/// narrower gives the correctly rounded double.
inline float doubleToFloatRoundToOdd(double value) {
  float narrow = static_cast<float>(value);
  if (std::isnan(value) || std::isinf(narrow) ||
      static_cast<double>(narrow) == value)
    return narrow;
  uint32_t bits = bitsOf(narrow);
  if (bits & 1)
    return narrow;
  bool roundedAway = std::fabs(static_cast<double>(narrow)) > std::fabs(value);
  return floatOf(roundedAway ? bits - 1 : bits + 1);
}

inline uint16_t doubleToHalf(double value) {
  return floatToHalf(doubleToFloatRoundToOdd(value));
}

inline uint16_t doubleToBFloat16(double value) {
  return floatToBFloat16(doubleToFloatRoundToOdd(value));
}

} // namespace mlir::block::interpreter::detail

#endif // BLOCK_LIB_INTERPRETER_FLOAT16_H
