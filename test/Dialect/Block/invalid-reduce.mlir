// RUN: block-opt %s -split-input-file -verify-diagnostics

// Reductions, scans and their combiners.

func.func @reduce_axis(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{axis 2 is out of range [0, 2)}}
  %r = block.reduce %x axis = 2 : (tensor<4x8xf32>) -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    block.yield %s : f32
  }
  return
}

// -----

func.func @reduce_shapes(%x: tensor<8xf32>, %i: tensor<4xi32>) {
  // expected-error @+1 {{operand #1 has type 'tensor<4xi32>', but all operands must have the shape of operand #0 ('tensor<8xf32>')}}
  %r:2 = block.reduce %x, %i axis = 0 : (tensor<8xf32>, tensor<4xi32>) -> (f32, i32) {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    block.yield %a, %ai : f32, i32
  }
  return
}

// -----

func.func @reduce_result(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{result #0 has type 'tensor<8xf32>', but reducing 'tensor<4x8xf32>' along axis 1 gives 'tensor<4xf32>'}}
  %r = block.reduce %x axis = 1 : (tensor<4x8xf32>) -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    block.yield %s : f32
  }
  return
}

// -----

func.func @reduce_result_count(%x: tensor<8xf32>) {
  // expected-error @+1 {{has 1 operands but 2 results; they must match}}
  %r:2 = "block.reduce"(%x) ({
  ^bb0(%a: f32, %b: f32):
    block.yield %a : f32
  }) {axis = 0 : i32} : (tensor<8xf32>) -> (f32, f32)
  return
}

// -----

func.func @reduce_no_operand() {
  // expected-error @+1 {{needs at least one operand}}
  "block.reduce"() ({
  ^bb0:
    block.yield
  }) {axis = 0 : i32} : () -> ()
  return
}

// -----

func.func @combiner_arity(%x: tensor<8xf32>) {
  // expected-error @+1 {{combiner must take 2 arguments (two per operand), but takes 3}}
  %r = block.reduce %x axis = 0 : (tensor<8xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32, %c: f32):
    block.yield %a : f32
  }
  return
}

// -----

func.func @combiner_argument_type(%x: tensor<8xf32>) {
  // expected-error @+1 {{combiner argument #1 has type 'f16', but operand #0 has elements of type 'f32'}}
  %r = block.reduce %x axis = 0 : (tensor<8xf32>) -> f32 {
  ^bb0(%a: f32, %b: f16):
    block.yield %a : f32
  }
  return
}

// -----

func.func @combiner_yield_count(%x: tensor<8xf32>) {
  %r = block.reduce %x axis = 0 : (tensor<8xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{yields 2 values, but the combiner of 1 operands must yield 1}}
    block.yield %a, %b : f32, f32
  }
  return
}

// -----

func.func @combiner_yield_type(%x: tensor<8xf32>) {
  %r = block.reduce %x axis = 0 : (tensor<8xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %i = arith.fptosi %a : f32 to i32
    // expected-error @+1 {{value #0 has type 'i32', but the combiner combines 'f32'}}
    block.yield %i : i32
  }
  return
}

// -----

func.func @yield_outside(%x: f32) {
  // expected-error @+1 {{expects parent op to be one of 'block.reduce, block.scan'}}
  block.yield %x : f32
}

// -----

func.func @scan_result(%x: tensor<8xi32>) {
  // expected-error @+1 {{result #0 has type 'tensor<8xi64>', but must have the type of operand #0 ('tensor<8xi32>')}}
  %r = block.scan %x axis = 0 : (tensor<8xi32>) -> tensor<8xi64> {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    block.yield %s : i32
  }
  return
}

// -----

func.func @scan_axis(%x: tensor<8xi32>) {
  // expected-error @+1 {{axis 1 is out of range [0, 1)}}
  %r = block.scan %x axis = 1 : (tensor<8xi32>) -> tensor<8xi32> {
  ^bb0(%a: i32, %b: i32):
    block.yield %a : i32
  }
  return
}
