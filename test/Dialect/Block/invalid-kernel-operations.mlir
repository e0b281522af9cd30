// RUN: block-opt %s -split-input-file -verify-diagnostics

// Upstream operations block-opt parses but the lowering and block-run do not
// take are refused in kernels, with what to write instead.

func.func @empty() attributes {block.kernel} {
  // expected-error @+1 {{'tensor.empty' op is not a block operation and has no lowering: fill a tensor with block.splat or arith.constant}}
  %e = tensor.empty() : tensor<128xf32>
  return
}

// -----

func.func @extract_slice(%t: f32) attributes {block.kernel} {
  %x = block.splat %t : tensor<128xf32>
  // expected-error @+1 {{'tensor.extract_slice' op is not a block operation and has no lowering: load and store the block you need through pointers (block.addptr, block.load, block.store); block.split takes pairs apart}}
  %s = tensor.extract_slice %x[0] [64] [1] : tensor<128xf32> to tensor<64xf32>
  return
}

// -----

func.func @insert(%t: f32) attributes {block.kernel} {
  %x = block.splat %t : tensor<128xf32>
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'tensor.insert' op is not a block operation and has no lowering: select the new element with arith.select and a mask from block.arange}}
  %y = tensor.insert %t into %x[%c0] : tensor<128xf32>
  return
}

// -----

func.func @extract(%t: f32) attributes {block.kernel} {
  %x = block.splat %t : tensor<128xf32>
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'tensor.extract' op is not a block operation and has no lowering: reduce the tensor with block.reduce, or load the element through a pointer}}
  %y = tensor.extract %x[%c0] : tensor<128xf32>
  return
}

// -----

func.func @tensor_splat(%t: f32) attributes {block.kernel} {
  // expected-error @+1 {{'tensor.splat' op is not a block operation and has no lowering: use block.splat}}
  %x = tensor.splat %t : tensor<128xf32>
  return
}

// -----

func.func @expand_shape(%t: f32) attributes {block.kernel} {
  %x = block.splat %t : tensor<128xf32>
  // expected-error @+1 {{'tensor.expand_shape' op is not a block operation and has no lowering: use block.reshape or block.expand_dims}}
  %y = tensor.expand_shape %x [[0, 1]] output_shape [8, 16] : tensor<128xf32> into tensor<8x16xf32>
  return
}

// -----

func.func @concat(%t: f32) attributes {block.kernel} {
  %x = block.splat %t : tensor<64xf32>
  // expected-error @+1 {{'tensor.concat' op is not a block operation and has no lowering: pair tensors with block.join or block.interleave}}
  %y = tensor.concat dim(0) %x, %x : (tensor<64xf32>, tensor<64xf32>) -> tensor<128xf32>
  return
}

// -----

// Inside a loop too.
func.func @nested(%t: f32, %n: i32) attributes {block.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    // expected-error @+1 {{'tensor.empty' op is not a block operation}}
    %e = tensor.empty() : tensor<128xf32>
  }
  return
}

// -----

func.func @memref(%t: f32) attributes {block.kernel} {
  // expected-error @+1 {{'memref.alloca' op is not a block operation and has no lowering: a kernel computes with block, arith, math and scf operations on tensors and reaches memory through !block.ptr}}
  %m = memref.alloca() : memref<4xf32>
  return
}

// -----

func.func @poison() attributes {block.kernel} {
  // expected-error @+1 {{'ub.poison' op is not a block operation and has no lowering: a kernel computes with block, arith, math and scf operations on tensors and reaches memory through !block.ptr}}
  %p = ub.poison : tensor<128xf32>
  return
}

// -----

// Outside kernels, upstream operations are left alone.
func.func @not_a_kernel() -> tensor<128xf32> {
  %e = tensor.empty() : tensor<128xf32>
  return %e : tensor<128xf32>
}
