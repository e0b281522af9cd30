// out = transpose(in) for an M x N row-major `in` and N x M row-major `out`,
// in 32 x 32 tiles: the tile is read along rows of `in` and written along rows
// of `out`, so both sides are coalesced. Launch a grid of
// (ceil(N / 32), ceil(M / 32)).
func.func @transpose(%in: !block.ptr<f32> {block.alignment = 16},
                     %out: !block.ptr<f32> {block.alignment = 16},
                     %m: i32 {block.divisibility = 16},
                     %n: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c32 = arith.constant 32 : i32
  %pn = block.program_id x
  %pm = block.program_id y
  %r = block.arange 0, 32 : tensor<32xi32>
  %row0 = arith.muli %pm, %c32 : i32
  %col0 = arith.muli %pn, %c32 : i32
  %row0s = block.splat %row0 : tensor<32xi32>
  %col0s = block.splat %col0 : tensor<32xi32>
  %rows = arith.addi %row0s, %r : tensor<32xi32>
  %cols = arith.addi %col0s, %r : tensor<32xi32>
  %ms = block.splat %m : tensor<32xi32>
  %ns = block.splat %n : tensor<32xi32>
  %rowok = arith.cmpi slt, %rows, %ms : tensor<32xi32>
  %colok = arith.cmpi slt, %cols, %ns : tensor<32xi32>

  // Read in[rows, cols]: offsets rows[i] * n + cols[j].
  %rowoff = arith.muli %rows, %ns : tensor<32xi32>
  %ro1 = block.expand_dims %rowoff, 1 : tensor<32xi32> -> tensor<32x1xi32>
  %ro = block.broadcast %ro1 : tensor<32x1xi32> -> tensor<32x32xi32>
  %co1 = block.expand_dims %cols, 0 : tensor<32xi32> -> tensor<1x32xi32>
  %co = block.broadcast %co1 : tensor<1x32xi32> -> tensor<32x32xi32>
  %inoff = arith.addi %ro, %co : tensor<32x32xi32>
  %rm1 = block.expand_dims %rowok, 1 : tensor<32xi1> -> tensor<32x1xi1>
  %rm = block.broadcast %rm1 : tensor<32x1xi1> -> tensor<32x32xi1>
  %cm1 = block.expand_dims %colok, 0 : tensor<32xi1> -> tensor<1x32xi1>
  %cm = block.broadcast %cm1 : tensor<1x32xi1> -> tensor<32x32xi1>
  %inmask = arith.andi %rm, %cm : tensor<32x32xi1>
  %inbase = block.splat %in : tensor<32x32x!block.ptr<f32>>
  %ip = block.addptr %inbase, %inoff : tensor<32x32x!block.ptr<f32>>, tensor<32x32xi32>
  %tile = block.load %ip mask %inmask : tensor<32x32x!block.ptr<f32>>

  // Write out[cols, rows]: offsets cols[j] * m + rows[i].
  %t = block.trans %tile [1, 0] : tensor<32x32xf32> -> tensor<32x32xf32>
  %outmask = block.trans %inmask [1, 0] : tensor<32x32xi1> -> tensor<32x32xi1>
  %colout = arith.muli %cols, %ms : tensor<32xi32>
  %oc1 = block.expand_dims %colout, 1 : tensor<32xi32> -> tensor<32x1xi32>
  %oc = block.broadcast %oc1 : tensor<32x1xi32> -> tensor<32x32xi32>
  %or1 = block.expand_dims %rows, 0 : tensor<32xi32> -> tensor<1x32xi32>
  %or = block.broadcast %or1 : tensor<1x32xi32> -> tensor<32x32xi32>
  %outoff = arith.addi %oc, %or : tensor<32x32xi32>
  %outbase = block.splat %out : tensor<32x32x!block.ptr<f32>>
  %opp = block.addptr %outbase, %outoff : tensor<32x32x!block.ptr<f32>>, tensor<32x32xi32>
  block.store %opp, %t mask %outmask : tensor<32x32x!block.ptr<f32>>
  return
}
