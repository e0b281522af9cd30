// examples/matmul_tma.mlir with 32 warps and block.warp_specialize: 32
// consumer warps and a producer warpgroup would be 36 warps, 1152 threads,
// more than a CTA's 1024 (block-opt wrote ".maxntid 1152"; ptxas refused).
func.func @matmul_tma(%a: !block.ptr<bf16> {block.alignment = 16},
                      %b: !block.ptr<bf16> {block.alignment = 16},
                      %c: !block.ptr<bf16> {block.alignment = 16},
                      %m: i32,
                      %n: i32 {block.divisibility = 16},
                      %k: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 32 : i32, block.warp_specialize = true, block.num_stages = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %da = block.make_tensor_desc %a, [%m, %k], [%k, 1]
      : !block.ptr<bf16> -> !block.tensordesc<tensor<128x64xbf16>>
  %db = block.make_tensor_desc %b, [%k, %n], [%n, 1]
      : !block.ptr<bf16> -> !block.tensordesc<tensor<64x256xbf16>>
  %dc = block.make_tensor_desc %c, [%m, %n], [%n, 1]
      : !block.ptr<bf16> -> !block.tensordesc<tensor<128x256xbf16>>

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

  %acc = scf.for %k0 = %c0 to %k step %c64 iter_args(%sum = %zero) -> (tensor<128x256xf32>) : i32 {
    %at = block.desc_load %da[%row0, %k0] : !block.tensordesc<tensor<128x64xbf16>> -> tensor<128x64xbf16>
    %bt = block.desc_load %db[%k0, %col0] : !block.tensordesc<tensor<64x256xbf16>> -> tensor<64x256xbf16>
    %next = block.dot %at, %bt, %sum : tensor<128x64xbf16>, tensor<64x256xbf16> -> tensor<128x256xf32>
    scf.yield %next : tensor<128x256xf32>
  }
  %out = arith.truncf %acc : tensor<128x256xf32> to tensor<128x256xbf16>
  block.desc_store %dc[%row0, %col0], %out : !block.tensordesc<tensor<128x256xbf16>>, tensor<128x256xbf16>
  return
}
