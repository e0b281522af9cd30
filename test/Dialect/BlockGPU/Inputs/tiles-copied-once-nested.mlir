// Tiles copied once at two depths: a's tile in the loop over tiles, b's
// in a loop inside it; each read by the products of a loop nested below.
func.func @nested(%a: !block.ptr<bf16> {block.alignment = 16}, %k: !block.ptr<bf16> {block.alignment = 16},
                  %sums: !block.ptr<f32> {block.alignment = 16}, %rows: i32 {block.divisibility = 16}, %n: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %da = block.make_tensor_desc %a, [%rows, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %dk = block.make_tensor_desc %k, [%n, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %pid = block.program_id x
  %programs = block.num_programs x
  %start = arith.muli %pid, %c64 : i32
  %stride = arith.muli %programs, %c64 : i32
  scf.for %t = %start to %rows step %stride : i32 {
    %at = block.desc_load %da[%t, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
    %total = scf.for %j = %c0 to %c2 step %c1 iter_args(%outer = %zero) -> (tensor<64x64xf32>) : i32 {
      %brow = arith.muli %j, %c64 : i32
      %bt = block.desc_load %da[%brow, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
      %r1 = scf.for %n0 = %c0 to %n step %c64 iter_args(%acc = %outer) -> (tensor<64x64xf32>) : i32 {
        %kt = block.desc_load %dk[%n0, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
        %d = block.dot %at, %kt, %acc : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
        scf.yield %d : tensor<64x64xf32>
      } {block.warp_specialize = true}
      %r2 = scf.for %n0 = %c0 to %n step %c64 iter_args(%acc = %r1) -> (tensor<64x64xf32>) : i32 {
        %kt = block.desc_load %dk[%n0, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
        %d = block.dot %bt, %kt, %acc : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
        scf.yield %d : tensor<64x64xf32>
      } {block.warp_specialize = true}
      scf.yield %r2 : tensor<64x64xf32>
    }
    %sum = block.reduce add %total axis = 1 : (tensor<64x64xf32>) -> tensor<64xf32>
    %idx = block.arange %t + 0, 64 : tensor<64xi32>
    %rs = block.splat %rows : tensor<64xi32>
    %below = arith.cmpi slt, %idx, %rs : tensor<64xi32>
    block.store %sums[%idx], %sum mask %below : !block.ptr<f32>, tensor<64xi32>
  }
  return
}
