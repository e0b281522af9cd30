//===- Compare.cpp - Compare a buffer with a reference --------------------===//

#include "block/Runtime/Compare.h"

#include <cmath>
#include <cstdio>

namespace blockrt {

namespace {
std::string formatValue(double value) {
  char buf[40];
  std::snprintf(buf, sizeof(buf), "%.9g", value);
  return buf;
}

std::string formatTolerance(double value) {
  char buf[40];
  std::snprintf(buf, sizeof(buf), "%g", value);
  return buf;
}

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
  text += " (rtol " + formatTolerance(rtol) + ", atol " +
          formatTolerance(atol) + "); max abs error " +
          formatValue(maxAbsError) + ", max rel error " +
          formatValue(maxRelError);
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
    if (integers && got.getInt(i) == expected.getInt(i))
      continue; // Exact even beyond 2^53.
    double g = got.getDouble(i), e = expected.getDouble(i);
    if (std::isfinite(g) && std::isfinite(e)) {
      double abs = std::fabs(g - e);
      result.maxAbsError = std::fmax(result.maxAbsError, abs);
      if (e != 0)
        result.maxRelError = std::fmax(result.maxRelError, abs / std::fabs(e));
    }
    if (close(g, e, rtol, atol))
      continue;
    ++result.mismatches;
    if (result.firstMismatches.size() < maxReported)
      result.firstMismatches.push_back({i, g, e});
  }
  return result;
}

} // namespace blockrt
