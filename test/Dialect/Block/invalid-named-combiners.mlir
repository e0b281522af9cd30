// RUN: block-opt %s -split-input-file -verify-diagnostics

// Named combiners that do not fit their operands.

func.func @unknown(%x: tensor<8xf32>) {
  // expected-error @+1 {{unknown combiner 'sum'; expected add, mul, and, or, xor, maxsi, maxui, minsi, minui, maximumf, maxnumf, minimumf, minnumf, argmax or argmin}}
  %r = block.reduce sum %x axis = 0 : (tensor<8xf32>) -> f32
  return
}

// -----

func.func @ambiguous_max(%x: tensor<8xf32>) {
  // expected-error @+1 {{unknown combiner 'max'; say which max: maxsi, maxui (integers), maximumf (NaN wins) or maxnumf (NaN loses)}}
  %r = block.reduce max %x axis = 0 : (tensor<8xf32>) -> f32
  return
}

// -----

func.func @float_bits(%x: tensor<8xf32>) {
  // expected-error @+1 {{combiner 'xor' combines integers, not 'f32'}}
  %r = block.reduce xor %x axis = 0 : (tensor<8xf32>) -> f32
  return
}

// -----

func.func @int_maxnum(%x: tensor<8xi32>) {
  // expected-error @+1 {{combiner 'maxnumf' combines floats, not 'i32'}}
  %r = block.scan maxnumf %x axis = 0 : (tensor<8xi32>) -> tensor<8xi32>
  return
}

// -----

func.func @pointers(%x: tensor<8x!block.ptr<f32>>) {
  // expected-error @+1 {{combiner 'add' combines integers or floats, not '!block.ptr<f32>'}}
  %r = block.reduce add %x axis = 0 : (tensor<8x!block.ptr<f32>>) -> !block.ptr<f32>
  return
}

// -----

func.func @two_for_add(%x: tensor<8xf32>) {
  // expected-error @+1 {{combiner 'add' takes 1 operand, not 2}}
  %r:2 = block.reduce add %x, %x axis = 0 : (tensor<8xf32>, tensor<8xf32>) -> (f32, f32)
  return
}

// -----

func.func @argmax_alone(%x: tensor<8xf32>) {
  // expected-error @+1 {{combiner 'argmax' takes 2 operands (a value and its index), not 1}}
  %r = block.reduce argmax %x axis = 0 : (tensor<8xf32>) -> f32
  return
}

// -----

func.func @float_index(%x: tensor<8xf32>) {
  // expected-error @+1 {{combiner 'argmin' needs an integer index, not 'f32'}}
  %r:2 = block.reduce argmin %x, %x axis = 0 : (tensor<8xf32>, tensor<8xf32>) -> (f32, f32)
  return
}

// -----

func.func @named_with_region(%x: tensor<8xf32>) {
  %r = block.reduce add %x axis = 0 : (tensor<8xf32>) -> f32 {
  // expected-error @-1 {{expected operation name in quotes}}
  ^bb0(%a: f32, %b: f32):
    block.yield %a : f32
  }
  return
}

// -----

func.func @scalar_operand(%x: f32) {
  // expected-error @+1 {{operands must be tensors, not 'f32'}}
  %r = block.reduce add %x axis = 0 : (f32) -> f32
  return
}

// -----

func.func @named_still_verified(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{result #0 has type 'tensor<8xf32>', but reducing 'tensor<4x8xf32>' along axis 1 gives 'tensor<4xf32>'}}
  %r = block.reduce add %x axis = 1 : (tensor<4x8xf32>) -> tensor<8xf32>
  return
}
