// RUN: block-opt %s | block-opt | FileCheck %s
// RUN: block-opt %s --mlir-print-op-generic | block-opt | FileCheck %s

// mbarriers and TMA copies print back as written.

#nvmma = #blockgpu.nvmma<swizzle = 128>
#bar = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
// CHECK-LABEL: func.func @copy_tile
// CHECK: blockgpu.init_barrier %[[BAR:.*]], 1 : !blockgpu.memdesc<1x1xi64, #{{.*}}, mutable>
// CHECK: blockgpu.barrier_expect %[[BAR]], 16384 : !blockgpu.memdesc<1x1xi64, #{{.*}}, mutable>
// CHECK: blockgpu.tma_load %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %[[BAR]] : !block.tensordesc<tensor<128x64xbf16>>, !blockgpu.memdesc<128x64xbf16, #{{.*}}, mutable>, !blockgpu.memdesc<1x1xi64, #{{.*}}, mutable>
// CHECK: blockgpu.wait_barrier %[[BAR]], %{{.*}} : !blockgpu.memdesc<1x1xi64, #{{.*}}, mutable>
// CHECK: blockgpu.tma_store %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !block.tensordesc<tensor<128x64xbf16>>, !blockgpu.memdesc<128x64xbf16, #{{.*}}, mutable>
func.func @copy_tile(%d: !block.tensordesc<tensor<128x64xbf16>>, %i: i32) {
  %c0 = arith.constant 0 : i32
  %buf = blockgpu.local_alloc : !blockgpu.memdesc<128x64xbf16, #nvmma, mutable>
  %bars = blockgpu.local_alloc : !blockgpu.memdesc<2x1x1xi64, #bar, mutable>
  %bar = blockgpu.memdesc_index %bars[%c0] : !blockgpu.memdesc<2x1x1xi64, #bar, mutable> -> !blockgpu.memdesc<1x1xi64, #bar, mutable>
  blockgpu.init_barrier %bar, 1 : !blockgpu.memdesc<1x1xi64, #bar, mutable>
  blockgpu.barrier_expect %bar, 16384 : !blockgpu.memdesc<1x1xi64, #bar, mutable>
  blockgpu.tma_load %d[%i, %c0], %buf, %bar : !block.tensordesc<tensor<128x64xbf16>>, !blockgpu.memdesc<128x64xbf16, #nvmma, mutable>, !blockgpu.memdesc<1x1xi64, #bar, mutable>
  blockgpu.wait_barrier %bar, %c0 : !blockgpu.memdesc<1x1xi64, #bar, mutable>
  blockgpu.tma_store %d[%i, %c0], %buf : !block.tensordesc<tensor<128x64xbf16>>, !blockgpu.memdesc<128x64xbf16, #nvmma, mutable>
  return
}
