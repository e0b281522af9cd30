// c = a * b for i8 a (M x K, row-major) and b given transposed, bt = b^T
// (N x K, row-major: b[kk, j] is bt[j * K + kk]), into i32 c (M x N,
// row-major), summed in i32 on the tensor cores (wrapping, as the hardware
// and NumPy's int32 do; with K below 2^17 no sum overflows), in 128 x 256
// tiles of c, stepping through K 128 at a time. Both operands keep k
// contiguous in memory, the layout cuBLAS's int8 products take ("TN";
// torch._int_mm's b is bt.t()): wgmma reads 8-bit operands k-major only,
// and mma.sync takes their fragments along k only (a b with n contiguous
// would be read from shared memory a byte at a time instead of with
// ldmatrix). Launch a 1-D grid of ceil(M / 128) * ceil(N / 256) programs
// in Triton's grouped order (groups of 8 rows of tiles, column by column,
// for L2 reuse). N and K are multiples of 16, so that rows of a, bt and c
// start on 16-byte boundaries and the tiles load and store in vectors; M,
// N and K need not be multiples of the tile.
func.func @matmul_int8(%a: !block.ptr<i8> {block.alignment = 16},
                       %bt: !block.ptr<i8> {block.alignment = 16},
                       %c: !block.ptr<i32> {block.alignment = 16},
                       %m: i32,
                       %n: i32 {block.divisibility = 16},
                       %k: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %c255 = arith.constant 255 : i32
  %c256 = arith.constant 256 : i32
  %c127 = arith.constant 127 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0> : tensor<128x256xi32>
  %azero = arith.constant dense<0> : tensor<128x128xi8>
  %bzero = arith.constant dense<0> : tensor<128x256xi8>

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
  // a[rows, kk] at rows * k + kk; b[kk, cols] = bt[cols, kk] at cols * k + kk.
  %ks = block.splat %k : tensor<128xi32>
  %arow = arith.muli %rows, %ks : tensor<128xi32>
  %arow2 = block.expand_dims %arow, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %arowb = block.broadcast %arow2 : tensor<128x1xi32> -> tensor<128x128xi32>
  %arowokb = block.broadcast %rowok2 : tensor<128x1xi1> -> tensor<128x128xi1>
  %ksn = block.splat %k : tensor<256xi32>
  %bcol = arith.muli %cols, %ksn : tensor<256xi32>
  %bcol2 = block.expand_dims %bcol, 0 : tensor<256xi32> -> tensor<1x256xi32>
  %bcolb = block.broadcast %bcol2 : tensor<1x256xi32> -> tensor<128x256xi32>
  %bcolokb = block.broadcast %colok2 : tensor<1x256xi1> -> tensor<128x256xi1>
  %abase = block.splat %a : tensor<128x128x!block.ptr<i8>>
  %bbase = block.splat %bt : tensor<128x256x!block.ptr<i8>>

  %acc = scf.for %k0 = %c0 to %k step %c128 iter_args(%sum = %zero) -> (tensor<128x256xi32>) : i32 {
    %k0s = block.splat %k0 : tensor<128xi32>
    %kk = arith.addi %k0s, %r128 : tensor<128xi32>
    %kok = arith.cmpi slt, %kk, %ks : tensor<128xi32>
    // a tile (128 x 128): columns kk.
    %kkc = block.expand_dims %kk, 0 : tensor<128xi32> -> tensor<1x128xi32>
    %kkcb = block.broadcast %kkc : tensor<1x128xi32> -> tensor<128x128xi32>
    %aoff = arith.addi %arowb, %kkcb : tensor<128x128xi32>
    %kokc = block.expand_dims %kok, 0 : tensor<128xi1> -> tensor<1x128xi1>
    %kokcb = block.broadcast %kokc : tensor<1x128xi1> -> tensor<128x128xi1>
    %amask = arith.andi %arowokb, %kokcb : tensor<128x128xi1>
    %ap = block.addptr %abase, %aoff : tensor<128x128x!block.ptr<i8>>, tensor<128x128xi32>
    %at = block.load %ap mask %amask other %azero : tensor<128x128x!block.ptr<i8>>
    // b tile (128 x 256): rows kk, read along k from bt's rows cols.
    %kkr = block.expand_dims %kk, 1 : tensor<128xi32> -> tensor<128x1xi32>
    %kkrb = block.broadcast %kkr : tensor<128x1xi32> -> tensor<128x256xi32>
    %boff = arith.addi %kkrb, %bcolb : tensor<128x256xi32>
    %kokr = block.expand_dims %kok, 1 : tensor<128xi1> -> tensor<128x1xi1>
    %kokrb = block.broadcast %kokr : tensor<128x1xi1> -> tensor<128x256xi1>
    %bmask = arith.andi %kokrb, %bcolokb : tensor<128x256xi1>
    %bp = block.addptr %bbase, %boff : tensor<128x256x!block.ptr<i8>>, tensor<128x256xi32>
    %btile = block.load %bp mask %bmask other %bzero : tensor<128x256x!block.ptr<i8>>
    %next = block.dot %at, %btile, %sum : tensor<128x128xi8>, tensor<128x256xi8> -> tensor<128x256xi32>
    scf.yield %next : tensor<128x256xi32>
  }

  %nrows = block.splat %n : tensor<128xi32>
  %crow = arith.muli %rows, %nrows : tensor<128xi32>
  %crow2 = block.expand_dims %crow, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %crowb = block.broadcast %crow2 : tensor<128x1xi32> -> tensor<128x256xi32>
  %ccol2 = block.expand_dims %cols, 0 : tensor<256xi32> -> tensor<1x256xi32>
  %ccolb = block.broadcast %ccol2 : tensor<1x256xi32> -> tensor<128x256xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<128x256xi32>
  %crowokb = block.broadcast %rowok2 : tensor<128x1xi1> -> tensor<128x256xi1>
  %ccolokb = block.broadcast %colok2 : tensor<1x256xi1> -> tensor<128x256xi1>
  %cmask = arith.andi %crowokb, %ccolokb : tensor<128x256xi1>
  %cbase = block.splat %c : tensor<128x256x!block.ptr<i32>>
  %cp = block.addptr %cbase, %coff : tensor<128x256x!block.ptr<i32>>, tensor<128x256xi32>
  block.store %cp, %acc mask %cmask : tensor<128x256x!block.ptr<i32>>
  return
}
