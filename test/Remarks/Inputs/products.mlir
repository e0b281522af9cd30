// Kernels whose products, descriptor tiles and loops get less than the
// best for a reason the remarks name (test/Remarks/*.test).

// A k loop of a bf16 product by descriptors, 3 stages: wgmma, TMA and a
// pipelined loop on sm_90a. n and k have no divisibility hint, so that
// block-compile adds variants on them.
func.func @pipelined(%a: !block.ptr<bf16> {block.alignment = 16},
                     %b: !block.ptr<bf16> {block.alignment = 16},
                     %c: !block.ptr<f32> {block.alignment = 16},
                     %m: i32, %n: i32, %k: i32)
    attributes {block.kernel, block.num_warps = 4 : i32, block.num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %da = block.make_tensor_desc %a, [%m, %k], [%k, 1]
      : !block.ptr<bf16> -> !block.tensordesc<tensor<128x64xbf16>>
  %db = block.make_tensor_desc %b, [%k, %n], [%n, 1]
      : !block.ptr<bf16> -> !block.tensordesc<tensor<64x128xbf16>>
  %dc = block.make_tensor_desc %c, [%m, %n], [%n, 1]
      : !block.ptr<f32> -> !block.tensordesc<tensor<128x128xf32>>
  %pid = block.program_id x
  %row0 = arith.muli %pid, %c128 : i32
  %acc = scf.for %k0 = %c0 to %k step %c64 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %at = block.desc_load %da[%row0, %k0] : !block.tensordesc<tensor<128x64xbf16>> -> tensor<128x64xbf16>
    %bt = block.desc_load %db[%k0, %c0] : !block.tensordesc<tensor<64x128xbf16>> -> tensor<64x128xbf16>
    %next = block.dot %at, %bt, %sum : tensor<128x64xbf16>, tensor<64x128xbf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  block.desc_store %dc[%row0, %c0], %acc : !block.tensordesc<tensor<128x128xf32>>, tensor<128x128xf32>
  return
}

// The same loop with num_stages = 1: not pipelined, and its tiles not by
// TMA.
func.func @one_stage(%a: !block.ptr<bf16> {block.alignment = 16},
                     %b: !block.ptr<bf16> {block.alignment = 16},
                     %c: !block.ptr<f32> {block.alignment = 16},
                     %m: i32, %n: i32 {block.divisibility = 16},
                     %k: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 4 : i32, block.num_stages = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %da = block.make_tensor_desc %a, [%m, %k], [%k, 1]
      : !block.ptr<bf16> -> !block.tensordesc<tensor<128x64xbf16>>
  %db = block.make_tensor_desc %b, [%k, %n], [%n, 1]
      : !block.ptr<bf16> -> !block.tensordesc<tensor<64x128xbf16>>
  %dc = block.make_tensor_desc %c, [%m, %n], [%n, 1]
      : !block.ptr<f32> -> !block.tensordesc<tensor<128x128xf32>>
  %acc = scf.for %k0 = %c0 to %k step %c64 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %at = block.desc_load %da[%c0, %k0] : !block.tensordesc<tensor<128x64xbf16>> -> tensor<128x64xbf16>
    %bt = block.desc_load %db[%k0, %c0] : !block.tensordesc<tensor<64x128xbf16>> -> tensor<64x128xbf16>
    %next = block.dot %at, %bt, %sum : tensor<128x64xbf16>, tensor<64x128xbf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  block.desc_store %dc[%c0, %c0], %acc : !block.tensordesc<tensor<128x128xf32>>, tensor<128x128xf32>
  return
}

// A loop that stores each step's partial product: not pipelined, its tiles
// not by TMA. a's descriptor starts at a computed row: its base is not an
// argument.
func.func @stores_in_loop(%a: !block.ptr<bf16> {block.alignment = 16},
                          %b: !block.ptr<bf16> {block.alignment = 16},
                          %c: !block.ptr<f32> {block.alignment = 16},
                          %m: i32, %n: i32 {block.divisibility = 16},
                          %k: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %pid = block.program_id x
  %start = arith.muli %pid, %k : i32
  %a0 = block.addptr %a, %start : !block.ptr<bf16>, i32
  %da = block.make_tensor_desc %a0, [%m, %k], [%k, 1]
      : !block.ptr<bf16> -> !block.tensordesc<tensor<128x64xbf16>>
  %db = block.make_tensor_desc %b, [%k, %n], [%n, 1]
      : !block.ptr<bf16> -> !block.tensordesc<tensor<64x128xbf16>>
  %dc = block.make_tensor_desc %c, [%m, %n], [%n, 1]
      : !block.ptr<f32> -> !block.tensordesc<tensor<128x128xf32>>
  %acc = scf.for %k0 = %c0 to %k step %c64 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %at = block.desc_load %da[%c0, %k0] : !block.tensordesc<tensor<128x64xbf16>> -> tensor<128x64xbf16>
    %bt = block.desc_load %db[%k0, %c0] : !block.tensordesc<tensor<64x128xbf16>> -> tensor<64x128xbf16>
    %next = block.dot %at, %bt, %sum : tensor<128x64xbf16>, tensor<64x128xbf16> -> tensor<128x128xf32>
    block.desc_store %dc[%c0, %c0], %next : !block.tensordesc<tensor<128x128xf32>>, tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  return
}

// An exact f32 product: FMA, and why not the tensor cores.
func.func @exact_f32(%a: !block.ptr<f32> {block.alignment = 16},
                     %b: !block.ptr<f32> {block.alignment = 16},
                     %c: !block.ptr<f32> {block.alignment = 16},
                     %n: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %da = block.make_tensor_desc %a, [%n, %n], [%n, 1]
      : !block.ptr<f32> -> !block.tensordesc<tensor<64x32xf32>>
  %db = block.make_tensor_desc %b, [%n, %n], [%n, 1]
      : !block.ptr<f32> -> !block.tensordesc<tensor<32x64xf32>>
  %dc = block.make_tensor_desc %c, [%n, %n], [%n, 1]
      : !block.ptr<f32> -> !block.tensordesc<tensor<64x64xf32>>
  %at = block.desc_load %da[%c0, %c0] : !block.tensordesc<tensor<64x32xf32>> -> tensor<64x32xf32>
  %bt = block.desc_load %db[%c0, %c0] : !block.tensordesc<tensor<32x64xf32>> -> tensor<32x64xf32>
  %d = block.dot %at, %bt, %zero : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
  block.desc_store %dc[%c0, %c0], %d : !block.tensordesc<tensor<64x64xf32>>, tensor<64x64xf32>
  return
}
