// RUN: block-opt %s | block-opt | FileCheck %s
// RUN: block-opt %s --mlir-print-op-generic | block-opt | FileCheck %s

// A producer and its consumers print back as written.

#bar = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
// CHECK-LABEL: func.func @split
// CHECK: blockgpu.warp_specialize warps(8, 4) registers(232, 40) {
// CHECK:   blockgpu.wait_barrier %[[FULL:.*]], %{{.*}} :
// CHECK:   blockgpu.arrive_barrier %[[EMPTY:.*]] : !blockgpu.memdesc<1x1xi64, #{{.*}}, mutable>
// CHECK:   blockgpu.arrive_barrier %[[EMPTY]] converge : !blockgpu.memdesc<1x1xi64, #{{.*}}, mutable>
// CHECK: } producer {
// CHECK:   blockgpu.wait_barrier %[[EMPTY]], %{{.*}} :
// CHECK:   blockgpu.barrier_expect %[[FULL]], 16384 :
// CHECK: }
func.func @split() attributes {block.kernel, block.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %bars = blockgpu.local_alloc : !blockgpu.memdesc<2x1x1xi64, #bar, mutable>
  %full = blockgpu.memdesc_index %bars[%c0] : !blockgpu.memdesc<2x1x1xi64, #bar, mutable> -> !blockgpu.memdesc<1x1xi64, #bar, mutable>
  %empty = blockgpu.memdesc_index %bars[%c1] : !blockgpu.memdesc<2x1x1xi64, #bar, mutable> -> !blockgpu.memdesc<1x1xi64, #bar, mutable>
  blockgpu.warp_specialize warps(8, 4) registers(232, 40) {
    blockgpu.wait_barrier %full, %c0 : !blockgpu.memdesc<1x1xi64, #bar, mutable>
    blockgpu.arrive_barrier %empty : !blockgpu.memdesc<1x1xi64, #bar, mutable>
    blockgpu.arrive_barrier %empty converge : !blockgpu.memdesc<1x1xi64, #bar, mutable>
  } producer {
    blockgpu.wait_barrier %empty, %c1 : !blockgpu.memdesc<1x1xi64, #bar, mutable>
    blockgpu.barrier_expect %full, 16384 : !blockgpu.memdesc<1x1xi64, #bar, mutable>
  }
  return
}

// Consumer warpgroups taking turns at their products.
// CHECK-LABEL: func.func @turns
// CHECK: blockgpu.warp_specialize warps(8, 4) registers(232, 40) {
// CHECK-NEXT: blockgpu.await_turn
// CHECK-NEXT: blockgpu.pass_turn
// CHECK-NEXT: } producer {
func.func @turns() attributes {block.kernel, block.num_warps = 8 : i32} {
  blockgpu.warp_specialize warps(8, 4) registers(232, 40) {
    blockgpu.await_turn
    blockgpu.pass_turn
  } producer {
  }
  return
}

// An await after the values the warpgroup computed since its last turn.
// CHECK-LABEL: func.func @turn_after
// CHECK: %[[L:.+]] = block.splat %arg0
// CHECK-NEXT: blockgpu.await_turn after(%arg0, %[[L]] : f32, tensor<128xf32>)
// CHECK-NEXT: blockgpu.pass_turn
func.func @turn_after(%m: f32) attributes {block.kernel, block.num_warps = 8 : i32} {
  blockgpu.warp_specialize warps(8, 4) registers(232, 40) {
    %l = block.splat %m : tensor<128xf32>
    blockgpu.await_turn after(%m, %l : f32, tensor<128xf32>)
    blockgpu.pass_turn
  } producer {
  }
  return
}
