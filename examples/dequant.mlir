// Dequantisation with one scale per group of 128 columns of a row:
//   out[r, c] = bf16(float(w[r, c]) * scale[r, c / 128])
// for a rows x cols row-major int8 w, its rows x (cols / 128) row-major f32
// scales and a rows x cols row-major bf16 out. The group, 128 columns, is a
// constant of the kernel; cols must be a multiple of it. Each program instance
// dequantises a 16 x 512 tile: launch a grid of (ceil(cols / 512),
// ceil(rows / 16)). The arguments carry no hints: block-compile's variant for
// aligned pointers and both sizes divisible by 16 reads 16 bytes of w an
// access, and one scale for the 16 columns of a row that a thread holds (they
// lie in one group); other arguments run the generic kernel, an element at a
// time.
func.func @dequant(%w: !block.ptr<i8>, %scale: !block.ptr<f32>, %out: !block.ptr<bf16>,
                   %rows: i32, %cols: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c16 = arith.constant 16 : i32
  %c512 = arith.constant 512 : i32
  %group = arith.constant dense<128> : tensor<16x512xi32>
  %pn = block.program_id x
  %pm = block.program_id y

  // The row r and column c of each element of the tile; those inside w.
  %row0 = arith.muli %pm, %c16 : i32
  %r1 = block.arange %row0 + 0, 16 : tensor<16xi32>
  %r = block.broadcast %r1 dims [0] : tensor<16xi32> -> tensor<16x512xi32>
  %col0 = arith.muli %pn, %c512 : i32
  %c1 = block.arange %col0 + 0, 512 : tensor<512xi32>
  %c = block.broadcast %c1 dims [1] : tensor<512xi32> -> tensor<16x512xi32>
  %rowss = block.splat %rows : tensor<16x512xi32>
  %colss = block.splat %cols : tensor<16x512xi32>
  %rin = arith.cmpi slt, %r, %rowss : tensor<16x512xi32>
  %cin = arith.cmpi slt, %c, %colss : tensor<16x512xi32>
  %mask = arith.andi %rin, %cin : tensor<16x512xi1>

  // w[r, c] and out[r, c] are element r * cols + c of their matrices, and
  // scale[r, c / 128] element (r * cols + c) / 128 of its (cols is a multiple
  // of 128): the same for all the columns of a group.
  %rowoff = arith.muli %r, %colss : tensor<16x512xi32>
  %offs = arith.addi %rowoff, %c : tensor<16x512xi32>
  %wv = block.load %w[%offs] mask %mask : !block.ptr<i8>, tensor<16x512xi32>
  %soffs = arith.divui %offs, %group : tensor<16x512xi32>
  %sv = block.load %scale[%soffs] mask %mask : !block.ptr<f32>, tensor<16x512xi32>

  %wf = arith.sitofp %wv : tensor<16x512xi8> to tensor<16x512xf32>
  %y = arith.mulf %wf, %sv : tensor<16x512xf32>
  %yb = arith.truncf %y : tensor<16x512xf32> to tensor<16x512xbf16>
  block.store %out[%offs], %yb mask %mask : !block.ptr<bf16>, tensor<16x512xi32>
  return
}
