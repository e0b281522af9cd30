// RUN: block-opt %s -blockgpu-insert-barriers -split-input-file | FileCheck %s
// Running it again adds nothing: the barriers it inserted order the rest.
// RUN: block-opt %s -blockgpu-insert-barriers -split-input-file | block-opt -blockgpu-insert-barriers -split-input-file | FileCheck %s

// The offsets are written as blockgpu-allocate-shared-memory would; a
// buffer of 256 f32 is 1024 bytes.

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>

// Read after write, write after read, write after write: a barrier before
// each; a read after a read needs none.
// CHECK-LABEL: func.func @conflicts
// CHECK: blockgpu.local_store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: blockgpu.local_load
// CHECK-NEXT: blockgpu.local_load
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: blockgpu.local_store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: blockgpu.local_store
// CHECK-NEXT: return
func.func @conflicts() attributes {block.kernel, block.num_warps = 4 : i32} {
  %t = arith.constant dense<1.0> : tensor<256xf32>
  %a = blockgpu.local_alloc {blockgpu.offset = 0 : i64} : !blockgpu.memdesc<256xf32, #shared, mutable>
  blockgpu.local_store %t, %a : tensor<256xf32> -> !blockgpu.memdesc<256xf32, #shared, mutable>
  %x = blockgpu.local_load %a : !blockgpu.memdesc<256xf32, #shared, mutable> -> tensor<256xf32>
  %y = blockgpu.local_load %a : !blockgpu.memdesc<256xf32, #shared, mutable> -> tensor<256xf32>
  blockgpu.local_store %t, %a : tensor<256xf32> -> !blockgpu.memdesc<256xf32, #shared, mutable>
  blockgpu.local_store %t, %a : tensor<256xf32> -> !blockgpu.memdesc<256xf32, #shared, mutable>
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>

// Disjoint bytes need no barrier: two buffers, and two constant stages of
// one; a stage picked at run time may be either, so it conflicts. A buffer
// allocated with a tensor is written where it is allocated.
// CHECK-LABEL: func.func @disjoint
// CHECK: blockgpu.local_store %{{.*}}, %[[A:.*]] :
// CHECK-NEXT: blockgpu.local_load %[[B:.*]] :
// CHECK-NEXT: blockgpu.local_store %{{.*}}, %[[S0:.*]] :
// CHECK-NEXT: blockgpu.local_load %[[S1:.*]] :
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: blockgpu.local_load %[[SI:.*]] :
// CHECK: blockgpu.local_alloc %{{.*}} {blockgpu.offset = 1024 : i64}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: blockgpu.local_load
func.func @disjoint(%i: i32) attributes {block.kernel, block.num_warps = 4 : i32} {
  %t = arith.constant dense<1.0> : tensor<256xf32>
  %a = blockgpu.local_alloc {blockgpu.offset = 0 : i64} : !blockgpu.memdesc<256xf32, #shared, mutable>
  %b = blockgpu.local_alloc {blockgpu.offset = 1024 : i64} : !blockgpu.memdesc<256xf32, #shared, mutable>
  %s = blockgpu.local_alloc {blockgpu.offset = 2048 : i64} : !blockgpu.memdesc<2x256xf32, #shared, mutable>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %s0 = blockgpu.memdesc_index %s[%c0] : !blockgpu.memdesc<2x256xf32, #shared, mutable> -> !blockgpu.memdesc<256xf32, #shared, mutable>
  %s1 = blockgpu.memdesc_index %s[%c1] : !blockgpu.memdesc<2x256xf32, #shared, mutable> -> !blockgpu.memdesc<256xf32, #shared, mutable>
  %si = blockgpu.memdesc_index %s[%i] : !blockgpu.memdesc<2x256xf32, #shared, mutable> -> !blockgpu.memdesc<256xf32, #shared, mutable>
  blockgpu.local_store %t, %a : tensor<256xf32> -> !blockgpu.memdesc<256xf32, #shared, mutable>
  %x = blockgpu.local_load %b : !blockgpu.memdesc<256xf32, #shared, mutable> -> tensor<256xf32>
  blockgpu.local_store %t, %s0 : tensor<256xf32> -> !blockgpu.memdesc<256xf32, #shared, mutable>
  %y = blockgpu.local_load %s1 : !blockgpu.memdesc<256xf32, #shared, mutable> -> tensor<256xf32>
  %z = blockgpu.local_load %si : !blockgpu.memdesc<256xf32, #shared, mutable> -> tensor<256xf32>
  // The bytes of %b, read above.
  %ro = blockgpu.local_alloc %t {blockgpu.offset = 1024 : i64} : tensor<256xf32> -> !blockgpu.memdesc<256xf32, #shared>
  %w = blockgpu.local_load %ro : !blockgpu.memdesc<256xf32, #shared> -> tensor<256xf32>
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>

// A barrier already there orders what comes before it: none is added.
// CHECK-LABEL: func.func @existing
// CHECK: blockgpu.local_store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: arith.constant
// CHECK-NEXT: blockgpu.local_load
// CHECK-NOT: gpu.barrier
func.func @existing() attributes {block.kernel, block.num_warps = 4 : i32} {
  %t = arith.constant dense<1.0> : tensor<256xf32>
  %a = blockgpu.local_alloc {blockgpu.offset = 0 : i64} : !blockgpu.memdesc<256xf32, #shared, mutable>
  blockgpu.local_store %t, %a : tensor<256xf32> -> !blockgpu.memdesc<256xf32, #shared, mutable>
  gpu.barrier
  %c = arith.constant 0 : i32
  %x = blockgpu.local_load %a : !blockgpu.memdesc<256xf32, #shared, mutable> -> tensor<256xf32>
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>

// A loop body follows its previous iteration: the store at its top waits
// for the previous iteration's load (WAR), the load for the store (RAW). A
// loop that only reads needs a barrier once, before it, for the store
// before the loop, and one after the loop waits for its reads.
// CHECK-LABEL: func.func @loops
// CHECK: scf.for
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: blockgpu.local_store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: blockgpu.local_load
// CHECK-NEXT: }
// CHECK-NEXT: blockgpu.local_store %{{.*}}, %[[B:.*]] :
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.for
// CHECK-NEXT: blockgpu.local_load %[[B]]
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: blockgpu.local_store %{{.*}}, %[[B]]
func.func @loops(%n: i32) attributes {block.kernel, block.num_warps = 4 : i32} {
  %t = arith.constant dense<1.0> : tensor<256xf32>
  %a = blockgpu.local_alloc {blockgpu.offset = 0 : i64} : !blockgpu.memdesc<256xf32, #shared, mutable>
  %b = blockgpu.local_alloc {blockgpu.offset = 1024 : i64} : !blockgpu.memdesc<256xf32, #shared, mutable>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    blockgpu.local_store %t, %a : tensor<256xf32> -> !blockgpu.memdesc<256xf32, #shared, mutable>
    %x = blockgpu.local_load %a : !blockgpu.memdesc<256xf32, #shared, mutable> -> tensor<256xf32>
  }
  blockgpu.local_store %t, %b : tensor<256xf32> -> !blockgpu.memdesc<256xf32, #shared, mutable>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %y = blockgpu.local_load %b : !blockgpu.memdesc<256xf32, #shared, mutable> -> tensor<256xf32>
  }
  blockgpu.local_store %t, %b : tensor<256xf32> -> !blockgpu.memdesc<256xf32, #shared, mutable>
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>

// Double buffering with the stage picked by the induction variable: each
// iteration's load may read what the previous one stored, and its store
// may overwrite what the previous one loaded.
// CHECK-LABEL: func.func @while_loop
// CHECK: scf.while
// CHECK: scf.condition
// CHECK: } do {
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: blockgpu.local_store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: blockgpu.local_load
func.func @while_loop(%n: i32) attributes {block.kernel, block.num_warps = 4 : i32} {
  %t = arith.constant dense<1.0> : tensor<256xf32>
  %a = blockgpu.local_alloc {blockgpu.offset = 0 : i64} : !blockgpu.memdesc<256xf32, #shared, mutable>
  %c0 = arith.constant 0 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %go = arith.cmpi slt, %i, %n : i32
    scf.condition(%go) %i : i32
  } do {
  ^bb0(%i: i32):
    blockgpu.local_store %t, %a : tensor<256xf32> -> !blockgpu.memdesc<256xf32, #shared, mutable>
    %x = blockgpu.local_load %a : !blockgpu.memdesc<256xf32, #shared, mutable> -> tensor<256xf32>
    %c1 = arith.constant 1 : i32
    %next = arith.addi %i, %c1 : i32
    scf.yield %next : i32
  }
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>

// What either branch did is pending after a conditional; a branch that
// conflicts with what came before gets its own barrier.
// CHECK-LABEL: func.func @conditional
// CHECK: scf.if
// CHECK-NEXT: blockgpu.local_store %{{.*}}, %[[A:[^ ]*]] :
// CHECK-NEXT: } else {
// CHECK-NEXT: blockgpu.local_load %[[B:[^ ]*]] :
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: blockgpu.local_load %[[A]]
// CHECK-NEXT: scf.if
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: blockgpu.local_store %{{.*}}, %[[A]]
func.func @conditional(%c: i1) attributes {block.kernel, block.num_warps = 4 : i32} {
  %t = arith.constant dense<1.0> : tensor<256xf32>
  %a = blockgpu.local_alloc {blockgpu.offset = 0 : i64} : !blockgpu.memdesc<256xf32, #shared, mutable>
  %b = blockgpu.local_alloc {blockgpu.offset = 1024 : i64} : !blockgpu.memdesc<256xf32, #shared, mutable>
  scf.if %c {
    blockgpu.local_store %t, %a : tensor<256xf32> -> !blockgpu.memdesc<256xf32, #shared, mutable>
  } else {
    %y = blockgpu.local_load %b : !blockgpu.memdesc<256xf32, #shared, mutable> -> tensor<256xf32>
  }
  %x = blockgpu.local_load %a : !blockgpu.memdesc<256xf32, #shared, mutable> -> tensor<256xf32>
  scf.if %c {
    blockgpu.local_store %t, %a : tensor<256xf32> -> !blockgpu.memdesc<256xf32, #shared, mutable>
  }
  return
}

// -----

#blocked = #block.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#shared = #blockgpu.swizzled<vec = 4, perPhase = 1, maxPhase = 1>

// An asynchronous copy writes when the wait completes it: a barrier between
// issue and wait would order nothing, so the barrier comes after the wait,
// before the read. The copy itself waits for earlier reads of its bytes.
// CHECK-LABEL: func.func @async_copy
// CHECK: blockgpu.local_load
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: blockgpu.async_copy
// CHECK-NEXT: blockgpu.async_commit_group
// CHECK-NEXT: blockgpu.local_load
// CHECK-NEXT: blockgpu.async_wait
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: blockgpu.local_load
func.func @async_copy(%x: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  %range = block.arange 0, 512 : tensor<512xi32, #blocked>
  %xs = block.splat %x : tensor<512x!block.ptr<f32>, #blocked>
  %xp = block.addptr %xs, %range : tensor<512x!block.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
  %buf = blockgpu.local_alloc {blockgpu.offset = 0 : i64} : !blockgpu.memdesc<2x512xf32, #shared, mutable>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %s0 = blockgpu.memdesc_index %buf[%c0] : !blockgpu.memdesc<2x512xf32, #shared, mutable> -> !blockgpu.memdesc<512xf32, #shared, mutable>
  %s1 = blockgpu.memdesc_index %buf[%c1] : !blockgpu.memdesc<2x512xf32, #shared, mutable> -> !blockgpu.memdesc<512xf32, #shared, mutable>
  %old = blockgpu.local_load %s1 : !blockgpu.memdesc<512xf32, #shared, mutable> -> tensor<512xf32, #blocked>
  %copy = blockgpu.async_copy %xp, %s1 : tensor<512x!block.ptr<f32>, #blocked> -> !blockgpu.memdesc<512xf32, #shared, mutable>
  %group = blockgpu.async_commit_group tokens %copy
  // The other stage, while the copy is in flight.
  %other = blockgpu.local_load %s0 : !blockgpu.memdesc<512xf32, #shared, mutable> -> tensor<512xf32, #blocked>
  %done = blockgpu.async_wait %group {num = 0 : i32}
  %v = blockgpu.local_load %s1 : !blockgpu.memdesc<512xf32, #shared, mutable> -> tensor<512xf32, #blocked>
  return
}

// -----

#blocked = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>

// A reduction across warps reads and writes its scratch: it waits for
// earlier accesses of those bytes, and a later user of them waits for it.
// Scratch apart from a buffer's bytes needs no barrier.
// CHECK-LABEL: func.func @scratch
// CHECK: blockgpu.local_store
// CHECK-NEXT: block.reduce
// CHECK: gpu.barrier
// CHECK-NEXT: block.reduce
// CHECK-NOT: gpu.barrier
// CHECK: blockgpu.local_load
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: block.reduce
func.func @scratch() attributes {block.kernel, block.num_warps = 4 : i32} {
  %t = arith.constant dense<1.0> : tensor<512xf32, #blocked>
  %a = blockgpu.local_alloc {blockgpu.offset = 0 : i64} : !blockgpu.memdesc<512xf32, #shared, mutable>
  blockgpu.local_store %t, %a : tensor<512xf32, #blocked> -> !blockgpu.memdesc<512xf32, #shared, mutable>
  %s = block.reduce %t axis = 0 {blockgpu.offset = 2048 : i64} : (tensor<512xf32, #blocked>) -> f32 {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %y : f32
    block.yield %r : f32
  }
  %s2 = block.reduce %t axis = 0 {blockgpu.offset = 2048 : i64} : (tensor<512xf32, #blocked>) -> f32 {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %y : f32
    block.yield %r : f32
  }
  %v = blockgpu.local_load %a : !blockgpu.memdesc<512xf32, #shared, mutable> -> tensor<512xf32, #blocked>
  // Its scratch at offset 0, over the buffer's bytes.
  %s3 = block.reduce %t axis = 0 {blockgpu.offset = 0 : i64} : (tensor<512xf32, #blocked>) -> f32 {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %y : f32
    block.yield %r : f32
  }
  return
}

// -----

// A wgmma product reads its operands through the async proxy: the barrier
// before it follows the writers' proxy fence. A product on the FMA path
// gets the barrier alone.
#N = #blockgpu.nvmma<swizzle = 128>
#S = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
#B = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#WG = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
#F = #block.blocked<sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]>
// CHECK-LABEL: func.func @async_proxy
// CHECK: blockgpu.local_alloc
// CHECK: blockgpu.fence_async_shared
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: blockgpu.dot
// CHECK: blockgpu.local_alloc
// CHECK-NOT: blockgpu.fence_async_shared
// CHECK: gpu.barrier
// CHECK-NEXT: blockgpu.dot
func.func @async_proxy(%s: bf16, %t: f32) attributes {block.kernel, block.num_warps = 4 : i32} {
  %x = block.splat %s : tensor<64x64xbf16, #B>
  %y = block.splat %t : tensor<64x64xf32, #B>
  %a = blockgpu.local_alloc %x {blockgpu.offset = 0 : i64} : tensor<64x64xbf16, #B> -> !blockgpu.memdesc<64x64xbf16, #N>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #WG>
  %d = blockgpu.dot %a, %a, %z : !blockgpu.memdesc<64x64xbf16, #N>, !blockgpu.memdesc<64x64xbf16, #N> -> tensor<64x64xf32, #WG>
  %f = blockgpu.local_alloc %y {blockgpu.offset = 8192 : i64} : tensor<64x64xf32, #B> -> !blockgpu.memdesc<64x64xf32, #S>
  %zf = arith.constant dense<0.0> : tensor<64x64xf32, #F>
  %e = blockgpu.dot %f, %f, %zf : !blockgpu.memdesc<64x64xf32, #S>, !blockgpu.memdesc<64x64xf32, #S> -> tensor<64x64xf32, #F>
  return
}

// -----

// A warpgroup holding its turn cannot meet the other consumers at a
// barrier (they wait for the turn it passes only after it): a barrier
// needed right after an await_turn goes before it.
#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
// CHECK-LABEL: func.func @barrier_outside_turn
// CHECK: blockgpu.local_store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: blockgpu.await_turn
// CHECK-NEXT: arith.constant
// CHECK-NEXT: blockgpu.local_load
// CHECK-NEXT: blockgpu.pass_turn
func.func @barrier_outside_turn() attributes {block.kernel, block.num_warps = 8 : i32} {
  %t = arith.constant dense<1.0> : tensor<256xf32>
  %a = blockgpu.local_alloc {blockgpu.offset = 0 : i64} : !blockgpu.memdesc<256xf32, #shared, mutable>
  blockgpu.warp_specialize warps(8, 4) registers(232, 40) {
    blockgpu.local_store %t, %a : tensor<256xf32> -> !blockgpu.memdesc<256xf32, #shared, mutable>
    blockgpu.await_turn
    %c = arith.constant 0 : i32
    %x = blockgpu.local_load %a : !blockgpu.memdesc<256xf32, #shared, mutable> -> tensor<256xf32>
    blockgpu.pass_turn
  } producer {
  }
  return
}
