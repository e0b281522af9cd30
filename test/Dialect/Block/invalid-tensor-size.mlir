// RUN: block-opt %s -split-input-file -verify-diagnostics
//
// Verifier holes found while writing the fuzzers (issue 6): each of these
// programs used to verify and reach the passes.

// The element count wrapped around (2^64 elements read as 0), so the size
// rule let the tensor through.
func.func @count_wraps() attributes {block.kernel} {
  // expected-error @+1 {{result #0 has type 'tensor<4611686018427387904x4xf32>' with 2^64 elements, but a block tensor has at most 1048576 (2^20)}}
  %z = arith.constant dense<0.0> : tensor<4611686018427387904x4xf32>
  return
}

// -----

func.func @count_negative(%x: f32) {
  // expected-error @+1 {{with 2^63 elements, but a block tensor has at most 1048576 (2^20)}}
  %t = block.splat %x : tensor<4611686018427387904x2xf32>
  return
}

// -----

func.func @count_large(%x: f32) {
  // expected-error @+1 {{with 1099511627776 elements}}
  %t = block.splat %x : tensor<1048576x1048576xf32>
  return
}

// -----

// An encoding that is no block layout.
func.func @string_encoding() attributes {block.kernel} {
  // expected-error @+1 {{result #0 has type 'tensor<4xf32, "foo">', but the encoding of a block tensor must be a block layout (#block.blocked, #block.slice), not "foo"}}
  %z = arith.constant dense<0.0> : tensor<4xf32, "foo">
  return
}

// -----

func.func @string_encoding_block_op(%x: f32) {
  // expected-error @+1 {{must be a block layout (#block.blocked, #block.slice), not "foo"}}
  %t = block.splat %x : tensor<4xf32, "foo">
  return
}
