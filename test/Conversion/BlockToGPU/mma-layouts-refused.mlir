// RUN: block-opt %s --convert-block-to-gpu -split-input-file -verify-diagnostics

// Tensors with the tensor-core layouts no pattern produces yet (wgmma
// accumulators, operand fragments in registers, and their slices) are
// refused at their operation; mma.sync accumulators (#block.mma version 2)
// are tensors like any other, and a product with one must be one mma.sync
// multiplies.

#mma = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
func.func @wgmma_accumulator(%p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  // expected-error @+1 {{'arith.constant' op has the tensor type 'tensor<64x64xf32, #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>>' with a tensor-core layout the GPU lowering does not support yet (wgmma accumulators and operand fragments in registers): use #block.mma version 2, #block.blocked or #block.linear layouts}}
  %c = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  return
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

#mma = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
func.func @slice(%p: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  // expected-error @+1 {{'block.arange' op has the tensor type 'tensor<64xi32, #block.slice<dim = 1, parent = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>>>' with a tensor-core layout}}
  %r = block.arange 0, 64 : tensor<64xi32, #block.slice<dim = 1, parent = #mma>>
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
