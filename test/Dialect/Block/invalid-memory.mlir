// RUN: block-opt %s -split-input-file -verify-diagnostics

// Pointers, loads, stores and atomics.

func.func @addptr_shape(%p: tensor<4x!block.ptr<f32>>, %o: i32) {
  // expected-error @+1 {{pointer ('tensor<4x!block.ptr<f32>>') and offset ('i32') must have the same shape}}
  %q = block.addptr %p, %o : tensor<4x!block.ptr<f32>>, i32
  return
}

// -----

func.func @addptr_not_pointer(%p: tensor<4xi64>, %o: tensor<4xi32>) {
  // expected-error @+1 {{operand #0 must be block pointer or ranked tensor of}}
  %q = "block.addptr"(%p, %o) : (tensor<4xi64>, tensor<4xi32>) -> tensor<4xi64>
  return
}

// -----

func.func @load_other_without_mask(%p: tensor<4x!block.ptr<f32>>, %o: tensor<4xf32>) {
  // expected-error @+1 {{has 'other' but no mask: 'other' gives the value of masked-off lanes}}
  %v = "block.load"(%p, %o) {operandSegmentSizes = array<i32: 1, 0, 0, 1>} : (tensor<4x!block.ptr<f32>>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @load_mask_type(%p: tensor<4x!block.ptr<f32>>, %m: tensor<8xi1>) {
  // expected-error @+1 {{mask has type 'tensor<8xi1>', but the pointers' mask type is 'tensor<4xi1>'}}
  %v = "block.load"(%p, %m) {operandSegmentSizes = array<i32: 1, 0, 1, 0>} : (tensor<4x!block.ptr<f32>>, tensor<8xi1>) -> tensor<4xf32>
  return
}

// -----

func.func @load_result_type(%p: tensor<4x!block.ptr<f32>>) {
  // expected-error @+1 {{result has type 'tensor<4xf16>', but the pointee type of 'tensor<4x!block.ptr<f32>>' is 'tensor<4xf32>'}}
  %v = "block.load"(%p) {operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (tensor<4x!block.ptr<f32>>) -> tensor<4xf16>
  return
}

// -----

func.func @load_store_cache(%p: !block.ptr<f32>) {
  // expected-error @+1 {{cache modifier 'wb' applies to stores only}}
  %v = block.load %p cache = wb : !block.ptr<f32>
  return
}

// -----

func.func @store_load_cache(%p: !block.ptr<f32>, %v: f32) {
  // expected-error @+1 {{cache modifier 'ca' applies to loads only}}
  block.store %p, %v cache = ca : !block.ptr<f32>
  return
}

// -----

func.func @store_value_type(%p: tensor<4x!block.ptr<f32>>, %v: tensor<4xi32>) {
  // expected-error @+1 {{value has type 'tensor<4xi32>', but the pointee type of 'tensor<4x!block.ptr<f32>>' is 'tensor<4xf32>'}}
  "block.store"(%p, %v) {operandSegmentSizes = array<i32: 1, 0, 1, 0>} : (tensor<4x!block.ptr<f32>>, tensor<4xi32>) -> ()
  return
}

// -----

func.func @atomic_fadd_int(%p: !block.ptr<i32>, %v: i32) {
  // expected-error @+1 {{'fadd' needs a floating-point pointee, but it is 'i32'}}
  %o = block.atomic_rmw fadd, relaxed, gpu, %p, %v : !block.ptr<i32>
  return
}

// -----

func.func @atomic_add_float(%p: !block.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'add' needs an i32 or i64 pointee, but it is 'f32' (use 'fadd' for floats)}}
  %o = block.atomic_rmw add, relaxed, gpu, %p, %v : !block.ptr<f32>
  return
}

// -----

func.func @atomic_xchg_width(%p: !block.ptr<i16>, %v: i16) {
  // expected-error @+1 {{'xchg' needs a 32- or 64-bit pointee, but it is 'i16'}}
  %o = block.atomic_rmw xchg, relaxed, gpu, %p, %v : !block.ptr<i16>
  return
}

// -----

func.func @atomic_cas_width(%p: !block.ptr<i8>, %c: i8, %v: i8) {
  // expected-error @+1 {{needs a 32- or 64-bit pointee, but it is 'i8'}}
  %o = block.atomic_cas relaxed, gpu, %p, %c, %v : !block.ptr<i8>
  return
}

// -----

func.func @load_offsets_tensor_base(%p: tensor<4x!block.ptr<f32>>, %o: tensor<4xi32>) {
  // expected-error @+1 {{`%base[%offsets]` takes a scalar pointer and a tensor of offsets, not 'tensor<4x!block.ptr<f32>>' and 'tensor<4xi32>'}}
  %v = block.load %p[%o] : tensor<4x!block.ptr<f32>>, tensor<4xi32>
  return
}

// -----

func.func @load_offsets_tensor_base_generic(%p: tensor<4x!block.ptr<f32>>, %o: tensor<4xi32>) {
  // expected-error @+1 {{takes offsets only with a scalar pointer, not 'tensor<4x!block.ptr<f32>>'}}
  %v = "block.load"(%p, %o) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<4x!block.ptr<f32>>, tensor<4xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @load_offsets_scalar(%p: !block.ptr<f32>, %o: i32) {
  // expected-error @+1 {{`%base[%offsets]` takes a scalar pointer and a tensor of offsets, not '!block.ptr<f32>' and 'i32'}}
  %v = block.load %p[%o] : !block.ptr<f32>, i32
  return
}

// -----

func.func @load_offsets_missing(%p: !block.ptr<f32>) {
  // expected-error @+1 {{expected SSA operand}}
  %v = block.load %p[] : !block.ptr<f32>, tensor<4xi32>
  return
}

// -----

func.func @load_offsets_without_type(%p: !block.ptr<f32>, %o: tensor<4xi32>) {
  // expected-error @+1 {{expected ','}}
  %v = block.load %p[%o] : !block.ptr<f32>
  return
}

// -----

func.func @load_offsets_result_type(%p: !block.ptr<f32>, %o: tensor<4xi32>) {
  // expected-error @+1 {{result has type 'tensor<4xf16>', but the pointee type of 'tensor<4x!block.ptr<f32>>' is 'tensor<4xf32>'}}
  %v = "block.load"(%p, %o) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!block.ptr<f32>, tensor<4xi32>) -> tensor<4xf16>
  return
}

// -----

func.func @load_other_type(%p: tensor<4x!block.ptr<f32>>, %m: tensor<4xi1>, %o: tensor<4xf16>) {
  // expected-error @+1 {{'other' has type 'tensor<4xf16>', but the result has type 'tensor<4xf32>'}}
  %v = "block.load"(%p, %m, %o) {operandSegmentSizes = array<i32: 1, 0, 1, 1>} : (tensor<4x!block.ptr<f32>>, tensor<4xi1>, tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @load_not_pointer(%p: f32) {
  // expected-error @+1 {{expected a pointer or a tensor of pointers, not 'f32'}}
  %v = block.load %p : f32
  return
}

// -----

func.func @store_offsets_mask_type(%p: !block.ptr<f32>, %o: tensor<4xi32>, %v: tensor<4xf32>, %m: tensor<8xi1>) {
  // expected-error @+1 {{mask has type 'tensor<8xi1>', but the pointers' mask type is 'tensor<4xi1>'}}
  "block.store"(%p, %o, %v, %m) {operandSegmentSizes = array<i32: 1, 1, 1, 1>} : (!block.ptr<f32>, tensor<4xi32>, tensor<4xf32>, tensor<8xi1>) -> ()
  return
}

// -----

func.func @atomic_offsets_value_type(%p: !block.ptr<i32>, %o: tensor<4xi32>, %v: tensor<8xi32>) {
  // expected-error @+1 {{value has type 'tensor<8xi32>', but the pointee type of 'tensor<4x!block.ptr<i32>>' is 'tensor<4xi32>'}}
  %r = "block.atomic_rmw"(%p, %o, %v) {kind = 0 : i32, sem = 0 : i32, scope = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (!block.ptr<i32>, tensor<4xi32>, tensor<8xi32>) -> tensor<8xi32>
  return
}

// -----

func.func @atomic_result_type(%p: tensor<4x!block.ptr<i32>>, %v: tensor<4xi32>) {
  // expected-error @+1 {{result has type 'tensor<4xi64>', but the value has type 'tensor<4xi32>'}}
  %r = "block.atomic_rmw"(%p, %v) {kind = 0 : i32, sem = 0 : i32, scope = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 1, 0>} : (tensor<4x!block.ptr<i32>>, tensor<4xi32>) -> tensor<4xi64>
  return
}
