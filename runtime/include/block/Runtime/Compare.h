//===- Compare.h - Compare a buffer with a reference ------------*- C++ -*-===//
//
// Element i matches when |got - expected| <= atol + rtol * |expected|, as in
// numpy.isclose. Values are compared as doubles, so buffers of different
// types compare (an f16 result against an f64 reference, say); integer pairs
// are compared exactly before any tolerance. NaN matches NaN, and an
// infinity matches the same infinity only.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_RUNTIME_COMPARE_H
#define BLOCK_RUNTIME_COMPARE_H

#include "block/Runtime/Error.h"
#include "block/Runtime/HostBuffer.h"

#include <cstddef>
#include <string>
#include <vector>

namespace blockrt {

struct Mismatch {
  size_t index;
  double got;
  double expected;
};

struct CompareResult {
  size_t count = 0;
  size_t mismatches = 0;
  /// The first mismatches, in index order, at most `maxReported`.
  std::vector<Mismatch> firstMismatches;
  /// Over all finite pairs.
  double maxAbsError = 0;
  double maxRelError = 0;

  bool ok() const { return mismatches == 0; }
  /// "12 of 1024 elements differ (rtol 1e-05, atol 1e-06); max abs error
  /// ...", then one line per reported mismatch: "  [17] got 1.5, expected
  /// 1.25".
  std::string describe(double rtol, double atol) const;
};

/// Fails only when the element counts differ.
Expected<CompareResult> compareBuffers(const HostBuffer &got,
                                       const HostBuffer &expected,
                                       double rtol, double atol,
                                       size_t maxReported = 10);

} // namespace blockrt

#endif // BLOCK_RUNTIME_COMPARE_H
