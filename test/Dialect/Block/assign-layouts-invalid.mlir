// RUN: block-opt %s -split-input-file -block-assign-layouts -verify-diagnostics

// Operations whose layout rules the pass does not know are refused.
func.func @unknown_op(%x: !block.ptr<f32>)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  // expected-error @+1 {{block-assign-layouts does not know how 'tensor.empty' relates the layouts of its tensors}}
  %t = tensor.empty() : tensor<128xf32>
  %range = block.arange 0, 128 : tensor<128xi32>
  %xs = block.splat %x : tensor<128x!block.ptr<f32>>
  %xp = block.addptr %xs, %range : tensor<128x!block.ptr<f32>>, tensor<128xi32>
  block.store %xp, %t : tensor<128x!block.ptr<f32>>
  return
}

// -----

func.func @foreign_encoding(%x: !block.ptr<i32>)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  // A verifier rule since issue 6: the pass never sees such a kernel.
  // expected-error @+1 {{result #0 has type 'tensor<128xi32, "rows">', but the encoding of a block tensor must be a block layout}}
  %range = block.arange 0, 128 : tensor<128xi32, "rows">
  return
}

// -----

#eight = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>
func.func @other_warps(%x: !block.ptr<i32>)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  // expected-error @+1 {{block-assign-layouts: tensor type 'tensor<256xi32, #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>>' spreads over 8 warps, but the kernel has 4}}
  %range = block.arange 0, 256 : tensor<256xi32, #eight>
  return
}
