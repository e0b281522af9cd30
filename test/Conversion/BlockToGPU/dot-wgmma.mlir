// RUN: block-opt %s --convert-block-to-gpu -split-input-file | FileCheck %s

// A product with a wgmma accumulator on sm_90a: the operands are staged in
// 128-byte-swizzled NVMMA buffers (a k-major, b n-major), written by every
// thread, fenced for the async proxy and handed over by a barrier (sunk past
// the register work that follows). The one
// warpgroup then issues, between a wgmma.fence and one commit group, one
// m64n64k16 per step of k: a's descriptor moves 32 bytes (2 in the start
// address field) per step, b's 16 rows of 128 bytes (128), each step's
// descriptor the first one's plus that (one add). a's descriptor
// has SBO = 1024 bytes (64 << 32), LBO unused (1 << 16) and the 128-byte
// swizzle (1 << 62); b's (n-major) the same SBO, its slabs too wide for
// LBO to matter. The accumulator starts at zero: the first step does not
// read it (scale-d zero). The wait ties the 32 accumulator registers.
#WG = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
#AK = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#BN = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: gpu.func @bf16
// CHECK: llvm.store %{{.+}}, %{{.+}} {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr<3>
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK: %[[HI:.+]] = llvm.mlir.constant(4611686293305360384 : i64) : i64
// CHECK: %[[DA:.+]] = llvm.or %{{.+}}, %[[HI]] : i64
// CHECK: %[[DB:.+]] = llvm.or %{{.+}}, %{{.+}} : i64
// CHECK: gpu.barrier
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.mma_async %[[DA]], %[[DB]], %{{.+}}, <m = 64, n = 64, k = 16>, D[<f32>, <zero>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <row>]
// CHECK: %[[B1:.+]] = llvm.add %[[DB]], %{{.+}} : i64
// CHECK: %[[A1:.+]] = llvm.add %[[DA]], %{{.+}} : i64
// CHECK: nvvm.wgmma.mma_async %[[A1]], %[[B1]], {{.+}} D[<f32>, <one>]
// CHECK-COUNT-2: nvvm.wgmma.mma_async {{.+}} D[<f32>, <one>]
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.wait_group.sync.aligned 0;", "{{(=f,)+}}0,1,2,{{.*}},31"
// CHECK: gpu.return
module attributes {block.target = "sm_90a"} {
func.func @bf16(%x: bf16, %p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  %a = block.splat %x : tensor<64x64xbf16, #AK>
  %b = block.splat %x : tensor<64x64xbf16, #BN>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #WG>
  %d = block.dot %a, %b, %z : tensor<64x64xbf16, #AK>, tensor<64x64xbf16, #BN> -> tensor<64x64xf32, #WG>
  %ps = block.splat %p : tensor<64x64x!block.ptr<f32>, #WG>
  block.store %ps, %d : tensor<64x64x!block.ptr<f32>, #WG>
  return
}
}

// -----

// An async product leaves out the wait; a dot_wait ties the accumulator's
// registers through `wgmma.wait_group` with its pendings. The accumulator
// is a poison (nothing in registers) that the first step reads only if
// use_acc is true: its scale-d comes from a register, in inline asm (b is
// read k-major here: both transposes 0).
#WG2 = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
#N = #blockgpu.nvmma<swizzle = 128>
#NT = #blockgpu.nvmma<swizzle = 128, transposed = true>
#B2 = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: gpu.func @async
// CHECK-COUNT-32: llvm.mlir.poison : f32
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred p;\0Asetp.ne.b32 p, $34, 0;\0Awgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {$0, {{.*}}, $31}, $32, $33, p, 1, 1, 0, 0;\0A}", "{{(=f,)+}}l,l,r,0,1,{{.*}},31"
// CHECK-COUNT-3: nvvm.wgmma.mma_async {{.+}} D[<f32>, <one>]
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NOT: wgmma.wait_group
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.wait_group.sync.aligned 1;"
// CHECK-NOT: wgmma.wait_group
// CHECK: gpu.return
module attributes {block.target = "sm_90a"} {
func.func @async(%x: bf16, %p: !block.ptr<f32>, %use: i1) attributes {block.kernel, block.num_warps = 4 : i32} {
  %t = block.splat %x : tensor<64x64xbf16, #B2>
  %a = blockgpu.local_alloc %t {blockgpu.offset = 0 : i64} : tensor<64x64xbf16, #B2> -> !blockgpu.memdesc<64x64xbf16, #N>
  %bt = blockgpu.local_alloc %t {blockgpu.offset = 8192 : i64} : tensor<64x64xbf16, #B2> -> !blockgpu.memdesc<64x64xbf16, #NT>
  %z = blockgpu.poison : tensor<64x64xf32, #WG2>
  %d = blockgpu.dot %a, %bt, %z use_acc %use async : !blockgpu.memdesc<64x64xbf16, #N>, !blockgpu.memdesc<64x64xbf16, #NT> -> tensor<64x64xf32, #WG2>
  %w = blockgpu.dot_wait %d {pendings = 1 : i32} : tensor<64x64xf32, #WG2>
  %ps = block.splat %p : tensor<64x64x!block.ptr<f32>, #WG2>
  block.store %ps, %w : tensor<64x64x!block.ptr<f32>, #WG2>
  return
}
}

// -----

// A chained product: the rounded accumulator of the first product holds
// wgmma's A fragments, so the second reads a from registers. Each step's
// four 32-bit registers (pairs of bf16, in the ISA's order) are packed
// before wgmma.fence, and each instruction is the register-A form in inline
// asm (no NVVM op takes a in registers): a's registers, b's descriptor,
// scale-d from a register (1: the first product's sums are the
// accumulator), and only b's transpose flag (n-major b: 1).
#WG = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
#AK = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#BN = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: gpu.func @register_a
// CHECK: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-COUNT-16: llvm.bitcast %{{.+}} : vector<2xbf16> to i32
// CHECK-NOT: llvm.bitcast
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NOT: llvm.bitcast
// CHECK-COUNT-4: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred p;\0Asetp.ne.b32 p, $37, 0;\0Awgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {$0, {{.*}}, $31}, {$32, $33, $34, $35}, $36, p, 1, 1, 1;\0A}", "{{(=f,)+}}r,r,r,r,l,r,0,1,{{.*}},31"
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
module attributes {block.target = "sm_90a"} {
func.func @register_a(%x: bf16, %p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  %a = block.splat %x : tensor<64x64xbf16, #AK>
  %b = block.splat %x : tensor<64x64xbf16, #BN>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #WG>
  %s = block.dot %a, %b, %z : tensor<64x64xbf16, #AK>, tensor<64x64xbf16, #BN> -> tensor<64x64xf32, #WG>
  %pb = arith.truncf %s : tensor<64x64xf32, #WG> to tensor<64x64xbf16, #WG>
  %o = block.dot %pb, %b, %s : tensor<64x64xbf16, #WG>, tensor<64x64xbf16, #BN> -> tensor<64x64xf32, #WG>
  %ps = block.splat %p : tensor<64x64x!block.ptr<f32>, #WG>
  block.store %ps, %o : tensor<64x64x!block.ptr<f32>, #WG>
  return
}
}

// -----

// i8 into i32: both operands k-major (wgmma reads 8-bit operands no other
// way), a step of k is 32 elements (32 bytes, one row of the 32-byte
// swizzle), the accumulator fields are i32 ("=r"), and the integer form
// takes no input scales or transposes: the instruction goes as inline asm,
// the zero accumulator as scale-d 0 on the first step, and the async
// product's wait ties i32 registers.
#WG8 = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 32]>
#N8 = #blockgpu.nvmma<swizzle = 32>
#NT8 = #blockgpu.nvmma<swizzle = 32, transposed = true>
#A8 = #block.blocked<sizePerThread = [1, 16], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]>
#B8 = #block.blocked<sizePerThread = [16, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 4], order = [0, 1]>
// CHECK-LABEL: gpu.func @int8
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred p;\0Asetp.ne.b32 p, $34, 0;\0Awgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8 {$0, {{.*}}, $31}, $32, $33, p;\0A}", "{{(=r,)+}}l,l,r,0,1,{{.*}},31"
// CHECK: llvm.inline_asm {{.+}}wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8
// CHECK-NOT: wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.wait_group.sync.aligned 1;", "{{(=r,)+}}0,1,{{.*}},31"
// CHECK: gpu.return
module attributes {block.target = "sm_90a"} {
func.func @int8(%x: i8, %p: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  %ta = block.splat %x : tensor<64x64xi8, #A8>
  %tb = block.splat %x : tensor<64x64xi8, #B8>
  %a = blockgpu.local_alloc %ta {blockgpu.offset = 0 : i64} : tensor<64x64xi8, #A8> -> !blockgpu.memdesc<64x64xi8, #N8>
  %b = blockgpu.local_alloc %tb {blockgpu.offset = 4096 : i64} : tensor<64x64xi8, #B8> -> !blockgpu.memdesc<64x64xi8, #NT8>
  %z = arith.constant dense<0> : tensor<64x64xi32, #WG8>
  %d = blockgpu.dot %a, %b, %z async : !blockgpu.memdesc<64x64xi8, #N8>, !blockgpu.memdesc<64x64xi8, #NT8> -> tensor<64x64xi32, #WG8>
  %w = blockgpu.dot_wait %d {pendings = 1 : i32} : tensor<64x64xi32, #WG8>
  %ps = block.splat %p : tensor<64x64x!block.ptr<i32>, #WG8>
  block.store %ps, %w : tensor<64x64x!block.ptr<i32>, #WG8>
  return
}
}
