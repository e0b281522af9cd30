// out[m, n] = relu(x[m, n] * w[n] + b[n]) for an M x N row-major x.
// Each program instance computes an 8 x 512 tile; launch a grid of
// (ceil(N / 512), ceil(M / 8)) instances.
func.func @fused_bias_relu(%x: !block.ptr<f32> {block.alignment = 16},
                           %w: !block.ptr<f32> {block.alignment = 16},
                           %b: !block.ptr<f32> {block.alignment = 16},
                           %out: !block.ptr<f32> {block.alignment = 16},
                           %m: i32, %n: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c8 = arith.constant 8 : i32
  %c512 = arith.constant 512 : i32
  %zero = arith.constant dense<0.0> : tensor<8x512xf32>
  %pn = block.program_id x
  %pm = block.program_id y

  // Columns of this tile, and the masked loads of w and b.
  %col0 = arith.muli %pn, %c512 : i32
  %cr = block.arange 0, 512 : tensor<512xi32>
  %col0s = block.splat %col0 : tensor<512xi32>
  %cols = arith.addi %col0s, %cr : tensor<512xi32>
  %ns = block.splat %n : tensor<512xi32>
  %colmask = arith.cmpi slt, %cols, %ns : tensor<512xi32>
  %wp = block.addptr %w, %cols : !block.ptr<f32>, tensor<512xi32>
  %wv = block.load %wp mask %colmask : tensor<512x!block.ptr<f32>>
  %bp = block.addptr %b, %cols : !block.ptr<f32>, tensor<512xi32>
  %bv = block.load %bp mask %colmask : tensor<512x!block.ptr<f32>>

  // Rows of this tile.
  %row0 = arith.muli %pm, %c8 : i32
  %rr = block.arange 0, 8 : tensor<8xi32>
  %row0s = block.splat %row0 : tensor<8xi32>
  %rows = arith.addi %row0s, %rr : tensor<8xi32>
  %ms = block.splat %m : tensor<8xi32>
  %rowmask = arith.cmpi slt, %rows, %ms : tensor<8xi32>

  // offsets[r, c] = rows[r] * n + cols[c]
  %ns8 = block.splat %n : tensor<8xi32>
  %rowoff = arith.muli %rows, %ns8 : tensor<8xi32>
  %ro = block.broadcast %rowoff dims [0] : tensor<8xi32> -> tensor<8x512xi32>
  %co = block.broadcast %cols dims [1] : tensor<512xi32> -> tensor<8x512xi32>
  %offs = arith.addi %ro, %co : tensor<8x512xi32>
  %rm = block.broadcast %rowmask dims [0] : tensor<8xi1> -> tensor<8x512xi1>
  %cm = block.broadcast %colmask dims [1] : tensor<512xi1> -> tensor<8x512xi1>
  %mask = arith.andi %rm, %cm : tensor<8x512xi1>

  %xp = block.addptr %x, %offs : !block.ptr<f32>, tensor<8x512xi32>
  %xv = block.load %xp mask %mask : tensor<8x512x!block.ptr<f32>>

  %wt = block.broadcast %wv dims [1] : tensor<512xf32> -> tensor<8x512xf32>
  %bt = block.broadcast %bv dims [1] : tensor<512xf32> -> tensor<8x512xf32>
  %xw = arith.mulf %xv, %wt : tensor<8x512xf32>
  %y = arith.addf %xw, %bt : tensor<8x512xf32>
  %r = arith.maximumf %y, %zero : tensor<8x512xf32>

  %op = block.addptr %out, %offs : !block.ptr<f32>, tensor<8x512xi32>
  block.store %op, %r mask %mask : tensor<8x512x!block.ptr<f32>>
  return
}
