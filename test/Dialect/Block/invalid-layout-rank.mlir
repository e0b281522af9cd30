// RUN: block-opt %s -split-input-file -verify-diagnostics
//
// A layout's rank must be the tensor's, wherever the tensor type appears:
// outside block ops and kernels (here a helper function, which inlining
// brings into a kernel) such a type used to verify, and the layout's
// getElemsPerThread then indexed past the shape.

#l2 = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]>
// expected-error @+1 {{tensor of shape 4: its layout is of rank 2, but the tensor is of rank 1}}
func.func @helper(%x: tensor<4xf32, #l2>) {
  return
}

// -----

#l1 = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @slice_rank(%x: f32) {
  // expected-error @+1 {{tensor of shape 2x2: its layout is of rank 1, but the tensor is of rank 2}}
  %t = block.splat %x : tensor<2x2xf32, #block.slice<dim = 0, parent = #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]>>>
  return
}
