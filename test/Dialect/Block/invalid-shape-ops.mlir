// RUN: block-opt %s -split-input-file -verify-diagnostics

// Creation and shape operations.

func.func @arange_empty() {
  // expected-error @+1 {{needs start < end, but the range is [8, 8)}}
  %r = block.arange 8, 8 : tensor<1xi32>
  return
}

// -----

func.func @arange_size() {
  // expected-error @+1 {{result type 'tensor<64xi32>' must be a 1-D tensor of 32 elements (end - start)}}
  %r = block.arange 0, 32 : tensor<64xi32>
  return
}

// -----

func.func @splat_type(%x: f32) {
  // expected-error @+1 {{failed to verify that result element type is the operand type}}
  %t = "block.splat"(%x) : (f32) -> tensor<4xi32>
  return
}

// -----

func.func @broadcast_rank(%x: tensor<4xf32>) {
  // expected-error @+1 {{operand 'tensor<4xf32>' and result 'tensor<4x4xf32>' must have the same rank}}
  %b = block.broadcast %x : tensor<4xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @broadcast_dim(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{can only broadcast dimensions of size 1, but dimension 0 is 2 -> 8}}
  %b = block.broadcast %x : tensor<2x4xf32> -> tensor<8x4xf32>
  return
}

// -----

func.func @expand_dims_axis(%x: tensor<4xf32>) {
  // expected-error @+1 {{axis 2 is out of range [0, 1]}}
  %e = block.expand_dims %x, 2 : tensor<4xf32> -> tensor<4x1xf32>
  return
}

// -----

func.func @expand_dims_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{result 'tensor<4x1xf32>' must be the operand 'tensor<4xf32>' with a dimension of size 1 at axis 0}}
  %e = block.expand_dims %x, 0 : tensor<4xf32> -> tensor<4x1xf32>
  return
}

// -----

func.func @reshape_count(%x: tensor<16xf32>) {
  // expected-error @+1 {{operand 'tensor<16xf32>' and result 'tensor<4x8xf32>' must have the same number of elements}}
  %r = block.reshape %x : tensor<16xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @trans_rank(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{order has 3 entries, but the operand has rank 2}}
  %t = block.trans %x [0, 1, 2] : tensor<4x8xf32> -> tensor<8x4xf32>
  return
}

// -----

func.func @trans_result_rank(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{operand 'tensor<4x8xf32>' and result 'tensor<32xf32>' must have the same rank}}
  %t = block.trans %x [1, 0] : tensor<4x8xf32> -> tensor<32xf32>
  return
}

// -----

func.func @trans_permutation(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{order must be a permutation of 0..1}}
  %t = block.trans %x [1, 1] : tensor<4x8xf32> -> tensor<8x4xf32>
  return
}

// -----

func.func @trans_shape(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{result dimension 0 must be operand dimension 1 (8), but is 4}}
  %t = block.trans %x [1, 0] : tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @convert_layout_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{requires the same shape for all operands and results}}
  %c = block.convert_layout %x : tensor<4xf32> -> tensor<8xf32>
  return
}
