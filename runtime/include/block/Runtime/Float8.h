//===- Float8.h - The 8-bit floats of fp8 tensor-core products --*- C++ -*-===//
//
// Values are carried as their 8-bit patterns: f8E4M3FN (1 sign, 4 exponent
// bits with bias 7, 3 mantissa bits; no infinities, S.1111.111 is NaN,
// largest 448) and f8E5M2 (IEEE-like with bias 15: infinities and NaNs;
// largest 57344), MLIR's and PyTorch's float8_e4m3fn and float8_e5m2.
// Narrowing rounds once to nearest, ties to even; what rounds past the
// largest finite value becomes infinity (f8E5M2) or NaN (f8E4M3FN, which
// has no infinity), as APFloat and PyTorch convert. Header-only, like
// Half.h.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_RUNTIME_FLOAT8_H
#define BLOCK_RUNTIME_FLOAT8_H

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace blockrt {

/// One 8-bit float format.
struct Float8Format {
  int mantissaBits;
  int bias;
  /// Whether the all-ones exponent holds infinities and NaNs (f8E5M2) or
  /// ordinary values but for the one NaN pattern (f8E4M3FN).
  bool ieee;

  int exponentBits() const { return 7 - mantissaBits; }
  int maxExponentField() const { return (1 << exponentBits()) - 1; }
  double largest() const {
    int top = ieee ? maxExponentField() - 1 : maxExponentField();
    int mantissa = ieee ? (1 << mantissaBits) - 1 : (1 << mantissaBits) - 2;
    return std::ldexp(double((1 << mantissaBits) + mantissa),
                      top - bias - mantissaBits);
  }
  uint8_t nan() const {
    return ieee ? uint8_t((maxExponentField() << mantissaBits) |
                          (1 << (mantissaBits - 1)))
                : uint8_t(0x7f);
  }
};

constexpr Float8Format kFloat8E4M3FN{3, 7, false};
constexpr Float8Format kFloat8E5M2{2, 15, true};

inline uint8_t doubleToFloat8(const Float8Format &format, double value) {
  uint8_t sign = std::signbit(value) ? 0x80 : 0;
  if (std::isnan(value))
    return sign | format.nan();
  double magnitude = std::fabs(value);
  int minExponent = 1 - format.bias;
  int exponent = 0;
  if (magnitude != 0 && !std::isinf(magnitude)) {
    std::frexp(magnitude, &exponent);
    exponent = std::max(exponent - 1, minExponent);
    // The quantum of magnitude's binade (subnormals share the lowest).
    double quantum = std::ldexp(1.0, exponent - format.mantissaBits);
    magnitude = std::nearbyint(magnitude / quantum) * quantum;
  }
  if (magnitude > format.largest())
    return sign | (format.ieee ? uint8_t(format.maxExponentField()
                                         << format.mantissaBits)
                               : format.nan());
  if (magnitude == 0)
    return sign;
  std::frexp(magnitude, &exponent);
  --exponent;
  if (exponent < minExponent) // Subnormal: exponent field 0.
    return sign | uint8_t(std::ldexp(magnitude,
                                     format.bias - 1 + format.mantissaBits));
  int mantissa = int(std::ldexp(magnitude, format.mantissaBits - exponent)) -
                 (1 << format.mantissaBits);
  return sign |
         uint8_t(((exponent + format.bias) << format.mantissaBits) | mantissa);
}

inline float float8ToFloat(const Float8Format &format, uint8_t bits) {
  bool negative = bits & 0x80;
  int exponentField = (bits & 0x7f) >> format.mantissaBits;
  int mantissa = bits & ((1 << format.mantissaBits) - 1);
  float magnitude;
  if (format.ieee && exponentField == format.maxExponentField())
    magnitude = mantissa ? NAN : INFINITY;
  else if (!format.ieee && (bits & 0x7f) == 0x7f)
    magnitude = NAN;
  else if (exponentField == 0)
    magnitude =
        std::ldexp(float(mantissa), 1 - format.bias - format.mantissaBits);
  else
    magnitude = std::ldexp(float((1 << format.mantissaBits) + mantissa),
                           exponentField - format.bias - format.mantissaBits);
  return negative ? -magnitude : magnitude;
}

} // namespace blockrt

#endif // BLOCK_RUNTIME_FLOAT8_H
