/*===- CApi.h - C interface to block-compile ----------------------*- C -*-===*\
|*                                                                            *|
|* For callers that cannot use C++, such as Python through ctypes (see        *|
|* python/block/_compile.py): compileBundle in-process, built as              *|
|* libBlockCompileC.so. It links MLIR, where the runtime's C API              *|
|* (block/Runtime/CApi.h) does not. Functions that fail return a non-zero     *|
|* value; blockCompileLastError then says why, in block-compile's words.      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef BLOCK_TARGET_BUNDLE_CAPI_H
#define BLOCK_TARGET_BUNDLE_CAPI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Whether a bundle gets a cubin. */
enum {
  BLOCK_COMPILE_CUBIN_WHERE_FOUND = 0, /* where ptxas is found */
  BLOCK_COMPILE_CUBIN_REQUIRED = 1,    /* block-compile --cubin */
  BLOCK_COMPILE_CUBIN_NEVER = 2,       /* block-compile --no-cubin */
};

/* block-compile's options, under its names; blockCompileInitOptions gives
 * its defaults. Strings are borrowed for the call. */
typedef struct BlockCompileOptions {
  const char *chip;       /* --chip */
  const char *features;   /* --features; NULL or "": the chip's default */
  uint32_t numWarps;      /* --num-warps */
  uint32_t optLevel;      /* --opt-level */
  int32_t tma;            /* --tma, 0 or 1 */
  int32_t warpSpecialize; /* --warp-specialize, 0 or 1 */
  int32_t warpGroupTurns; /* --warp-group-turns, 0 or 1 */
  int32_t cubin;          /* BLOCK_COMPILE_CUBIN_* */
  int32_t raiseOccupancy; /* --raise-occupancy, 0 or 1 */
  const char *specialize; /* --specialize */
  uint32_t maxVariants;   /* --max-variants */
} BlockCompileOptions;

/* Fills `options` with block-compile's defaults. */
void blockCompileInitOptions(BlockCompileOptions *options);

/* Compiles the block program `source` (`length` bytes of text or bytecode;
 * diagnostics name it `sourceName` where its own locations do not say
 * otherwise) into the bundle `moduleName` (<moduleName>.ptx, .cubin, .json)
 * in the directory `outDir`, created where missing, as block-compile
 * does. Returns 0 on success. Callers may compile on several threads at
 * once. */
int blockCompileBundle(const char *source, size_t length,
                       const char *sourceName, const char *moduleName,
                       const BlockCompileOptions *options, const char *outDir);

/* What the calling thread's last failure printed, as block-compile prints
 * it on stderr ("" if none). */
const char *blockCompileLastError(void);

/* What `block-compile --version` prints. */
const char *blockCompileVersion(void);

#ifdef __cplusplus
}
#endif

#endif /* BLOCK_TARGET_BUNDLE_CAPI_H */
