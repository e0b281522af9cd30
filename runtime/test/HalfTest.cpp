//===- HalfTest.cpp - f16 / bf16 conversions ------------------------------===//

#include "block/Runtime/Half.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

using namespace blockrt;

namespace {
float bitsToFloat(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof(f));
  return f;
}
} // namespace

TEST(Half, KnownPatternsFromFloat) {
  EXPECT_EQ(floatToHalf(0.0f), 0x0000);
  EXPECT_EQ(floatToHalf(-0.0f), 0x8000);
  EXPECT_EQ(floatToHalf(1.0f), 0x3c00);
  EXPECT_EQ(floatToHalf(-2.0f), 0xc000);
  EXPECT_EQ(floatToHalf(0.5f), 0x3800);
  EXPECT_EQ(floatToHalf(0.1f), 0x2e66);
  EXPECT_EQ(floatToHalf(1.0f / 3), 0x3555);
  EXPECT_EQ(floatToHalf(65504.0f), 0x7bff);  // Largest finite half.
  EXPECT_EQ(floatToHalf(65519.0f), 0x7bff);  // Below the half-way point.
  EXPECT_EQ(floatToHalf(65520.0f), 0x7c00);  // Tie rounds to even: infinity.
  EXPECT_EQ(floatToHalf(1e10f), 0x7c00);
  EXPECT_EQ(floatToHalf(-1e10f), 0xfc00);
  EXPECT_EQ(floatToHalf(std::numeric_limits<float>::infinity()), 0x7c00);
  EXPECT_EQ(floatToHalf(std::ldexp(1.0f, -14)), 0x0400); // Smallest normal.
  EXPECT_EQ(floatToHalf(std::ldexp(1.0f, -24)), 0x0001); // Smallest subnormal.
  EXPECT_EQ(floatToHalf(std::ldexp(1.0f, -25)), 0x0000); // Tie to even: 0.
  EXPECT_EQ(floatToHalf(std::ldexp(1.5f, -25)), 0x0001);
  EXPECT_EQ(floatToHalf(std::ldexp(3.0f, -25)), 0x0002); // Tie 1|2 -> 2.
  EXPECT_EQ(floatToHalf(std::ldexp(5.0f, -25)), 0x0002); // Tie 2|3 -> 2.
  EXPECT_EQ(floatToHalf(std::ldexp(1023.5f, -24)), 0x0400); // Carry to normal.
  EXPECT_EQ(floatToHalf(-std::ldexp(1.0f, -30)), 0x8000);
  // Ties between normals go to the even mantissa.
  EXPECT_EQ(floatToHalf(1.0f + std::ldexp(1.0f, -11)), 0x3c00);
  EXPECT_EQ(floatToHalf(1.0f + 3 * std::ldexp(1.0f, -11)), 0x3c02);
  EXPECT_EQ(floatToHalf(1.0f + std::ldexp(1.0f, -11) + std::ldexp(1.0f, -20)),
            0x3c01);
}

TEST(Half, NaNStaysNaN) {
  uint16_t h = floatToHalf(std::numeric_limits<float>::quiet_NaN());
  EXPECT_EQ(h & 0x7c00, 0x7c00);
  EXPECT_NE(h & 0x03ff, 0);
  EXPECT_EQ(h & 0x0200, 0x0200); // Quiet.
  // A signalling NaN whose payload lives only in the low bits stays NaN.
  uint16_t s = floatToHalf(bitsToFloat(0xff800001));
  EXPECT_EQ(s & 0xfc00, 0xfc00);
  EXPECT_NE(s & 0x03ff, 0);
  EXPECT_TRUE(std::isnan(halfToFloat(0x7e00)));
  EXPECT_TRUE(std::isnan(halfToFloat(0x7c01)));
}

TEST(Half, KnownPatternsToFloat) {
  EXPECT_EQ(halfToFloat(0x3c00), 1.0f);
  EXPECT_EQ(halfToFloat(0xc000), -2.0f);
  EXPECT_EQ(halfToFloat(0x3555), 0.333251953125f);
  EXPECT_EQ(halfToFloat(0x7bff), 65504.0f);
  EXPECT_EQ(halfToFloat(0x0001), std::ldexp(1.0f, -24));
  EXPECT_EQ(halfToFloat(0x03ff), std::ldexp(1023.0f, -24));
  EXPECT_EQ(halfToFloat(0x0400), std::ldexp(1.0f, -14));
  EXPECT_EQ(halfToFloat(0x7c00), std::numeric_limits<float>::infinity());
  EXPECT_EQ(halfToFloat(0xfc00), -std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::signbit(halfToFloat(0x8000)));
  EXPECT_EQ(halfToFloat(0x8001), -std::ldexp(1.0f, -24));
}

TEST(Half, EveryPatternRoundTrips) {
  for (uint32_t bits = 0; bits < 0x10000; ++bits) {
    uint16_t h = static_cast<uint16_t>(bits);
    float f = halfToFloat(h);
    if (std::isnan(f))
      continue;
    ASSERT_EQ(floatToHalf(f), h) << "pattern " << bits;
    ASSERT_EQ(doubleToHalf(f), h) << "pattern " << bits;
  }
}

TEST(Half, RoundsToNearest) {
  // Every float between consecutive halves goes to the nearer one.
  for (uint32_t bits = 0; bits < 0x7bff; bits += 7) {
    float lo = halfToFloat(static_cast<uint16_t>(bits));
    float hi = halfToFloat(static_cast<uint16_t>(bits + 1));
    for (int k = 1; k < 8; ++k) {
      float f = lo + (hi - lo) * k / 8;
      uint16_t want = k < 4 ? bits : k > 4 ? bits + 1 : (bits & 1 ? bits + 1 : bits);
      ASSERT_EQ(floatToHalf(f), want) << "between patterns " << bits << " and "
                                      << bits + 1 << ", k = " << k;
    }
  }
}

TEST(Half, DoubleRoundsOnce) {
  // Through float this is a tie, which would round down to 0x3c00; the double
  // is above the tie, so it rounds up.
  double justAboveTie = 1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40);
  EXPECT_EQ(static_cast<float>(justAboveTie), 1.0f + std::ldexp(1.0f, -11));
  EXPECT_EQ(doubleToHalf(justAboveTie), 0x3c01);
  EXPECT_EQ(doubleToHalf(1.0 + std::ldexp(1.0, -11)), 0x3c00);
  EXPECT_EQ(doubleToHalf(1.0 + std::ldexp(1.0, -11) - std::ldexp(1.0, -40)),
            0x3c00);
  EXPECT_EQ(doubleToHalf(65519.999999), 0x7bff);
  EXPECT_EQ(doubleToHalf(1e300), 0x7c00);
  EXPECT_EQ(doubleToHalf(-1e-300), 0x8000);
  EXPECT_EQ(doubleToHalf(0.1), 0x2e66);
}

TEST(BFloat16, KnownPatterns) {
  EXPECT_EQ(floatToBFloat16(1.0f), 0x3f80);
  EXPECT_EQ(floatToBFloat16(-2.0f), 0xc000);
  EXPECT_EQ(floatToBFloat16(-0.0f), 0x8000);
  EXPECT_EQ(floatToBFloat16(3.14159265f), 0x4049);
  EXPECT_EQ(floatToBFloat16(0.1f), 0x3dcd);
  EXPECT_EQ(floatToBFloat16(bitsToFloat(0x3f808000)), 0x3f80); // Tie: even.
  EXPECT_EQ(floatToBFloat16(bitsToFloat(0x3f818000)), 0x3f82); // Tie: even.
  EXPECT_EQ(floatToBFloat16(bitsToFloat(0x3f808001)), 0x3f81);
  EXPECT_EQ(floatToBFloat16(std::numeric_limits<float>::max()), 0x7f80);
  EXPECT_EQ(floatToBFloat16(std::numeric_limits<float>::infinity()), 0x7f80);
  EXPECT_EQ(floatToBFloat16(bitsToFloat(0x00000001)), 0x0000);
  EXPECT_EQ(floatToBFloat16(std::numeric_limits<float>::quiet_NaN()), 0x7fc0);
  EXPECT_EQ(floatToBFloat16(bitsToFloat(0xff800001)), 0xffc0);
  EXPECT_EQ(bfloat16ToFloat(0x4049), 3.140625f);
  EXPECT_EQ(bfloat16ToFloat(0x3f80), 1.0f);
  EXPECT_EQ(bfloat16ToFloat(0xff80), -std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::isnan(bfloat16ToFloat(0x7fc0)));
}

TEST(BFloat16, EveryPatternRoundTripsAndDoubleRoundsOnce) {
  for (uint32_t bits = 0; bits < 0x10000; ++bits) {
    uint16_t b = static_cast<uint16_t>(bits);
    float f = bfloat16ToFloat(b);
    if (std::isnan(f))
      continue;
    ASSERT_EQ(floatToBFloat16(f), b) << "pattern " << bits;
    ASSERT_EQ(doubleToBFloat16(f), b) << "pattern " << bits;
  }
  EXPECT_EQ(doubleToBFloat16(1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -40)),
            0x3f81);
  EXPECT_EQ(doubleToBFloat16(1.0 + std::ldexp(1.0, -8)), 0x3f80);
}
