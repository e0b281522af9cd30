// RUN: block-opt %s -split-input-file -verify-diagnostics

// Layout attributes.

// expected-error @+1 {{#block.blocked: threadsPerWarp must multiply to 32 lanes, but multiplies to 16}}
func.func @lanes(%x: tensor<16xf32, #block.blocked<sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]>>) {
  return
}

// -----

// expected-error @+1 {{#block.blocked: order must be a permutation of the dimensions 0..1}}
func.func @order(%x: tensor<16x16xf32, #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 0]>>) {
  return
}

// -----

// expected-error @+1 {{#block.blocked: sizePerThread, threadsPerWarp, warpsPerCTA and order must have one entry per dimension (2)}}
func.func @entries(%x: tensor<16x16xf32, #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [32], warpsPerCTA = [1, 1], order = [1, 0]>>) {
  return
}

// -----

// expected-error @+1 {{#block.blocked: every size must be a power of two, but one is 3}}
func.func @sizes(%x: tensor<16xf32, #block.blocked<sizePerThread = [3], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>) {
  return
}

// -----

// expected-error @+1 {{#block.blocked: warpsPerCTA multiplies to 64, more than 32 warps}}
func.func @warps(%x: tensor<16xf32, #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [64], order = [0]>>) {
  return
}

// -----

// expected-error @+1 {{#block.slice needs a parent of rank 2 or more, but the parent has rank 1}}
func.func @slice_rank(%x: tensor<16xf32, #block.slice<dim = 0, parent = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>>) {
  return
}

// -----

// expected-error @+1 {{#block.slice: dim 2 is out of range for a parent of rank 2}}
func.func @slice_dim(%x: tensor<16xf32, #block.slice<dim = 2, parent = #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>>>) {
  return
}
