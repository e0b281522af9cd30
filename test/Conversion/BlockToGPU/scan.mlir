// RUN: block-opt %s --convert-block-to-gpu | FileCheck %s

// An inclusive scan runs sequentially in each thread's chunk of consecutive
// elements, then over the lanes (Hillis-Steele with shuffles: up, or down
// for a reverse scan), then over the warps and the repetitions of the tile
// through shared memory.

#L = #block.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>
#M = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]>

// 256 elements: chunks of 2, 32 lanes, 2 warps, 2 repetitions.
// CHECK-LABEL: gpu.func @cumsum
// CHECK-SAME: block_gpu.shared_memory_bytes = 16 : i32
// CHECK: gpu.shuffle up %{{.*}}, %c1_i32
// CHECK: arith.cmpi uge, %{{.*}}, %c1_i32
// CHECK: gpu.shuffle up %{{.*}}, %c2_i32
// CHECK: gpu.shuffle up %{{.*}}, %c4_i32
// CHECK: gpu.shuffle up %{{.*}}, %c8_i32
// CHECK: gpu.shuffle up %{{.*}}, %c16_i32
// The lane before's total, for all but lane 0.
// CHECK: gpu.shuffle up %{{.*}}, %c1_i32
// CHECK: arith.cmpi ne
// CHECK-NOT: gpu.barrier
// CHECK: scf.if
// CHECK-COUNT-2: llvm.store {{.*}} : i32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK-COUNT-4: llvm.load {{.*}} : !llvm.ptr<3> -> i32
func.func @cumsum(%p: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 2 : i32} {
  %r = block.arange 0, 256 : tensor<256xi32, #L>
  %s = block.scan %r axis = 0 : (tensor<256xi32, #L>) -> tensor<256xi32, #L> {
  ^bb0(%a: i32, %b: i32):
    %t = arith.addi %a, %b : i32
    block.yield %t : i32
  }
  %ps = block.splat %p : tensor<256x!block.ptr<i32>, #L>
  %pp = block.addptr %ps, %r : tensor<256x!block.ptr<i32>, #L>, tensor<256xi32, #L>
  block.store %pp, %s : tensor<256x!block.ptr<i32>, #L>
  return
}

// Along the rows of a 16x16 tile (chunks of 4) the lanes move in lane id
// bits 0-1 (shifts of 1 and 2), within one warp: no shared memory. A
// reverse scan combines from the end: shuffles down.
// CHECK-LABEL: gpu.func @reverse_rows
// CHECK-SAME: block_gpu.shared_memory_bytes = 0 : i32
// CHECK: gpu.shuffle down %{{.*}}, %c1_i32
// CHECK: gpu.shuffle down %{{.*}}, %c2_i32
// CHECK: gpu.shuffle down %{{.*}}, %c1_i32
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
func.func @reverse_rows(%p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 2 : i32} {
  %c = block.arange 0, 16 : tensor<16xi32, #block.slice<dim = 0, parent = #M>>
  %c2 = block.expand_dims %c, 0 : tensor<16xi32, #block.slice<dim = 0, parent = #M>> -> tensor<1x16xi32, #M>
  %idx = block.broadcast %c2 : tensor<1x16xi32, #M> -> tensor<16x16xi32, #M>
  %x = arith.sitofp %idx : tensor<16x16xi32, #M> to tensor<16x16xf32, #M>
  %s = block.scan %x axis = 1 reverse : (tensor<16x16xf32, #M>) -> tensor<16x16xf32, #M> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.maximumf %a, %b : f32
    block.yield %t : f32
  }
  %ps = block.splat %p : tensor<16x16x!block.ptr<f32>, #M>
  %pp = block.addptr %ps, %idx : tensor<16x16x!block.ptr<f32>, #M>, tensor<16x16xi32, #M>
  block.store %pp, %s : tensor<16x16x!block.ptr<f32>, #M>
  return
}
