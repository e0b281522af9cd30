// Two loops of two chained products each (S = Q K^T, then O += S V with S
// in registers), one after the other over the same tiles, the second
// continuing the first's accumulator. BETWEEN marks where the test puts
// what lies between the loops. With 256-key blocks a thread holds too many
// registers (128 of S, 64 of P, 32 of O) to keep S V in flight into the
// next iteration (blockgpu-specialize-warps), so each iteration completes
// its products.
func.func @chained(%q: !block.ptr<bf16> {block.alignment = 16},
                   %k: !block.ptr<bf16> {block.alignment = 16},
                   %v: !block.ptr<bf16> {block.alignment = 16},
                   %o: !block.ptr<f32> {block.alignment = 16},
                   %rows: i32, %split: i32)
    attributes {block.kernel, block.num_warps = 8 : i32, block.num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %c256 = arith.constant 256 : i32
  %zero_s = arith.constant dense<0.0> : tensor<128x256xf32>
  %zero_o = arith.constant dense<0.0> : tensor<128x64xf32>
  %dq = block.make_tensor_desc %q, [%c64, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<128x64xbf16>>
  %dk = block.make_tensor_desc %k, [%rows, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<256x64xbf16>>
  %dv = block.make_tensor_desc %v, [%rows, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<256x64xbf16>>
  %do = block.make_tensor_desc %o, [%c64, %c64], [%c64, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<128x64xf32>>
  %qt = block.desc_load %dq[%c0, %c0] : !block.tensordesc<tensor<128x64xbf16>> -> tensor<128x64xbf16>
  %first = scf.for %n0 = %c0 to %split step %c256 iter_args(%acc = %zero_o) -> (tensor<128x64xf32>) : i32 {
    %kt = block.desc_load %dk[%n0, %c0] : !block.tensordesc<tensor<256x64xbf16>> -> tensor<256x64xbf16>
    %ktt = block.trans %kt [1, 0] : tensor<256x64xbf16> -> tensor<64x256xbf16>
    %s = block.dot %qt, %ktt, %zero_s : tensor<128x64xbf16>, tensor<64x256xbf16> -> tensor<128x256xf32>
    %p = arith.truncf %s : tensor<128x256xf32> to tensor<128x256xbf16>
    %vt = block.desc_load %dv[%n0, %c0] : !block.tensordesc<tensor<256x64xbf16>> -> tensor<256x64xbf16>
    %next = block.dot %p, %vt, %acc : tensor<128x256xbf16>, tensor<256x64xbf16> -> tensor<128x64xf32>
    scf.yield %next : tensor<128x64xf32>
  } {block.warp_specialize = true}
  // BETWEEN
  %second = scf.for %n0 = %split to %rows step %c256 iter_args(%acc = %first) -> (tensor<128x64xf32>) : i32 {
    %kt = block.desc_load %dk[%n0, %c0] : !block.tensordesc<tensor<256x64xbf16>> -> tensor<256x64xbf16>
    %ktt = block.trans %kt [1, 0] : tensor<256x64xbf16> -> tensor<64x256xbf16>
    %s = block.dot %qt, %ktt, %zero_s : tensor<128x64xbf16>, tensor<64x256xbf16> -> tensor<128x256xf32>
    %p = arith.truncf %s : tensor<128x256xf32> to tensor<128x256xbf16>
    %vt = block.desc_load %dv[%n0, %c0] : !block.tensordesc<tensor<256x64xbf16>> -> tensor<256x64xbf16>
    %next = block.dot %p, %vt, %acc : tensor<128x256xbf16>, tensor<256x64xbf16> -> tensor<128x64xf32>
    scf.yield %next : tensor<128x64xf32>
  } {block.warp_specialize = true}
  block.desc_store %do[%c0, %c0], %second : !block.tensordesc<tensor<128x64xf32>>, tensor<128x64xf32>
  return
}
