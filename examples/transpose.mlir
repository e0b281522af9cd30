// out = transpose(in) for an M x N row-major `in` and N x M row-major `out`,
// in 64 x 64 tiles: the tile is read along rows of `in` and written along rows
// of `out`, so both sides are coalesced. 64 x 64 tiles with 8 warps keep more
// bytes in flight per SM than 32 x 32 ones (docs/performance.md). Launch a
// grid of (ceil(N / 64), ceil(M / 64)).
func.func @transpose(%in: !block.ptr<f32> {block.alignment = 16},
                     %out: !block.ptr<f32> {block.alignment = 16},
                     %m: i32 {block.divisibility = 16},
                     %n: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 8 : i32} {
  %c64 = arith.constant 64 : i32
  %pn = block.program_id x
  %pm = block.program_id y
  %r = block.arange 0, 64 : tensor<64xi32>
  %row0 = arith.muli %pm, %c64 : i32
  %col0 = arith.muli %pn, %c64 : i32
  %row0s = block.splat %row0 : tensor<64xi32>
  %col0s = block.splat %col0 : tensor<64xi32>
  %rows = arith.addi %row0s, %r : tensor<64xi32>
  %cols = arith.addi %col0s, %r : tensor<64xi32>
  %ms = block.splat %m : tensor<64xi32>
  %ns = block.splat %n : tensor<64xi32>
  %rowok = arith.cmpi slt, %rows, %ms : tensor<64xi32>
  %colok = arith.cmpi slt, %cols, %ns : tensor<64xi32>

  // Read in[rows, cols]: offsets rows[i] * n + cols[j].
  %rowoff = arith.muli %rows, %ns : tensor<64xi32>
  %ro = block.broadcast %rowoff dims [0] : tensor<64xi32> -> tensor<64x64xi32>
  %co = block.broadcast %cols dims [1] : tensor<64xi32> -> tensor<64x64xi32>
  %inoff = arith.addi %ro, %co : tensor<64x64xi32>
  %rm = block.broadcast %rowok dims [0] : tensor<64xi1> -> tensor<64x64xi1>
  %cm = block.broadcast %colok dims [1] : tensor<64xi1> -> tensor<64x64xi1>
  %inmask = arith.andi %rm, %cm : tensor<64x64xi1>
  %ip = block.addptr %in, %inoff : !block.ptr<f32>, tensor<64x64xi32>
  %tile = block.load %ip mask %inmask : tensor<64x64x!block.ptr<f32>>

  // Write out[cols, rows]: offsets cols[j] * m + rows[i].
  %t = block.trans %tile [1, 0] : tensor<64x64xf32> -> tensor<64x64xf32>
  %outmask = block.trans %inmask [1, 0] : tensor<64x64xi1> -> tensor<64x64xi1>
  %colout = arith.muli %cols, %ms : tensor<64xi32>
  %oc = block.broadcast %colout dims [0] : tensor<64xi32> -> tensor<64x64xi32>
  %or = block.broadcast %rows dims [1] : tensor<64xi32> -> tensor<64x64xi32>
  %outoff = arith.addi %oc, %or : tensor<64x64xi32>
  %opp = block.addptr %out, %outoff : !block.ptr<f32>, tensor<64x64xi32>
  block.store %opp, %t mask %outmask : tensor<64x64x!block.ptr<f32>>
  return
}
