// RUN: block-opt %s -split-input-file -verify-diagnostics
//
// Argument hints the rest of the toolchain cannot carry. block-compile wrote
// "alignment": 2147483648 into the bundle manifest, which the runtime's
// reader refuses (at most 2^30): the program compiled, its bundle never
// loaded. And getInt() read an i128 hint by its low 64 bits.

// expected-error @+1 {{'block.alignment' of argument #0 is 2147483648, but an alignment is at most 2^30 (1073741824) bytes}}
func.func @too_aligned(%x: !block.ptr<f32> {block.alignment = 2147483648}) {
  return
}

// -----

func.func @aligned_enough(%x: !block.ptr<f32> {block.alignment = 1073741824}) {
  return
}

// -----

// expected-error @+1 {{'block.divisibility' of argument #0 must be a positive power of two}}
func.func @wide_hint(%n: i32 {block.divisibility = 18446744073709551632 : i128}) {
  return
}
