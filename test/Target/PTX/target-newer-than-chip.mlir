// A module recorded for one chip (block.target, as block-kernel-defaults or
// an earlier block-opt run writes it) compiled for a chip that cannot run
// its code: the layouts followed the module (bf16 mma.sync, sm_80+) and
// LLVM aborted on the chip's ("Cannot select: ... mma ... bf16"). Refused
// up front; a chip with all the module's features compiles it.
// RUN: not block-opt %s '--block-to-ptx=chip=sm_75' -o /dev/null 2>&1 | FileCheck %s
// RUN: rm -rf %t && not block-compile %s --chip=sm_75 -o %t 2>&1 | FileCheck %s
// RUN: test ! -e %t
// RUN: block-opt %s '--block-to-ptx=chip=sm_86' -o /dev/null
// RUN: block-opt %s '--block-to-ptx=chip=sm_90a' -o /dev/null
// An `a` chip's features are its own: wgmma layouts for sm_90a, not sm_100a.
// RUN: sed 's/"sm_86"/"sm_90a"/' %s | not block-opt '--block-to-ptx=chip=sm_100a' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90A
// CHECK: error: the module is for sm_86 (block.target), whose code sm_75 cannot run; compile for sm_86 or remove block.target
// CHECK-NOT: LLVM ERROR
// SM90A: error: the module is for sm_90a (block.target), whose code sm_100a cannot run

module attributes {block.target = "sm_86"} {
func.func @k(%a: !block.ptr<bf16>, %c: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  %r = block.arange 0, 4096 : tensor<4096xi32>
  %v = block.load %a[%r] : !block.ptr<bf16>, tensor<4096xi32>
  %m = block.reshape %v : tensor<4096xbf16> -> tensor<64x64xbf16>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = block.dot %m, %m, %z : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
  %f = block.reshape %d : tensor<64x64xf32> -> tensor<4096xf32>
  block.store %c[%r], %f : !block.ptr<f32>, tensor<4096xi32>
  return
}
}
