// precision = tf32 truncates each operand to tf32 (the 13 low bits of the
// mantissa cleared, toward zero whatever the sign), as the tensor cores
// read f32 data; tf32x3 rounds its parts to nearest, ties away from zero;
// infinities and NaNs stay what they are.
// RUN: block-run %s --grid=1 | FileCheck %s

func.func @edges() attributes {block.kernel} {
  // a = [1 + 2^-10 + 2^-11, -(1 + 2^-11 + 2^-12)], b = [1, 2]^T.
  // Truncated: (1 + 2^-10) - 2 = -0.9990234375 (printed to 8 digits);
  // rounded, as ieee here: (1 + 2^-9) - 2 (1 + 2^-10) = -1.
  %a = arith.constant dense<[[1.00146484375, -1.000732421875]]> : tensor<1x2xf32>
  %b = arith.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  %z = arith.constant dense<0.0> : tensor<1x1xf32>
  // CHECK: tf32: -0.99902344
  %t = block.dot %a, %b, %z precision = tf32 : tensor<1x2xf32>, tensor<2x1xf32> -> tensor<1x1xf32>
  %t0 = block.reshape %t : tensor<1x1xf32> -> tensor<1xf32>
  %ts = block.reduce add %t0 axis = 0 : (tensor<1xf32>) -> f32
  block.print "tf32: " %ts : f32
  // CHECK: ieee: -1
  %i = block.dot %a, %b, %z : tensor<1x2xf32>, tensor<2x1xf32> -> tensor<1x1xf32>
  %i0 = block.reshape %i : tensor<1x1xf32> -> tensor<1xf32>
  %is = block.reduce add %i0 axis = 0 : (tensor<1xf32>) -> f32
  block.print "ieee: " %is : f32
  // CHECK: tf32x3: -1
  %x = block.dot %a, %b, %z precision = tf32x3 : tensor<1x2xf32>, tensor<2x1xf32> -> tensor<1x1xf32>
  %x0 = block.reshape %x : tensor<1x1xf32> -> tensor<1xf32>
  %xs = block.reduce add %x0 axis = 0 : (tensor<1xf32>) -> f32
  block.print "tf32x3: " %xs : f32

  // An infinity stays one; a NaN stays a NaN.
  %inf = arith.constant dense<[[0x7F800000, 0.0]]> : tensor<1x2xf32>
  // CHECK: inf: inf
  %f = block.dot %inf, %b, %z precision = tf32 : tensor<1x2xf32>, tensor<2x1xf32> -> tensor<1x1xf32>
  %f0 = block.reshape %f : tensor<1x1xf32> -> tensor<1xf32>
  %fs = block.reduce add %f0 axis = 0 : (tensor<1xf32>) -> f32
  block.print "inf: " %fs : f32
  %nan = arith.constant dense<[[0x7FC00001, 0.0]]> : tensor<1x2xf32>
  // CHECK: nan: nan
  %n = block.dot %nan, %b, %z precision = tf32 : tensor<1x2xf32>, tensor<2x1xf32> -> tensor<1x1xf32>
  %n0 = block.reshape %n : tensor<1x1xf32> -> tensor<1xf32>
  %ns = block.reduce add %n0 axis = 0 : (tensor<1xf32>) -> f32
  block.print "nan: " %ns : f32
  return
}
