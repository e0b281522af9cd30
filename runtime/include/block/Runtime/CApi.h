/*===- CApi.h - C interface to the Block runtime ------------------*- C -*-===*\
|*                                                                            *|
|* For callers that cannot use C++, such as Python through ctypes (see        *|
|* python/block). Built as libBlockRuntimeC.so. Launches go through the       *|
|* same manifest checks as the C++ API. Functions that fail return NULL or a  *|
|* non-zero value; blockRuntimeLastError then says why.                       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef BLOCK_RUNTIME_CAPI_H
#define BLOCK_RUNTIME_CAPI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct BlockRuntimeBundle BlockRuntimeBundle;
typedef struct BlockRuntimeKernel BlockRuntimeKernel;

/* Loads a bundle (a directory or a manifest .json) onto the device of the
 * calling thread's current CUDA context, or device 0 when none is current.
 * The manifest is read and validated before CUDA is touched. */
BlockRuntimeBundle *blockRuntimeLoad(const char *path);

/* Unloads a bundle; its kernels become invalid. NULL is ignored. */
void blockRuntimeUnload(BlockRuntimeBundle *bundle);

/* A kernel of the bundle, prepared once; valid until the bundle is
 * unloaded. */
BlockRuntimeKernel *blockRuntimeGetKernel(BlockRuntimeBundle *bundle,
                                          const char *name);

/* Checks the launch against the manifest, then launches on `stream` (a
 * CUstream; NULL for the default stream) without waiting. args[i] is
 * parameter i: a device address for a pointer, else the scalar's bit
 * pattern in the low bits (i1 as 0 or 1, f16 / bf16 as 16 bits). Returns 0
 * on success. */
int blockRuntimeLaunch(BlockRuntimeKernel *kernel, uint32_t gridX,
                       uint32_t gridY, uint32_t gridZ, const uint64_t *args,
                       uint32_t numArgs, void *stream);

/* Checks a launch of kernel `name` of the bundle at `path` as
 * blockRuntimeLaunch does (argument count, alignment, divisibility, grid),
 * except for the device's shared-memory limit, without a device or a
 * driver: the manifest is read at every call. For tests and tools that
 * check what they would launch (the Python package's Kernel.check). Returns
 * 0 if the launch passes. */
int blockRuntimeCheckLaunch(const char *path, const char *name,
                            uint32_t gridX, uint32_t gridY, uint32_t gridZ,
                            const uint64_t *args, uint32_t numArgs);

/* The message of the calling thread's last failure ("" if none). */
const char *blockRuntimeLastError(void);

#ifdef __cplusplus
}
#endif

#endif /* BLOCK_RUNTIME_CAPI_H */
