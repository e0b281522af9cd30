// REQUIRES: ptxas
// The blockgpu layer through block-compile: cp.async of 16 bytes with zero
// fill, its commit and wait groups, and vector shared-memory accesses at the
// buffer's allocated offsets assemble for sm_90a and sm_80; the manifest
// asks for the buffers' bytes (the read-only buffer reuses the first one's
// bytes, which are dead by then).
// RUN: rm -rf %t && block-compile %s -o %t/sm90 --no-cubin && block-compile %s -o %t/sm80 --chip=sm_80 --no-cubin
// RUN: %ptxas -arch=sm_90a %t/sm90/shared-memory.ptx -o %t/sm90.cubin
// RUN: %ptxas -arch=sm_80 %t/sm80/shared-memory.ptx -o %t/sm80.cubin
// RUN: FileCheck %s < %t/sm90/shared-memory.ptx
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/sm90/shared-memory.json

// MANIFEST: "shared_memory_bytes": 4096

// CHECK-LABEL: .entry staged(
// CHECK: cp.async.cg.shared.global [%rd{{[0-9]+}}+2048], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
// CHECK: cp.async.commit_group;
// CHECK: cp.async.wait_group {{.*}}0;
// CHECK: ld.shared.v4.b32 {{.*}}[%rd{{[0-9]+}}+2048];
// CHECK: st.shared.v4.b32 [%rd{{[0-9]+}}],

#blocked = #block.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#shared = #blockgpu.swizzled<vec = 4, perPhase = 1, maxPhase = 1>

func.func @staged(%x: !block.ptr<f32> {block.alignment = 16}, %out: !block.ptr<f32> {block.alignment = 16}, %n: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %range = block.arange 0, 512 : tensor<512xi32, #blocked>
  %ns = block.splat %n : tensor<512xi32, #blocked>
  %mask = arith.cmpi slt, %range, %ns : tensor<512xi32, #blocked>
  %xs = block.splat %x : tensor<512x!block.ptr<f32>, #blocked>
  %xp = block.addptr %xs, %range : tensor<512x!block.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
  %buf = blockgpu.local_alloc : !blockgpu.memdesc<2x512xf32, #shared, mutable>
  %c1 = arith.constant 1 : i32
  %stage = blockgpu.memdesc_index %buf[%c1] : !blockgpu.memdesc<2x512xf32, #shared, mutable> -> !blockgpu.memdesc<512xf32, #shared, mutable>
  %copy = blockgpu.async_copy %xp, %stage mask %mask : tensor<512x!block.ptr<f32>, #blocked> -> !blockgpu.memdesc<512xf32, #shared, mutable>
  %group = blockgpu.async_commit_group tokens %copy
  %done = blockgpu.async_wait %group {num = 0 : i32}
  %v = blockgpu.local_load %stage : !blockgpu.memdesc<512xf32, #shared, mutable> -> tensor<512xf32, #blocked>
  %ro = blockgpu.local_alloc %v : tensor<512xf32, #blocked> -> !blockgpu.memdesc<512xf32, #shared>
  %w = blockgpu.local_load %ro : !blockgpu.memdesc<512xf32, #shared> -> tensor<512xf32, #blocked>
  %os = block.splat %out : tensor<512x!block.ptr<f32>, #blocked>
  %op = block.addptr %os, %range : tensor<512x!block.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
  block.store %op, %w mask %mask : tensor<512x!block.ptr<f32>, #blocked>
  return
}

// A tile through a 128-byte NVMMA-swizzled buffer: each thread's 8
// consecutive bf16 stay one 16-byte chunk, so both accesses are vectors, and
// the shared memory's base is aligned to the swizzle's 1024-byte period.
// CHECK-LABEL: .entry nvmma(
// CHECK: st.shared.v4.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared.v4.b32
// ALIGN: .extern .shared .align 1024 .b8 block_shared_memory[];
// RUN: FileCheck %s --check-prefix=ALIGN < %t/sm90/shared-memory.ptx

#tile = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#nvmma = #blockgpu.nvmma<swizzle = 128>

func.func @nvmma(%x: !block.ptr<bf16> {block.alignment = 16}, %out: !block.ptr<bf16> {block.alignment = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %rows = block.arange 0, 16 : tensor<16xi32, #block.slice<dim = 1, parent = #tile>>
  %cols = block.arange 0, 64 : tensor<64xi32, #block.slice<dim = 0, parent = #tile>>
  %r2 = block.expand_dims %rows, 1 : tensor<16xi32, #block.slice<dim = 1, parent = #tile>> -> tensor<16x1xi32, #tile>
  %c2 = block.expand_dims %cols, 0 : tensor<64xi32, #block.slice<dim = 0, parent = #tile>> -> tensor<1x64xi32, #tile>
  %c64 = arith.constant dense<64> : tensor<16x1xi32, #tile>
  %rs = arith.muli %r2, %c64 : tensor<16x1xi32, #tile>
  %rb = block.broadcast %rs : tensor<16x1xi32, #tile> -> tensor<16x64xi32, #tile>
  %cb = block.broadcast %c2 : tensor<1x64xi32, #tile> -> tensor<16x64xi32, #tile>
  %offsets = arith.addi %rb, %cb : tensor<16x64xi32, #tile>
  %xs = block.splat %x : tensor<16x64x!block.ptr<bf16>, #tile>
  %xp = block.addptr %xs, %offsets : tensor<16x64x!block.ptr<bf16>, #tile>, tensor<16x64xi32, #tile>
  %v = block.load %xp : tensor<16x64x!block.ptr<bf16>, #tile>
  %buf = blockgpu.local_alloc %v : tensor<16x64xbf16, #tile> -> !blockgpu.memdesc<16x64xbf16, #nvmma>
  gpu.barrier
  %w = blockgpu.local_load %buf : !blockgpu.memdesc<16x64xbf16, #nvmma> -> tensor<16x64xbf16, #tile>
  %os = block.splat %out : tensor<16x64x!block.ptr<bf16>, #tile>
  %op = block.addptr %os, %offsets : tensor<16x64x!block.ptr<bf16>, #tile>, tensor<16x64xi32, #tile>
  block.store %op, %w : tensor<16x64x!block.ptr<bf16>, #tile>
  return
}
