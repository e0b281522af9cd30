//===- Half.h - IEEE binary16 and bfloat16 conversions ----------*- C++ -*-===//
//
// Values are carried as their 16-bit patterns. Narrowing conversions round to
// nearest, ties to even, overflow to infinity, keep the sign of zeros and
// infinities, and turn every NaN into a quiet NaN of the same sign. The double
// versions round once (no double rounding through float).
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_RUNTIME_HALF_H
#define BLOCK_RUNTIME_HALF_H

#include <cstdint>

namespace blockrt {

uint16_t floatToHalf(float value);
uint16_t doubleToHalf(double value);
float halfToFloat(uint16_t bits);

uint16_t floatToBFloat16(float value);
uint16_t doubleToBFloat16(double value);
float bfloat16ToFloat(uint16_t bits);

} // namespace blockrt

#endif // BLOCK_RUNTIME_HALF_H
