// The driver's own cost of a launch on this machine: cuLaunchKernel in a
// bare loop, no runtime in between, on the default stream and on a stream of
// its own. block-run-gpu --measure-launch-overhead is measured against this.
//   g++ -O2 -I$CUDA/include bench/launch_floor.cpp -lcuda -o launch_floor
//   ./launch_floor runtime/test/bundle/smoke.ptx
#include <cuda.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <vector>

static bool ok(CUresult r, const char *what) {
  if (r == CUDA_SUCCESS)
    return true;
  const char *name = "?";
  cuGetErrorName(r, &name);
  std::fprintf(stderr, "%s: %s\n", what, name);
  return false;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: launch_floor <smoke.ptx>\n");
    return 2;
  }
  CUdevice device;
  CUcontext context;
  CUmodule module;
  CUfunction func;
  CUstream own;
  CUdeviceptr buffers[3];
  if (!ok(cuInit(0), "cuInit") || !ok(cuDeviceGet(&device, 0), "cuDeviceGet") ||
      !ok(cuDevicePrimaryCtxRetain(&context, device), "cuDevicePrimaryCtxRetain") ||
      !ok(cuCtxSetCurrent(context), "cuCtxSetCurrent") ||
      !ok(cuModuleLoad(&module, argv[1]), "cuModuleLoad") ||
      !ok(cuModuleGetFunction(&func, module, "vector_add"), "cuModuleGetFunction") ||
      !ok(cuStreamCreate(&own, CU_STREAM_NON_BLOCKING), "cuStreamCreate"))
    return 1;
  for (CUdeviceptr &b : buffers)
    if (!ok(cuMemAlloc(&b, 4096), "cuMemAlloc"))
      return 1;
  // The smoke kernel's vector_add(a, b, out, n), as block-run-gpu launches it.
  uint64_t values[4] = {buffers[0], buffers[1], buffers[2], 128};
  void *params[4] = {&values[0], &values[1], &values[2], &values[3]};
  constexpr int batchSize = 256, batches = 40;
  for (CUstream stream : {CUstream(nullptr), own}) {
    std::vector<double> us;
    for (int b = 0; b <= batches; ++b) {
      if (!ok(cuCtxSynchronize(), "cuCtxSynchronize"))
        return 1;
      auto begin = std::chrono::steady_clock::now();
      for (int i = 0; i < batchSize; ++i)
        if (!ok(cuLaunchKernel(func, 1, 1, 1, 128, 1, 1, 0, stream, params, nullptr),
                "cuLaunchKernel"))
          return 1;
      std::chrono::duration<double, std::micro> spent =
          std::chrono::steady_clock::now() - begin;
      if (b) // batch 0 warms up
        us.push_back(spent.count() / batchSize);
    }
    std::sort(us.begin(), us.end());
    std::printf("bare cuLaunchKernel, %s: %.2f us per launch (median of %d batches of %d)\n",
                stream ? "own stream" : "default stream", us[us.size() / 2], batches,
                batchSize);
  }
  return ok(cuCtxSynchronize(), "cuCtxSynchronize") ? 0 : 1;
}
