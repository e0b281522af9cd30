// out[m, n] = relu(x[m, n] * w[n] + b[n]) for an M x N row-major x.
// Each program instance computes an 8 x 512 tile; launch a grid of
// (ceil(N / 512), ceil(M / 8)) instances. The descriptors take care of the
// edges: elements past them read zero and are not written.
func.func @fused_bias_relu(%x: !block.ptr<f32>, %w: !block.ptr<f32>, %b: !block.ptr<f32>,
                           %out: !block.ptr<f32>, %m: i32, %n: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c8 = arith.constant 8 : i32
  %c512 = arith.constant 512 : i32
  %zero = arith.constant dense<0.0> : tensor<8x512xf32>
  %dx = block.make_tensor_desc %x, [%m, %n], [%n, 1] : !block.ptr<f32> -> !block.tensordesc<tensor<8x512xf32>>
  %dw = block.make_tensor_desc %w, [%n], [1] : !block.ptr<f32> -> !block.tensordesc<tensor<512xf32>>
  %db = block.make_tensor_desc %b, [%n], [1] : !block.ptr<f32> -> !block.tensordesc<tensor<512xf32>>
  %dout = block.make_tensor_desc %out, [%m, %n], [%n, 1] : !block.ptr<f32> -> !block.tensordesc<tensor<8x512xf32>>
  %pn = block.program_id x
  %pm = block.program_id y
  %row0 = arith.muli %pm, %c8 : i32
  %col0 = arith.muli %pn, %c512 : i32

  %xv = block.desc_load %dx[%row0, %col0] : !block.tensordesc<tensor<8x512xf32>> -> tensor<8x512xf32>
  %wv = block.desc_load %dw[%col0] : !block.tensordesc<tensor<512xf32>> -> tensor<512xf32>
  %bv = block.desc_load %db[%col0] : !block.tensordesc<tensor<512xf32>> -> tensor<512xf32>
  %wt = block.broadcast %wv dims [1] : tensor<512xf32> -> tensor<8x512xf32>
  %bt = block.broadcast %bv dims [1] : tensor<512xf32> -> tensor<8x512xf32>
  %y = math.fma %xv, %wt, %bt : tensor<8x512xf32>
  %r = arith.maximumf %y, %zero : tensor<8x512xf32>
  block.desc_store %dout[%row0, %col0], %r : !block.tensordesc<tensor<8x512xf32>>, tensor<8x512xf32>
  return
}
