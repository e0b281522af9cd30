//===- CudaRuntime.h - Loading and launching bundles on a GPU ---*- C++ -*-===//
//
// The CUDA driver API and nothing else: a device and its primary context, a
// loaded bundle (cubin when it fits the device, else PTX through the JIT),
// kernels that check every launch against the manifest, device buffers and
// event timing. Every CUDA failure is reported with the call that failed and
// the error's name and description.
//
// Launching costs the manifest check (a loop over the parameters) plus
// cuLaunchKernel: parameters go through a fixed array on the stack, nothing
// is allocated, and a Kernel may be launched from several threads at once.
// A kernel with TMA tensor maps also gets them encoded for the launch's
// arguments, by cuTensorMapEncodeTiled only when they differ from the last
// launch's.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_RUNTIME_CUDARUNTIME_H
#define BLOCK_RUNTIME_CUDARUNTIME_H

#include "block/Runtime/Error.h"
#include "block/Runtime/Grid.h"
#include "block/Runtime/LaunchCheck.h"
#include "block/Runtime/Manifest.h"

#include <cuda.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace blockrt {

/// "<call> failed: CUDA_ERROR_X (description)"; success for CUDA_SUCCESS.
Error checkCuda(CUresult result, const char *call);

/// A GPU and a context on it: its primary context, made current on the
/// calling thread, or the caller's current context (see currentDevice).
class CudaDevice {
public:
  /// For open(): the device of the calling thread's current context (as
  /// set by another library, PyTorch say), or device 0 when none is current.
  static constexpr int currentDevice = -1;

  /// Initialises the driver. Fails with "no CUDA device: <error name> (...)"
  /// when there is no usable driver or device.
  static Expected<std::unique_ptr<CudaDevice>> open(int ordinal = 0);
  ~CudaDevice();
  CudaDevice(const CudaDevice &) = delete;
  CudaDevice &operator=(const CudaDevice &) = delete;

  CUdevice device() const { return dev; }
  CUcontext context() const { return ctx; }
  const std::string &name() const { return deviceName; }
  int computeMajor() const { return major; }
  int computeMinor() const { return minor; }
  /// "sm_90" for compute capability 9.0.
  std::string chip() const;
  uint64_t l2CacheBytes() const { return l2Bytes; }
  /// The most shared memory one block may opt in to.
  uint64_t maxSharedMemoryPerBlock() const { return maxShared; }

  /// Makes the primary context current on the calling thread.
  Error makeCurrent() const;

private:
  CudaDevice() = default;
  CUdevice dev = 0;
  CUcontext ctx = nullptr;
  bool retainedPrimary = false;
  std::string deviceName;
  int major = 0, minor = 0;
  uint64_t l2Bytes = 0, maxShared = 0;
};

/// A kernel of a loaded module. Cheap to copy; valid while its Module lives.
class Kernel {
public:
  const KernelInfo &info() const { return *kernelInfo; }
  CUfunction function() const { return func; }
  /// The dynamic shared memory a launch may use on this device.
  uint64_t maxDynamicSharedMemory() const { return maxDynamicShared; }

  /// Checks the launch against the manifest (checkLaunch), then launches
  /// the most specialised variant whose assumptions hold for `args`
  /// (selectVariant), or the generic kernel, with blockDim =
  /// (threads_per_block, 1, 1) and the manifest's dynamic shared memory on
  /// `stream`. Returns without waiting for the kernel.
  Error launch(const Grid &grid, const KernelArg *args, size_t numArgs,
               CUstream stream = nullptr) const;
  Error launch(const Grid &grid, const std::vector<KernelArg> &args,
               CUstream stream = nullptr) const {
    return launch(grid, args.data(), args.size(), stream);
  }
  /// The variant a launch with `args` runs (selectVariant, less those this
  /// device cannot give their shared memory), or nullptr for the generic
  /// kernel.
  const KernelVariant *variantFor(const KernelArg *args, size_t numArgs) const;

  /// The same launch without the manifest check, for measuring what the
  /// check costs. Only the argument count is verified; the variant is chosen
  /// as by launch. The tensor maps are encoded (or taken from the cache) and
  /// passed after the arguments; an encoding the driver refuses fails the
  /// launch with a message naming the kernel and the map.
  Error launchUnchecked(const Grid &grid, const KernelArg *args,
                        size_t numArgs, CUstream stream = nullptr) const;

private:
  friend class Module;
  struct TensorMapCache;
  /// Encodes the kernel's tensor maps for `args` into `maps` (one per map),
  /// through the cache.
  Error encodeTensorMaps(const KernelArg *args, CUtensorMap *maps) const;
  const KernelInfo *kernelInfo = nullptr;
  CUfunction func = nullptr;
  uint64_t maxDynamicShared = 0;
  /// The functions of kernelInfo->variants, in order; null for a variant
  /// whose shared memory this device cannot give (the generic one runs).
  std::vector<CUfunction> variantFuncs;
  /// The last encoding of each tensor map, shared by the copies of this
  /// Kernel; null for a kernel without tensor maps.
  std::shared_ptr<TensorMapCache> tensorMapCache;
};

/// A bundle loaded onto a device.
class Module {
public:
  /// Loads the bundle at `path` (a directory or a manifest .json): the cubin
  /// when the manifest names one that exists and whose target chip the
  /// device runs, else the PTX, compiled by the driver's JIT (its error log
  /// is part of the message when that fails).
  static Expected<std::unique_ptr<Module>> load(const CudaDevice &device,
                                                const std::string &path);
  ~Module();
  Module(const Module &) = delete;
  Module &operator=(const Module &) = delete;

  const Manifest &manifest() const { return bundle; }
  /// What was loaded and why, e.g. "cubin smoke.cubin" or "PTX smoke.ptx
  /// (JIT for sm_90; the cubin targets sm_80)".
  const std::string &loadedFrom() const { return source; }

  /// Looks the kernel up (cuModuleGetFunction) and prepares it: checks that
  /// the function's parameters have the sizes the manifest implies, raises
  /// its dynamic shared memory limit past 48 KiB when the manifest asks for
  /// more, and checks that the device can run threads_per_block threads of
  /// it.
  Expected<Kernel> getKernel(std::string_view name) const;

private:
  Module() = default;
  Manifest bundle;
  std::string source;
  CUmodule module = nullptr;
  const CudaDevice *device = nullptr;
};

/// Device memory, freed on destruction.
class DeviceBuffer {
public:
  static Expected<DeviceBuffer> allocate(size_t bytes);
  DeviceBuffer() = default;
  DeviceBuffer(DeviceBuffer &&other) noexcept;
  DeviceBuffer &operator=(DeviceBuffer &&other) noexcept;
  ~DeviceBuffer();

  CUdeviceptr address() const { return ptr; }
  size_t size() const { return bytes; }
  /// The whole buffer as a kernel argument.
  KernelArg arg() const { return KernelArg::pointer(ptr, bytes); }

  /// Synchronous copies of `size` bytes at byte `offset` of the buffer.
  Error copyFromHost(const void *src, size_t size, size_t offset = 0);
  Error copyToHost(void *dst, size_t size, size_t offset = 0) const;
  /// Copies within the buffer (non-overlapping ranges).
  Error copyWithin(size_t from, size_t to, size_t size);
  Error fill(uint8_t byte);

private:
  CUdeviceptr ptr = 0;
  size_t bytes = 0;
};

/// A CUDA event for timing.
class CudaEvent {
public:
  static Expected<CudaEvent> create();
  CudaEvent() = default;
  CudaEvent(CudaEvent &&other) noexcept;
  CudaEvent &operator=(CudaEvent &&other) noexcept;
  ~CudaEvent();

  Error record(CUstream stream = nullptr);
  CUevent get() const { return event; }

private:
  CUevent event = nullptr;
};

/// Waits for `stop`, then returns the milliseconds between the two events.
Expected<float> elapsedMs(const CudaEvent &start, const CudaEvent &stop);

} // namespace blockrt

#endif // BLOCK_RUNTIME_CUDARUNTIME_H
