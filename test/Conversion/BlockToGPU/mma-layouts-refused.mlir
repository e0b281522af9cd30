// RUN: block-opt %s --convert-block-to-gpu -split-input-file -verify-diagnostics

// Tensors with the tensor-core layouts no pattern produces yet (operand
// fragments in registers, and their slices) are refused at their
// operation; accumulators (#block.mma) are tensors like any other, and a
// product with one must be one its instruction multiplies: mma.sync
// (version 2), or wgmma (version 3) on sm_90a from buffers its descriptors
// describe.

#mma = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
#n = #blockgpu.nvmma<swizzle = 128>
#blocked = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {block.target = "sm_80"} {
func.func @wgmma_on_sm80() attributes {block.kernel, block.num_warps = 4 : i32} {
  %x = arith.constant dense<1.0> : tensor<64x64xbf16, #blocked>
  %a = blockgpu.local_alloc %x : tensor<64x64xbf16, #blocked> -> !blockgpu.memdesc<64x64xbf16, #n>
  %c = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  // expected-error @+1 {{'blockgpu.dot' op has a wgmma accumulator (#block.mma version 3), but the target chip has no wgmma (sm_90a only)}}
  %d = blockgpu.dot %a, %a, %c : !blockgpu.memdesc<64x64xbf16, #n>, !blockgpu.memdesc<64x64xbf16, #n> -> tensor<64x64xf32, #mma>
  return
}
}

// -----

// wgmma reads NVMMA-swizzled buffers only.
#mma = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
#s = #blockgpu.swizzled<vec = 8, perPhase = 1, maxPhase = 8>
#blocked = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {block.target = "sm_90a"} {
func.func @wgmma_swizzled() attributes {block.kernel, block.num_warps = 4 : i32} {
  %x = arith.constant dense<1.0> : tensor<64x64xbf16, #blocked>
  %a = blockgpu.local_alloc %x : tensor<64x64xbf16, #blocked> -> !blockgpu.memdesc<64x64xbf16, #s>
  %c = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  // expected-error @+1 {{'blockgpu.dot' op has a wgmma accumulator, but wgmma does not read these operands: f16 or bf16 into f32 with k steps of 16, f8E4M3FN or f8E5M2 into f32 or i8 into i32 with k steps of 32, f32 with precision = tf32 into f32 with k steps of 8, in #blockgpu.nvmma buffers of a 32, 64 or 128-byte swizzle whose layout the instructions' descriptors describe (b n-major or k-major, a m-major or k-major; 8- and 32-bit operands k-major only)}}
  %d = blockgpu.dot %a, %a, %c : !blockgpu.memdesc<64x64xbf16, #s>, !blockgpu.memdesc<64x64xbf16, #s> -> tensor<64x64xf32, #mma>
  return
}
}

// -----

// An unswizzled NVMMA buffer (swizzle = 0) has no descriptor layout wgmma
// reads here.
#mma = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
#n = #blockgpu.nvmma<swizzle = 0>
#blocked = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {block.target = "sm_90a"} {
func.func @wgmma_unswizzled() attributes {block.kernel, block.num_warps = 4 : i32} {
  %x = arith.constant dense<1.0> : tensor<64x64xf16, #blocked>
  %a = blockgpu.local_alloc %x : tensor<64x64xf16, #blocked> -> !blockgpu.memdesc<64x64xf16, #n>
  %c = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  // expected-error @+1 {{'blockgpu.dot' op has a wgmma accumulator, but wgmma does not read these operands}}
  %d = blockgpu.dot %a, %a, %c : !blockgpu.memdesc<64x64xf16, #n>, !blockgpu.memdesc<64x64xf16, #n> -> tensor<64x64xf32, #mma>
  return
}
}

// -----

// tf32 into f32 is not taken on wgmma yet.
#mma = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 8]>
#n = #blockgpu.nvmma<swizzle = 128>
#blocked = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {block.target = "sm_90a"} {
func.func @wgmma_tf32() attributes {block.kernel, block.num_warps = 4 : i32} {
  %x = arith.constant dense<1.0> : tensor<64x32xf32, #blocked>
  %a = blockgpu.local_alloc %x : tensor<64x32xf32, #blocked> -> !blockgpu.memdesc<64x32xf32, #n>
  %y = arith.constant dense<1.0> : tensor<32x64xf32, #blocked>
  %b = blockgpu.local_alloc %y : tensor<32x64xf32, #blocked> -> !blockgpu.memdesc<32x64xf32, #n>
  %c = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  // expected-error @+1 {{'blockgpu.dot' op has a wgmma accumulator, but wgmma does not read these operands}}
  %d = blockgpu.dot %a, %b, %c precision = tf32 : !blockgpu.memdesc<64x32xf32, #n>, !blockgpu.memdesc<32x64xf32, #n> -> tensor<64x64xf32, #mma>
  return
}
}

// -----

#mma = #block.mma<version = 2, warpsPerCTA = [4, 1], instrShape = [16, 8, 16]>
#a = #block.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
func.func @operand(%p: !block.ptr<f16>) attributes {block.kernel, block.num_warps = 4 : i32} {
  // expected-error @+1 {{with a tensor-core layout the GPU lowering does not support yet}}
  %c = arith.constant dense<1.0> : tensor<64x16xf16, #a>
  return
}

// -----

#mma = #block.mma<version = 2, warpsPerCTA = [4, 1], instrShape = [16, 8, 16]>
#a = #block.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
func.func @slice(%p: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  // expected-error @+1 {{'block.arange' op has the tensor type 'tensor<64xi32, #block.slice<dim = 1, parent = #block.dot_operand<opIdx = 0, parent = #block.mma<version = 2, warpsPerCTA = [4, 1], instrShape = [16, 8, 16]>, kWidth = 2>>>' with a tensor-core layout}}
  %r = block.arange 0, 64 : tensor<64xi32, #block.slice<dim = 1, parent = #a>>
  return
}

// -----

// f32 operands go to tf32 tensor cores only with precision = tf32 or tf32x3.
#mma = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 8]>
#s = #blockgpu.swizzled<vec = 4, perPhase = 1, maxPhase = 8>
#blocked = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @exact_f32() attributes {block.kernel, block.num_warps = 4 : i32} {
  %x = arith.constant dense<1.0> : tensor<32x32xf32, #blocked>
  %a = blockgpu.local_alloc %x : tensor<32x32xf32, #blocked> -> !blockgpu.memdesc<32x32xf32, #s>
  %b = blockgpu.local_alloc %x : tensor<32x32xf32, #blocked> -> !blockgpu.memdesc<32x32xf32, #s>
  %c = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
  // expected-error @+1 {{'blockgpu.dot' op has an mma.sync accumulator, but mma.sync does not multiply these operands: f16 into f16 or f32, bf16 or f32 with precision = tf32 or tf32x3 into f32, or i8 into i32, with M a multiple of 16, N of 8 and K of the layout's instruction k (16, 8, 32)}}
  %d = blockgpu.dot %a, %b, %c : !blockgpu.memdesc<32x32xf32, #s>, !blockgpu.memdesc<32x32xf32, #s> -> tensor<32x32xf32, #mma>
  return
}

// -----

// The layout's instruction k must be the operands' (16 for 16-bit types).
#mma = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 8]>
#s = #blockgpu.swizzled<vec = 8, perPhase = 2, maxPhase = 4>
#blocked = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @instruction_k() attributes {block.kernel, block.num_warps = 4 : i32} {
  %x = arith.constant dense<1.0> : tensor<32x32xbf16, #blocked>
  %a = blockgpu.local_alloc %x : tensor<32x32xbf16, #blocked> -> !blockgpu.memdesc<32x32xbf16, #s>
  %b = blockgpu.local_alloc %x : tensor<32x32xbf16, #blocked> -> !blockgpu.memdesc<32x32xbf16, #s>
  %c = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
  // expected-error @+1 {{has an mma.sync accumulator, but mma.sync does not multiply these operands}}
  %d = blockgpu.dot %a, %b, %c : !blockgpu.memdesc<32x32xbf16, #s>, !blockgpu.memdesc<32x32xbf16, #s> -> tensor<32x32xf32, #mma>
  return
}

// -----

// use_acc is a wgmma product's (the FMA and mma.sync paths always read acc).
#mma = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 16]>
#s = #blockgpu.swizzled<vec = 8, perPhase = 2, maxPhase = 4>
#blocked = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @use_acc_mma_sync(%use: i1) attributes {block.kernel, block.num_warps = 4 : i32} {
  %x = arith.constant dense<1.0> : tensor<32x32xbf16, #blocked>
  %a = blockgpu.local_alloc %x : tensor<32x32xbf16, #blocked> -> !blockgpu.memdesc<32x32xbf16, #s>
  %c = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
  // expected-error @+1 {{'blockgpu.dot' op takes use_acc, which only wgmma products (#block.mma version 3 accumulators) do}}
  %d = blockgpu.dot %a, %a, %c use_acc %use : !blockgpu.memdesc<32x32xbf16, #s>, !blockgpu.memdesc<32x32xbf16, #s> -> tensor<32x32xf32, #mma>
  return
}

// -----

// wgmma reads 8-bit operands k-major only: an n-major b (its buffer with n
// contiguous) is refused.
#mma = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 32]>
#n = #blockgpu.nvmma<swizzle = 64>
#blocked = #block.blocked<sizePerThread = [1, 16], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {block.target = "sm_90a"} {
func.func @wgmma_int8_n_major(%x: i8) attributes {block.kernel, block.num_warps = 4 : i32} {
  %t = block.splat %x : tensor<64x64xi8, #blocked>
  %a = blockgpu.local_alloc %t : tensor<64x64xi8, #blocked> -> !blockgpu.memdesc<64x64xi8, #n>
  %c = arith.constant dense<0> : tensor<64x64xi32, #mma>
  // expected-error @+1 {{'blockgpu.dot' op has a wgmma accumulator, but wgmma does not read these operands}}
  %d = blockgpu.dot %a, %a, %c : !blockgpu.memdesc<64x64xi8, #n>, !blockgpu.memdesc<64x64xi8, #n> -> tensor<64x64xi32, #mma>
  return
}
}

// -----

// wgmma reads f32 as tf32 k-major only: a tf32 product whose buffers keep n
// (b) contiguous is refused, and so are the exact and tf32x3 precisions
// (wgmma cannot split its operands) on k-major buffers.
#mma = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 8]>
#n = #blockgpu.nvmma<swizzle = 128>
#blocked = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {block.target = "sm_90a"} {
func.func @wgmma_tf32_n_major(%x: f32) attributes {block.kernel, block.num_warps = 4 : i32} {
  %t = block.splat %x : tensor<64x32xf32, #blocked>
  %a = blockgpu.local_alloc %t : tensor<64x32xf32, #blocked> -> !blockgpu.memdesc<64x32xf32, #n>
  %u = block.splat %x : tensor<32x64xf32, #blocked>
  %b = blockgpu.local_alloc %u : tensor<32x64xf32, #blocked> -> !blockgpu.memdesc<32x64xf32, #n>
  %c = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  // expected-error @+1 {{'blockgpu.dot' op has a wgmma accumulator, but wgmma does not read these operands}}
  %d = blockgpu.dot %a, %b, %c precision = tf32 : !blockgpu.memdesc<64x32xf32, #n>, !blockgpu.memdesc<32x64xf32, #n> -> tensor<64x64xf32, #mma>
  return
}
}

// -----

#mma = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 8]>
#k = #blockgpu.nvmma<swizzle = 128>
#kt = #blockgpu.nvmma<swizzle = 128, transposed = true>
#blocked = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {block.target = "sm_90a"} {
func.func @wgmma_tf32x3(%x: f32) attributes {block.kernel, block.num_warps = 4 : i32} {
  %t = block.splat %x : tensor<64x32xf32, #blocked>
  %a = blockgpu.local_alloc %t : tensor<64x32xf32, #blocked> -> !blockgpu.memdesc<64x32xf32, #k>
  %u = block.splat %x : tensor<32x64xf32, #blocked>
  %b = blockgpu.local_alloc %u : tensor<32x64xf32, #blocked> -> !blockgpu.memdesc<32x64xf32, #kt>
  %c = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %d = blockgpu.dot %a, %b, %c precision = tf32 : !blockgpu.memdesc<64x32xf32, #k>, !blockgpu.memdesc<32x64xf32, #kt> -> tensor<64x64xf32, #mma>
  // expected-error @+1 {{'blockgpu.dot' op has a wgmma accumulator, but wgmma does not read these operands}}
  %e = blockgpu.dot %a, %b, %d precision = tf32x3 : !blockgpu.memdesc<64x32xf32, #k>, !blockgpu.memdesc<32x64xf32, #kt> -> tensor<64x64xf32, #mma>
  return
}
}

// -----

// The wait of an async product ties f32 or i32 accumulator registers.
#mma = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
module attributes {block.target = "sm_90a"} {
func.func @wait_f16(%x: f16) attributes {block.kernel, block.num_warps = 4 : i32} {
  %c = block.splat %x : tensor<64x64xf16, #mma>
  // expected-error @+1 {{'blockgpu.dot_wait' op waits for a wgmma accumulator, which is f32 or i32}}
  %w = blockgpu.dot_wait %c {pendings = 0 : i32} : tensor<64x64xf16, #mma>
  return
}
}
