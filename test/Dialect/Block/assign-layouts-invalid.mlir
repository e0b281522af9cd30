// RUN: block-opt %s -split-input-file -block-assign-layouts -verify-diagnostics -allow-unregistered-dialect

// Operations whose layout rules the pass does not know are refused. (The
// verifier refuses those of upstream dialects a kernel does not take.)
func.func @unknown_op(%x: !block.ptr<f32>)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  // expected-error @+1 {{block-assign-layouts does not know how 'test.opaque' relates the layouts of its tensors}}
  %t = "test.opaque"() : () -> tensor<128xf32>
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

// -----

// A call left in a kernel is one the inliner could not inline: said so.
func.func private @external(%p: !block.ptr<f32>) -> tensor<128xf32>
func.func @calls_external(%p: !block.ptr<f32>)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  // expected-error @+1 {{'func.call' op calls a function without a body: a kernel compiles only with every call inlined}}
  %x = func.call @external(%p) : (!block.ptr<f32>) -> tensor<128xf32>
  return
}

// -----

func.func private @countdown(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %done = arith.cmpi sle, %n, %c0 : i32
  %r = scf.if %done -> i32 {
    scf.yield %c0 : i32
  } else {
    %m = arith.subi %n, %c1 : i32
    %x = func.call @countdown(%m) : (i32) -> i32
    scf.yield %x : i32
  }
  return %r : i32
}
func.func @calls_recursive(%p: !block.ptr<i32>, %n: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  // expected-error @+1 {{'func.call' op calls @countdown, which was not inlined (the inliner, which block-to-ptx runs, leaves recursive calls): a kernel compiles only with every call inlined}}
  %x = func.call @countdown(%n) : (i32) -> i32
  block.store %p, %x : !block.ptr<i32>
  return
}
