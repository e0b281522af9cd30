// RUN: block-opt %s -split-input-file -block-assign-layouts | FileCheck %s
//
// Found by block-fuzz-opt (test/Fuzz/Inputs/opt/assign-layouts-trans-*.mlir): a
// block.trans whose source is another block.trans. The pass dyn_cast a null
// layout (an assertion; undefined behaviour in release builds), and, once
// past that, gave the second trans a result layout that was no permutation
// of its operand's: "result layout ... must be the operand layout permuted
// by the order", a verifier error after a pass on a valid program. block-opt
// verifies after the pass: reaching FileCheck means the IR verified.

// CHECK-LABEL: func.func @trans_of_trans
// CHECK-COUNT-2: block.trans
// CHECK: block.store
func.func @trans_of_trans(%p: !block.ptr<i32>) attributes {block.kernel} {
  %0 = block.arange 0, 128 : tensor<128xi32>
  %1 = block.reshape %0 : tensor<128xi32> -> tensor<8x16xi32>
  %2 = block.trans %1 [1, 0] : tensor<8x16xi32> -> tensor<16x8xi32>
  %3 = block.trans %2 [1, 0] : tensor<16x8xi32> -> tensor<8x16xi32>
  %4 = block.reshape %3 : tensor<8x16xi32> -> tensor<128xi32>
  %5 = block.splat %p : tensor<128x!block.ptr<i32>>
  %6 = block.addptr %5, %0 : tensor<128x!block.ptr<i32>>, tensor<128xi32>
  block.store %6, %4 : tensor<128x!block.ptr<i32>>
  return
}

// -----

// Three dimensions, a chain of three.
// CHECK-LABEL: func.func @trans_chain_3d
// CHECK-COUNT-3: block.trans
func.func @trans_chain_3d(%p: !block.ptr<f32>) attributes {block.kernel} {
  %0 = block.arange 0, 512 : tensor<512xi32>
  %f = arith.sitofp %0 : tensor<512xi32> to tensor<512xf32>
  %1 = block.reshape %f : tensor<512xf32> -> tensor<8x8x8xf32>
  %2 = block.trans %1 [2, 0, 1] : tensor<8x8x8xf32> -> tensor<8x8x8xf32>
  %3 = block.trans %2 [1, 2, 0] : tensor<8x8x8xf32> -> tensor<8x8x8xf32>
  %4 = block.trans %3 [0, 2, 1] : tensor<8x8x8xf32> -> tensor<8x8x8xf32>
  %5 = block.reshape %4 : tensor<8x8x8xf32> -> tensor<512xf32>
  %6 = block.splat %p : tensor<512x!block.ptr<f32>>
  %7 = block.addptr %6, %0 : tensor<512x!block.ptr<f32>>, tensor<512xi32>
  block.store %7, %5 : tensor<512x!block.ptr<f32>>
  return
}
