// RUN: block-opt %s -convert-block-to-gpu -split-input-file -verify-diagnostics

// A tensor descriptor that reaches the lowering must be a tensor map: made
// from a kernel argument, used by TMA copies only (block-lower-tensor-
// descriptors lowers every other).

// expected-error @+1 {{failed to legalize operation 'func.func'}}
func.func @pointer_tile(%a: !block.ptr<f32>, %m: i32) attributes {block.kernel, block.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{is lowered as a tensor map only when TMA copies of one layout are its only users}}
  %d = block.make_tensor_desc %a, [%m], [%c1] : !block.ptr<f32> -> !block.tensordesc<tensor<32xf32>>
  %t = block.desc_load %d[%c0] : !block.tensordesc<tensor<32xf32>> -> tensor<32xf32, #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>
  return
}
