//===- Float8Test.cpp - f8E4M3FN / f8E5M2 conversions ---------------------===//

#include "block/Runtime/Float8.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace blockrt;

TEST(Float8, EveryFinitePatternRoundTrips) {
  for (const Float8Format *format : {&kFloat8E4M3FN, &kFloat8E5M2})
    for (unsigned bits = 0; bits < 256; ++bits) {
      float value = float8ToFloat(*format, uint8_t(bits));
      if (std::isnan(value))
        continue;
      EXPECT_EQ(doubleToFloat8(*format, value), bits) << value;
    }
}

TEST(Float8, Values) {
  EXPECT_EQ(kFloat8E4M3FN.largest(), 448.0);
  EXPECT_EQ(kFloat8E5M2.largest(), 57344.0);
  EXPECT_EQ(float8ToFloat(kFloat8E4M3FN, 0x38), 1.0f);
  EXPECT_EQ(float8ToFloat(kFloat8E5M2, 0x3c), 1.0f);
  // The smallest subnormals: 2^-9 and 2^-16.
  EXPECT_EQ(float8ToFloat(kFloat8E4M3FN, 0x01), std::ldexp(1.0f, -9));
  EXPECT_EQ(float8ToFloat(kFloat8E5M2, 0x01), std::ldexp(1.0f, -16));
  EXPECT_TRUE(std::isnan(float8ToFloat(kFloat8E4M3FN, 0x7f)));
  EXPECT_TRUE(std::isnan(float8ToFloat(kFloat8E4M3FN, 0xff)));
  EXPECT_TRUE(std::isinf(float8ToFloat(kFloat8E5M2, 0xfc)));
  EXPECT_TRUE(std::isnan(float8ToFloat(kFloat8E5M2, 0x7e)));
}

TEST(Float8, RoundsToNearestEven) {
  // 0.3 lies between 0.28125 and 0.3125 in f8E4M3FN, nearer the latter.
  EXPECT_EQ(float8ToFloat(kFloat8E4M3FN, doubleToFloat8(kFloat8E4M3FN, 0.3)),
            0.3125f);
  // 1 + 1/16 is half-way between 1 and 1.125: the even mantissa, 1.
  EXPECT_EQ(doubleToFloat8(kFloat8E4M3FN, 1.0625), 0x38);
  EXPECT_EQ(doubleToFloat8(kFloat8E4M3FN, -1.1875), 0xba); // -1.25
  // Below half the smallest subnormal: a zero of the value's sign.
  EXPECT_EQ(doubleToFloat8(kFloat8E4M3FN, 1e-9), 0x00);
  EXPECT_EQ(doubleToFloat8(kFloat8E4M3FN, -1e-9), 0x80);
}

TEST(Float8, Overflow) {
  // 464 is half-way between 448 and the NaN pattern's 480: the even 448.
  EXPECT_EQ(doubleToFloat8(kFloat8E4M3FN, 464), 0x7e);
  // f8E4M3FN has no infinity: past 464, and infinity itself, NaN.
  EXPECT_EQ(doubleToFloat8(kFloat8E4M3FN, 480), 0x7f);
  EXPECT_EQ(doubleToFloat8(kFloat8E4M3FN, -INFINITY), 0xff);
  EXPECT_EQ(doubleToFloat8(kFloat8E5M2, 1e6), 0x7c);
  EXPECT_EQ(doubleToFloat8(kFloat8E5M2, -INFINITY), 0xfc);
  EXPECT_EQ(doubleToFloat8(kFloat8E5M2, NAN), 0x7e);
}
