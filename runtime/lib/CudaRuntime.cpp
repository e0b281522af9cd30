//===- CudaRuntime.cpp - Loading and launching bundles on a GPU -----------===//

#include "block/Runtime/CudaRuntime.h"

#include "CudaDriver.h"

#include "block/Runtime/FileIO.h"
#include "block/Runtime/TensorMap.h"

#include <filesystem>
#include <mutex>
#include <utility>

namespace blockrt {

namespace {
/// The name and description of `result`. The stub driver that a machine
/// without a GPU has cannot describe even its own errors; the ones cuInit
/// gives there are named here.
std::string describeCuda(CUresult result) {
  const char *name = nullptr, *description = nullptr;
  if (cuda().cuGetErrorName(result, &name) != CUDA_SUCCESS)
    name = nullptr;
  if (cuda().cuGetErrorString(result, &description) != CUDA_SUCCESS)
    description = nullptr;
  if (!name) {
    switch (result) {
    case CUDA_ERROR_STUB_LIBRARY:
      name = "CUDA_ERROR_STUB_LIBRARY";
      description = "libcuda is the toolkit's stub, not a driver";
      break;
    case CUDA_ERROR_NO_DEVICE:
      name = "CUDA_ERROR_NO_DEVICE";
      description = "no CUDA-capable device is detected";
      break;
    default:
      break;
    }
  }
  return (name ? std::string(name) : "CUDA error " + std::to_string(result)) +
         " (" + (description ? description : "no description") + ")";
}
} // namespace

Error checkCuda(CUresult result, const char *call) {
  if (result == CUDA_SUCCESS)
    return Error::success();
  return makeError(std::string(call) + " failed: " + describeCuda(result));
}

//===----------------------------------------------------------------------===//
// CudaDevice
//===----------------------------------------------------------------------===//

Expected<std::unique_ptr<CudaDevice>> CudaDevice::open(int ordinal) {
  if (Error e = loadCudaDriver())
    return e;
  if (CUresult r = cuda().cuInit(0); r != CUDA_SUCCESS)
    return makeError("no CUDA device: " + describeCuda(r));
  int count = 0;
  if (Error e = checkCuda(cuda().cuDeviceGetCount(&count), "cuDeviceGetCount"))
    return e;
  if (count == 0)
    return makeError("no CUDA device: the driver reports none");
  std::unique_ptr<CudaDevice> device(new CudaDevice());
  CUcontext current = nullptr;
  if (ordinal == currentDevice &&
      cuda().cuCtxGetCurrent(&current) == CUDA_SUCCESS && current) {
    // Use the caller's context as it is: switching the thread to another
    // would pull the rug from under its owner.
    if (Error e =
            checkCuda(cuda().cuCtxGetDevice(&device->dev), "cuCtxGetDevice"))
      return e;
    device->ctx = current;
  } else {
    if (ordinal == currentDevice)
      ordinal = 0;
    if (ordinal < 0 || ordinal >= count)
      return makeError("no CUDA device " + std::to_string(ordinal) + " (" +
                       std::to_string(count) + " present)");
    if (Error e =
            checkCuda(cuda().cuDeviceGet(&device->dev, ordinal), "cuDeviceGet"))
      return e;
  }
  char name[256] = {};
  if (Error e =
          checkCuda(cuda().cuDeviceGetName(name, sizeof(name), device->dev),
                    "cuDeviceGetName"))
    return e;
  device->deviceName = name;
  int l2 = 0, shared = 0;
  struct {
    CUdevice_attribute attribute;
    int *value;
  } attributes[] = {
      {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, &device->major},
      {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, &device->minor},
      {CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, &l2},
      {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, &shared},
  };
  for (auto &a : attributes)
    if (Error e = checkCuda(
            cuda().cuDeviceGetAttribute(a.value, a.attribute, device->dev),
            "cuDeviceGetAttribute"))
      return e;
  device->l2Bytes = static_cast<uint64_t>(l2);
  device->maxShared = static_cast<uint64_t>(shared);
  if (!device->ctx) {
    if (Error e = checkCuda(
            cuda().cuDevicePrimaryCtxRetain(&device->ctx, device->dev),
            "cuDevicePrimaryCtxRetain"))
      return e;
    device->retainedPrimary = true;
    if (Error e = device->makeCurrent())
      return e;
  }
  return device;
}

CudaDevice::~CudaDevice() {
  if (retainedPrimary)
    cuda().cuDevicePrimaryCtxRelease(dev);
}

std::string CudaDevice::chip() const {
  return "sm_" + std::to_string(major) + std::to_string(minor);
}

Error CudaDevice::makeCurrent() const {
  return checkCuda(cuda().cuCtxSetCurrent(ctx), "cuCtxSetCurrent");
}

//===----------------------------------------------------------------------===//
// Module
//===----------------------------------------------------------------------===//

namespace {
/// Whether code built for `chip` ("sm_90a", "sm_80") runs on a device of
/// compute capability major.minor: arch-specific targets ('a', 'f') only on
/// that exact capability, others on the same major at a minor >= theirs.
bool chipRunsOn(const std::string &chip, int major, int minor) {
  if (chip.size() < 5 || chip.compare(0, 3, "sm_") != 0)
    return false;
  std::string digits = chip.substr(3);
  bool specific = !digits.empty() && (digits.back() == 'a' || digits.back() == 'f');
  if (specific)
    digits.pop_back();
  if (digits.size() < 2 ||
      digits.find_first_not_of("0123456789") != std::string::npos)
    return false;
  int chipMinor = digits.back() - '0';
  int chipMajor = std::stoi(digits.substr(0, digits.size() - 1));
  if (chipMajor != major)
    return false;
  return specific ? chipMinor == minor : chipMinor <= minor;
}

Error loadPtx(const std::string &path, CUmodule &module) {
  Expected<std::string> ptx = readTextFile(path, size_t(1) << 30);
  if (!ptx)
    return ptx.takeError();
  constexpr unsigned logSize = 1 << 16;
  std::vector<char> errorLog(logSize, '\0');
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {errorLog.data(),
                    reinterpret_cast<void *>(static_cast<uintptr_t>(logSize))};
  CUresult result =
      cuda().cuModuleLoadDataEx(&module, ptx->c_str(), 2, options, values);
  errorLog.back() = '\0';
  std::string call = "cuModuleLoadDataEx(" + path + ")";
  if (Error e = checkCuda(result, call.c_str())) {
    if (errorLog[0])
      return makeError(e.message() + "\nJIT error log:\n" + errorLog.data());
    return e;
  }
  return Error::success();
}

Error loadCubin(const std::string &path, CUmodule &module) {
  Expected<std::vector<uint8_t>> cubin = readBinaryFile(path, size_t(1) << 30);
  if (!cubin)
    return cubin.takeError();
  std::string call = "cuModuleLoadData(" + path + ")";
  return checkCuda(cuda().cuModuleLoadData(&module, cubin->data()),
                   call.c_str());
}
} // namespace

Expected<std::unique_ptr<Module>> Module::load(const CudaDevice &device,
                                               const std::string &path) {
  Expected<Manifest> manifest = readManifest(path);
  if (!manifest)
    return manifest.takeError();
  std::unique_ptr<Module> m(new Module());
  m->bundle = std::move(*manifest);
  m->device = &device;
  if (Error e = device.makeCurrent())
    return e;

  std::string why;
  if (std::optional<std::string> cubin = m->bundle.cubinPath()) {
    std::error_code ec;
    if (!std::filesystem::exists(*cubin, ec)) {
      why = "the cubin " + *cubin + " is missing";
    } else if (!chipRunsOn(m->bundle.target.chip, device.computeMajor(),
                           device.computeMinor())) {
      why = "the cubin targets " + m->bundle.target.chip;
    } else {
      Error e = loadCubin(*cubin, m->module);
      if (!e) {
        m->source = "cubin " + *cubin;
        return m;
      }
      why = e.message();
    }
  }
  std::string ptx = m->bundle.ptxPath();
  if (Error e = loadPtx(ptx, m->module))
    return e;
  m->source = "PTX " + ptx + " (JIT for " + device.chip() +
              (why.empty() ? "" : "; " + why) + ")";
  return m;
}

Module::~Module() {
  if (module)
    cuda().cuModuleUnload(module);
}

namespace {
/// A function of a loaded module and the dynamic shared memory it may use.
struct LoadedFunction {
  CUfunction func = nullptr;
  uint64_t maxDynamicShared = 0;
};
} // namespace

/// Looks up `symbol` (kernel `info` or one of its variants, needing
/// `sharedBytes` of dynamic shared memory) and checks that the code takes
/// the manifest's parameters; opts in to more than 48 KiB of shared memory
/// where the device has it.
static Expected<LoadedFunction> loadFunction(CUmodule module,
                                             const CudaDevice &device,
                                             const KernelInfo *info,
                                             const std::string &symbol,
                                             uint64_t sharedBytes) {
  LoadedFunction loaded;
  std::string call = "cuModuleGetFunction(" + symbol + ")";
  if (Error e = checkCuda(
          cuda().cuModuleGetFunction(&loaded.func, module, symbol.c_str()),
          call.c_str()))
    return e;

  // The manifest and the code must agree on the parameters, or every launch
  // would pass garbage: compare the sizes the function really takes. The
  // tensor maps come after the user's parameters, 128 bytes each.
  size_t numParams = info->parameters.size();
  size_t numHidden = numParams + info->tensorMaps.size();
  std::string listed = "its manifest lists " + std::to_string(numParams) +
                       " parameters and " +
                       std::to_string(info->tensorMaps.size()) + " tensor maps";
  for (size_t index = 0; index < numHidden; ++index) {
    size_t offset = 0, size = 0;
    CUresult r = cuda().cuFuncGetParamInfo(loaded.func, index, &offset, &size);
    if (r == CUDA_ERROR_INVALID_VALUE)
      return makeError("kernel '" + symbol + "' takes " +
                       std::to_string(index) + " parameters, " + listed);
    if (Error e = checkCuda(r, "cuFuncGetParamInfo"))
      return e;
    if (index >= numParams) {
      if (size != tensorMapBytes)
        return makeError(
            "kernel '" + symbol + "' parameter " + std::to_string(index) +
            " (tensor map " + std::to_string(index - numParams) + ") is " +
            std::to_string(size) + " bytes in the code, but a tensor map is " +
            std::to_string(tensorMapBytes));
      continue;
    }
    const KernelParameter &param = info->parameters[index];
    size_t expected = param.isPointer() ? 8 : elementSize(param.type);
    if (size != expected)
      return makeError("kernel '" + symbol + "' parameter " +
                       std::to_string(param.index) + " ('" + param.name +
                       "') is " + std::to_string(size) +
                       " bytes in the code, but its manifest type " +
                       param.typeString() + " is " + std::to_string(expected));
  }
  size_t offset = 0, size = 0;
  if (cuda().cuFuncGetParamInfo(loaded.func, numHidden, &offset, &size) ==
      CUDA_SUCCESS)
    return makeError("kernel '" + symbol + "' takes more parameters than " +
                     listed);

  int staticShared = 0, maxThreads = 0;
  if (Error e = checkCuda(
          cuda().cuFuncGetAttribute(
              &staticShared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, loaded.func),
          "cuFuncGetAttribute(SHARED_SIZE_BYTES)"))
    return e;
  if (Error e =
          checkCuda(cuda().cuFuncGetAttribute(
                        &maxThreads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                        loaded.func),
                    "cuFuncGetAttribute(MAX_THREADS_PER_BLOCK)"))
    return e;
  if (info->threadsPerBlock > static_cast<unsigned>(maxThreads))
    return makeError("kernel '" + symbol + "' needs " +
                     std::to_string(info->threadsPerBlock) +
                     " threads per block, but this device runs at most " +
                     std::to_string(maxThreads) + " of it");
  uint64_t deviceLimit = device.maxSharedMemoryPerBlock();
  loaded.maxDynamicShared =
      deviceLimit > uint64_t(staticShared) ? deviceLimit - staticShared : 0;
  // Past 48 KiB the kernel must opt in; a request beyond the device's limit
  // is left for the launch check to refuse with a clear message.
  constexpr uint64_t defaultLimit = 48 * 1024;
  if (sharedBytes > defaultLimit && sharedBytes <= loaded.maxDynamicShared)
    if (Error e = checkCuda(
            cuda().cuFuncSetAttribute(
                loaded.func, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                static_cast<int>(sharedBytes)),
            "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)"))
      return e;
  return loaded;
}

/// The last encoding of each tensor map and what it was encoded from.
/// Launches of one kernel on several threads share it: the mutex guards it,
/// and each launch passes the driver its own copy of the maps.
struct Kernel::TensorMapCache {
  struct Entry {
    CUtensorMap map;
    TensorMapEncoding inputs;
    bool valid = false;
  };
  explicit TensorMapCache(size_t numMaps) : entries(numMaps) {}
  std::mutex mutex;
  std::vector<Entry> entries;
};

Expected<Kernel> Module::getKernel(std::string_view name) const {
  Expected<const KernelInfo *> found = bundle.getKernel(name);
  if (!found)
    return found.takeError();
  const KernelInfo *info = *found;
  Kernel kernel;
  kernel.kernelInfo = info;
  if (!info->tensorMaps.empty())
    kernel.tensorMapCache =
        std::make_shared<Kernel::TensorMapCache>(info->tensorMaps.size());
  Expected<LoadedFunction> generic =
      loadFunction(module, *device, info, info->name, info->sharedMemoryBytes);
  if (!generic)
    return generic.takeError();
  kernel.func = generic->func;
  kernel.maxDynamicShared = generic->maxDynamicShared;
  for (const KernelVariant &variant : info->variants) {
    Expected<LoadedFunction> loaded = loadFunction(
        module, *device, info, variant.symbol, variant.sharedMemoryBytes);
    if (!loaded)
      return loaded.takeError();
    kernel.variantFuncs.push_back(
        variant.sharedMemoryBytes <= loaded->maxDynamicShared ? loaded->func
                                                              : nullptr);
  }
  return kernel;
}

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

// The support library names CUDA's tensor map enums without cuda.h.
static_assert(sizeof(CUtensorMap) == tensorMapBytes);
static_assert(
    unsigned(TensorMapDataType::UInt8) == CU_TENSOR_MAP_DATA_TYPE_UINT8 &&
    unsigned(TensorMapDataType::UInt16) == CU_TENSOR_MAP_DATA_TYPE_UINT16 &&
    unsigned(TensorMapDataType::Int32) == CU_TENSOR_MAP_DATA_TYPE_INT32 &&
    unsigned(TensorMapDataType::Int64) == CU_TENSOR_MAP_DATA_TYPE_INT64 &&
    unsigned(TensorMapDataType::Float16) == CU_TENSOR_MAP_DATA_TYPE_FLOAT16 &&
    unsigned(TensorMapDataType::Float32) == CU_TENSOR_MAP_DATA_TYPE_FLOAT32 &&
    unsigned(TensorMapDataType::Float64) == CU_TENSOR_MAP_DATA_TYPE_FLOAT64 &&
    unsigned(TensorMapDataType::BFloat16) == CU_TENSOR_MAP_DATA_TYPE_BFLOAT16);
static_assert(unsigned(TensorMapInterleave::None) ==
              CU_TENSOR_MAP_INTERLEAVE_NONE);
static_assert(
    unsigned(TensorMapSwizzle::None) == CU_TENSOR_MAP_SWIZZLE_NONE &&
    unsigned(TensorMapSwizzle::Bytes32) == CU_TENSOR_MAP_SWIZZLE_32B &&
    unsigned(TensorMapSwizzle::Bytes64) == CU_TENSOR_MAP_SWIZZLE_64B &&
    unsigned(TensorMapSwizzle::Bytes128) == CU_TENSOR_MAP_SWIZZLE_128B);
static_assert(unsigned(TensorMapL2Promotion::Bytes256) ==
              CU_TENSOR_MAP_L2_PROMOTION_L2_256B);
static_assert(unsigned(TensorMapOobFill::Zero) ==
                  CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE &&
              unsigned(TensorMapOobFill::NaN) ==
                  CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA);

Error Kernel::encodeTensorMaps(const KernelArg *args, CUtensorMap *maps) const {
  std::lock_guard<std::mutex> lock(tensorMapCache->mutex);
  for (size_t j = 0; j < kernelInfo->tensorMaps.size(); ++j) {
    const TensorMapInfo &info = kernelInfo->tensorMaps[j];
    TensorMapEncoding inputs = tensorMapEncoding(*kernelInfo, info, args);
    TensorMapCache::Entry &entry = tensorMapCache->entries[j];
    if (!entry.valid || entry.inputs != inputs) {
      entry.valid = false;
      CUresult r = cuda().cuTensorMapEncodeTiled(
          &entry.map, static_cast<CUtensorMapDataType>(inputs.dataType),
          inputs.rank, reinterpret_cast<void *>(inputs.globalAddress),
          inputs.globalDim, inputs.globalStrides, inputs.boxDim,
          inputs.elementStrides,
          static_cast<CUtensorMapInterleave>(inputs.interleave),
          static_cast<CUtensorMapSwizzle>(inputs.swizzle),
          static_cast<CUtensorMapL2promotion>(inputs.l2Promotion),
          static_cast<CUtensorMapFloatOOBfill>(inputs.oobFill));
      if (r != CUDA_SUCCESS) {
        const KernelParameter &base = kernelInfo->parameters[info.base];
        return checkCuda(r, ("cuTensorMapEncodeTiled(tensor map " +
                             std::to_string(j) + " of '" + kernelInfo->name +
                             "', on argument " + std::to_string(base.index) +
                             " ('" + base.name + "'))")
                                .c_str());
      }
      entry.inputs = inputs;
      entry.valid = true;
    }
    maps[j] = entry.map;
  }
  return Error::success();
}

Error Kernel::launch(const Grid &grid, const KernelArg *args, size_t numArgs,
                     CUstream stream) const {
  if (Error e = checkLaunch(*kernelInfo, grid, args, numArgs, maxDynamicShared))
    return e;
  return launchUnchecked(grid, args, numArgs, stream);
}

const KernelVariant *Kernel::variantFor(const KernelArg *args,
                                        size_t numArgs) const {
  const KernelVariant *variant = selectVariant(*kernelInfo, args, numArgs);
  if (!variant || !variantFuncs[variant - kernelInfo->variants.data()])
    return nullptr;
  return variant;
}

Error Kernel::launchUnchecked(const Grid &grid, const KernelArg *args,
                              size_t numArgs, CUstream stream) const {
  if (numArgs != kernelInfo->parameters.size() || numArgs > maxKernelParameters)
    return makeError("launch of '" + kernelInfo->name + "' refused: expected " +
                     std::to_string(kernelInfo->parameters.size()) +
                     " arguments, got " + std::to_string(numArgs));
  // Each value sits in its own 8-byte slot, little-endian, so the driver
  // reads the right bytes whatever the parameter's size.
  uint64_t values[maxKernelParameters];
  void *params[maxKernelParameters + maxKernelTensorMaps];
  for (size_t i = 0; i < numArgs; ++i) {
    values[i] = args[i].bits;
    params[i] = &values[i];
  }
  // The hidden parameters, from this launch's copy of the maps: another
  // thread may re-encode the cache before the driver reads them.
  CUtensorMap maps[maxKernelTensorMaps];
  size_t numMaps = kernelInfo->tensorMaps.size();
  if (numMaps) {
    if (Error e = encodeTensorMaps(args, maps))
      return e;
    for (size_t j = 0; j < numMaps; ++j)
      params[numArgs + j] = &maps[j];
  }
  CUfunction function = func;
  uint64_t sharedBytes = kernelInfo->sharedMemoryBytes;
  if (const KernelVariant *variant = variantFor(args, numArgs)) {
    function = variantFuncs[variant - kernelInfo->variants.data()];
    sharedBytes = variant->sharedMemoryBytes;
  }
  CUresult r = cuda().cuLaunchKernel(
      function, static_cast<unsigned>(grid.x), static_cast<unsigned>(grid.y),
      static_cast<unsigned>(grid.z), kernelInfo->threadsPerBlock, 1, 1,
      static_cast<unsigned>(sharedBytes), stream,
      numArgs + numMaps ? params : nullptr, nullptr);
  if (r != CUDA_SUCCESS)
    return checkCuda(r, ("cuLaunchKernel(" + kernelInfo->name + ")").c_str());
  return Error::success();
}

//===----------------------------------------------------------------------===//
// DeviceBuffer
//===----------------------------------------------------------------------===//

Expected<DeviceBuffer> DeviceBuffer::allocate(size_t bytes) {
  DeviceBuffer buffer;
  // cuMemAlloc refuses zero bytes; a one-byte allocation keeps the address
  // valid and aligned.
  std::string call = "cuMemAlloc(" + std::to_string(bytes) + " bytes)";
  if (Error e = checkCuda(cuda().cuMemAlloc(&buffer.ptr, bytes ? bytes : 1),
                          call.c_str()))
    return e;
  buffer.bytes = bytes;
  return buffer;
}

DeviceBuffer::DeviceBuffer(DeviceBuffer &&other) noexcept
    : ptr(std::exchange(other.ptr, 0)), bytes(std::exchange(other.bytes, 0)) {}

DeviceBuffer &DeviceBuffer::operator=(DeviceBuffer &&other) noexcept {
  if (this != &other) {
    if (ptr)
      cuda().cuMemFree(ptr);
    ptr = std::exchange(other.ptr, 0);
    bytes = std::exchange(other.bytes, 0);
  }
  return *this;
}

DeviceBuffer::~DeviceBuffer() {
  if (ptr)
    cuda().cuMemFree(ptr);
}

static Error checkRange(size_t offset, size_t size, size_t bytes,
                        const char *what) {
  if (offset > bytes || size > bytes - offset)
    return makeError(std::string(what) + ": bytes [" + std::to_string(offset) +
                     ", " + std::to_string(offset + size) +
                     ") are outside the buffer of " + std::to_string(bytes) +
                     " bytes");
  return Error::success();
}

Error DeviceBuffer::copyFromHost(const void *src, size_t size, size_t offset) {
  if (Error e = checkRange(offset, size, bytes, "cuMemcpyHtoD"))
    return e;
  return checkCuda(cuda().cuMemcpyHtoD(ptr + offset, src, size),
                   "cuMemcpyHtoD");
}

Error DeviceBuffer::copyToHost(void *dst, size_t size, size_t offset) const {
  if (Error e = checkRange(offset, size, bytes, "cuMemcpyDtoH"))
    return e;
  return checkCuda(cuda().cuMemcpyDtoH(dst, ptr + offset, size),
                   "cuMemcpyDtoH");
}

Error DeviceBuffer::copyWithin(size_t from, size_t to, size_t size) {
  if (Error e = checkRange(from, size, bytes, "cuMemcpyDtoD"))
    return e;
  if (Error e = checkRange(to, size, bytes, "cuMemcpyDtoD"))
    return e;
  return checkCuda(cuda().cuMemcpyDtoD(ptr + to, ptr + from, size),
                   "cuMemcpyDtoD");
}

Error DeviceBuffer::fill(uint8_t byte) {
  return checkCuda(cuda().cuMemsetD8(ptr, byte, bytes), "cuMemsetD8");
}

//===----------------------------------------------------------------------===//
// CudaEvent
//===----------------------------------------------------------------------===//

Expected<CudaEvent> CudaEvent::create() {
  CudaEvent event;
  if (Error e = checkCuda(cuda().cuEventCreate(&event.event, CU_EVENT_DEFAULT),
                          "cuEventCreate"))
    return e;
  return event;
}

CudaEvent::CudaEvent(CudaEvent &&other) noexcept
    : event(std::exchange(other.event, nullptr)) {}

CudaEvent &CudaEvent::operator=(CudaEvent &&other) noexcept {
  if (this != &other) {
    if (event)
      cuda().cuEventDestroy(event);
    event = std::exchange(other.event, nullptr);
  }
  return *this;
}

CudaEvent::~CudaEvent() {
  if (event)
    cuda().cuEventDestroy(event);
}

Error CudaEvent::record(CUstream stream) {
  return checkCuda(cuda().cuEventRecord(event, stream), "cuEventRecord");
}

Expected<float> elapsedMs(const CudaEvent &start, const CudaEvent &stop) {
  if (Error e = checkCuda(cuda().cuEventSynchronize(stop.get()),
                          "cuEventSynchronize"))
    return e;
  float ms = 0;
  if (Error e =
          checkCuda(cuda().cuEventElapsedTime(&ms, start.get(), stop.get()),
                    "cuEventElapsedTime"))
    return e;
  return ms;
}

} // namespace blockrt
