// examples/matmul.mlir's product on the tensor cores: c = a * b for f32 a
// (M x K, row-major) and b given transposed, bt = b^T (N x K, row-major),
// into f32 c (M x N, row-major), with a and b read as tf32 (10 bits of
// mantissa, the 13 dropped bits truncated, as the tensor cores read f32
// data) and the sums kept in f32 (precision = tf32 on block.dot, what
// torch.backends.cuda.matmul.allow_tf32 and Triton's input_precision="tf32"
// do: about 3 decimal digits per product instead of 7). Both operands keep
// k contiguous in memory, as wgmma reads 32-bit operands (k-major only): b's
// tile is bt's [256, 32] tile, transposed in place. In 128 x 256 tiles of
// c, stepping through K 32 at a time, 4 steps in flight. Launch a 1-D grid
// of ceil(M / 128) * ceil(N / 256) programs: they walk the tiles of c in
// groups of 8 rows of tiles, column by column, so that programs running at
// once share rows of a and bt in L2 (Triton's grouped order; the FMA
// example's 2-D grid walks them row by row). Tensor descriptors name a, bt
// and c and move their tiles; elements past the edges read zero and are
// not written, so M, N and K need not be multiples of the tile. N and K are
// multiples of 16, so that rows start on 16-byte boundaries (the copy
// engine's rule).
func.func @matmul_tf32(%a: !block.ptr<f32> {block.alignment = 16},
                      %bt: !block.ptr<f32> {block.alignment = 16},
                      %c: !block.ptr<f32> {block.alignment = 16},
                      %m: i32,
                      %n: i32 {block.divisibility = 16},
                      %k: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 8 : i32, block.num_stages = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %c32 = arith.constant 32 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %da = block.make_tensor_desc %a, [%m, %k], [%k, 1]
      : !block.ptr<f32> -> !block.tensordesc<tensor<128x32xf32>>
  %db = block.make_tensor_desc %bt, [%n, %k], [%k, 1]
      : !block.ptr<f32> -> !block.tensordesc<tensor<256x32xf32>>
  %dc = block.make_tensor_desc %c, [%m, %n], [%n, 1]
      : !block.ptr<f32> -> !block.tensordesc<tensor<128x256xf32>>

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
  %row0 = arith.muli %pm, %c128 : i32
  %col0 = arith.muli %pn, %c256 : i32

  %acc = scf.for %k0 = %c0 to %k step %c32 iter_args(%sum = %zero) -> (tensor<128x256xf32>) : i32 {
    %at = block.desc_load %da[%row0, %k0] : !block.tensordesc<tensor<128x32xf32>> -> tensor<128x32xf32>
    %btile = block.desc_load %db[%col0, %k0] : !block.tensordesc<tensor<256x32xf32>> -> tensor<256x32xf32>
    %b = block.trans %btile [1, 0] : tensor<256x32xf32> -> tensor<32x256xf32>
    %next = block.dot %at, %b, %sum precision = tf32 : tensor<128x32xf32>, tensor<32x256xf32> -> tensor<128x256xf32>
    scf.yield %next : tensor<128x256xf32>
  }
  block.desc_store %dc[%row0, %col0], %acc : !block.tensordesc<tensor<128x256xf32>>, tensor<128x256xf32>
  return
}
