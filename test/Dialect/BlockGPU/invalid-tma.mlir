// RUN: block-opt %s -split-input-file -verify-diagnostics

// The rules of the TMA copy and the mbarrier operations.

#bar = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @coordinates(%d: !block.tensordesc<tensor<128x64xbf16>>, %i: i32,
                       %buf: !blockgpu.memdesc<128x64xbf16, #blockgpu.nvmma<swizzle = 128>, mutable>,
                       %bar: !blockgpu.memdesc<1x1xi64, #bar, mutable>) {
  // expected-error @+1 {{takes one coordinate per dimension of its rank-2 tile, but has 1}}
  blockgpu.tma_load %d[%i], %buf, %bar : !block.tensordesc<tensor<128x64xbf16>>, !blockgpu.memdesc<128x64xbf16, #blockgpu.nvmma<swizzle = 128>, mutable>, !blockgpu.memdesc<1x1xi64, #bar, mutable>
  return
}

// -----

#bar = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @transposed(%d: !block.tensordesc<tensor<128x64xbf16>>, %i: i32,
                      %buf: !blockgpu.memdesc<128x64xbf16, #blockgpu.nvmma<swizzle = 128, transposed = true>, mutable>,
                      %bar: !blockgpu.memdesc<1x1xi64, #bar, mutable>) {
  // expected-error @+1 {{the copy engine writes an NVMMA layout that is not transposed}}
  blockgpu.tma_load %d[%i, %i], %buf, %bar : !block.tensordesc<tensor<128x64xbf16>>, !blockgpu.memdesc<128x64xbf16, #blockgpu.nvmma<swizzle = 128, transposed = true>, mutable>, !blockgpu.memdesc<1x1xi64, #bar, mutable>
  return
}

// -----

#bar = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @narrow_rows(%d: !block.tensordesc<tensor<64x4xbf16>>, %i: i32,
                       %buf: !blockgpu.memdesc<64x4xbf16, #blockgpu.nvmma<swizzle = 0>, mutable>,
                       %bar: !blockgpu.memdesc<1x1xi64, #bar, mutable>) {
  // expected-error @+1 {{but these rows are 8 bytes and the swizzle 0}}
  blockgpu.tma_load %d[%i, %i], %buf, %bar : !block.tensordesc<tensor<64x4xbf16>>, !blockgpu.memdesc<64x4xbf16, #blockgpu.nvmma<swizzle = 0>, mutable>, !blockgpu.memdesc<1x1xi64, #bar, mutable>
  return
}

// -----

#bar = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @tall(%d: !block.tensordesc<tensor<512x64xbf16>>, %i: i32,
                %buf: !blockgpu.memdesc<512x64xbf16, #blockgpu.nvmma<swizzle = 128>, mutable>,
                %bar: !blockgpu.memdesc<1x1xi64, #bar, mutable>) {
  // expected-error @+1 {{the copy engine moves at most 256 elements per dimension, but the tile has 512}}
  blockgpu.tma_load %d[%i, %i], %buf, %bar : !block.tensordesc<tensor<512x64xbf16>>, !blockgpu.memdesc<512x64xbf16, #blockgpu.nvmma<swizzle = 128>, mutable>, !blockgpu.memdesc<1x1xi64, #bar, mutable>
  return
}

// -----

#bar = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @other_tile(%d: !block.tensordesc<tensor<128x64xbf16>>, %i: i32,
                      %buf: !blockgpu.memdesc<64x64xbf16, #blockgpu.nvmma<swizzle = 128>, mutable>,
                      %bar: !blockgpu.memdesc<1x1xi64, #bar, mutable>) {
  // expected-error @+1 {{tile 'tensor<128x64xbf16>'}}
  blockgpu.tma_load %d[%i, %i], %buf, %bar : !block.tensordesc<tensor<128x64xbf16>>, !blockgpu.memdesc<64x64xbf16, #blockgpu.nvmma<swizzle = 128>, mutable>, !blockgpu.memdesc<1x1xi64, #bar, mutable>
  return
}

// -----

#bar = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @read_only(%d: !block.tensordesc<tensor<128x64xbf16>>, %i: i32,
                     %buf: !blockgpu.memdesc<128x64xbf16, #blockgpu.nvmma<swizzle = 128>>,
                     %bar: !blockgpu.memdesc<1x1xi64, #bar, mutable>) {
  // expected-error @+1 {{writes the read-only buffer}}
  blockgpu.tma_load %d[%i, %i], %buf, %bar : !block.tensordesc<tensor<128x64xbf16>>, !blockgpu.memdesc<128x64xbf16, #blockgpu.nvmma<swizzle = 128>>, !blockgpu.memdesc<1x1xi64, #bar, mutable>
  return
}

// -----

#bar = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @not_a_barrier(%bar: !blockgpu.memdesc<1x2xi32, #bar, mutable>) {
  // expected-error @+1 {{operand #0 must be mbarrier (a mutable buffer of one i64)}}
  blockgpu.init_barrier %bar, 1 : !blockgpu.memdesc<1x2xi32, #bar, mutable>
  return
}

// -----

#bar = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @no_arrivals(%bar: !blockgpu.memdesc<1x1xi64, #bar, mutable>) {
  // expected-error @+1 {{attribute 'count' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive}}
  blockgpu.init_barrier %bar, 0 : !blockgpu.memdesc<1x1xi64, #bar, mutable>
  return
}

// -----

#bar = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @read_only_barrier(%bar: !blockgpu.memdesc<1x1xi64, #bar>, %p: i32) {
  // expected-error @+1 {{operand #0 must be mbarrier (a mutable buffer of one i64)}}
  blockgpu.wait_barrier %bar, %p : !blockgpu.memdesc<1x1xi64, #bar>
  return
}

// -----

func.func @store_coordinates(%d: !block.tensordesc<tensor<128x64xbf16>>, %i: i32,
                             %buf: !blockgpu.memdesc<128x64xbf16, #blockgpu.nvmma<swizzle = 128>>) {
  // expected-error @+1 {{takes one coordinate per dimension of its rank-2 tile, but has 3}}
  blockgpu.tma_store %d[%i, %i, %i], %buf : !block.tensordesc<tensor<128x64xbf16>>, !blockgpu.memdesc<128x64xbf16, #blockgpu.nvmma<swizzle = 128>>
  return
}

// -----

func.func @store_shape(%d: !block.tensordesc<tensor<128x64xbf16>>, %i: i32,
                       %buf: !blockgpu.memdesc<64x64xbf16, #blockgpu.nvmma<swizzle = 128>>) {
  // expected-error @+1 {{tile}}
  blockgpu.tma_store %d[%i, %i], %buf : !block.tensordesc<tensor<128x64xbf16>>, !blockgpu.memdesc<64x64xbf16, #blockgpu.nvmma<swizzle = 128>>
  return
}

// -----

func.func @store_transposed(%d: !block.tensordesc<tensor<128x64xbf16>>, %i: i32,
                            %buf: !blockgpu.memdesc<128x64xbf16, #blockgpu.nvmma<swizzle = 128, transposed = true>>) {
  // expected-error @+1 {{the copy engine writes an NVMMA layout that is not transposed}}
  blockgpu.tma_store %d[%i, %i], %buf : !block.tensordesc<tensor<128x64xbf16>>, !blockgpu.memdesc<128x64xbf16, #blockgpu.nvmma<swizzle = 128, transposed = true>>
  return
}

// -----

// The buffer may leave out the tile's leading 1s, not other dimensions.
#bar = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @drops_non_unit(%d: !block.tensordesc<tensor<2x64x64xbf16>>, %i: i32,
                          %buf: !blockgpu.memdesc<64x64xbf16, #blockgpu.nvmma<swizzle = 128>, mutable>,
                          %bar: !blockgpu.memdesc<1x1xi64, #bar, mutable>) {
  // expected-error @+1 {{tile 'tensor<2x64x64xbf16>' and buffer '!blockgpu.memdesc<64x64xbf16, #blockgpu.nvmma<swizzle = 128>, mutable>' must have the same element type and shape (leading dimensions of size 1 may be left out of the buffer's)}}
  blockgpu.tma_load %d[%i, %i, %i], %buf, %bar : !block.tensordesc<tensor<2x64x64xbf16>>, !blockgpu.memdesc<64x64xbf16, #blockgpu.nvmma<swizzle = 128>, mutable>, !blockgpu.memdesc<1x1xi64, #bar, mutable>
  return
}
