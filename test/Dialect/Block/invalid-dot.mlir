// RUN: block-opt %s -split-input-file -verify-diagnostics

// block.dot.

func.func @dot_rank(%a: tensor<16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{operands must be 2-D}}
  %d = block.dot %a, %b, %c : tensor<16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_inner(%a: tensor<16x32xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{inner dimensions differ: a is 'tensor<16x32xf32>' and b is 'tensor<16x16xf32>'}}
  %d = block.dot %a, %b, %c : tensor<16x32xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_acc_shape(%a: tensor<16x32xf32>, %b: tensor<32x64xf32>, %c: tensor<16x32xf32>) {
  // expected-error @+1 {{accumulator 'tensor<16x32xf32>' must be 16x64}}
  %d = block.dot %a, %b, %c : tensor<16x32xf32>, tensor<32x64xf32> -> tensor<16x32xf32>
  return
}

// -----

func.func @dot_mixed(%a: tensor<16x16xf16>, %b: tensor<16x16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{a and b must have one element type, but have 'f16' and 'bf16'}}
  %d = block.dot %a, %b, %c : tensor<16x16xf16>, tensor<16x16xbf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_accumulator_type(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf64>) {
  // expected-error @+1 {{a 'f16' product accumulates in 'f16' or f32, not 'f64'}}
  %d = block.dot %a, %b, %c : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf64>
  return
}

// -----

func.func @dot_integer(%a: tensor<16x16xi32>, %b: tensor<16x16xi32>, %c: tensor<16x16xi32>) {
  // expected-error @+1 {{integer products take i8 operands and an i32 accumulator, not 'i32' and 'i32'}}
  %d = block.dot %a, %b, %c : tensor<16x16xi32>, tensor<16x16xi32> -> tensor<16x16xi32>
  return
}

// -----

func.func @dot_precision_f16(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{precision tf32 rounds f32 operands, not 'f16'}}
  %d = block.dot %a, %b, %c precision = tf32 : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_precision_unknown(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'precision' [ieee, tf32, tf32x3]}}
  %d = block.dot %a, %b, %c precision = bf16x3 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  return
}
