// RUN: block-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{#blockgpu.swizzled: vec must be a power of two, but is 3}}
func.func @vec(%b: !blockgpu.memdesc<16x32xf32, #blockgpu.swizzled<vec = 3, perPhase = 1, maxPhase = 1>, mutable>) {
  return
}

// -----

// expected-error @+1 {{#blockgpu.nvmma: swizzle must be 0, 32, 64 or 128 bytes, but is 16}}
func.func @swizzle(%b: !blockgpu.memdesc<16x32xf32, #blockgpu.nvmma<swizzle = 16>, mutable>) {
  return
}

// -----

// expected-error @+1 {{#blockgpu.nvmma: rows of 32 bytes cannot be cut into 128-byte swizzle slabs}}
func.func @slabs(%b: !blockgpu.memdesc<64x16xf16, #blockgpu.nvmma<swizzle = 128>, mutable>) {
  return
}

// -----

// expected-error @+1 {{#blockgpu.nvmma needs a buffer of rank 2 or more}}
func.func @nvmma_rank(%b: !blockgpu.memdesc<64xf16, #blockgpu.nvmma<swizzle = 0>, mutable>) {
  return
}

// -----

// expected-error @+1 {{#blockgpu.swizzled: a transposed layout needs a buffer of rank 2 or more}}
func.func @transposed_rank(%b: !blockgpu.memdesc<64xf16, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1, transposed = true>, mutable>) {
  return
}

// -----

// expected-error @+1 {{!blockgpu.memdesc: every dimension but the first of a buffer of rank 3 or more must be a power of two, but one is 24}}
func.func @shape(%b: !blockgpu.memdesc<24x32xf32, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable>) {
  return
}

// -----

// A stack of 3 buffers, but of buffers 24 elements high.
// expected-error @+1 {{!blockgpu.memdesc: every dimension but the first of a buffer of rank 3 or more must be a power of two, but one is 24}}
func.func @stack_shape(%b: !blockgpu.memdesc<3x24x32xf32, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable>) {
  return
}

// -----

// expected-error @+1 {{!blockgpu.memdesc: every dimension must be positive, but the first is 0}}
func.func @empty_stack(%b: !blockgpu.memdesc<0x16x32xf32, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable>) {
  return
}

// -----

// expected-error @+1 {{!blockgpu.memdesc: more than 1048576 elements}}
func.func @size(%b: !blockgpu.memdesc<2048x1024xf32, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable>) {
  return
}

// -----

// expected-error @+1 {{!blockgpu.memdesc holds integers, floats or pointers, not 'index'}}
func.func @element(%b: !blockgpu.memdesc<32xindex, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable>) {
  return
}

// -----

// expected-error @+1 {{expected a shared-memory layout, but got #block.blocked}}
func.func @layout(%b: !blockgpu.memdesc<32xf32, #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>, mutable>) {
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @alloc_immutable() {
  // expected-error @+1 {{'blockgpu.local_alloc' op without an initial tensor makes an uninitialised buffer, which must be mutable}}
  %b = blockgpu.local_alloc : !blockgpu.memdesc<32xf32, #shared>
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @alloc_shape(%t: tensor<64xf32>) {
  // expected-error @+1 {{'blockgpu.local_alloc' op initial tensor 'tensor<64xf32>' and buffer '!blockgpu.memdesc<32xf32, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>>' must have the same shape and element type}}
  %b = blockgpu.local_alloc %t : tensor<64xf32> -> !blockgpu.memdesc<32xf32, #shared>
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @store_read_only(%t: tensor<32xf32>) {
  %b = blockgpu.local_alloc %t : tensor<32xf32> -> !blockgpu.memdesc<32xf32, #shared>
  // expected-error @+1 {{'blockgpu.local_store' op writes the read-only buffer '!blockgpu.memdesc<32xf32, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>>'; only a mutable buffer may be written}}
  blockgpu.local_store %t, %b : tensor<32xf32> -> !blockgpu.memdesc<32xf32, #shared>
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @store_type(%t: tensor<32xf16>, %b: !blockgpu.memdesc<32xf32, #shared, mutable>) {
  // expected-error @+1 {{'blockgpu.local_store' op stored tensor 'tensor<32xf16>' and buffer '!blockgpu.memdesc<32xf32, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable>' must have the same shape and element type}}
  blockgpu.local_store %t, %b : tensor<32xf16> -> !blockgpu.memdesc<32xf32, #shared, mutable>
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @load_shape(%b: !blockgpu.memdesc<32xf32, #shared, mutable>) {
  // expected-error @+1 {{'blockgpu.local_load' op result 'tensor<16xf32>' and buffer '!blockgpu.memdesc<32xf32, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable>' must have the same shape and element type}}
  %t = blockgpu.local_load %b : !blockgpu.memdesc<32xf32, #shared, mutable> -> tensor<16xf32>
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @index_rank(%b: !blockgpu.memdesc<32xf32, #shared, mutable>, %i: i32) {
  // expected-error @+1 {{'blockgpu.memdesc_index' op needs a buffer of rank 2 or more to index, but has '!blockgpu.memdesc<32xf32, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable>'}}
  %s = blockgpu.memdesc_index %b[%i] : !blockgpu.memdesc<32xf32, #shared, mutable> -> !blockgpu.memdesc<32xf32, #shared, mutable>
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @index_result(%b: !blockgpu.memdesc<2x32xf32, #shared, mutable>, %i: i32) {
  // expected-error @+1 {{'blockgpu.memdesc_index' op result must be '!blockgpu.memdesc<32xf32, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable>', one stage of '!blockgpu.memdesc<2x32xf32, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable>', but is '!blockgpu.memdesc<32xf32, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>>'}}
  %s = blockgpu.memdesc_index %b[%i] : !blockgpu.memdesc<2x32xf32, #shared, mutable> -> !blockgpu.memdesc<32xf32, #shared>
  return
}

// -----

#nvmma = #blockgpu.nvmma<swizzle = 128>
func.func @trans_rank(%b: !blockgpu.memdesc<2x64x64xbf16, #nvmma, mutable>) {
  // expected-error @+1 {{'blockgpu.memdesc_trans' op transposes a buffer of rank 2, but has '!blockgpu.memdesc<2x64x64xbf16, #blockgpu.nvmma<swizzle = 128>, mutable>'}}
  %t = blockgpu.memdesc_trans %b : !blockgpu.memdesc<2x64x64xbf16, #nvmma, mutable> -> !blockgpu.memdesc<2x64x64xbf16, #nvmma, mutable>
  return
}

// -----

#nvmma = #blockgpu.nvmma<swizzle = 128>
func.func @trans_shape(%b: !blockgpu.memdesc<64x128xbf16, #nvmma, mutable>) {
  // expected-error @+1 {{'blockgpu.memdesc_trans' op result must have the shape 128x64 and the elements of '!blockgpu.memdesc<64x128xbf16, #blockgpu.nvmma<swizzle = 128>, mutable>', but is '!blockgpu.memdesc<64x128xbf16, #blockgpu.nvmma<swizzle = 128, transposed = true>, mutable>'}}
  %t = blockgpu.memdesc_trans %b : !blockgpu.memdesc<64x128xbf16, #nvmma, mutable> -> !blockgpu.memdesc<64x128xbf16, #blockgpu.nvmma<swizzle = 128, transposed = true>, mutable>
  return
}

// -----

#nvmma = #blockgpu.nvmma<swizzle = 128>
func.func @trans_mutable(%b: !blockgpu.memdesc<64x128xbf16, #nvmma>) {
  // expected-error @+1 {{'blockgpu.memdesc_trans' op cannot make a mutable view of the read-only '!blockgpu.memdesc<64x128xbf16, #blockgpu.nvmma<swizzle = 128>>'}}
  %t = blockgpu.memdesc_trans %b : !blockgpu.memdesc<64x128xbf16, #nvmma> -> !blockgpu.memdesc<128x64xbf16, #blockgpu.nvmma<swizzle = 128, transposed = true>, mutable>
  return
}

// -----

#nvmma = #blockgpu.nvmma<swizzle = 128>
func.func @trans_layout(%b: !blockgpu.memdesc<64x128xbf16, #nvmma>) {
  // expected-error @+1 {{'blockgpu.memdesc_trans' op result layout #blockgpu.nvmma<swizzle = 128> is not the transpose of #blockgpu.nvmma<swizzle = 128>}}
  %t = blockgpu.memdesc_trans %b : !blockgpu.memdesc<64x128xbf16, #nvmma> -> !blockgpu.memdesc<128x64xbf16, #nvmma>
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @index_range(%b: !blockgpu.memdesc<2x32xf32, #shared, mutable>) {
  %c2 = arith.constant 2 : i32
  // expected-error @+1 {{'blockgpu.memdesc_index' op index 2 is out of range for 2 stages}}
  %s = blockgpu.memdesc_index %b[%c2] : !blockgpu.memdesc<2x32xf32, #shared, mutable> -> !blockgpu.memdesc<32xf32, #shared, mutable>
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @copy_read_only(%p: tensor<32x!block.ptr<f32>>, %t: tensor<32xf32>) {
  %b = blockgpu.local_alloc %t : tensor<32xf32> -> !blockgpu.memdesc<32xf32, #shared>
  // expected-error @+1 {{'blockgpu.async_copy' op writes the read-only buffer}}
  %c = blockgpu.async_copy %p, %b : tensor<32x!block.ptr<f32>> -> !blockgpu.memdesc<32xf32, #shared>
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @copy_type(%p: tensor<32x!block.ptr<f16>>, %b: !blockgpu.memdesc<32xf32, #shared, mutable>) {
  // expected-error @+1 {{'blockgpu.async_copy' op pointed-to tensor 'tensor<32xf16>' and buffer '!blockgpu.memdesc<32xf32, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable>' must have the same shape and element type}}
  %c = blockgpu.async_copy %p, %b : tensor<32x!block.ptr<f16>> -> !blockgpu.memdesc<32xf32, #shared, mutable>
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @wait_negative(%b: !blockgpu.memdesc<32xf32, #shared, mutable>) {
  // expected-error @+1 {{'blockgpu.async_wait' op attribute 'num' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  %w = blockgpu.async_wait {num = -1 : i32}
  return
}

// -----

// expected-error @+1 {{#blockgpu.linear: every basis must have as many components as the first (2), but one has 1}}
func.func @linear_ragged(%b: !blockgpu.memdesc<4x2xf32, #blockgpu.linear<offset = [[0, 1], [1]]>>) {
  return
}

// -----

// expected-error @+1 {{#blockgpu.linear has bases of 2 dimensions for a buffer of rank 1}}
func.func @linear_rank(%b: !blockgpu.memdesc<4xf32, #blockgpu.linear<offset = [[0, 1], [1, 0]]>>) {
  return
}

// -----

// Offset bits 0 and 2 both reach element (0, 1): not one offset per element.
// expected-error @+1 {{#blockgpu.linear does not place every element of a buffer of shape 2x4 at exactly one offset}}
func.func @linear_not_bijective(%b: !blockgpu.memdesc<2x4xf32, #blockgpu.linear<offset = [[0, 1], [0, 2], [0, 1]]>>) {
  return
}

// -----

// expected-error @+1 {{#blockgpu.linear basis 1 of input 'offset' is 4 in output 'dim1' of size 4}}
func.func @linear_outside(%b: !blockgpu.memdesc<2x4xf32, #blockgpu.linear<offset = [[0, 1], [0, 4], [1, 0]]>>) {
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @dot_inner(%a: !blockgpu.memdesc<16x8xf32, #shared>, %b: !blockgpu.memdesc<16x16xf32, #shared>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'blockgpu.dot' op inner dimensions differ}}
  %d = blockgpu.dot %a, %b, %c : !blockgpu.memdesc<16x8xf32, #shared>, !blockgpu.memdesc<16x16xf32, #shared> -> tensor<16x16xf32>
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @dot_types(%a: !blockgpu.memdesc<16x16xf16, #shared>, %b: !blockgpu.memdesc<16x16xf32, #shared>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'blockgpu.dot' op a and b must have one element type, but have 'f16' and 'f32'}}
  %d = blockgpu.dot %a, %b, %c : !blockgpu.memdesc<16x16xf16, #shared>, !blockgpu.memdesc<16x16xf32, #shared> -> tensor<16x16xf32>
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @dot_accumulator(%a: !blockgpu.memdesc<16x16xi8, #shared>, %b: !blockgpu.memdesc<16x16xi8, #shared>, %c: tensor<16x16xi8>) {
  // expected-error @+1 {{'blockgpu.dot' op integer products take i8 operands and an i32 accumulator, not 'i8' and 'i8'}}
  %d = blockgpu.dot %a, %b, %c : !blockgpu.memdesc<16x16xi8, #shared>, !blockgpu.memdesc<16x16xi8, #shared> -> tensor<16x16xi8>
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
#mma = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 16]>
func.func @dot_async_mma_sync(%a: !blockgpu.memdesc<32x32xf16, #shared>, %c: tensor<32x32xf32, #mma>) {
  // expected-error @+1 {{'blockgpu.dot' op is async, but only wgmma products (#block.mma version 3 accumulators) run asynchronously}}
  %d = blockgpu.dot %a, %a, %c async : !blockgpu.memdesc<32x32xf16, #shared>, !blockgpu.memdesc<32x32xf16, #shared> -> tensor<32x32xf32, #mma>
  return
}

// -----

// a in registers: only for tensor-core products, and only in the A
// fragments' layout.
#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
#blocked = #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
func.func @dot_register_a_fma(%a: tensor<4x8xf16, #blocked>, %b: !blockgpu.memdesc<8x8xf16, #shared>, %c: tensor<4x8xf32, #blocked>) {
  // expected-error @+1 {{'blockgpu.dot' op takes a in registers, which only tensor-core products (#block.mma accumulators) do}}
  %d = blockgpu.dot %a, %b, %c : tensor<4x8xf16, #blocked>, !blockgpu.memdesc<8x8xf16, #shared> -> tensor<4x8xf32, #blocked>
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
#ak = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#wg = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
func.func @dot_register_a_layout(%a: tensor<64x32xbf16, #ak>, %b: !blockgpu.memdesc<32x64xbf16, #shared>, %c: tensor<64x64xf32, #wg>) {
  // expected-error @+1 {{from a 16-bit tensor whose layout holds the instruction's A fragments (#block.dot_operand<0, the accumulator's layout, kWidth = 2> up to a register relabel), but a is 'tensor<64x32xbf16, #block.blocked<}}
  %d = blockgpu.dot %a, %b, %c : tensor<64x32xbf16, #ak>, !blockgpu.memdesc<32x64xbf16, #shared> -> tensor<64x64xf32, #wg>
  return
}

// -----

#blocked = #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
func.func @dot_wait_blocked(%c: tensor<4x8xf32, #blocked>) {
  // expected-error @+1 {{'blockgpu.dot_wait' op waits for wgmma products, but its value has a layout no wgmma accumulator has}}
  %w = blockgpu.dot_wait %c {pendings = 0 : i32} : tensor<4x8xf32, #blocked>
  return
}

// -----

#wg = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
func.func @dot_wait_negative(%c: tensor<64x64xf32, #wg>) {
  // expected-error @+1 {{'blockgpu.dot_wait' op attribute 'pendings' failed to satisfy constraint}}
  %w = blockgpu.dot_wait %c {pendings = -1 : i32} : tensor<64x64xf32, #wg>
  return
}
