// block-print-ptx writes the PTX that block-to-ptx put into the gpu.binary
// as text, to standard output or a file, and leaves the module as it is.
// RUN: block-opt %s --block-to-ptx --block-print-ptx -o /dev/null | FileCheck %s
// RUN: block-opt %s --block-to-ptx '--block-print-ptx=output=%t.ptx' | FileCheck %s --check-prefix=MODULE
// RUN: FileCheck %s < %t.ptx
// RUN: not block-opt %s --block-print-ptx 2>&1 | FileCheck %s --check-prefix=NONE

// CHECK: .version 8.0
// CHECK-NEXT: .target sm_90a
// CHECK: .visible .entry k(
// CHECK: st.global
// MODULE: gpu.binary @block_kernels
// NONE: error: no gpu.binary holds PTX: run block-to-ptx first

func.func @k(%p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 1 : i32} {
  %c = arith.constant 1.0 : f32
  block.store %p, %c : !block.ptr<f32>
  return
}
