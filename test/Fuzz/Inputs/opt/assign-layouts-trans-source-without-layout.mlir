module {
  func.func @half(%arg0: !block.ptr<f16> {block.alignment = 16 : i64}) attributes {block.kernel, block.num_warps = 8 : i32} {
    %0 = block.arange 0, 4096 : tensor<4096xi32>
    %1 = block.splat %arg0 : tensor<4096x!block.ptr<f16>>
    %2 = block.splat %arg0 : tensor<4096x!block.ptr<f16>>
    %3 = block.addptr %2, %0 : tensor<4096x!block.ptr<f16>>, tensor<4096xi32>
    %4 = block.load %3 volatile : tensor<4096x!block.ptr<f16>>
    %cst = arith.constant dense<0.000000e+00> : tensor<4096xf16>
    %5 = arith.addf %4, %cst : tensor<4096xf16>
    %6 = arith.extf %5 : tensor<4096xf16> to tensor<4096xf32>
    %7 = block.expand_dims %6, 0 : tensor<4096xf32> -> tensor<1x4096xf32>
    %cst_0 = arith.constant dense<0x7F800000> : tensor<1x4096xf32>
    %8 = arith.cmpf olt, %7, %cst_0 : tensor<1x4096xf32>
    %9 = arith.select %8, %7, %cst_0 : tensor<1x4096xi1>, tensor<1x4096xf32>
    %10 = block.trans %9 [0, 1] : tensor<1x4096xf32> -> tensor<1x4096xf32>
    %11 = block.trans %10 [0, 1] : tensor<1x4096xf32> -> tensor<1x4096xf32>
    %12 = block.reshape %11 : tensor<1x4096xf32> -> tensor<4096xf32>
    %cst_1 = arith.constant dense<5.000000e-01> : tensor<4096xf32>
    %cst_2 = arith.constant dense<1.000000e+30> : tensor<4096xf32>
    %13 = arith.cmpf olt, %12, %cst_2 : tensor<4096xf32>
    %14 = arith.select %13, %12, %cst_2 : tensor<4096xi1>, tensor<4096xf32>
    %15 = arith.truncf %14 : tensor<4096xf32> to tensor<4096xf16>
    block.store %3, %5 : tensor<4096x!block.ptr<f16>>
    return
  }
}
