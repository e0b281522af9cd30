// A pass option out of range is refused with a message naming the option and
// what it takes, not applied.
// RUN: not block-opt %s --block-kernel-defaults=num-warps=3 2>&1 | FileCheck %s
// RUN: not block-opt %s '--pass-pipeline=builtin.module(block-kernel-defaults{chip=sm_1000})' 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not block-opt %s '--pass-pipeline=builtin.module(block-assign-layouts{max-mma-version=7})' 2>&1 | FileCheck %s --check-prefix=MMA
// RUN: not block-opt %s --block-assign-layouts=max-mma-version=1 2>&1 | FileCheck %s --check-prefix=MMA1
// RUN: not block-opt %s '--pass-pipeline=builtin.module(blockgpu-allocate-shared-memory{max-bytes=-5})' 2>&1 | FileCheck %s --check-prefix=BYTES
// The values they take pass.
// RUN: block-opt %s --block-assign-layouts=max-mma-version=0 --blockgpu-allocate-shared-memory=max-bytes=0 -o /dev/null

// CHECK: bad-pass-option.mlir:0:0: error: block-kernel-defaults: num-warps=3 must be a power of two from 1 to 32
// CHIP: bad-pass-option.mlir:0:0: error: block-kernel-defaults: chip=sm_1000 is not a chip name sm_<capability>[a|f] (e.g. sm_90a) of a supported chip (sm_50 to sm_121f)
// MMA: bad-pass-option.mlir:0:0: error: block-assign-layouts: max-mma-version=7 must be 0 (the FMA path only), 2 (mma.sync) or 3 (wgmma)
// MMA1: error: block-assign-layouts: max-mma-version=1 must be 0
// BYTES: bad-pass-option.mlir:0:0: error: blockgpu-allocate-shared-memory: max-bytes=-5 must be 0 (what the chip allows) or a number of bytes

// A pipeline's option is the command line's: the tool names itself, not
// "<unknown>:0:".
// RUN: not block-opt %s '--block-to-ptx=chip=sm_1000' 2>&1 | FileCheck %s --check-prefix=PIPELINE --implicit-check-not='<unknown>'
// PIPELINE: block-opt: error: block-to-ptx: chip='sm_1000' is not a supported chip; supported: sm_50,
func.func @k() attributes {block.kernel} {
  return
}
