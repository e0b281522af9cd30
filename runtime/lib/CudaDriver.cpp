//===- CudaDriver.cpp - The CUDA driver API, loaded at run time -----------===//

#include "CudaDriver.h"

#include <dlfcn.h>

namespace blockrt {

namespace {
// The name cuda.h maps a function to, as a string.
#define BLOCKRT_STRING(name) #name
#define BLOCKRT_SYMBOL(name) BLOCKRT_STRING(name)

struct LoadedDriver {
  CudaDriver driver;
  std::string error;

  LoadedDriver() {
    void *library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
      const char *why = dlerror();
      error = why ? why : "libcuda.so.1 cannot be opened";
      return;
    }
#define BLOCKRT_CUDA_LOOKUP(name)                                              \
  driver.name = reinterpret_cast<decltype(driver.name)>(                      \
      dlsym(library, BLOCKRT_SYMBOL(name)));                                   \
  if (!driver.name) {                                                          \
    error = "libcuda.so.1 has no " BLOCKRT_SYMBOL(name);                       \
    return;                                                                    \
  }
    BLOCKRT_CUDA_FUNCTIONS(BLOCKRT_CUDA_LOOKUP)
#undef BLOCKRT_CUDA_LOOKUP
  }
};

const LoadedDriver &getLoadedDriver() {
  static const LoadedDriver loaded;
  return loaded;
}
} // namespace

Error loadCudaDriver() {
  const LoadedDriver &loaded = getLoadedDriver();
  if (!loaded.error.empty())
    return makeError("no CUDA driver: " + loaded.error);
  return Error::success();
}

const CudaDriver &cuda() { return getLoadedDriver().driver; }

} // namespace blockrt
