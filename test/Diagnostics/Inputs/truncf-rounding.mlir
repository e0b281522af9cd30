// A bf16 conversion with a rounding mode, which sm_80 lacks
// (block-compile-once.test).
func.func @k(%o: !block.ptr<f32>, %n: i32) attributes {block.kernel, block.num_warps = 1 : i32} {
  %r = block.arange 0, 64 : tensor<64xi32>
  %ns = block.splat %n : tensor<64xi32>
  %e = arith.constant dense<1.0> : tensor<64xf32>
  %t = arith.truncf %e to_nearest_away : tensor<64xf32> to tensor<64xbf16>
  %off = arith.addi %r, %ns : tensor<64xi32>
  %f = arith.extf %t : tensor<64xbf16> to tensor<64xf32>
  block.store %o[%off], %f : !block.ptr<f32>, tensor<64xi32>
  return
}
