// RUN: block-opt %s --convert-block-to-gpu | FileCheck %s

// The FMA path of block.dot: both operands are staged row-major in shared
// memory, then each thread computes the accumulator elements its layout
// gives it, loading per step of k one element of a per row it holds and one
// of b per column.

#L = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]>
#A = #block.blocked<sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]>

// a: 16x8 f16 (256 bytes), b: 8x32 f16 (512 bytes); acc 16x32 f32: each
// thread holds 2 rows x 4 columns.
// CHECK-LABEL: gpu.func @dot
// CHECK-SAME: block_gpu.shared_memory_bytes = 768 : i32
// CHECK: %[[SHARED:.*]] = llvm.mlir.addressof @block_shared_memory : !llvm.ptr<3>
// CHECK: %[[BBASE:.*]] = llvm.getelementptr %[[SHARED]][%c256_i32] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: gpu.barrier
// CHECK-COUNT-2: llvm.store %{{.*}} : f16, !llvm.ptr<3>
// CHECK-COUNT-4: llvm.store %{{.*}} : f16, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: scf.for %{{.*}} = %c0_i32{{.*}} to %c8_i32{{.*}} step %c1_i32{{.*}} iter_args(
// CHECK-COUNT-2: llvm.load %{{.*}} : !llvm.ptr<3> -> f16
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f16
// CHECK-COUNT-8: llvm.call_intrinsic "llvm.fma"(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK: scf.yield
func.func @dot(%pa: !block.ptr<f16>, %pb: !block.ptr<f16>, %pc: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 2 : i32} {
  %ra = block.arange 0, 128 : tensor<128xi32, #block.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>>
  %a0 = block.reshape %ra : tensor<128xi32, #block.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>> -> tensor<16x8xi32, #A>
  %a = arith.sitofp %a0 : tensor<16x8xi32, #A> to tensor<16x8xf16, #A>
  %b0 = block.splat %pb : tensor<8x32x!block.ptr<f16>, #L>
  %b = block.load %b0 : tensor<8x32x!block.ptr<f16>, #L>
  %acc = arith.constant dense<0.0> : tensor<16x32xf32, #L>
  %d = block.dot %a, %b, %acc : tensor<16x8xf16, #A>, tensor<8x32xf16, #L> -> tensor<16x32xf32, #L>
  %c = block.splat %pc : tensor<16x32x!block.ptr<f32>, #L>
  block.store %c, %d : tensor<16x32x!block.ptr<f32>, #L>
  return
}
