// RUN: block-opt %s --convert-block-to-gpu | FileCheck %s

// A reduction combines a thread's registers, then the lanes along the axis
// (butterfly shuffles), then the warps along the axis through shared memory;
// the combiner region is applied at each step.

#L = #block.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#M = #block.blocked<sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]>

// 256 elements: 2 registers x 32 lanes x 4 warps.
// CHECK-LABEL: gpu.func @sum
// CHECK-SAME: block_gpu.shared_memory_bytes = 16 : i32
// CHECK: %[[IN:.*]] = arith.addf %[[A:.*]], %[[B:.*]] : f32
// CHECK: %[[S1:.*]], %{{.*}} = gpu.shuffle xor %[[IN]], %c1_i32
// CHECK: %[[C1:.*]] = arith.addf %[[IN]], %[[S1]] : f32
// CHECK: gpu.shuffle xor %[[C1]], %c2_i32
// CHECK: gpu.shuffle xor %{{.*}}, %c4_i32
// CHECK: gpu.shuffle xor %{{.*}}, %c8_i32
// CHECK: %[[S16:.*]], %{{.*}} = gpu.shuffle xor %{{.*}}, %c16_i32
// CHECK: %[[WARPSUM:.*]] = arith.addf %{{.*}}, %[[S16]] : f32
// CHECK-NOT: gpu.barrier
// CHECK: llvm.store %[[WARPSUM]], %{{.*}} : f32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-COUNT-3: arith.addf
// CHECK-NOT: gpu.shuffle
func.func @sum(%p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  %r = block.arange 0, 256 : tensor<256xi32, #L>
  %ps = block.splat %p : tensor<256x!block.ptr<f32>, #L>
  %pp = block.addptr %ps, %r : tensor<256x!block.ptr<f32>, #L>, tensor<256xi32, #L>
  %x = block.load %pp : tensor<256x!block.ptr<f32>, #L>
  %s = block.reduce %x axis = 0 : (tensor<256xf32, #L>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    block.yield %t : f32
  }
  block.store %p, %s : !block.ptr<f32>
  return
}

// Argmax over the rows of a 16x16 tile: two operands through every step.
// Along axis 1 a thread holds 2 registers (columns c, c + 1); lane bits 0-1
// and warp bit 0 move along the axis, lane bits 2-4 and warp bit 1 along
// the rows.
// CHECK-LABEL: gpu.func @argmax_rows
// CHECK-SAME: block_gpu.shared_memory_bytes = 256 : i32
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[V0:.*]], %[[V1:.*]] : f32
// CHECK: arith.select %[[GT]], %[[V0]], %[[V1]] : f32
// CHECK: arith.select %[[GT]], %{{.*}}, %{{.*}} : i32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32{{.*}} : f32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32{{.*}} : i32
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32{{.*}} : f32
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32{{.*}} : i32
// CHECK-NOT: gpu.shuffle
// CHECK-NOT: gpu.barrier
// CHECK-COUNT-2: llvm.store %{{.*}} : {{.*}} !llvm.ptr<3>
// CHECK: gpu.barrier
func.func @argmax_rows(%p: !block.ptr<f32>, %q: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  %c = block.arange 0, 16 : tensor<16xi32, #block.slice<dim = 0, parent = #M>>
  %c2 = block.expand_dims %c, 0 : tensor<16xi32, #block.slice<dim = 0, parent = #M>> -> tensor<1x16xi32, #M>
  %idx = block.broadcast %c2 : tensor<1x16xi32, #M> -> tensor<16x16xi32, #M>
  %x = arith.sitofp %idx : tensor<16x16xi32, #M> to tensor<16x16xf32, #M>
  %m, %i = block.reduce %x, %idx axis = 1 : (tensor<16x16xf32, #M>, tensor<16x16xi32, #M>) -> (tensor<16xf32, #block.slice<dim = 1, parent = #M>>, tensor<16xi32, #block.slice<dim = 1, parent = #M>>) {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %v = arith.select %gt, %a, %b : f32
    %j = arith.select %gt, %ai, %bi : i32
    block.yield %v, %j : f32, i32
  }
  %r = block.arange 0, 16 : tensor<16xi32, #block.slice<dim = 1, parent = #M>>
  %qs = block.splat %q : tensor<16x!block.ptr<i32>, #block.slice<dim = 1, parent = #M>>
  %qp = block.addptr %qs, %r : tensor<16x!block.ptr<i32>, #block.slice<dim = 1, parent = #M>>, tensor<16xi32, #block.slice<dim = 1, parent = #M>>
  block.store %qp, %i : tensor<16x!block.ptr<i32>, #block.slice<dim = 1, parent = #M>>
  return
}

// A tensor held by fewer lanes than a warp: copies are combined once, so the
// lane bits 3 and 4, which only replicate it, take no shuffle.
// CHECK-LABEL: gpu.func @small
// CHECK-COUNT-3: gpu.shuffle xor
// CHECK-NOT: gpu.shuffle
func.func @small(%p: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  %r = block.arange 0, 16 : tensor<16xi32, #L>
  %s = block.reduce %r axis = 0 : (tensor<16xi32, #L>) -> i32 {
  ^bb0(%a: i32, %b: i32):
    %t = arith.addi %a, %b : i32
    block.yield %t : i32
  }
  block.store %p, %s : !block.ptr<i32>
  return
}
