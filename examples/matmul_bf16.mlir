// c = a * b for row-major bf16 a (M x K), b (K x N) and c (M x N), with
// f32 accumulation on the tensor cores and c rounded to bf16, in 128 x 256
// tiles of c, stepping through K 64 at a time. Launch a 1-D grid of
// ceil(M / 128) * ceil(N / 256) programs: they walk the tiles of c in
// groups of 8 rows of tiles, column by column, so that programs running at
// once share rows of a and columns of b in L2 (Triton's grouped order). N
// and K are multiples of 16 (as Triton specialises them), so that rows of
// a and b start on 16-byte boundaries and the tiles load in vectors; M, N
// and K need not be multiples of the tile.
func.func @matmul_bf16(%a: !block.ptr<bf16> {block.alignment = 16},
                       %b: !block.ptr<bf16> {block.alignment = 16},
                       %c: !block.ptr<bf16> {block.alignment = 16},
                       %m: i32,
                       %n: i32 {block.divisibility = 16},
                       %k: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 8 : i32, block.num_stages = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %c64 = arith.constant 64 : i32
  %c127 = arith.constant 127 : i32
  %c128 = arith.constant 128 : i32
  %c255 = arith.constant 255 : i32
  %c256 = arith.constant 256 : i32
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %azero = arith.constant dense<0.0> : tensor<128x64xbf16>
  %bzero = arith.constant dense<0.0> : tensor<64x256xbf16>

  // The program's tile (pm, pn) in grouped order.
  %pid = block.program_id x
  %mp = arith.addi %m, %c127 : i32
  %tiles_m = arith.divui %mp, %c128 : i32
  %np = arith.addi %n, %c255 : i32
  %tiles_n = arith.divui %np, %c256 : i32
  %group_tiles = arith.muli %tiles_n, %c8 : i32
  %group = arith.divui %pid, %group_tiles : i32
  %first_m = arith.muli %group, %c8 : i32
  %rows_left = arith.subi %tiles_m, %first_m : i32
  %group_m = arith.minui %rows_left, %c8 : i32
  %in_group = arith.remui %pid, %group_tiles : i32
  %pm_in = arith.remui %in_group, %group_m : i32
  %pm = arith.addi %first_m, %pm_in : i32
  %pn = arith.divui %in_group, %group_m : i32

  %r128 = block.arange 0, 128 : tensor<128xi32>
  %r256 = block.arange 0, 256 : tensor<256xi32>
  %r64 = block.arange 0, 64 : tensor<64xi32>
  %row0 = arith.muli %pm, %c128 : i32
  %col0 = arith.muli %pn, %c256 : i32
  %row0s = block.splat %row0 : tensor<128xi32>
  %col0s = block.splat %col0 : tensor<256xi32>
  %rows = arith.addi %row0s, %r128 : tensor<128xi32>
  %cols = arith.addi %col0s, %r256 : tensor<256xi32>
  %ms = block.splat %m : tensor<128xi32>
  %ns = block.splat %n : tensor<256xi32>
  %rowok = arith.cmpi slt, %rows, %ms : tensor<128xi32>
  %colok = arith.cmpi slt, %cols, %ns : tensor<256xi32>
  %rowok2 = block.expand_dims %rowok, 1 : tensor<128xi1> -> tensor<128x1xi1>
  %colok2 = block.expand_dims %colok, 0 : tensor<256xi1> -> tensor<1x256xi1>
  // a[rows, kk] at rows * k + kk; b[kk, cols] at kk * n + cols.
  %ks = block.splat %k : tensor<128xi32>
  %arow = arith.muli %rows, %ks : tensor<128xi32>
  %arow2 = block.expand_dims %arow, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %arowb = block.broadcast %arow2 : tensor<128x1xi32> -> tensor<128x64xi32>
  %arowokb = block.broadcast %rowok2 : tensor<128x1xi1> -> tensor<128x64xi1>
  %bcol2 = block.expand_dims %cols, 0 : tensor<256xi32> -> tensor<1x256xi32>
  %bcolb = block.broadcast %bcol2 : tensor<1x256xi32> -> tensor<64x256xi32>
  %bcolokb = block.broadcast %colok2 : tensor<1x256xi1> -> tensor<64x256xi1>
  %abase = block.splat %a : tensor<128x64x!block.ptr<bf16>>
  %bbase = block.splat %b : tensor<64x256x!block.ptr<bf16>>
  %kbound = block.splat %k : tensor<64xi32>
  %nk = block.splat %n : tensor<64xi32>

  %acc = scf.for %k0 = %c0 to %k step %c64 iter_args(%sum = %zero) -> (tensor<128x256xf32>) : i32 {
    %k0s = block.splat %k0 : tensor<64xi32>
    %kk = arith.addi %k0s, %r64 : tensor<64xi32>
    %kok = arith.cmpi slt, %kk, %kbound : tensor<64xi32>
    // a tile (128 x 64): columns kk.
    %kkc = block.expand_dims %kk, 0 : tensor<64xi32> -> tensor<1x64xi32>
    %kkcb = block.broadcast %kkc : tensor<1x64xi32> -> tensor<128x64xi32>
    %aoff = arith.addi %arowb, %kkcb : tensor<128x64xi32>
    %kokc = block.expand_dims %kok, 0 : tensor<64xi1> -> tensor<1x64xi1>
    %kokcb = block.broadcast %kokc : tensor<1x64xi1> -> tensor<128x64xi1>
    %amask = arith.andi %arowokb, %kokcb : tensor<128x64xi1>
    %ap = block.addptr %abase, %aoff : tensor<128x64x!block.ptr<bf16>>, tensor<128x64xi32>
    %at = block.load %ap mask %amask other %azero : tensor<128x64x!block.ptr<bf16>>
    // b tile (64 x 256): rows kk.
    %kkn = arith.muli %kk, %nk : tensor<64xi32>
    %kkr = block.expand_dims %kkn, 1 : tensor<64xi32> -> tensor<64x1xi32>
    %kkrb = block.broadcast %kkr : tensor<64x1xi32> -> tensor<64x256xi32>
    %boff = arith.addi %kkrb, %bcolb : tensor<64x256xi32>
    %kokr = block.expand_dims %kok, 1 : tensor<64xi1> -> tensor<64x1xi1>
    %kokrb = block.broadcast %kokr : tensor<64x1xi1> -> tensor<64x256xi1>
    %bmask = arith.andi %kokrb, %bcolokb : tensor<64x256xi1>
    %bp = block.addptr %bbase, %boff : tensor<64x256x!block.ptr<bf16>>, tensor<64x256xi32>
    %bt = block.load %bp mask %bmask other %bzero : tensor<64x256x!block.ptr<bf16>>
    %next = block.dot %at, %bt, %sum : tensor<128x64xbf16>, tensor<64x256xbf16> -> tensor<128x256xf32>
    scf.yield %next : tensor<128x256xf32>
  }

  %out = arith.truncf %acc : tensor<128x256xf32> to tensor<128x256xbf16>
  %nm = block.splat %n : tensor<128xi32>
  %crow = arith.muli %rows, %nm : tensor<128xi32>
  %crow2 = block.expand_dims %crow, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %crowb = block.broadcast %crow2 : tensor<128x1xi32> -> tensor<128x256xi32>
  %ccolb = block.broadcast %bcol2 : tensor<1x256xi32> -> tensor<128x256xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<128x256xi32>
  %crowokb = block.broadcast %rowok2 : tensor<128x1xi1> -> tensor<128x256xi1>
  %ccolokb = block.broadcast %colok2 : tensor<1x256xi1> -> tensor<128x256xi1>
  %cmask = arith.andi %crowokb, %ccolokb : tensor<128x256xi1>
  %cbase = block.splat %c : tensor<128x256x!block.ptr<bf16>>
  %cp = block.addptr %cbase, %coff : tensor<128x256x!block.ptr<bf16>>, tensor<128x256xi32>
  block.store %cp, %out mask %cmask : tensor<128x256x!block.ptr<bf16>>
  return
}
