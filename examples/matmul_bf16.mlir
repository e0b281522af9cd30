// c = a * b for row-major bf16 a (M x K), b (K x N) and c (M x N), with
// f32 accumulation on the tensor cores and c rounded to bf16, in 128 x 256
// tiles of c, stepping through K 64 at a time. Launch a 1-D grid of
// ceil(M / 128) * ceil(N / 256) programs: they walk the tiles of c in
// groups of 8 rows of tiles, column by column, so that programs running at
// once share rows of a and columns of b in L2 (Triton's grouped order). N
// and K are multiples of 16 (as Triton specialises them), so that rows of
// a and b start on 16-byte boundaries and the tiles load in vectors; M, N
// and K need not be multiples of the tile. The tiles' pointers are
// advanced through the loop (as Triton's tutorial writes it): an
// iteration adds a step to each instead of computing its addresses anew.
func.func @matmul_bf16(%a: !block.ptr<bf16> {block.alignment = 16},
                       %b: !block.ptr<bf16> {block.alignment = 16},
                       %c: !block.ptr<bf16> {block.alignment = 16},
                       %m: i32,
                       %n: i32 {block.divisibility = 16},
                       %k: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 8 : i32, block.num_stages = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %azero = arith.constant dense<0.0> : tensor<128x64xbf16>
  %bzero = arith.constant dense<0.0> : tensor<64x256xbf16>

  // The program's tile (pm, pn) in grouped order.
  %pid = block.program_id x
  %tiles_m = arith.ceildivui %m, %c128 : i32
  %tiles_n = arith.ceildivui %n, %c256 : i32
  %group_tiles = arith.muli %tiles_n, %c8 : i32
  %group = arith.divui %pid, %group_tiles : i32
  %first_m = arith.muli %group, %c8 : i32
  %rows_left = arith.subi %tiles_m, %first_m : i32
  %group_m = arith.minui %rows_left, %c8 : i32
  %in_group = arith.remui %pid, %group_tiles : i32
  %pm_in = arith.remui %in_group, %group_m : i32
  %pm = arith.addi %first_m, %pm_in : i32
  %pn = arith.divui %in_group, %group_m : i32

  // The tile's rows i and columns j, and which are inside c.
  %row0 = arith.muli %pm, %c128 : i32
  %col0 = arith.muli %pn, %c256 : i32
  %r128 = block.arange 0, 128 : tensor<128xi32>
  %r256 = block.arange 0, 256 : tensor<256xi32>
  %r64 = block.arange 0, 64 : tensor<64xi32>
  %row0s = block.splat %row0 : tensor<128xi32>
  %col0s = block.splat %col0 : tensor<256xi32>
  %i = arith.addi %row0s, %r128 : tensor<128xi32>
  %j = arith.addi %col0s, %r256 : tensor<256xi32>
  %ms = block.splat %m : tensor<128xi32>
  %ns = block.splat %n : tensor<256xi32>
  %i_in = arith.cmpi slt, %i, %ms : tensor<128xi32>
  %j_in = arith.cmpi slt, %j, %ns : tensor<256xi32>
  %i_ina = block.broadcast %i_in dims [0] : tensor<128xi1> -> tensor<128x64xi1>
  %j_inb = block.broadcast %j_in dims [1] : tensor<256xi1> -> tensor<64x256xi1>

  // The first tiles: a[i, kk] at i * k + kk, b[kk, j] at kk * n + j, for
  // kk in [0, 64); each step moves a's 64 columns and b's 64 rows on.
  %ks = block.splat %k : tensor<128xi32>
  %arow = arith.muli %i, %ks : tensor<128xi32>
  %arowa = block.broadcast %arow dims [0] : tensor<128xi32> -> tensor<128x64xi32>
  %kka = block.broadcast %r64 dims [1] : tensor<64xi32> -> tensor<128x64xi32>
  %aoff = arith.addi %arowa, %kka : tensor<128x64xi32>
  %a0 = block.addptr %a, %aoff : !block.ptr<bf16>, tensor<128x64xi32>
  %nk = block.splat %n : tensor<64xi32>
  %brow = arith.muli %r64, %nk : tensor<64xi32>
  %browb = block.broadcast %brow dims [0] : tensor<64xi32> -> tensor<64x256xi32>
  %jb = block.broadcast %j dims [1] : tensor<256xi32> -> tensor<64x256xi32>
  %boff = arith.addi %browb, %jb : tensor<64x256xi32>
  %b0 = block.addptr %b, %boff : !block.ptr<bf16>, tensor<64x256xi32>
  %astep = arith.constant dense<64> : tensor<128x64xi32>
  %n64 = arith.muli %n, %c64 : i32
  %bstep = block.splat %n64 : tensor<64x256xi32>

  %acc, %ap_end, %bp_end = scf.for %k0 = %c0 to %k step %c64
      iter_args(%sum = %zero, %ap = %a0, %bp = %b0)
      -> (tensor<128x256xf32>, tensor<128x64x!block.ptr<bf16>>, tensor<64x256x!block.ptr<bf16>>) : i32 {
    // Columns of a and rows of b at kk < k: those before k - k0.
    %k_left = arith.subi %k, %k0 : i32
    %k_lefts = block.splat %k_left : tensor<64xi32>
    %kk_in = arith.cmpi slt, %r64, %k_lefts : tensor<64xi32>
    %kk_ina = block.broadcast %kk_in dims [1] : tensor<64xi1> -> tensor<128x64xi1>
    %amask = arith.andi %i_ina, %kk_ina : tensor<128x64xi1>
    %at = block.load %ap mask %amask other %azero : tensor<128x64x!block.ptr<bf16>>
    %kk_inb = block.broadcast %kk_in dims [0] : tensor<64xi1> -> tensor<64x256xi1>
    %bmask = arith.andi %kk_inb, %j_inb : tensor<64x256xi1>
    %bt = block.load %bp mask %bmask other %bzero : tensor<64x256x!block.ptr<bf16>>
    %next = block.dot %at, %bt, %sum : tensor<128x64xbf16>, tensor<64x256xbf16> -> tensor<128x256xf32>
    %ap_next = block.addptr %ap, %astep : tensor<128x64x!block.ptr<bf16>>, tensor<128x64xi32>
    %bp_next = block.addptr %bp, %bstep : tensor<64x256x!block.ptr<bf16>>, tensor<64x256xi32>
    scf.yield %next, %ap_next, %bp_next
        : tensor<128x256xf32>, tensor<128x64x!block.ptr<bf16>>, tensor<64x256x!block.ptr<bf16>>
  }

  // c[i, j] at i * n + j.
  %out = arith.truncf %acc : tensor<128x256xf32> to tensor<128x256xbf16>
  %ns_rows = block.splat %n : tensor<128xi32>
  %crow = arith.muli %i, %ns_rows : tensor<128xi32>
  %crowc = block.broadcast %crow dims [0] : tensor<128xi32> -> tensor<128x256xi32>
  %jc = block.broadcast %j dims [1] : tensor<256xi32> -> tensor<128x256xi32>
  %coff = arith.addi %crowc, %jc : tensor<128x256xi32>
  %i_inc = block.broadcast %i_in dims [0] : tensor<128xi1> -> tensor<128x256xi1>
  %j_inc = block.broadcast %j_in dims [1] : tensor<256xi1> -> tensor<128x256xi1>
  %cmask = arith.andi %i_inc, %j_inc : tensor<128x256xi1>
  %cp = block.addptr %c, %coff : !block.ptr<bf16>, tensor<128x256xi32>
  block.store %cp, %out mask %cmask : tensor<128x256x!block.ptr<bf16>>
  return
}
