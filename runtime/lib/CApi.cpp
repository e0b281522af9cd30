//===- CApi.cpp - C interface to the Block runtime ------------------------===//

#include "block/Runtime/CApi.h"

#include "block/Runtime/CudaRuntime.h"

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
  const KernelInfo &info = kernel->kernel.info();
  if (numArgs != info.parameters.size()) {
    lastError = "launch of '" + info.name + "' refused: expected " +
                std::to_string(info.parameters.size()) + " arguments, got " +
                std::to_string(numArgs);
    return 1;
  }
  // The manifest says what each word is.
  KernelArg typed[maxKernelParameters];
  for (size_t i = 0; i < numArgs; ++i) {
    const KernelParameter &param = info.parameters[i];
    typed[i] = param.isPointer() ? KernelArg::pointer(args[i])
                                 : KernelArg::scalar(param.type, args[i]);
  }
  if (Error e = kernel->kernel.launch(Grid{gridX, gridY, gridZ}, typed,
                                      numArgs, static_cast<CUstream>(stream))) {
    lastError = e.message();
    return 1;
  }
  return 0;
}

const char *blockRuntimeLastError(void) { return lastError.c_str(); }

} // extern "C"
