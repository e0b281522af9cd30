// RUN: block-opt %s --convert-block-to-gpu | FileCheck %s

// scf.for, scf.while and scf.if carry a tensor as its registers: one
// iteration argument, result or yielded value per register (1:N).

#L = #block.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// CHECK-LABEL: gpu.func @loops
func.func @loops(%p: !block.ptr<f32>, %n: i32) attributes {block.kernel, block.num_warps = 1 : i32} {
  %r = block.arange 0, 64 : tensor<64xi32, #L>
  %ps = block.splat %p : tensor<64x!block.ptr<f32>, #L>
  %pp = block.addptr %ps, %r : tensor<64x!block.ptr<f32>, #L>, tensor<64xi32, #L>
  // CHECK: %[[X0:.*]] = llvm.load
  // CHECK: %[[X1:.*]] = llvm.load
  %x = block.load %pp : tensor<64x!block.ptr<f32>, #L>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK: %[[F:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %arg1 step %{{.*}} iter_args(%[[A0:.*]] = %[[X0]], %[[A1:.*]] = %[[X1]]) -> (f32, f32) : i32 {
  // CHECK:   %[[S0:.*]] = arith.addf %[[A0]], %[[A0]] : f32
  // CHECK:   %[[S1:.*]] = arith.addf %[[A1]], %[[A1]] : f32
  // CHECK:   scf.yield %[[S0]], %[[S1]] : f32, f32
  %f = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<64xf32, #L>) : i32 {
    %s = arith.addf %acc, %acc : tensor<64xf32, #L>
    scf.yield %s : tensor<64xf32, #L>
  }
  // CHECK: %[[W:.*]]:3 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %[[F]]#0, %{{.*}} = %[[F]]#1) : (i32, f32, f32) -> (i32, f32, f32) {
  // CHECK:   scf.condition(%{{.*}}) %{{.*}}, %{{.*}}, %{{.*}} : i32, f32, f32
  // CHECK: } do {
  // CHECK: ^bb0(%{{.*}}: i32, %{{.*}}: f32, %{{.*}}: f32):
  %w:2 = scf.while (%i = %c0, %acc = %f) : (i32, tensor<64xf32, #L>) -> (i32, tensor<64xf32, #L>) {
    %lt = arith.cmpi slt, %i, %n : i32
    scf.condition(%lt) %i, %acc : i32, tensor<64xf32, #L>
  } do {
  ^bb0(%i: i32, %acc: tensor<64xf32, #L>):
    %m = arith.mulf %acc, %acc : tensor<64xf32, #L>
    %i1 = arith.addi %i, %c1 : i32
    scf.yield %i1, %m : i32, tensor<64xf32, #L>
  }
  %pos = arith.cmpi sgt, %n, %c0 : i32
  // CHECK: %[[Y:.*]]:2 = scf.if %{{.*}} -> (f32, f32) {
  // CHECK:   scf.yield %[[W]]#1, %[[W]]#2 : f32, f32
  // CHECK: } else {
  // CHECK:   scf.yield %[[X0]], %[[X1]] : f32, f32
  %y = scf.if %pos -> tensor<64xf32, #L> {
    scf.yield %w#1 : tensor<64xf32, #L>
  } else {
    scf.yield %x : tensor<64xf32, #L>
  }
  // CHECK: llvm.store %[[Y]]#0
  // CHECK: llvm.store %[[Y]]#1
  block.store %pp, %y : tensor<64x!block.ptr<f32>, #L>
  return
}
