// RUN: block-opt %s -split-input-file -verify-diagnostics
//
// The bounds of block.arange are i32 attributes read through unsigned
// accessors: a negative start was reported as 4294967292, and
// block.arange -8, -4 verified as the range [4294967288, 4294967292).

func.func @negative_start() {
  // expected-error @+1 {{needs non-negative bounds, but the range is [-4, 4)}}
  %r = block.arange -4, 4 : tensor<8xi32>
  return
}

// -----

func.func @negative_range() {
  // expected-error @+1 {{needs non-negative bounds, but the range is [-8, -4)}}
  %r = block.arange -8, -4 : tensor<4xi32>
  return
}

// -----

func.func @largest() {
  %r = block.arange 2147482623, 2147483647 : tensor<1024xi32>
  return
}
