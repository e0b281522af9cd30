//===- CApi.cpp - C interface to the Block runtime ------------------------===//

#include "block/Runtime/CApi.h"

#include "block/Runtime/CudaRuntime.h"

#include <cstdint>
#include <deque>
#include <memory>
#include <string>

using namespace blockrt;

namespace {
thread_local std::string lastError;

template <typename T> T *fail(std::string message) {
  lastError = std::move(message);
  return nullptr;
}

/// Types the words of a launch by the manifest into `typed` (room for
/// maxKernelParameters); fails on a wrong count.
Error typeArgs(const KernelInfo &info, const uint64_t *args, uint32_t numArgs,
               KernelArg *typed) {
  if (numArgs != info.parameters.size())
    return makeError("launch of '" + info.name + "' refused: expected " +
                     std::to_string(info.parameters.size()) +
                     " arguments, got " + std::to_string(numArgs));
  for (size_t i = 0; i < numArgs; ++i) {
    const KernelParameter &param = info.parameters[i];
    typed[i] = param.isPointer() ? KernelArg::pointer(args[i])
                                 : KernelArg::scalar(param.type, args[i]);
  }
  return Error::success();
}

/// 0, or 1 with `e`'s message kept for blockRuntimeLastError.
int report(Error e) {
  if (!e)
    return 0;
  lastError = e.message();
  return 1;
}
} // namespace

struct BlockRuntimeKernel {
  Kernel kernel;
};

struct BlockRuntimeBundle {
  std::unique_ptr<CudaDevice> device;
  std::unique_ptr<Module> module;
  // A deque keeps the kernels where they are as more are added.
  std::deque<std::pair<std::string, BlockRuntimeKernel>> kernels;
};

extern "C" {

BlockRuntimeBundle *blockRuntimeLoad(const char *path) {
  if (!path)
    return fail<BlockRuntimeBundle>("blockRuntimeLoad: the path is NULL");
  if (Expected<Manifest> manifest = readManifest(path); !manifest)
    return fail<BlockRuntimeBundle>(manifest.errorMessage());
  Expected<std::unique_ptr<CudaDevice>> device =
      CudaDevice::open(CudaDevice::currentDevice);
  if (!device)
    return fail<BlockRuntimeBundle>(device.errorMessage());
  Expected<std::unique_ptr<Module>> module = Module::load(**device, path);
  if (!module)
    return fail<BlockRuntimeBundle>(module.errorMessage());
  auto *bundle = new BlockRuntimeBundle();
  bundle->device = std::move(*device);
  bundle->module = std::move(*module);
  return bundle;
}

void blockRuntimeUnload(BlockRuntimeBundle *bundle) { delete bundle; }

BlockRuntimeKernel *blockRuntimeGetKernel(BlockRuntimeBundle *bundle,
                                          const char *name) {
  if (!bundle || !name)
    return fail<BlockRuntimeKernel>(
        "blockRuntimeGetKernel: the bundle or the name is NULL");
  for (auto &[kernelName, kernel] : bundle->kernels)
    if (kernelName == name)
      return &kernel;
  Expected<Kernel> kernel = bundle->module->getKernel(name);
  if (!kernel)
    return fail<BlockRuntimeKernel>(kernel.errorMessage());
  bundle->kernels.emplace_back(name, BlockRuntimeKernel{*kernel});
  return &bundle->kernels.back().second;
}

int blockRuntimeLaunch(BlockRuntimeKernel *kernel, uint32_t gridX,
                       uint32_t gridY, uint32_t gridZ, const uint64_t *args,
                       uint32_t numArgs, void *stream) {
  if (!kernel || (numArgs && !args)) {
    lastError = "blockRuntimeLaunch: the kernel or the arguments are NULL";
    return 1;
  }
  // The manifest says what each word is.
  KernelArg typed[maxKernelParameters];
  if (Error e = typeArgs(kernel->kernel.info(), args, numArgs, typed))
    return report(std::move(e));
  return report(kernel->kernel.launch(Grid{gridX, gridY, gridZ}, typed,
                                      numArgs, static_cast<CUstream>(stream)));
}

int blockRuntimeCheckLaunch(const char *path, const char *name,
                            uint32_t gridX, uint32_t gridY, uint32_t gridZ,
                            const uint64_t *args, uint32_t numArgs) {
  if (!path || !name || (numArgs && !args)) {
    lastError = "blockRuntimeCheckLaunch: the path, the name or the "
                "arguments are NULL";
    return 1;
  }
  Expected<Manifest> manifest = readManifest(path);
  if (!manifest)
    return report(manifest.takeError());
  Expected<const KernelInfo *> info = manifest->getKernel(name);
  if (!info)
    return report(info.takeError());
  KernelArg typed[maxKernelParameters];
  if (Error e = typeArgs(**info, args, numArgs, typed))
    return report(std::move(e));
  // No device: no limit on dynamic shared memory.
  return report(checkLaunch(**info, Grid{gridX, gridY, gridZ}, typed, numArgs,
                            UINT64_MAX));
}

const char *blockRuntimeLastError(void) { return lastError.c_str(); }

} // extern "C"
