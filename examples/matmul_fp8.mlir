// c = a * b for fp8 a (M x K, row-major) and b given transposed, bt = b^T
// (N x K, row-major: b[kk, j] is bt[j * K + kk]), both f8E4M3FN, into bf16
// c (M x N, row-major), summed in f32 on the tensor cores and rounded once,
// in 128 x 256 tiles of c, stepping through K 128 at a time. Both operands
// keep k contiguous in memory, the layout cuBLAS's fp8 products take ("TN";
// torch._scaled_mm's b is bt.t()): wgmma reads 8-bit operands k-major only.
// fp8 products need wgmma (sm_90a). Launch a 1-D grid of
// ceil(M / 128) * ceil(N / 256) programs in Triton's grouped order (groups
// of 8 rows of tiles, column by column, for L2 reuse). N and K are
// multiples of 16, so that rows of a, bt and c start on 16-byte boundaries
// and the tiles load and store in vectors; M, N and K need not be
// multiples of the tile.
func.func @matmul_fp8(%a: !block.ptr<f8E4M3FN> {block.alignment = 16},
                       %bt: !block.ptr<f8E4M3FN> {block.alignment = 16},
                       %c: !block.ptr<bf16> {block.alignment = 16},
                       %m: i32,
                       %n: i32 {block.divisibility = 16},
                       %k: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 8 : i32, block.num_stages = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %azero = arith.constant dense<0.0> : tensor<128x128xf8E4M3FN>
  %bzero = arith.constant dense<0.0> : tensor<128x256xf8E4M3FN>

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
  %row0s = block.splat %row0 : tensor<128xi32>
  %col0s = block.splat %col0 : tensor<256xi32>
  %i = arith.addi %row0s, %r128 : tensor<128xi32>
  %j = arith.addi %col0s, %r256 : tensor<256xi32>
  %ms = block.splat %m : tensor<128xi32>
  %ns = block.splat %n : tensor<256xi32>
  %i_in = arith.cmpi slt, %i, %ms : tensor<128xi32>
  %j_in = arith.cmpi slt, %j, %ns : tensor<256xi32>
  // a[i, kk] at i * k + kk; b[kk, j] = bt[j, kk] at j * k + kk.
  %ks = block.splat %k : tensor<128xi32>
  %ksn = block.splat %k : tensor<256xi32>
  %arow = arith.muli %i, %ks : tensor<128xi32>
  %bcol = arith.muli %j, %ksn : tensor<256xi32>
  %arowb = block.broadcast %arow dims [0] : tensor<128xi32> -> tensor<128x128xi32>
  %i_inb = block.broadcast %i_in dims [0] : tensor<128xi1> -> tensor<128x128xi1>
  %bcolb = block.broadcast %bcol dims [1] : tensor<256xi32> -> tensor<128x256xi32>
  %j_inb = block.broadcast %j_in dims [1] : tensor<256xi1> -> tensor<128x256xi1>

  %acc = scf.for %k0 = %c0 to %k step %c128 iter_args(%sum = %zero) -> (tensor<128x256xf32>) : i32 {
    %k0s = block.splat %k0 : tensor<128xi32>
    %kk = arith.addi %k0s, %r128 : tensor<128xi32>
    %kk_in = arith.cmpi slt, %kk, %ks : tensor<128xi32>
    // a tile (128 x 128): rows i, columns kk.
    %kka = block.broadcast %kk dims [1] : tensor<128xi32> -> tensor<128x128xi32>
    %kk_ina = block.broadcast %kk_in dims [1] : tensor<128xi1> -> tensor<128x128xi1>
    %aoff = arith.addi %arowb, %kka : tensor<128x128xi32>
    %amask = arith.andi %i_inb, %kk_ina : tensor<128x128xi1>
    %ap = block.addptr %a, %aoff : !block.ptr<f8E4M3FN>, tensor<128x128xi32>
    %at = block.load %ap mask %amask other %azero : tensor<128x128x!block.ptr<f8E4M3FN>>
    // b tile (128 x 256): rows kk, read along k from bt's rows j.
    %kkb = block.broadcast %kk dims [0] : tensor<128xi32> -> tensor<128x256xi32>
    %kk_inb = block.broadcast %kk_in dims [0] : tensor<128xi1> -> tensor<128x256xi1>
    %boff = arith.addi %kkb, %bcolb : tensor<128x256xi32>
    %bmask = arith.andi %kk_inb, %j_inb : tensor<128x256xi1>
    %bp = block.addptr %bt, %boff : !block.ptr<f8E4M3FN>, tensor<128x256xi32>
    %btile = block.load %bp mask %bmask other %bzero : tensor<128x256x!block.ptr<f8E4M3FN>>
    %next = block.dot %at, %btile, %sum : tensor<128x128xf8E4M3FN>, tensor<128x256xf8E4M3FN> -> tensor<128x256xf32>
    scf.yield %next : tensor<128x256xf32>
  }

  // c[i, j] at i * n + j.
  %ns_rows = block.splat %n : tensor<128xi32>
  %crow = arith.muli %i, %ns_rows : tensor<128xi32>
  %crowb = block.broadcast %crow dims [0] : tensor<128xi32> -> tensor<128x256xi32>
  %jc = block.broadcast %j dims [1] : tensor<256xi32> -> tensor<128x256xi32>
  %coff = arith.addi %crowb, %jc : tensor<128x256xi32>
  %i_inc = block.broadcast %i_in dims [0] : tensor<128xi1> -> tensor<128x256xi1>
  %cmask = arith.andi %i_inc, %j_inb : tensor<128x256xi1>
  %out = arith.truncf %acc : tensor<128x256xf32> to tensor<128x256xbf16>
  %cp = block.addptr %c, %coff : !block.ptr<bf16>, tensor<128x256xi32>
  block.store %cp, %out mask %cmask : tensor<128x256x!block.ptr<bf16>>
  return
}
