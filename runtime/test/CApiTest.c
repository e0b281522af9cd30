/*===- CApiTest.c - The C API, compiled as C ------------------------------===*\
|* Usage: BlockRuntimeCApiTest <smoke bundle directory>                      *|
|* Without a GPU it checks what needs none and stops at "no CUDA device".    *|
\*===----------------------------------------------------------------------===*/

#include "block/Runtime/CApi.h"

#include <cuda.h>

#include <stdio.h>
#include <string.h>

static int failures = 0;

static void expectError(const char *what, const char *needle) {
  const char *message = blockRuntimeLastError();
  if (!strstr(message, needle)) {
    printf("FAIL: %s: expected an error containing \"%s\", got \"%s\"\n", what,
           needle, message);
    ++failures;
  }
}

static void expect(int ok, const char *what) {
  if (!ok) {
    printf("FAIL: %s\n", what);
    ++failures;
  }
}

int main(int argc, char **argv) {
  if (argc != 2) {
    printf("usage: %s <bundle directory>\n", argv[0]);
    return 2;
  }
  char path[4096];
  snprintf(path, sizeof(path), "%s/none.json", argv[1]);
  expect(blockRuntimeLoad(path) == NULL, "loading a missing manifest fails");
  expectError("missing manifest", "cannot open");

  /* Checks against the manifest alone, which need no device. */
  uint64_t words[4] = {0x7f0000000000, 0x7f0000001000, 0x7f0000002000, 1008};
  expect(blockRuntimeCheckLaunch(argv[1], "vector_add", 8, 1, 1, words, 4) == 0,
         "a good launch passes the check");
  words[0] += 4;
  expect(blockRuntimeCheckLaunch(argv[1], "vector_add", 8, 1, 1, words, 4) != 0,
         "the check refuses a misaligned pointer");
  expectError("check misaligned", "address 0x7f0000000004 is not aligned to 16 bytes");
  words[0] -= 4;
  words[3] = 1000;
  expect(blockRuntimeCheckLaunch(argv[1], "vector_add", 8, 1, 1, words, 4) != 0,
         "the check refuses a non-divisible size");
  expectError("check non-divisible", "value 1000 is not divisible by 16");
  words[3] = 1008;
  expect(blockRuntimeCheckLaunch(argv[1], "vector_add", 8, 1, 1, words, 3) != 0,
         "the check refuses a short argument list");
  expectError("check count", "launch of 'vector_add' refused: expected 4 arguments, got 3");
  expect(blockRuntimeCheckLaunch(argv[1], "vector_add", 0, 1, 1, words, 4) != 0,
         "the check refuses an empty grid");
  expectError("check grid", "grid");
  expect(blockRuntimeCheckLaunch(argv[1], "nope", 8, 1, 1, words, 4) != 0,
         "the check refuses an unknown kernel");
  expectError("check unknown kernel", "has no kernel 'nope' (it has: vector_add");
  expect(blockRuntimeCheckLaunch(path, "vector_add", 8, 1, 1, words, 4) != 0,
         "the check refuses a missing manifest");
  expectError("check missing manifest", "cannot open");

  BlockRuntimeBundle *bundle = blockRuntimeLoad(argv[1]);
  if (!bundle) {
    printf("capi-test: error: %s\n", blockRuntimeLastError());
    return failures ? 2 : 1; /* 1 with "no CUDA device" passes without GPU. */
  }
  expect(blockRuntimeGetKernel(bundle, "nope") == NULL, "unknown kernel");
  expectError("unknown kernel", "has no kernel 'nope'");
  BlockRuntimeKernel *kernel = blockRuntimeGetKernel(bundle, "vector_add");
  expect(kernel != NULL, "vector_add is found");
  expect(blockRuntimeGetKernel(bundle, "vector_add") == kernel,
         "a kernel is prepared once");
  if (!kernel)
    return 1;

  enum { n = 1024, used = 1008 };
  float host[n];
  CUdeviceptr x, y, z;
  if (cuMemAlloc(&x, sizeof(host)) || cuMemAlloc(&y, sizeof(host)) ||
      cuMemAlloc(&z, sizeof(host))) {
    printf("capi-test: error: cuMemAlloc failed\n");
    return 1;
  }
  for (int i = 0; i < n; ++i)
    host[i] = (float)i;
  cuMemcpyHtoD(x, host, sizeof(host));
  for (int i = 0; i < n; ++i)
    host[i] = 0.5f;
  cuMemcpyHtoD(y, host, sizeof(host));
  cuMemsetD8(z, 0, sizeof(host));

  uint64_t args[4] = {x + 4, y, z, used};
  expect(blockRuntimeLaunch(kernel, 8, 1, 1, args, 4, NULL) != 0,
         "a misaligned pointer is refused");
  expectError("misaligned", "argument 0 ('arg0', !block.ptr<f32>) address");
  expectError("misaligned", "is not aligned to 16 bytes");
  args[0] = x;
  args[3] = 1000;
  expect(blockRuntimeLaunch(kernel, 8, 1, 1, args, 4, NULL) != 0,
         "a non-divisible size is refused");
  expectError("non-divisible", "value 1000 is not divisible by 16");
  args[3] = used;
  expect(blockRuntimeLaunch(kernel, 8, 1, 1, args, 3, NULL) != 0,
         "a short argument list is refused");
  expectError("count", "expected 4 arguments, got 3");
  expect(blockRuntimeLaunch(kernel, 8, 1, 1, args, 4, NULL) == 0,
         "a good launch runs");
  expect(cuCtxSynchronize() == CUDA_SUCCESS, "the kernel completes");
  cuMemcpyDtoH(host, z, sizeof(host));
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += host[i] != (i < used ? (float)i + 0.5f : 0.0f);
  expect(wrong == 0, "vector_add computes a + b for i < n and nothing else");

  cuMemFree(x);
  cuMemFree(y);
  cuMemFree(z);
  blockRuntimeUnload(bundle);
  if (failures)
    return 1;
  printf("capi-test: all checks passed\n");
  return 0;
}
