//===- CompareTest.cpp - Comparing results with references ----------------===//

#include "block/Runtime/Compare.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace blockrt;

namespace {
HostBuffer makeBuffer(ElementType type, const std::vector<double> &values) {
  Expected<HostBuffer> b = HostBuffer::allocate(type, values.size());
  EXPECT_TRUE(b);
  for (size_t i = 0; i < values.size(); ++i) {
    if (isFloatType(type))
      b->setDouble(i, values[i]);
    else
      b->setInt(i, static_cast<int64_t>(values[i]));
  }
  return std::move(*b);
}

CompareResult compare(const HostBuffer &got, const HostBuffer &expected,
                      double rtol, double atol) {
  Expected<CompareResult> r = compareBuffers(got, expected, rtol, atol);
  EXPECT_TRUE(r) << r.errorMessage();
  return r ? *r : CompareResult();
}
} // namespace

TEST(Compare, ExactMatch) {
  HostBuffer a = makeBuffer(ElementType::F32, {1, 2, 3});
  CompareResult r = compare(a, a, 0, 0);
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.count, 3u);
  EXPECT_EQ(r.describe(0, 0), "all 3 elements match (rtol 0, atol 0); max abs "
                              "error 0, max rel error 0");
}

TEST(Compare, AppliesAbsoluteAndRelativeTolerance) {
  HostBuffer expected = makeBuffer(ElementType::F64, {100, 0, -100});
  // |got - expected| <= atol + rtol * |expected|.
  HostBuffer got = makeBuffer(ElementType::F64, {100.001, 1e-7, -100.0011});
  CompareResult r = compare(got, expected, 1e-5, 1e-6);
  EXPECT_EQ(r.mismatches, 1u);
  ASSERT_EQ(r.firstMismatches.size(), 1u);
  EXPECT_EQ(r.firstMismatches[0].index, 2u);
  EXPECT_EQ(r.firstMismatches[0].got, -100.0011);
  EXPECT_EQ(r.firstMismatches[0].expected, -100);
  EXPECT_NEAR(r.maxAbsError, 0.0011, 1e-12);
  EXPECT_NEAR(r.maxRelError, 0.0011 / 100, 1e-14);
  EXPECT_EQ(r.describe(1e-5, 1e-6),
            "1 of 3 elements differ (rtol 1e-05, atol 1e-06); max abs error "
            "0.0011, max rel error 1.1e-05\n"
            "  [2] got -100.0011, expected -100");
  EXPECT_TRUE(compare(got, expected, 1.2e-5, 1e-6).ok());
  EXPECT_FALSE(compare(got, expected, 0, 0.001).ok());
  EXPECT_TRUE(compare(got, expected, 0, 0.0011001).ok());
}

TEST(Compare, HandlesNaNAndInfinity) {
  double inf = std::numeric_limits<double>::infinity();
  double nan = std::numeric_limits<double>::quiet_NaN();
  HostBuffer expected = makeBuffer(ElementType::F32, {nan, inf, -inf, 1, nan});
  HostBuffer got = makeBuffer(ElementType::F32, {nan, inf, inf, nan, 1});
  CompareResult r = compare(got, expected, 1, 1);
  EXPECT_EQ(r.mismatches, 3u);
  ASSERT_EQ(r.firstMismatches.size(), 3u);
  EXPECT_EQ(r.firstMismatches[0].index, 2u);
  EXPECT_EQ(r.firstMismatches[1].index, 3u);
  EXPECT_EQ(r.firstMismatches[2].index, 4u);
}

TEST(Compare, ComparesAcrossTypes) {
  // An f16 result against an f64 reference: 0.1 is not exact in f16.
  HostBuffer got = makeBuffer(ElementType::F16, {0.1, 1});
  HostBuffer expected = makeBuffer(ElementType::F64, {0.1, 1});
  EXPECT_FALSE(compare(got, expected, 1e-5, 1e-6).ok());
  EXPECT_TRUE(compare(got, expected, 1e-3, 0).ok());
  HostBuffer ints = makeBuffer(ElementType::I32, {1, 2});
  HostBuffer floats = makeBuffer(ElementType::F32, {1, 2.5});
  EXPECT_EQ(compare(ints, floats, 0, 0).mismatches, 1u);
}

TEST(Compare, IntegersAreExactBeyondDoublePrecision) {
  Expected<HostBuffer> a = HostBuffer::allocate(ElementType::I64, 1);
  Expected<HostBuffer> b = HostBuffer::allocate(ElementType::I64, 1);
  ASSERT_TRUE(a && b);
  a->setInt(0, (int64_t(1) << 60) + 1);
  b->setInt(0, int64_t(1) << 60);
  // As doubles these are equal; as integers they are not.
  EXPECT_EQ(a->getDouble(0), b->getDouble(0));
  EXPECT_EQ(compare(*a, *b, 0, 0).mismatches, 1u);
  EXPECT_EQ(compare(*a, *a, 0, 0).mismatches, 0u);
  EXPECT_EQ(compare(*a, *b, 0, 1).mismatches, 0u); // Within atol.
}

TEST(Compare, ReportsOnlyTheFirstMismatches) {
  std::vector<double> zeros(100, 0), ones(100, 1);
  HostBuffer got = makeBuffer(ElementType::F32, ones);
  HostBuffer expected = makeBuffer(ElementType::F32, zeros);
  Expected<CompareResult> r = compareBuffers(got, expected, 0, 0, 3);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->mismatches, 100u);
  ASSERT_EQ(r->firstMismatches.size(), 3u);
  EXPECT_EQ(r->firstMismatches[2].index, 2u);
  std::string text = r->describe(0, 0);
  EXPECT_EQ(text.substr(0, 32), "100 of 100 elements differ (rtol");
  EXPECT_EQ(text.substr(text.size() - 6), "\n  ...");
}

TEST(Compare, RefusesDifferentCounts) {
  HostBuffer a = makeBuffer(ElementType::F32, {1, 2});
  HostBuffer b = makeBuffer(ElementType::F64, {1, 2, 3});
  Expected<CompareResult> r = compareBuffers(a, b, 0, 0);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.errorMessage(),
            "cannot compare 2 f32 elements with 3 f64 reference elements");
}
