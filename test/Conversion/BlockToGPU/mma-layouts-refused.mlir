// RUN: block-opt %s --convert-block-to-gpu -split-input-file -verify-diagnostics

// Tensors with tensor-core layouts (and their slices) are refused, at their
// operation, until the mma.sync / wgmma lowering exists.

#mma = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 16]>
func.func @accumulator(%p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  // expected-error @+1 {{'arith.constant' op has the tensor type 'tensor<64x64xf32, #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 16]>>' with a tensor-core layout, which the GPU lowering does not support yet (no mma.sync or wgmma lowering): use #block.blocked or #block.linear layouts}}
  %c = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  return
}

// -----

#mma = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
#a = #block.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
func.func @operand(%p: !block.ptr<f16>) attributes {block.kernel, block.num_warps = 4 : i32} {
  // expected-error @+1 {{with a tensor-core layout, which the GPU lowering does not support yet}}
  %c = arith.constant dense<1.0> : tensor<64x16xf16, #a>
  return
}

// -----

#mma = #block.mma<version = 2, warpsPerCTA = [4, 1], instrShape = [16, 8, 16]>
func.func @slice(%p: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  // expected-error @+1 {{'block.arange' op has the tensor type 'tensor<64xi32, #block.slice<dim = 1, parent = #block.mma<version = 2, warpsPerCTA = [4, 1], instrShape = [16, 8, 16]>>>' with a tensor-core layout}}
  %r = block.arange 0, 64 : tensor<64xi32, #block.slice<dim = 1, parent = #mma>>
  return
}
