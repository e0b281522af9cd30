//===- CudaDriver.h - The CUDA driver API, loaded at run time ---*- C++ -*-===//
//
// The runtime does not link libcuda: it opens libcuda.so.1 when a device is
// first opened, so that block-run-gpu and the C API start on a machine
// without a driver, check everything that needs no GPU, and then say that
// there is no driver. Each function is looked up under the name cuda.h maps
// it to (cuMemAlloc is cuMemAlloc_v2), the one the driver exports.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_RUNTIME_LIB_CUDADRIVER_H
#define BLOCK_RUNTIME_LIB_CUDADRIVER_H

#include "block/Runtime/Error.h"

#include <cuda.h>

namespace blockrt {

#define BLOCKRT_CUDA_FUNCTIONS(X)                                              \
  X(cuCtxGetCurrent)                                                           \
  X(cuCtxGetDevice)                                                            \
  X(cuCtxSetCurrent)                                                           \
  X(cuCtxSynchronize)                                                          \
  X(cuDeviceGet)                                                               \
  X(cuDeviceGetAttribute)                                                      \
  X(cuDeviceGetCount)                                                          \
  X(cuDeviceGetName)                                                           \
  X(cuDevicePrimaryCtxRelease)                                                 \
  X(cuDevicePrimaryCtxRetain)                                                  \
  X(cuEventCreate)                                                             \
  X(cuEventDestroy)                                                            \
  X(cuEventElapsedTime)                                                        \
  X(cuEventRecord)                                                             \
  X(cuEventSynchronize)                                                        \
  X(cuFuncGetAttribute)                                                        \
  X(cuFuncGetParamInfo)                                                        \
  X(cuFuncSetAttribute)                                                        \
  X(cuGetErrorName)                                                            \
  X(cuGetErrorString)                                                          \
  X(cuInit)                                                                    \
  X(cuLaunchKernel)                                                            \
  X(cuMemAlloc)                                                                \
  X(cuMemFree)                                                                 \
  X(cuMemGetInfo)                                                              \
  X(cuMemcpyDtoD)                                                              \
  X(cuMemcpyDtoH)                                                              \
  X(cuMemcpyHtoD)                                                              \
  X(cuMemsetD8)                                                                \
  X(cuModuleGetFunction)                                                       \
  X(cuModuleLoadData)                                                          \
  X(cuModuleLoadDataEx)                                                        \
  X(cuModuleUnload)                                                            \
  X(cuTensorMapEncodeTiled)

/// The driver functions the runtime calls.
struct CudaDriver {
#define BLOCKRT_CUDA_MEMBER(name) decltype(&::name) name = nullptr;
  BLOCKRT_CUDA_FUNCTIONS(BLOCKRT_CUDA_MEMBER)
#undef BLOCKRT_CUDA_MEMBER
};

/// Opens libcuda.so.1 once; fails with "no CUDA driver: <why>" where it
/// cannot, or lacks a function.
Error loadCudaDriver();

/// The driver; loadCudaDriver() must have succeeded.
const CudaDriver &cuda();

} // namespace blockrt

#endif // BLOCK_RUNTIME_LIB_CUDADRIVER_H
