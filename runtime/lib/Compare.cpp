//===- Compare.cpp - Compare a buffer with a reference --------------------===//

#include "block/Runtime/Compare.h"

#include "Numbers.h"

#include <cmath>

namespace blockrt {

namespace {
std::string formatValue(double value) { return formatNumber("%.9g", value); }

std::string formatShort(double value) { return formatNumber("%.3g", value); }

bool close(double got, double expected, double rtol, double atol) {
  if (std::isnan(got) || std::isnan(expected))
    return std::isnan(got) && std::isnan(expected);
  if (std::isinf(got) || std::isinf(expected))
    return got == expected;
  return std::fabs(got - expected) <= atol + rtol * std::fabs(expected);
}
} // namespace

std::string CompareResult::describe(double rtol, double atol) const {
  std::string text;
  if (mismatches == 0)
    text = "all " + std::to_string(count) + " elements match";
  else
    text = std::to_string(mismatches) + " of " + std::to_string(count) +
           " elements differ";
  text += " (rtol " + formatShort(rtol) + ", atol " + formatShort(atol) +
          "); max abs error " + formatShort(maxAbsError) +
          ", max rel error " + formatShort(maxRelError);
  for (const Mismatch &m : firstMismatches)
    text += "\n  [" + std::to_string(m.index) + "] got " + formatValue(m.got) +
            ", expected " + formatValue(m.expected);
  if (mismatches > firstMismatches.size())
    text += "\n  ...";
  return text;
}

Expected<CompareResult> compareBuffers(const HostBuffer &got,
                                       const HostBuffer &expected, double rtol,
                                       double atol, size_t maxReported) {
  if (got.count != expected.count)
    return makeError("cannot compare " + std::to_string(got.count) + " " +
                     elementTypeName(got.type) + " elements with " +
                     std::to_string(expected.count) + " " +
                     elementTypeName(expected.type) + " reference elements");
  bool integers = isIntegerType(got.type) && isIntegerType(expected.type);
  CompareResult result;
  result.count = got.count;
  for (size_t i = 0; i < got.count; ++i) {
    double g = got.getDouble(i), e = expected.getDouble(i);
    double absError;
    bool match;
    if (integers) {
      // Take the difference in integers: doubles lose it beyond 2^53.
      int64_t gi = got.getInt(i), ei = expected.getInt(i);
      uint64_t diff = gi > ei ? uint64_t(gi) - uint64_t(ei)
                              : uint64_t(ei) - uint64_t(gi);
      absError = static_cast<double>(diff);
      match = diff == 0 || absError <= atol + rtol * std::fabs(e);
    } else {
      absError = std::fabs(g - e);
      match = close(g, e, rtol, atol);
    }
    if (std::isfinite(absError)) {
      result.maxAbsError = std::fmax(result.maxAbsError, absError);
      if (e != 0)
        result.maxRelError =
            std::fmax(result.maxRelError, absError / std::fabs(e));
    }
    if (match)
      continue;
    ++result.mismatches;
    if (result.firstMismatches.size() < maxReported)
      result.firstMismatches.push_back({i, g, e});
  }
  return result;
}

} // namespace blockrt
