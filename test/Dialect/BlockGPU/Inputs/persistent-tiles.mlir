// A persistent matmul: each program instance walks tiles of c with a
// stride of the grid, the k loop inside the tile loop.
func.func @persistent(%a: !block.ptr<bf16> {block.alignment = 16},
                      %b: !block.ptr<bf16> {block.alignment = 16},
                      %c: !block.ptr<f32> {block.alignment = 16},
                      %m: i32,
                      %n: i32 {block.divisibility = 16},
                      %k: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.0> : tensor<64x128xf32>
  %da = block.make_tensor_desc %a, [%m, %k], [%k, %c1]
      : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %db = block.make_tensor_desc %b, [%k, %n], [%n, %c1]
      : !block.ptr<bf16> -> !block.tensordesc<tensor<64x128xbf16>>
  %dc = block.make_tensor_desc %c, [%m, %n], [%n, %c1]
      : !block.ptr<f32> -> !block.tensordesc<tensor<64x128xf32>>
  %pid = block.program_id x
  %programs = block.num_programs x
  %tiles_m = arith.ceildivui %m, %c64 : i32
  %tiles_n = arith.ceildivui %n, %c128 : i32
  %tiles = arith.muli %tiles_m, %tiles_n : i32
  scf.for %t = %pid to %tiles step %programs : i32 {
    %tm = arith.divui %t, %tiles_n : i32
    %tn = arith.remui %t, %tiles_n : i32
    %row0 = arith.muli %tm, %c64 : i32
    %col0 = arith.muli %tn, %c128 : i32
    %acc = scf.for %k0 = %c0 to %k step %c64 iter_args(%sum = %zero) -> (tensor<64x128xf32>) : i32 {
      %at = block.desc_load %da[%row0, %k0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
      %bt = block.desc_load %db[%k0, %col0] : !block.tensordesc<tensor<64x128xbf16>> -> tensor<64x128xbf16>
      %next = block.dot %at, %bt, %sum : tensor<64x64xbf16>, tensor<64x128xbf16> -> tensor<64x128xf32>
      scf.yield %next : tensor<64x128xf32>
    }
    block.desc_store %dc[%row0, %col0], %acc : !block.tensordesc<tensor<64x128xf32>>, tensor<64x128xf32>
  }
  return
}
