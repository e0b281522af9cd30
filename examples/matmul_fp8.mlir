// c = a * b for fp8 a (M x K, row-major) and b given transposed, bt = b^T
// (N x K, row-major), both f8E4M3FN, into bf16 c (M x N, row-major), summed
// in f32 on the tensor cores and rounded once, in 128 x 256 tiles of c,
// stepping through K 128 at a time. Both operands keep k contiguous in
// memory, the layout cuBLAS's fp8 products take ("TN"; torch._scaled_mm's b
// is bt.t()): wgmma reads 8-bit operands k-major only, so b's tile is bt's
// [256, 128] tile, transposed in place. fp8 products need wgmma (sm_90a).
// A persistent grid, as matmul_persistent.mlir: launch as many programs as
// the GPU runs at once (at most ceil(M / 128) * ceil(N / 256)); each walks
// the tiles of c from its program id in steps of the grid, in Triton's
// grouped order (8 rows of tiles at a time, for L2 reuse). N and K are
// multiples of 16, so that rows start on 16-byte boundaries (the copy
// engine's rule); M, N and K need not be multiples of the tile.
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
  %da = block.make_tensor_desc %a, [%m, %k], [%k, 1]
      : !block.ptr<f8E4M3FN> -> !block.tensordesc<tensor<128x128xf8E4M3FN>>
  %db = block.make_tensor_desc %bt, [%n, %k], [%k, 1]
      : !block.ptr<f8E4M3FN> -> !block.tensordesc<tensor<256x128xf8E4M3FN>>
  %dc = block.make_tensor_desc %c, [%m, %n], [%n, 1]
      : !block.ptr<bf16> -> !block.tensordesc<tensor<128x256xbf16>>

  %pid = block.program_id x
  %programs = block.num_programs x
  %tiles_m = arith.ceildivui %m, %c128 : i32
  %tiles_n = arith.ceildivui %n, %c256 : i32
  %tiles = arith.muli %tiles_m, %tiles_n : i32
  %group_tiles = arith.muli %tiles_n, %c8 : i32
  scf.for %tile = %pid to %tiles step %programs : i32 {
    // The tile (pm, pn) in grouped order.
    %group = arith.divui %tile, %group_tiles : i32
    %first_m = arith.muli %group, %c8 : i32
    %rows_left = arith.subi %tiles_m, %first_m : i32
    %group_m = arith.minui %rows_left, %c8 : i32
    %in_group = arith.remui %tile, %group_tiles : i32
    %pm_in = arith.remui %in_group, %group_m : i32
    %pm = arith.addi %first_m, %pm_in : i32
    %pn = arith.divui %in_group, %group_m : i32
    %row0 = arith.muli %pm, %c128 : i32
    %col0 = arith.muli %pn, %c256 : i32

    %acc = scf.for %k0 = %c0 to %k step %c128 iter_args(%sum = %zero) -> (tensor<128x256xf32>) : i32 {
      %at = block.desc_load %da[%row0, %k0] : !block.tensordesc<tensor<128x128xf8E4M3FN>> -> tensor<128x128xf8E4M3FN>
      %btile = block.desc_load %db[%col0, %k0] : !block.tensordesc<tensor<256x128xf8E4M3FN>> -> tensor<256x128xf8E4M3FN>
      %b = block.trans %btile [1, 0] : tensor<256x128xf8E4M3FN> -> tensor<128x256xf8E4M3FN>
      %next = block.dot %at, %b, %sum : tensor<128x128xf8E4M3FN>, tensor<128x256xf8E4M3FN> -> tensor<128x256xf32>
      scf.yield %next : tensor<128x256xf32>
    }
    %out = arith.truncf %acc : tensor<128x256xf32> to tensor<128x256xbf16>
    block.desc_store %dc[%row0, %col0], %out : !block.tensordesc<tensor<128x256xbf16>>, tensor<128x256xbf16>
  }
  return
}
