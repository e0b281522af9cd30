// a's tiles by pointers (its descriptor's innermost stride is an argument,
// which no tensor map takes), b's by the copy engine.
func.func @mixed(%a: !block.ptr<bf16>, %b: !block.ptr<bf16>, %c: !block.ptr<f32>,
                 %m: i32, %k: i32, %s: i32) attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %da = block.make_tensor_desc %a, [%m, %k], [%k, %s] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %db = block.make_tensor_desc %b, [%k, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %r = scf.for %k0 = %c0 to %k step %c64 iter_args(%acc = %zero) -> (tensor<64x64xf32>) : i32 {
    %at = block.desc_load %da[%c0, %k0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
    %bt = block.desc_load %db[%k0, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
    %d = block.dot %at, %bt, %acc : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  %dc = block.make_tensor_desc %c, [%m, %c64], [%c64, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<64x64xf32>>
  block.desc_store %dc[%c0, %c0], %r : !block.tensordesc<tensor<64x64xf32>>, tensor<64x64xf32>
  return
}
