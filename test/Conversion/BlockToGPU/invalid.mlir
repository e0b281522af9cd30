// RUN: block-opt %s --convert-block-to-gpu -split-input-file -verify-diagnostics

// Input that breaks the layout contract, or that the lowering does not
// support, is reported; nothing is converted.

func.func @no_layout(%p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  // expected-error @+1 {{'block.arange' op has the tensor type 'tensor<128xi32>' without a distributed layout; run block-assign-layouts first}}
  %r = block.arange 0, 128 : tensor<128xi32>
  return
}

// -----

#A = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>
func.func @warps(%p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  // expected-error @+1 {{whose layout spreads over 2 warps, but the kernel has 4 (block.num_warps); run block-assign-layouts first}}
  %a = block.arange 0, 128 : tensor<128xi32, #A>
  return
}

// -----

func.func private @helper(i32) -> i32
func.func @call(%n: i32) attributes {block.kernel, block.num_warps = 1 : i32} {
  // expected-error @+1 {{calls in kernels are not supported: inline the callee first (the inline pass)}}
  %m = func.call @helper(%n) : (i32) -> i32
  return
}

// -----

#A = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
func.func @unsupported(%p: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 1 : i32} {
  // expected-error @+1 {{'scf.execute_region' op on tensors is not supported by the GPU lowering}}
  %e = scf.execute_region -> tensor<32xi32, #A> {
    %c = arith.constant dense<0> : tensor<32xi32, #A>
    scf.yield %c : tensor<32xi32, #A>
  }
  return
}

// -----

// expected-error @+1 {{kernel @defaults has no block.num_warps; run block-kernel-defaults first}}
func.func @defaults(%p: !block.ptr<i32>) attributes {block.kernel} {
  return
}

// -----

#A = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
func.func @too_big(%p: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 1 : i32} {
  // expected-error @+1 {{of which each thread would hold 2048 elements (at most 1024): use smaller blocks or more warps}}
  %r = block.arange 0, 65536 : tensor<65536xi32, #A>
  return
}

// -----

// A constant the folder hoisted has no location (canonicalisation erases
// it): the error points at its use. (The first error stops the pass.)
#A = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
func.func @too_big_constant() attributes {block.kernel, block.num_warps = 1 : i32} {
  %c = arith.constant dense<4> : tensor<65536xi32, #A> loc(unknown)
  %x = block.arange 0, 65536 : tensor<65536xi32, #A>
  // expected-error @+1 {{'arith.constant' op (used here) has the tensor type 'tensor<65536xi32, #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>', of which each thread would hold 2048 elements}}
  %y = arith.shli %x, %c : tensor<65536xi32, #A>
  return
}

// -----

#A = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
func.func @resource_constant() attributes {block.kernel, block.num_warps = 1 : i32} {
  // expected-error @+1 {{'arith.constant' op needs a dense tensor constant}}
  %c = arith.constant dense_resource<zeros> : tensor<32xi32, #A>
  return
}

{-#
  dialect_resources: {
    builtin: {
      zeros: "0x040000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    }
  }
#-}

// -----

// A lane that moves along the axis and the other dimension at once.
#D = #block.linear<register = [[0, 1]], lane = [[1, 1], [2, 0], [4, 0], [8, 0], [16, 0]], warp = []>
func.func @reduce_diagonal(%v: f32) attributes {block.kernel, block.num_warps = 1 : i32} {
  %x = block.splat %v : tensor<32x2xf32, #D>
  // expected-error @+1 {{'block.reduce' op cannot reduce a layout whose lanes or warps move along the axis and another dimension at once}}
  %r = block.reduce %x axis = 0 : (tensor<32x2xf32, #D>) -> tensor<2xf32, #block.slice<dim = 0, parent = #D>> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    block.yield %s : f32
  }
  return
}

// -----

#D = #block.linear<register = [[0, 1]], lane = [[1, 1], [2, 0], [4, 0], [8, 0], [16, 0]], warp = []>
func.func @scan_diagonal(%v: f32) attributes {block.kernel, block.num_warps = 1 : i32} {
  %x = block.splat %v : tensor<32x2xf32, #D>
  // expected-error @+1 {{'block.scan' op cannot scan this layout}}
  %s = block.scan %x axis = 0 : (tensor<32x2xf32, #D>) -> tensor<32x2xf32, #D> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    block.yield %t : f32
  }
  return
}

// -----

// Lane bit 4 moves by 48 along the axis: two axis index bits at once.
#W = #block.linear<register = [[1]], lane = [[2], [4], [8], [16], [48]], warp = []>
func.func @scan_two_bits(%v: i32) attributes {block.kernel, block.num_warps = 1 : i32} {
  %x = block.splat %v : tensor<64xi32, #W>
  // expected-error @+1 {{'block.scan' op cannot scan this layout: each bit of the axis index must come from one register, lane or warp bit whose basis moves along the axis only}}
  %s = block.scan %x axis = 0 : (tensor<64xi32, #W>) -> tensor<64xi32, #W> {
  ^bb0(%a: i32, %b: i32):
    %t = arith.addi %a, %b : i32
    block.yield %t : i32
  }
  return
}

// -----

// Where blockgpu-allocate-shared-memory ran (blockgpu.shared_memory), the
// buffers it allocates must already exist.
#L = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]>
func.func @dot_not_staged(%pc: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 2 : i32, blockgpu.shared_memory = 0 : i64} {
  %pa = block.splat %pc : tensor<16x8x!block.ptr<f32>, #L>
  %a = block.load %pa : tensor<16x8x!block.ptr<f32>, #L>
  %pb = block.splat %pc : tensor<8x32x!block.ptr<f32>, #L>
  %b = block.load %pb : tensor<8x32x!block.ptr<f32>, #L>
  %acc = arith.constant dense<0.0> : tensor<16x32xf32, #L>
  // expected-error @+1 {{'block.dot' op reads its operands from buffers: run blockgpu-materialize-shared-memory before blockgpu-allocate-shared-memory}}
  %d = block.dot %a, %b, %acc : tensor<16x8xf32, #L>, tensor<8x32xf32, #L> -> tensor<16x32xf32, #L>
  %c = block.splat %pc : tensor<16x32x!block.ptr<f32>, #L>
  block.store %c, %d : tensor<16x32x!block.ptr<f32>, #L>
  return
}

// -----

#ROW = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#COL = #block.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
func.func @convert_not_staged(%p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 4 : i32, blockgpu.shared_memory = 0 : i64} {
  %ps = block.splat %p : tensor<32x32x!block.ptr<f32>, #ROW>
  %x = block.load %ps : tensor<32x32x!block.ptr<f32>, #ROW>
  // expected-error @+1 {{'block.convert_layout' op moves data between threads}}
  %y = block.convert_layout %x : tensor<32x32xf32, #ROW> -> tensor<32x32xf32, #COL>
  %qs = block.splat %p : tensor<32x32x!block.ptr<f32>, #COL>
  block.store %qs, %y : tensor<32x32x!block.ptr<f32>, #COL>
  return
}

// -----

// The FMA path reads k in rows: a buffer that keeps a row-major (m in rows)
// cannot be read a step of k at a time.
#L = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]>
#rows = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @dot_buffer_layout(%pc: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 2 : i32} {
  %pa = block.splat %pc : tensor<16x8x!block.ptr<f32>, #L>
  %a = block.load %pa : tensor<16x8x!block.ptr<f32>, #L>
  %pb = block.splat %pc : tensor<8x32x!block.ptr<f32>, #L>
  %b = block.load %pb : tensor<8x32x!block.ptr<f32>, #L>
  %acc = arith.constant dense<0.0> : tensor<16x32xf32, #L>
  %sa = blockgpu.local_alloc %a {blockgpu.offset = 0 : i64} : tensor<16x8xf32, #L> -> !blockgpu.memdesc<16x8xf32, #rows>
  %sb = blockgpu.local_alloc %b {blockgpu.offset = 512 : i64} : tensor<8x32xf32, #L> -> !blockgpu.memdesc<8x32xf32, #rows>
  // expected-error @+1 {{'blockgpu.dot' op cannot read its operands on the FMA path}}
  %d = blockgpu.dot %sa, %sb, %acc : !blockgpu.memdesc<16x8xf32, #rows>, !blockgpu.memdesc<8x32xf32, #rows> -> tensor<16x32xf32, #L>
  %c = block.splat %pc : tensor<16x32x!block.ptr<f32>, #L>
  block.store %c, %d : tensor<16x32x!block.ptr<f32>, #L>
  return
}

// -----

// A short form reaches the lowering only where the passes before it were
// skipped: it is named, not left to fail legalisation.
#L = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @short_form_load(%p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  %o = block.arange 0, 128 : tensor<128xi32, #L>
  // expected-error @+1 {{'block.load' op is a short form, which the GPU lowering does not take: run canonicalize or block-assign-layouts first, which rewrite it to core operations}}
  %v = block.load %p[%o] : !block.ptr<f32>, tensor<128xi32, #L>
  return
}

// -----

#L = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @short_form_arange(%b: i32) attributes {block.kernel, block.num_warps = 4 : i32} {
  // expected-error @+1 {{'block.arange' op is a short form, which the GPU lowering does not take}}
  %r = block.arange %b + 0, 128 : tensor<128xi32, #L>
  return
}
