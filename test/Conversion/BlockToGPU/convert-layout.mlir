// RUN: block-opt %s --convert-block-to-gpu | FileCheck %s
// Conversions within warps by shuffles, run on the CPU in lockstep for every
// thread (Inputs/simulate_convert.py): each stores exactly its tensor.
// RUN: %python %S/Inputs/simulate_convert.py block-opt | FileCheck %s --check-prefix=SIM
// SIM-NOT: FAIL
// SIM: failures: 0

// A layout conversion goes through a buffer (convert-block-to-gpu runs
// blockgpu-materialize-shared-memory, -allocate-shared-memory and
// -insert-barriers where the pipeline did not): every thread writes its
// elements at their row-major positions, a barrier, every thread reads the
// elements of the new layout. No barrier before: the first user of shared
// memory needs none. Consecutive positions move as vectors; positions are
// swizzled (XOR) within 128-byte lines so that the reading lanes, which walk
// down the columns, meet different banks.

#ROW = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#COL = #block.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>

// CHECK-LABEL: gpu.func @rows_to_columns
// CHECK-SAME: block_gpu.shared_memory_bytes = 4096 : i32
// CHECK-NOT: gpu.barrier
// CHECK: llvm.mlir.addressof @block_shared_memory : !llvm.ptr<3>
// CHECK-NOT: gpu.barrier
// CHECK: arith.xori
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
func.func @rows_to_columns(%p: !block.ptr<f32> {block.alignment = 16}) attributes {block.kernel, block.num_warps = 4 : i32} {
  %ps = block.splat %p : tensor<32x32x!block.ptr<f32>, #ROW>
  %x = block.load %ps : tensor<32x32x!block.ptr<f32>, #ROW>
  %y = block.convert_layout %x : tensor<32x32xf32, #ROW> -> tensor<32x32xf32, #COL>
  %qs = block.splat %p : tensor<32x32x!block.ptr<f32>, #COL>
  block.store %qs, %y : tensor<32x32x!block.ptr<f32>, #COL>
  return
}

// Equivalent layouts only relabel registers: no shared memory.
// CHECK-LABEL: gpu.func @same_mapping
// CHECK-SAME: block_gpu.shared_memory_bytes = 0 : i32
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
#A = #block.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#B = #block.slice<dim = 0, parent = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]>>
func.func @same_mapping(%p: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 1 : i32} {
  %r = block.arange 0, 128 : tensor<128xi32, #A>
  %s = block.convert_layout %r : tensor<128xi32, #A> -> tensor<128xi32, #B>
  %ps = block.splat %p : tensor<128x!block.ptr<i32>, #B>
  %pp = block.addptr %ps, %s : tensor<128x!block.ptr<i32>, #B>, tensor<128xi32, #B>
  block.store %pp, %s : tensor<128x!block.ptr<i32>, #B>
  return
}
