// A tensor too large for one warp's registers: the kernel and its variant
// (p aligned) fail at the same op (block-compile-once.test).
func.func @k(%p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 1 : i32} {
  %r = block.arange 0, 65536 : tensor<65536xi32>
  %f = arith.sitofp %r : tensor<65536xi32> to tensor<65536xf32>
  %ps = block.splat %p : tensor<65536x!block.ptr<f32>>
  %pp = block.addptr %ps, %r : tensor<65536x!block.ptr<f32>>, tensor<65536xi32>
  block.store %pp, %f : tensor<65536x!block.ptr<f32>>
  return
}
