// RUN: block-opt %s -split-input-file -verify-diagnostics

// The rules of block.join, block.split and block.interleave.

func.func @join_shape(%a: tensor<64xf32>) {
  // expected-error @+1 {{result 'tensor<64x4xf32>' must be the operands' shape 'tensor<64xf32>' with a dimension of 2 appended}}
  %p = block.join %a, %a : tensor<64xf32> -> tensor<64x4xf32>
  return
}

// -----

func.func @join_types(%a: tensor<64xf32>, %b: tensor<64xi32>) {
  // expected-error @+1 {{all operands to have the same type}}
  %p = "block.join"(%a, %b) : (tensor<64xf32>, tensor<64xi32>) -> tensor<64x2xf32>
  return
}

// -----

// The pair dimension spread over lanes: a join would move data.
#H = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#LANES = #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @join_pairs_over_lanes(%a: tensor<64xf32, #H>) {
  // expected-error @+1 {{layout #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]> must hold each pair (the innermost dimension) in the registers of one thread}}
  %p = block.join %a, %a : tensor<64xf32, #H> -> tensor<64x2xf32, #LANES>
  return
}

// -----

// Pairs in registers, but the operands' elements in other threads.
#H = #block.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#P = #block.blocked<sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @join_halves_elsewhere(%a: tensor<256xf32, #H>) {
  // expected-error @+1 {{layout #block.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]> of the halves must be the layout of the pairs #block.blocked<sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]> without the innermost dimension}}
  %p = block.join %a, %a : tensor<256xf32, #H> -> tensor<256x2xf32, #P>
  return
}

// -----

func.func @split_rank(%p: tensor<2xf32>) {
  // expected-error @+1 {{operand 'tensor<2xf32>' must have rank 2 or more and an innermost dimension of 2}}
  %a, %b = "block.split"(%p) : (tensor<2xf32>) -> (tensor<1xf32>, tensor<1xf32>)
  return
}

// -----

func.func @split_innermost(%p: tensor<64x4xf32>) {
  // expected-error @+1 {{operand 'tensor<64x4xf32>' must have rank 2 or more and an innermost dimension of 2}}
  %a, %b = block.split %p : tensor<64x4xf32> -> tensor<64xf32>
  return
}

// -----

func.func @split_shape(%p: tensor<64x2xf32>) {
  // expected-error @+1 {{results 'tensor<32xf32>' must be the operand 'tensor<64x2xf32>' without its innermost dimension}}
  %a, %b = block.split %p : tensor<64x2xf32> -> tensor<32xf32>
  return
}

// -----

func.func @split_result_types(%p: tensor<64x2xf32>) {
  // expected-error @+1 {{all of {lhs, rhs} have same type}}
  %a, %b = "block.split"(%p) : (tensor<64x2xf32>) -> (tensor<64xf32>, tensor<64xf16>)
  return
}

// -----

#H = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#WARPS = #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [1, 0]>
func.func @split_pairs_over_warps(%p: tensor<64x2xf32, #WARPS>) {
  // expected-error @+1 {{must hold each pair (the innermost dimension) in the registers of one thread}}
  %a, %b = block.split %p : tensor<64x2xf32, #WARPS> -> tensor<64xf32, #H>
  return
}

// -----

#H = #block.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#P = #block.blocked<sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @split_halves_elsewhere(%p: tensor<256x2xf32, #P>) {
  // expected-error @+1 {{of the halves must be the layout of the pairs}}
  %a, %b = block.split %p : tensor<256x2xf32, #P> -> tensor<256xf32, #H>
  return
}

// -----

func.func @interleave_shape(%a: tensor<8x64xf32>) {
  // expected-error @+1 {{result 'tensor<16x64xf32>' must be the operands' shape 'tensor<8x64xf32>' with the innermost dimension doubled}}
  %i = block.interleave %a, %a : tensor<8x64xf32> -> tensor<16x64xf32>
  return
}

// -----

#H = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#I = #block.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @interleave_layouts(%a: tensor<128xf32, #H>) {
  // expected-error @+1 {{takes no layouts: canonicalisation rewrites it to block.join and block.reshape first}}
  %i = block.interleave %a, %a : tensor<128xf32, #H> -> tensor<256xf32, #I>
  return
}
