// out = transpose(in) for an M x N row-major `in` and N x M row-major `out`,
// in 64 x 64 tiles: the tile is read along rows of `in` and written along rows
// of `out`, so both sides are coalesced. 64 x 64 tiles with 8 warps keep more
// bytes in flight per SM than 32 x 32 ones (docs/performance.md). Launch a
// grid of (ceil(N / 64), ceil(M / 64)). The descriptors take care of the
// edges: elements past them read zero and are not written.
func.func @transpose(%in: !block.ptr<f32>, %out: !block.ptr<f32>, %m: i32, %n: i32)
    attributes {block.kernel, block.num_warps = 8 : i32} {
  %c64 = arith.constant 64 : i32
  %din = block.make_tensor_desc %in, [%m, %n], [%n, 1] : !block.ptr<f32> -> !block.tensordesc<tensor<64x64xf32>>
  %dout = block.make_tensor_desc %out, [%n, %m], [%m, 1] : !block.ptr<f32> -> !block.tensordesc<tensor<64x64xf32>>
  %pn = block.program_id x
  %pm = block.program_id y
  %row0 = arith.muli %pm, %c64 : i32
  %col0 = arith.muli %pn, %c64 : i32
  %tile = block.desc_load %din[%row0, %col0] : !block.tensordesc<tensor<64x64xf32>> -> tensor<64x64xf32>
  %t = block.trans %tile [1, 0] : tensor<64x64xf32> -> tensor<64x64xf32>
  block.desc_store %dout[%col0, %row0], %t : !block.tensordesc<tensor<64x64xf32>>, tensor<64x64xf32>
  return
}
