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

// -----

// expected-error @+1 {{#block.linear needs exactly 5 lane bases (32 lanes), but has 4}}
func.func @linear_lanes(%x: tensor<16xf32, #block.linear<register = [], lane = [[1], [2], [4], [8]], warp = []>>) {
  return
}

// -----

// expected-error @+1 {{#block.linear: every basis must have as many components as the first lane basis (2), but a warp basis has 1}}
func.func @linear_components(%x: tensor<4x8xf32, #block.linear<register = [], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [[1]]>>) {
  return
}

// -----

// expected-error @+1 {{#block.linear: register basis component -1 is outside [0, 1048575]}}
func.func @linear_negative(%x: tensor<32xf32, #block.linear<register = [[-1]], lane = [[1], [2], [4], [8], [16]], warp = []>>) {
  return
}

// -----

// expected-error @+1 {{#block.linear has 6 warp bases, more than 5 (32 warps)}}
func.func @linear_warps(%x: tensor<32xf32, #block.linear<register = [], lane = [[1], [2], [4], [8], [16]], warp = [[0], [0], [0], [0], [0], [0]]>>) {
  return
}

// -----

// Lanes 3 and 4 repeat lanes 0 and 1: columns 8..31 are held by no thread.
// expected-error @+1 {{tensor of shape 32: #block.linear<register = [], lane = [[1], [2], [4], [1], [2]], warp = []> does not place every element in some thread}}
func.func @linear_not_surjective(%x: tensor<32xf32, #block.linear<register = [], lane = [[1], [2], [4], [1], [2]], warp = []>>) {
  return
}

// -----

// expected-error @+1 {{tensor of shape 32: its layout is of rank 2, but the tensor is of rank 1}}
func.func @linear_rank(%x: tensor<32xf32, #block.linear<register = [], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = []>>) {
  return
}

// -----

// expected-error @+1 {{expected 'register'}}
func.func @linear_syntax(%x: tensor<32xf32, #block.linear<lane = [[1], [2], [4], [8], [16]], register = [], warp = []>>) {
  return
}
