// Tiles of rows [t, t + 128) of a persistent grid, each multiplied with
// the first n rows of k (a producer warpgroup copies k's tiles) and stored,
// with its row sums where the row is below n.
func.func @tiles(%q: !block.ptr<bf16> {block.alignment = 16}, %k: !block.ptr<bf16> {block.alignment = 16},
                 %o: !block.ptr<f32> {block.alignment = 16}, %sums: !block.ptr<f32> {block.alignment = 16}, %rows: i32 {block.divisibility = 16}, %n: i32)
    attributes {block.kernel, block.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.0> : tensor<128x64xf32>
  %dq = block.make_tensor_desc %q, [%rows, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<128x64xbf16>>
  %dk = block.make_tensor_desc %k, [%rows, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %do = block.make_tensor_desc %o, [%rows, %c64], [%c64, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<128x64xf32>>
  %pid = block.program_id x
  %programs = block.num_programs x
  %start = arith.muli %pid, %c128 : i32
  %stride = arith.muli %programs, %c128 : i32
  scf.for %t = %start to %rows step %stride : i32 {
    %qt = block.desc_load %dq[%t, %c0] : !block.tensordesc<tensor<128x64xbf16>> -> tensor<128x64xbf16>
    %r = scf.for %n0 = %c0 to %n step %c64 iter_args(%acc = %zero) -> (tensor<128x64xf32>) : i32 {
      %kt = block.desc_load %dk[%n0, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
      %d = block.dot %qt, %kt, %acc : tensor<128x64xbf16>, tensor<64x64xbf16> -> tensor<128x64xf32>
      scf.yield %d : tensor<128x64xf32>
    } {block.warp_specialize = true}
    block.desc_store %do[%t, %c0], %r : !block.tensordesc<tensor<128x64xf32>>, tensor<128x64xf32>
    %sum = block.reduce add %r axis = 1 : (tensor<128x64xf32>) -> tensor<128xf32>
    %idx = block.arange %t + 0, 128 : tensor<128xi32>
    %ns = block.splat %n : tensor<128xi32>
    %below = arith.cmpi slt, %idx, %ns : tensor<128xi32>
    block.store %sums[%idx], %sum mask %below : !block.ptr<f32>, tensor<128xi32>
  }
  return
}
