// RUN: block-opt %s -blockgpu-allocate-shared-memory -convert-block-to-gpu=async-copies | FileCheck %s
// RUN: block-opt %s -blockgpu-allocate-shared-memory -convert-block-to-gpu | FileCheck %s --check-prefix=SYNC

// The blockgpu layer lowered: buffers at their allocated offsets, cp.async
// of 16 bytes (4 consecutive f32 in global and in shared memory) whose
// source size is 0 where the mask is off, commit and wait groups, and
// vector accesses of shared memory at the offsets the layout algebra gives.
// Without async-copies (before sm_80) the copy completes at once: a load
// and stores to shared memory, and the groups and waits vanish.
// SYNC-NOT: nvvm.cp.async
// SYNC: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
// SYNC-NOT: nvvm.cp.async

#blocked = #block.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#shared = #blockgpu.swizzled<vec = 4, perPhase = 1, maxPhase = 1>

// CHECK-LABEL: gpu.func @staged
func.func @staged(%x: !block.ptr<f32> {block.alignment = 16}, %out: !block.ptr<f32> {block.alignment = 16}, %n: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %range = block.arange 0, 512 : tensor<512xi32, #blocked>
  %ns = block.splat %n : tensor<512xi32, #blocked>
  %mask = arith.cmpi slt, %range, %ns : tensor<512xi32, #blocked>
  %xs = block.splat %x : tensor<512x!block.ptr<f32>, #blocked>
  %xp = block.addptr %xs, %range : tensor<512x!block.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
  // CHECK: %[[BASE:.+]] = llvm.mlir.addressof @block_shared_memory : !llvm.ptr<3>
  // CHECK: %[[BUF:.+]] = llvm.getelementptr %[[BASE]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  %buf = blockgpu.local_alloc : !blockgpu.memdesc<2x512xf32, #shared, mutable>
  %c1 = arith.constant 1 : i32
  // One stage is 2048 bytes.
  // CHECK: %[[STAGEBYTES:.+]] = arith.muli %{{.*}}, %{{.*}} : i32
  // CHECK: %[[STAGE:.+]] = llvm.getelementptr %[[BUF]][%[[STAGEBYTES]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  %stage = blockgpu.memdesc_index %buf[%c1] : !blockgpu.memdesc<2x512xf32, #shared, mutable> -> !blockgpu.memdesc<512xf32, #shared, mutable>
  // CHECK: %[[SIZE:.+]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32
  // CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = {{ *}}cg, %[[SIZE]] : !llvm.ptr<3>, !llvm.ptr<1>, i32
  // CHECK-NOT: nvvm.cp.async.shared.global
  %copy = blockgpu.async_copy %xp, %stage mask %mask : tensor<512x!block.ptr<f32>, #blocked> -> !blockgpu.memdesc<512xf32, #shared, mutable>
  // CHECK: nvvm.cp.async.commit.group
  %group = blockgpu.async_commit_group tokens %copy
  // CHECK: nvvm.cp.async.wait.group 0
  %done = blockgpu.async_wait %group {num = 0 : i32}
  // CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
  %v = blockgpu.local_load %stage : !blockgpu.memdesc<512xf32, #shared, mutable> -> tensor<512xf32, #blocked>
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
  %ro = blockgpu.local_alloc %v : tensor<512xf32, #blocked> -> !blockgpu.memdesc<512xf32, #shared>
  %w = blockgpu.local_load %ro : !blockgpu.memdesc<512xf32, #shared> -> tensor<512xf32, #blocked>
  %os = block.splat %out : tensor<512x!block.ptr<f32>, #blocked>
  %op = block.addptr %os, %range : tensor<512x!block.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
  block.store %op, %w mask %mask : tensor<512x!block.ptr<f32>, #blocked>
  return
}
