// RUN: block-opt %s -split-input-file -verify-diagnostics

// Tensor rules shared by every op, and casts.

func.func @not_power_of_two(%x: f32) {
  // expected-error @+1 {{result #0 has type 'tensor<100xf32>', but every dimension of a block tensor must be a power of two}}
  %t = block.splat %x : tensor<100xf32>
  return
}

// -----

func.func @too_many_elements(%x: f32) {
  // expected-error @+1 {{with 2097152 elements, but a block tensor has at most 1048576 (2^20)}}
  %t = block.splat %x : tensor<2048x1024xf32>
  return
}

// -----

func.func @operand_not_power_of_two(%x: tensor<6xf32>) {
  // expected-error @+1 {{operand #0 has type 'tensor<6xf32>', but every dimension of a block tensor must be a power of two}}
  %t = block.reshape %x : tensor<6xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @arith_in_kernel(%x: f32) attributes {block.kernel} {
  // expected-error @+1 {{'arith.constant' op result #0 has type 'tensor<12xf32>', but every dimension of a block tensor must be a power of two}}
  %t = arith.constant dense<0.0> : tensor<12xf32>
  return
}

// -----

func.func @rank_zero(%x: f32) {
  // expected-error @+1 {{result #0 has type 'tensor<f32>', but block tensors have rank 1 or more (use a scalar)}}
  %t = block.splat %x : tensor<f32>
  return
}

// -----

#l = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @layout_rank(%x: f32) {
  // expected-error @+1 {{its layout is of rank 1, but the tensor is of rank 2}}
  %t = block.splat %x : tensor<4x4xf32, #l>
  return
}

// -----

// expected-error @+1 {{!block.ptr points to 'index', but the pointee must be a signless i1/i8/i16/i32/i64, f16, bf16, f32, f64, f8E4M3FN, f8E5M2 or !block.ptr}}
func.func @bad_pointee(%p: !block.ptr<index>) {
  return
}

// -----

func.func @bitcast_width(%x: tensor<4xf32>) {
  // expected-error @+1 {{element types must have the same bit width, but 'f32' has 32 and 'i16' has 16}}
  %b = block.bitcast %x : tensor<4xf32> -> tensor<4xi16>
  return
}

// -----

func.func @bitcast_pointer(%p: !block.ptr<f32>) {
  // expected-error @+1 {{cannot cast between pointer and non-pointer ('!block.ptr<f32>' -> 'i64'); use ptr_to_int or int_to_ptr}}
  %b = block.bitcast %p : !block.ptr<f32> -> i64
  return
}

// -----

func.func @ptr_to_int_type(%p: tensor<4x!block.ptr<f32>>) {
  // expected-error @+1 {{failed to verify that result is i64 of the pointer's shape}}
  %i = "block.ptr_to_int"(%p) : (tensor<4x!block.ptr<f32>>) -> tensor<8xi64>
  return
}
