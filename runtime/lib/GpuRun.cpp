//===- GpuRun.cpp - Run one kernel of a bundle from a RunSpec -------------===//

#include "block/Runtime/GpuRun.h"

#include "block/Runtime/CudaRuntime.h"

#include "CudaDriver.h"
#include "Numbers.h"
#include "block/Runtime/FileIO.h"
#include "block/Runtime/Json.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ostream>

namespace blockrt {

namespace {
std::string formatMs(double ms) { return formatNumber("%.4f", ms); }

std::string formatMiB(uint64_t bytes) {
  return formatNumber("%.1f MiB", bytes / (1024.0 * 1024.0));
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/// Everything a run keeps on the device: one buffer per pointer argument
/// and the argument list that points at them.
struct DeviceArgs {
  std::vector<DeviceBuffer> buffers;
  std::vector<KernelArg> args;
};

Expected<DeviceArgs> uploadArgs(const RunSpec &spec,
                                const std::vector<HostBuffer> &host) {
  DeviceArgs device;
  device.buffers.resize(spec.args.size());
  for (size_t i = 0; i < spec.args.size(); ++i) {
    if (!spec.args[i].isPointer) {
      device.args.push_back(spec.args[i].scalarArg());
      continue;
    }
    Expected<DeviceBuffer> buffer = DeviceBuffer::allocate(host[i].byteSize());
    if (!buffer)
      return buffer.takeError();
    if (Error e = buffer->copyFromHost(host[i].data(), host[i].byteSize()))
      return e;
    device.args.push_back(buffer->arg());
    device.buffers[i] = std::move(*buffer);
  }
  return device;
}

Error synchronize(const KernelInfo &kernel) {
  return checkCuda(cuda().cuCtxSynchronize(), "cuCtxSynchronize")
      .withPrefix("kernel '" + kernel.name + "' failed: ");
}

/// Times the kernel over rotating copies of its buffers, so that the copies
/// together exceed twice the L2 cache and no run finds its inputs there.
Error timeKernel(const Kernel &kernel, const CudaDevice &device,
                 const RunSpec &spec, const std::vector<HostBuffer> &host,
                 const GpuRunOptions &options, JsonValue &report,
                 std::ostream &os) {
  const TimingOptions &timing = options.timing;
  constexpr uint64_t copyAlignment = 256; // cuMemAlloc aligns at least this.
  uint64_t setBytes = 0, strideSum = 0;
  std::vector<uint64_t> strides(spec.args.size(), 0);
  for (size_t i = 0; i < spec.args.size(); ++i) {
    if (!spec.args[i].isPointer)
      continue;
    setBytes += host[i].byteSize();
    strides[i] = (host[i].byteSize() + copyAlignment - 1) / copyAlignment *
                 copyAlignment;
    strideSum += strides[i];
  }
  uint64_t copies = setBytes ? 2 * device.l2CacheBytes() / setBytes + 1 : 1;
  copies = std::min<uint64_t>(copies, std::max(timing.maxCopies, 1u));
  size_t freeBytes = 0, totalBytes = 0;
  if (Error e = checkCuda(cuda().cuMemGetInfo(&freeBytes, &totalBytes),
                          "cuMemGetInfo"))
    return e;
  if (strideSum && copies * strideSum > freeBytes / 10 * 9)
    copies = std::max<uint64_t>(1, freeBytes / 10 * 9 / strideSum);

  std::vector<DeviceBuffer> slabs(spec.args.size());
  for (size_t i = 0; i < spec.args.size(); ++i) {
    if (!spec.args[i].isPointer)
      continue;
    Expected<DeviceBuffer> slab = DeviceBuffer::allocate(copies * strides[i]);
    if (!slab)
      return slab.takeError();
    if (Error e = slab->copyFromHost(host[i].data(), host[i].byteSize()))
      return e;
    // Double the initialised prefix until every copy holds the inputs.
    for (uint64_t have = 1; have < copies; have *= 2) {
      uint64_t more = std::min(have, copies - have);
      if (Error e = slab->copyWithin(0, have * strides[i], more * strides[i]))
        return e;
    }
    slabs[i] = std::move(*slab);
  }
  auto argsForCopy = [&](uint64_t copy) {
    std::vector<KernelArg> args;
    for (size_t i = 0; i < spec.args.size(); ++i)
      args.push_back(spec.args[i].isPointer
                         ? KernelArg::pointer(slabs[i].address() +
                                                  copy * strides[i],
                                              host[i].byteSize())
                         : spec.args[i].scalarArg());
    return args;
  };
  std::vector<std::vector<KernelArg>> argSets;
  for (uint64_t c = 0; c < copies; ++c)
    argSets.push_back(argsForCopy(c));

  for (unsigned w = 0; w < timing.warmup; ++w)
    if (Error e = kernel.launch(options.grid, argSets[w % copies]))
      return e;
  std::vector<CudaEvent> starts, stops;
  for (unsigned r = 0; r < timing.runs; ++r) {
    Expected<CudaEvent> start = CudaEvent::create();
    Expected<CudaEvent> stop = CudaEvent::create();
    if (!start)
      return start.takeError();
    if (!stop)
      return stop.takeError();
    starts.push_back(std::move(*start));
    stops.push_back(std::move(*stop));
  }
  for (unsigned r = 0; r < timing.runs; ++r) {
    if (Error e = starts[r].record())
      return e;
    if (Error e = kernel.launch(options.grid,
                                argSets[(timing.warmup + r) % copies]))
      return e;
    if (Error e = stops[r].record())
      return e;
  }
  if (Error e = synchronize(kernel.info()))
    return e;
  std::vector<double> times;
  for (unsigned r = 0; r < timing.runs; ++r) {
    Expected<float> ms = elapsedMs(starts[r], stops[r]);
    if (!ms)
      return ms.takeError();
    times.push_back(*ms);
  }
  double med = median(times);
  double lo = *std::min_element(times.begin(), times.end());
  double hi = *std::max_element(times.begin(), times.end());
  os << "time: median " << formatMs(med) << " ms, min " << formatMs(lo)
     << " ms, max " << formatMs(hi) << " ms over " << timing.runs
     << " runs after " << timing.warmup << " warm-up runs; " << copies
     << " copies of " << formatMiB(setBytes) << " rotating (L2 "
     << formatMiB(device.l2CacheBytes()) << ")\n";
  report.set("median_ms", med);
  report.set("min_ms", lo);
  report.set("max_ms", hi);
  report.set("runs", timing.runs);
  report.set("warmup", timing.warmup);
  report.set("copies", copies);
  return Error::success();
}

/// Host microseconds per launch, checked and unchecked, in alternating
/// batches short enough that the driver's launch queue never fills.
Error measureLaunchOverhead(const Kernel &kernel, const Grid &grid,
                            const std::vector<KernelArg> &args,
                            const TimingOptions &timing, JsonValue &report,
                            std::ostream &os) {
  constexpr unsigned batchSize = 256;
  unsigned batches = std::max(1u, timing.launches / batchSize);
  std::vector<double> checked, unchecked;
  using Clock = std::chrono::steady_clock;
  // Batch 0 of each kind warms caches and is not counted.
  for (unsigned b = 0; b <= batches; ++b) {
    for (bool check : {true, false}) {
      if (Error e = synchronize(kernel.info()))
        return e;
      Clock::time_point begin = Clock::now();
      for (unsigned i = 0; i < batchSize; ++i) {
        Error e = check ? kernel.launch(grid, args.data(), args.size())
                        : kernel.launchUnchecked(grid, args.data(),
                                                 args.size());
        if (e)
          return e;
      }
      double us =
          std::chrono::duration<double, std::micro>(Clock::now() - begin)
              .count() /
          batchSize;
      if (b)
        (check ? checked : unchecked).push_back(us);
    }
  }
  if (Error e = synchronize(kernel.info()))
    return e;
  double checkedUs = median(checked), uncheckedUs = median(unchecked);
  char line[160];
  std::snprintf(line, sizeof(line),
                "launch overhead: %.2f us per launch (host time; %.2f us "
                "without the manifest check), median of %u batches of %u\n",
                checkedUs, uncheckedUs, batches, batchSize);
  os << line;
  report.set("launch_us", checkedUs);
  report.set("unchecked_launch_us", uncheckedUs);
  report.set("launches", static_cast<uint64_t>(batches) * batchSize);
  return Error::success();
}
} // namespace

Error runOnGpu(const RunSpec &spec, const GpuRunOptions &options,
               std::ostream &os) {
  // Everything that needs no GPU first, so that a bad command line fails the
  // same way on every machine.
  if (Error e = spec.verify())
    return e;
  Expected<Manifest> manifest = readManifest(options.bundle);
  if (!manifest)
    return manifest.takeError();
  Expected<const KernelInfo *> found = manifest->getKernel(options.kernel);
  if (!found)
    return found.takeError();
  const KernelInfo *info = *found;
  if (Error e = spec.checkAgainst(*info, options.grid))
    return e;
  Expected<std::vector<HostBuffer>> host = createHostBuffers(spec);
  if (!host)
    return host.takeError();

  Expected<std::unique_ptr<CudaDevice>> device =
      CudaDevice::open(options.device);
  if (!device)
    return device.takeError();
  Expected<std::unique_ptr<Module>> module =
      Module::load(**device, options.bundle);
  if (!module)
    return module.takeError();
  Expected<Kernel> kernel = (*module)->getKernel(options.kernel);
  if (!kernel)
    return kernel.takeError();
  os << "device " << (*device)->name() << " (" << (*device)->chip()
     << "), loaded " << (*module)->loadedFrom() << "\n";

  Expected<DeviceArgs> deviceArgs = uploadArgs(spec, *host);
  if (!deviceArgs)
    return deviceArgs.takeError();
  if (Error e = kernel->launch(options.grid, deviceArgs->args))
    return e;
  if (Error e = synchronize(kernel->info()))
    return e;
  os << "ran '" << options.kernel << "'";
  if (const KernelVariant *variant = kernel->variantFor(
          deviceArgs->args.data(), deviceArgs->args.size())) {
    os << " (variant " << variant->symbol << ":";
    for (const std::string &assumption : variant->assumptions)
      os << (&assumption == &variant->assumptions.front() ? " " : ", ")
         << assumption;
    os << ")";
  }
  os << " on grid " << options.grid.str() << " x "
     << kernel->info().threadsPerBlock << " threads\n";

  // Results go to fresh buffers: the inputs stay intact for timing.
  std::vector<HostBuffer> results(spec.args.size());
  for (const auto *list : {&spec.outputs, &spec.references}) {
    for (const OutputSpec &out : *list) {
      size_t i = out.argIndex;
      if (results[i].count)
        continue;
      Expected<HostBuffer> result =
          HostBuffer::allocate((*host)[i].type, (*host)[i].count);
      if (!result)
        return result.takeError();
      if (Error e = deviceArgs->buffers[i].copyToHost(result->data(),
                                                      result->byteSize()))
        return e;
      results[i] = std::move(*result);
    }
  }
  if (Error e = finishRun(spec, results, os))
    return e;

  const TimingOptions &timing = options.timing;
  if (!timing.time && !timing.measureLaunchOverhead)
    return Error::success();
  JsonValue report = JsonValue::Object{};
  report.set("kernel", options.kernel);
  report.set("device", (*device)->name());
  JsonValue grid = JsonValue::Array{};
  grid.push(options.grid.x);
  grid.push(options.grid.y);
  grid.push(options.grid.z);
  report.set("grid", grid);
  uint64_t bytes = 0;
  for (const HostBuffer &buffer : *host)
    bytes += buffer.byteSize();
  report.set("bytes", bytes);
  if (timing.time)
    if (Error e = timeKernel(*kernel, **device, spec, *host, options, report,
                             os))
      return e;
  if (timing.measureLaunchOverhead)
    if (Error e = measureLaunchOverhead(*kernel, options.grid,
                                        deviceArgs->args, timing, report, os))
      return e;
  std::string json = writeJson(report);
  os << json << "\n";
  if (!timing.jsonPath.empty()) {
    json += "\n";
    if (Error e = writeBinaryFile(timing.jsonPath, json.data(), json.size()))
      return e;
  }
  return Error::success();
}

} // namespace blockrt
