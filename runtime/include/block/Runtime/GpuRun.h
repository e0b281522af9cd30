//===- GpuRun.h - Run one kernel of a bundle from a RunSpec -----*- C++ -*-===//
//
// The GPU backend of block-run, and the whole of block-run-gpu: build the
// spec's buffers, launch, write --out files, compare --ref files, and
// optionally time the kernel or the host cost of launching it.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_RUNTIME_GPURUN_H
#define BLOCK_RUNTIME_GPURUN_H

#include "block/Runtime/Error.h"
#include "block/Runtime/Grid.h"
#include "block/Runtime/RunSpec.h"

#include <iosfwd>
#include <string>

namespace blockrt {

struct TimingOptions {
  /// Time the kernel: `warmup` launches, then `runs` launches each between
  /// two CUDA events, over rotating copies of the buffers whose total size
  /// exceeds twice the L2 cache (at most `maxCopies` copies), so that each
  /// run reads from memory, not from L2.
  bool time = false;
  unsigned warmup = 10;
  unsigned runs = 100;
  unsigned maxCopies = 1024;
  /// Measure the host time of a launch: `launches` launches back to back,
  /// in batches short enough that the driver's queue never blocks.
  bool measureLaunchOverhead = false;
  unsigned launches = 10000;
  /// Also write the JSON report to this file.
  std::string jsonPath;
};

struct GpuRunOptions {
  std::string bundle; // A bundle directory or a manifest .json.
  std::string kernel;
  Grid grid;
  int device = 0;
  TimingOptions timing;
};

/// Runs `options.kernel` as `spec` says, printing progress, reference
/// comparisons and, when timing, a JSON report to `os`:
///   {"kernel": ..., "device": ..., "grid": [x, y, z], "median_ms": ...,
///    "min_ms": ..., "max_ms": ..., "runs": ..., "warmup": ...,
///    "bytes": <bytes of all buffers, one copy>, "copies": ...,
///    "launch_us": ..., "unchecked_launch_us": ...}
/// (timing and launch fields only when asked for). Everything that can be
/// checked without a GPU (RunSpec::verify, RunSpec::checkAgainst, reading
/// input files) is checked before CUDA is initialised. Fails on any error
/// and when a reference differs.
Error runOnGpu(const RunSpec &spec, const GpuRunOptions &options,
               std::ostream &os);

} // namespace blockrt

#endif // BLOCK_RUNTIME_GPURUN_H
