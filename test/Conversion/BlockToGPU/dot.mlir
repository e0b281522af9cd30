// RUN: block-opt %s --convert-block-to-gpu | FileCheck %s

// The FMA path of block.dot: b is staged row-major in a buffer and a
// transposed (a vector store per run of consecutive positions a thread
// holds; convert-block-to-gpu runs blockgpu-materialize-shared-memory where
// the pipeline did not), then blockgpu.dot: each thread computes the accumulator elements its layout
// gives it. Steps of k are unrolled 32 at a time; per step a thread loads
// one vector of a per run of consecutive rows it holds and one of b per run
// of consecutive columns.

#L = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]>
#A = #block.blocked<sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]>

// a: 16x8 f16 (256 bytes), b: 8x32 f16 (512 bytes); acc 16x32 f32: each
// thread holds 2 rows 8 apart x 4 columns. a's 2 elements per thread lie
// along k, a column of a transposed: two stores. The larger buffer, b's, is
// placed first.
// CHECK-LABEL: gpu.func @dot
// CHECK-SAME: block_gpu.shared_memory_bytes = 768 : i32
// CHECK-NOT: gpu.barrier
// CHECK: llvm.getelementptr %{{.*}}[%c512_i32] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-COUNT-2: llvm.store %{{.*}} {alignment = 2 : i64} : f16, !llvm.ptr<3>
// CHECK: llvm.getelementptr %{{.*}}[%c0_i32{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: llvm.store %{{.*}} {alignment = 8 : i64} : vector<4xf16>, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK-NOT: scf.for
// CHECK-COUNT-2: llvm.load %{{.*}} : !llvm.ptr<3> -> f16
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<4xf16>
// CHECK-COUNT-8: llvm.call_intrinsic "llvm.fma"(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<4xf16>
// CHECK-COUNT-56: llvm.call_intrinsic "llvm.fma"
// CHECK-NOT: llvm.call_intrinsic "llvm.fma"
// CHECK: gpu.return
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

// k = 64: a loop of two chunks of 32 unrolled steps. The accumulator, one
// column and 2 rows per thread, reads per step a vector of 2 elements of a
// and one element of b.
#R = #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]>
// CHECK-LABEL: gpu.func @long_k
// CHECK: scf.for %{{.*}} = %c0_i32{{.*}} to %c64_i32{{.*}} step %c32_i32{{.*}} iter_args(
// CHECK-COUNT-32: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xf32>
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: llvm.load
// CHECK: scf.yield
func.func @long_k(%pa: !block.ptr<f32>, %pb: !block.ptr<f32>, %pc: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 1 : i32} {
  %a0 = block.splat %pa : tensor<2x64x!block.ptr<f32>, #R>
  %a = block.load %a0 : tensor<2x64x!block.ptr<f32>, #R>
  %b0 = block.splat %pb : tensor<64x32x!block.ptr<f32>, #R>
  %b = block.load %b0 : tensor<64x32x!block.ptr<f32>, #R>
  %acc = arith.constant dense<0.0> : tensor<2x32xf32, #R>
  %d = block.dot %a, %b, %acc : tensor<2x64xf32, #R>, tensor<64x32xf32, #R> -> tensor<2x32xf32, #R>
  %c = block.splat %pc : tensor<2x32x!block.ptr<f32>, #R>
  block.store %c, %d : tensor<2x32x!block.ptr<f32>, #R>
  return
}

// The order of a step's FMAs: the rows in pairs, the columns left to right
// for the first pair and back for the second, so that consecutive FMAs share
// an operand. Each thread holds 4 rows x 2 columns of c.
#O = #block.blocked<sizePerThread = [4, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
#P = #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
#Q = #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>

// CHECK-LABEL: gpu.func @fma_order
// CHECK: llvm.call_intrinsic "llvm.fma"(%[[R0:[^,]+]], %[[C0:[^,]+]], %{{[^)]+}}) : (f32, f32, f32) -> f32
// CHECK-NEXT: llvm.call_intrinsic "llvm.fma"(%[[R1:[^,]+]], %[[C0]], %{{[^)]+}})
// CHECK-NEXT: llvm.call_intrinsic "llvm.fma"(%[[R0]], %[[C1:[^,]+]], %{{[^)]+}})
// CHECK-NEXT: llvm.call_intrinsic "llvm.fma"(%[[R1]], %[[C1]], %{{[^)]+}})
// CHECK-NEXT: llvm.call_intrinsic "llvm.fma"(%[[R2:[^,]+]], %[[C1]], %{{[^)]+}})
// CHECK-NEXT: llvm.call_intrinsic "llvm.fma"(%[[R3:[^,]+]], %[[C1]], %{{[^)]+}})
// CHECK-NEXT: llvm.call_intrinsic "llvm.fma"(%[[R2]], %[[C0]], %{{[^)]+}})
// CHECK-NEXT: llvm.call_intrinsic "llvm.fma"(%[[R3]], %[[C0]], %{{[^)]+}})
func.func @fma_order(%pa: !block.ptr<f32>, %pb: !block.ptr<f32>, %pc: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 1 : i32} {
  %as = block.splat %pa : tensor<16x4x!block.ptr<f32>, #P>
  %a = block.load %as : tensor<16x4x!block.ptr<f32>, #P>
  %bs = block.splat %pb : tensor<4x16x!block.ptr<f32>, #Q>
  %b = block.load %bs : tensor<4x16x!block.ptr<f32>, #Q>
  %acc = arith.constant dense<0.0> : tensor<16x16xf32, #O>
  %d = block.dot %a, %b, %acc : tensor<16x4xf32, #P>, tensor<4x16xf32, #Q> -> tensor<16x16xf32, #O>
  %c = block.splat %pc : tensor<16x16x!block.ptr<f32>, #O>
  block.store %c, %d : tensor<16x16x!block.ptr<f32>, #O>
  return
}

// precision = tf32 truncates every element read to tf32 by its bits (the
// low 13 bits cleared; infinities and NaNs kept), then one FMA; tf32x3
// rounds them instead (half a unit added first), takes the small parts
// tf32(x - big), rounded too, and makes three FMAs per element, small_a *
// big_b, big_a * small_b, big_a * big_b. The stores to the buffers keep the
// operands as they are.
// CHECK-LABEL: gpu.func @tf32
// CHECK-NOT: %c4096_i32
// CHECK: %[[BITS:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK: arith.andi %[[BITS]], %c-8192_i32
// CHECK: llvm.call_intrinsic "llvm.fma"
// CHECK-LABEL: gpu.func @tf32x3
// CHECK: %[[UP:.*]] = arith.addi %{{.*}}, %c4096_i32
// CHECK: arith.andi %[[UP]], %c-8192_i32
// CHECK: arith.subf
// CHECK: llvm.call_intrinsic "llvm.fma"(%[[SA:[^,]+]], %[[BB:[^,]+]], %{{[^)]+}})
// CHECK-NEXT: llvm.call_intrinsic "llvm.fma"(%[[BA:[^,]+]], %[[SB:[^,]+]], %{{[^)]+}})
// CHECK-NEXT: llvm.call_intrinsic "llvm.fma"(%[[BA]], %[[BB]], %{{[^)]+}})
func.func @tf32(%pa: !block.ptr<f32>, %pc: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 1 : i32} {
  %as = block.splat %pa : tensor<16x4x!block.ptr<f32>, #P>
  %a = block.load %as : tensor<16x4x!block.ptr<f32>, #P>
  %bs = block.splat %pa : tensor<4x16x!block.ptr<f32>, #Q>
  %b = block.load %bs : tensor<4x16x!block.ptr<f32>, #Q>
  %acc = arith.constant dense<0.0> : tensor<16x16xf32, #O>
  %d = block.dot %a, %b, %acc precision = tf32 : tensor<16x4xf32, #P>, tensor<4x16xf32, #Q> -> tensor<16x16xf32, #O>
  %c = block.splat %pc : tensor<16x16x!block.ptr<f32>, #O>
  block.store %c, %d : tensor<16x16x!block.ptr<f32>, #O>
  return
}
func.func @tf32x3(%pa: !block.ptr<f32>, %pc: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 1 : i32} {
  %as = block.splat %pa : tensor<16x4x!block.ptr<f32>, #P>
  %a = block.load %as : tensor<16x4x!block.ptr<f32>, #P>
  %bs = block.splat %pa : tensor<4x16x!block.ptr<f32>, #Q>
  %b = block.load %bs : tensor<4x16x!block.ptr<f32>, #Q>
  %acc = arith.constant dense<0.0> : tensor<16x16xf32, #O>
  %d = block.dot %a, %b, %acc precision = tf32x3 : tensor<16x4xf32, #P>, tensor<4x16xf32, #Q> -> tensor<16x16xf32, #O>
  %c = block.splat %pc : tensor<16x16x!block.ptr<f32>, #O>
  block.store %c, %d : tensor<16x16x!block.ptr<f32>, #O>
  return
}
