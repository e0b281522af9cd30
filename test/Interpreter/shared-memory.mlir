// The blockgpu layer on the interpreter: an async copy into one stage of a
// two-stage buffer (masked-off elements become zero), a wait, a local_load
// back into a tensor; a local_alloc from a tensor and a local_store. The
// kernel writes out[i] = 2 * x[i] for i < n and 0 elsewhere, as the same
// kernel without shared memory does.
// RUN: rm -rf %t && mkdir -p %t
// RUN: block-run %s --kernel=staged --grid=2 --arg=ptr:f32:200:rand=1 --arg=ptr:f32:256:zeros --arg=i32:200 --out=1:%t/staged.npy
// RUN: block-run %s --kernel=direct --grid=2 --arg=ptr:f32:200:rand=1 --arg=ptr:f32:256:zeros --arg=i32:200 --out=1:%t/direct.npy
// RUN: cmp %t/staged.npy %t/direct.npy
// An index outside the stages stops the run with the op's location.
// RUN: not block-run %s --kernel=bad_stage --grid=1 --arg=i32:2 2>&1 | FileCheck %s --check-prefix=STAGE

#shared = #blockgpu.swizzled<vec = 4, perPhase = 1, maxPhase = 8>

func.func @staged(%x: !block.ptr<f32>, %out: !block.ptr<f32>, %n: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %pid = block.program_id x
  %c128 = arith.constant 128 : i32
  %start = arith.muli %pid, %c128 : i32
  %range = block.arange 0, 128 : tensor<128xi32>
  %starts = block.splat %start : tensor<128xi32>
  %offsets = arith.addi %starts, %range : tensor<128xi32>
  %ns = block.splat %n : tensor<128xi32>
  %mask = arith.cmpi slt, %offsets, %ns : tensor<128xi32>
  %xs = block.splat %x : tensor<128x!block.ptr<f32>>
  %xp = block.addptr %xs, %offsets : tensor<128x!block.ptr<f32>>, tensor<128xi32>
  %buf = blockgpu.local_alloc : !blockgpu.memdesc<2x128xf32, #shared, mutable>
  %c1 = arith.constant 1 : i32
  %stage = blockgpu.memdesc_index %buf[%c1] : !blockgpu.memdesc<2x128xf32, #shared, mutable> -> !blockgpu.memdesc<128xf32, #shared, mutable>
  %copy = blockgpu.async_copy %xp, %stage mask %mask : tensor<128x!block.ptr<f32>> -> !blockgpu.memdesc<128xf32, #shared, mutable>
  %group = blockgpu.async_commit_group tokens %copy
  %done = blockgpu.async_wait %group {num = 0 : i32}
  blockgpu.fence_async_shared
  gpu.barrier
  %v = blockgpu.local_load %stage : !blockgpu.memdesc<128xf32, #shared, mutable> -> tensor<128xf32>
  %twice = arith.addf %v, %v : tensor<128xf32>
  %ro = blockgpu.local_alloc %twice : tensor<128xf32> -> !blockgpu.memdesc<128xf32, #shared>
  %w = blockgpu.local_load %ro : !blockgpu.memdesc<128xf32, #shared> -> tensor<128xf32>
  %os = block.splat %out : tensor<128x!block.ptr<f32>>
  %op = block.addptr %os, %offsets : tensor<128x!block.ptr<f32>>, tensor<128xi32>
  block.store %op, %w : tensor<128x!block.ptr<f32>>
  return
}

func.func @direct(%x: !block.ptr<f32>, %out: !block.ptr<f32>, %n: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %pid = block.program_id x
  %c128 = arith.constant 128 : i32
  %start = arith.muli %pid, %c128 : i32
  %range = block.arange 0, 128 : tensor<128xi32>
  %starts = block.splat %start : tensor<128xi32>
  %offsets = arith.addi %starts, %range : tensor<128xi32>
  %ns = block.splat %n : tensor<128xi32>
  %mask = arith.cmpi slt, %offsets, %ns : tensor<128xi32>
  %xs = block.splat %x : tensor<128x!block.ptr<f32>>
  %xp = block.addptr %xs, %offsets : tensor<128x!block.ptr<f32>>, tensor<128xi32>
  %v = block.load %xp mask %mask : tensor<128x!block.ptr<f32>>
  %twice = arith.addf %v, %v : tensor<128xf32>
  %os = block.splat %out : tensor<128x!block.ptr<f32>>
  %op = block.addptr %os, %offsets : tensor<128x!block.ptr<f32>>, tensor<128xi32>
  block.store %op, %twice : tensor<128x!block.ptr<f32>>
  return
}

func.func @bad_stage(%i: i32) attributes {block.kernel, block.num_warps = 4 : i32} {
  %buf = blockgpu.local_alloc : !blockgpu.memdesc<2x128xf32, #shared, mutable>
  // STAGE: shared-memory.mlir:[[# @LINE + 1]]:12: error: blockgpu.memdesc_index in program (0, 0, 0): index 2 is outside the 2 stages
  %stage = blockgpu.memdesc_index %buf[%i] : !blockgpu.memdesc<2x128xf32, #shared, mutable> -> !blockgpu.memdesc<128xf32, #shared, mutable>
  %v = blockgpu.local_load %stage : !blockgpu.memdesc<128xf32, #shared, mutable> -> tensor<128xf32>
  return
}
