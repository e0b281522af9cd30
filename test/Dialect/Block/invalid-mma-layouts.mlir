// RUN: block-opt %s -split-input-file -verify-diagnostics

// #block.mma and #block.dot_operand refuse what no tensor-core instruction
// has.

// expected-error @+1 {{#block.mma: version must be 2 (mma.sync) or 3 (wgmma), but is 1}}
func.func @version(%x: tensor<16x8xf32, #block.mma<version = 1, warpsPerCTA = [1, 1], instrShape = [16, 8, 16]>>) {
  return
}

// -----

// expected-error @+1 {{#block.mma: warpsPerCTA must have two entries ([warps along M, warps along N]), but has 1}}
func.func @warp_entries(%x: tensor<16x8xf32, #block.mma<version = 2, warpsPerCTA = [4], instrShape = [16, 8, 16]>>) {
  return
}

// -----

// expected-error @+1 {{#block.mma: every entry of warpsPerCTA must be a power of two, but one is 3}}
func.func @warps_power_of_two(%x: tensor<16x8xf32, #block.mma<version = 2, warpsPerCTA = [3, 1], instrShape = [16, 8, 16]>>) {
  return
}

// -----

// expected-error @+1 {{#block.mma: warpsPerCTA multiplies to 64, more than 32 warps}}
func.func @too_many_warps(%x: tensor<16x8xf32, #block.mma<version = 2, warpsPerCTA = [8, 8], instrShape = [16, 8, 16]>>) {
  return
}

// -----

// expected-error @+1 {{#block.mma: version 3 (wgmma) places warpgroups of 4 warps along M, so warpsPerCTA[0] must be a multiple of 4, but is 2}}
func.func @wgmma_warpgroups(%x: tensor<64x64xf32, #block.mma<version = 3, warpsPerCTA = [2, 2], instrShape = [64, 64, 16]>>) {
  return
}

// -----

// expected-error @+1 {{#block.mma: version 2 (mma.sync) needs instrShape = [16, 8, k] with k = 8, 16, 32 or 64, but has [64, 64, 16]}}
func.func @mma_sync_shape(%x: tensor<64x64xf32, #block.mma<version = 2, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>>) {
  return
}

// -----

// expected-error @+1 {{#block.mma: version 2 (mma.sync) needs instrShape = [16, 8, k] with k = 8, 16, 32 or 64, but has [16, 8, 12]}}
func.func @mma_sync_k(%x: tensor<64x64xf32, #block.mma<version = 2, warpsPerCTA = [4, 1], instrShape = [16, 8, 12]>>) {
  return
}

// -----

// expected-error @+1 {{#block.mma: version 3 (wgmma) needs instrShape = [64, n, k] with n a power of two from 8 to 256 and k = 8, 16 or 32, but has [16, 8, 16]}}
func.func @wgmma_m(%x: tensor<64x64xf32, #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [16, 8, 16]>>) {
  return
}

// -----

// expected-error @+1 {{#block.mma: version 3 (wgmma) needs instrShape = [64, n, k] with n a power of two from 8 to 256 and k = 8, 16 or 32, but has [64, 512, 16]}}
func.func @wgmma_n(%x: tensor<64x512xf32, #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 512, 16]>>) {
  return
}

// -----

// expected-error @+1 {{#block.mma: instrShape must be [m, n, k], but has 2 entries}}
func.func @instr_entries(%x: tensor<64x64xf32, #block.mma<version = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>>) {
  return
}

// -----

// expected-error @+1 {{tensor of shape 64: its layout is of rank 2, but the tensor is of rank 1}}
func.func @rank(%x: tensor<64xf32, #block.mma<version = 2, warpsPerCTA = [4, 1], instrShape = [16, 8, 16]>>) {
  return
}

// -----

// expected-error @+1 {{#block.dot_operand: opIdx must be 0 (A) or 1 (B), but is 2}}
func.func @op_idx(%x: tensor<64x16xf16, #block.dot_operand<opIdx = 2, parent = #block.mma<version = 2, warpsPerCTA = [4, 1], instrShape = [16, 8, 16]>, kWidth = 2>>) {
  return
}

// -----

// expected-error @+1 {{#block.dot_operand: wgmma (a version 3 parent) reads B from shared memory only; only opIdx = 0 has a register layout}}
func.func @wgmma_b(%x: tensor<16x64xf16, #block.dot_operand<opIdx = 1, parent = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>, kWidth = 2>>) {
  return
}

// -----

// expected-error @+1 {{#block.dot_operand: kWidth (elements per 32-bit register) must be 1, 2, 4 or 8, but is 3}}
func.func @k_width(%x: tensor<64x16xf16, #block.dot_operand<opIdx = 0, parent = #block.mma<version = 2, warpsPerCTA = [4, 1], instrShape = [16, 8, 16]>, kWidth = 3>>) {
  return
}

// -----

// expected-error @+1 {{#block.dot_operand: kWidth = 4 gives fragments of k = 32, but the parent's instructions have k = 16 (kWidth must be 2)}}
func.func @k_width_parent(%x: tensor<64x32xi8, #block.dot_operand<opIdx = 0, parent = #block.mma<version = 2, warpsPerCTA = [4, 1], instrShape = [16, 8, 16]>, kWidth = 4>>) {
  return
}

// -----

// expected-error @+2 {{invalid kind of attribute specified}}
// expected-error @+1 {{failed to parse Block_DotOperandLayoutAttr parameter 'parent' which is to be a `MmaLayoutAttr`}}
func.func @parent_not_mma(%x: tensor<64x16xf16, #block.dot_operand<opIdx = 0, parent = #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>, kWidth = 2>>) {
  return
}

// -----

// expected-error @+1 {{'block.target' must name a chip as a string "sm_<capability>[a|f]" (e.g. "sm_90a"), but is "gfx90a"}}
module attributes {block.target = "gfx90a"} {
}

// -----

// expected-error @+1 {{'block.target' is only valid on a builtin.module}}
func.func @target_on_func() attributes {block.target = "sm_90a"} {
  return
}
