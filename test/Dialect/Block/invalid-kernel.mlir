// RUN: block-opt %s -split-input-file -verify-diagnostics

// Kernels and argument hints.

// expected-error @+1 {{'block.kernel' is only valid on a func.func}}
module attributes {block.kernel} {
}

// -----

// expected-error @+1 {{'block.kernel' must be a unit attribute}}
func.func @kernel_not_unit() attributes {block.kernel = 1 : i32} {
  return
}

// -----

// expected-error @+1 {{kernel @kernel_results must not return values, but returns 1}}
func.func @kernel_results() -> i32 attributes {block.kernel} {
  %c = arith.constant 0 : i32
  return %c : i32
}

// -----

// expected-error @+1 {{kernel argument #1 has type 'tensor<4xf32>', but a kernel takes only !block.ptr and scalars of i1, i8, i16, i32, i64, f16, bf16, f32, f64, f8E4M3FN, f8E5M2}}
func.func @kernel_tensor_argument(%p: !block.ptr<f32>, %t: tensor<4xf32>) attributes {block.kernel} {
  return
}

// -----

// expected-error @+1 {{kernel @kernel_declaration must have a body}}
func.func private @kernel_declaration(%p: !block.ptr<f32>) attributes {block.kernel}

// -----

// expected-error @+1 {{'block.num_warps' is only valid on a kernel (a func.func with 'block.kernel')}}
func.func @num_warps_without_kernel() attributes {block.num_warps = 4 : i32} {
  return
}

// -----

// expected-error @+1 {{'block.num_warps' is 3, but must be a power of two from 1 to 32}}
func.func @num_warps_value() attributes {block.kernel, block.num_warps = 3 : i32} {
  return
}

// -----

// expected-error @+1 {{'block.num_warps' must be an i32 integer}}
func.func @num_warps_type() attributes {block.kernel, block.num_warps = 4.0 : f32} {
  return
}

// -----

// expected-error @+1 {{'block.divisibility' applies to integer arguments, but argument #0 has type '!block.ptr<f32>' (use 'block.alignment' for pointers)}}
func.func @divisibility_on_pointer(%p: !block.ptr<f32> {block.divisibility = 16}) attributes {block.kernel} {
  return
}

// -----

// expected-error @+1 {{'block.alignment' applies to pointer arguments, but argument #0 has type 'i32' (use 'block.divisibility' for integers)}}
func.func @alignment_on_integer(%n: i32 {block.alignment = 16}) attributes {block.kernel} {
  return
}

// -----

// expected-error @+1 {{'block.divisibility' of argument #0 must be a positive power of two}}
func.func @divisibility_value(%n: i32 {block.divisibility = 12}) attributes {block.kernel} {
  return
}

// -----

// expected-error @+1 {{unknown block dialect attribute 'block.kernal'}}
func.func @misspelt() attributes {block.kernal} {
  return
}

// -----

// expected-error @+1 {{unknown block dialect argument attribute 'block.align'}}
func.func @misspelt_hint(%p: !block.ptr<f32> {block.align = 16}) {
  return
}

// -----

// expected-error @+1 {{'block.num_stages' is only valid on a kernel or an scf.for}}
func.func @num_stages_without_kernel() attributes {block.num_stages = 3 : i32} {
  return
}

// -----

// expected-error @+1 {{'block.num_stages' is 9, but must be from 1 to 8}}
func.func @num_stages_value() attributes {block.kernel, block.num_stages = 9 : i32} {
  return
}

// -----

func.func @num_stages_type(%n: i32) attributes {block.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{'block.num_stages' must be an i32 integer}}
  scf.for %i = %c0 to %n step %c1 : i32 {
  } {block.num_stages = 2 : i64}
  return
}

// -----

// expected-error @+1 {{'block.warp_specialize' is only valid on a kernel or an scf.for}}
func.func @warp_specialize_without_kernel() attributes {block.warp_specialize = true} {
  return
}

// -----

func.func @warp_specialize_type(%n: i32) attributes {block.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{'block.warp_specialize' must be true or false}}
  scf.for %i = %c0 to %n step %c1 : i32 {
  } {block.warp_specialize = 1 : i32}
  return
}

// -----

// Kernel names are PTX identifiers: LLVM aborted on '-', ' ', '/' and
// non-ASCII ("Symbol name with unsupported characters"), and '.' or a
// leading digit gave PTX that ptxas refuses.

// expected-error @+1 {{kernel name "vector-add" is not a PTX identifier: a kernel is named with ASCII letters, digits and '_', not starting with a digit}}
func.func @"vector-add"(%o: !block.ptr<i32>, %n: i32) attributes {block.kernel, block.num_warps = 1 : i32} {
  block.store %o, %n : !block.ptr<i32>
  return
}

// -----

// expected-error @+1 {{kernel name "a.b" is not a PTX identifier}}
func.func @"a.b"() attributes {block.kernel} {
  return
}

// -----

// expected-error @+1 {{kernel name "1abc" is not a PTX identifier}}
func.func @"1abc"() attributes {block.kernel} {
  return
}

// -----

// expected-error @+1 {{kernel name "k/ü" is not a PTX identifier}}
func.func @"k/ü"() attributes {block.kernel} {
  return
}

// -----

// Helpers are inlined: their names never reach PTX.
func.func @"a-helper"() {
  return
}
func.func @_ok_Name9() attributes {block.kernel} {
  func.call @"a-helper"() : () -> ()
  return
}

// -----

// expected-error @+1 {{'block.versioned_on_signs' is only valid on an scf.if}}
func.func @versioned_not_a_branch() attributes {block.versioned_on_signs} {
  return
}

// -----

func.func @versioned_not_unit(%c: i1) {
  // expected-error @+1 {{'block.versioned_on_signs' must be a unit attribute}}
  scf.if %c {
  } {block.versioned_on_signs = 1 : i32}
  return
}
