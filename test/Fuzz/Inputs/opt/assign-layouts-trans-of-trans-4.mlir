#blocked = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>
module {
  func.func @transpose(%arg0: !block.ptr<f32> {block.alignment = 16 : i64}, %arg1: !block.ptr<f32> {block.alignment = 16 : i64}, %arg2: i32 {block.divisibility = 16 : i64}, %arg3: i32 {block.divisibility = 16 : i64}) attributes {block.kernel, block.num_warps = 4 : i32} {
    %c16_i32 = arith.constant 16 : i32
    %c16_i32_0 = arith.constant 16 : i32
    %0 = block.program_id x
    %1 = block.program_id x
    %2 = block.arange 0, 64 : tensor<64xi32, #blocked>
    %3 = block.reshape %2 : tensor<64xi32, #blocked> -> tensor<32x2xi32>
    %4 = block.reshape %3 : tensor<32x2xi32> -> tensor<64xi32, #blocked>
    %5 = arith.muli %1, %arg2 : i32
    %6 = block.splat %5 : tensor<4xi32>
    %7 = block.reduce %6 axis = 0 : (tensor<4xi32>) -> i32 {
    ^bb0(%arg4: i32, %arg5: i32):
      %57 = arith.xori %arg4, %arg5 : i32
      block.yield %57 : i32
    }
    %8 = arith.shli %1, %c16_i32_0 : i32
    %9 = arith.muli %0, %c16_i32_0 : i32
    %10 = block.splat %9 : tensor<256xi32>
    %11 = block.reduce %10 axis = 0 : (tensor<256xi32>) -> i32 {
    ^bb0(%arg4: i32, %arg5: i32):
      %57 = block.splat %arg5 : tensor<2xi32>
      %58 = block.reduce %57 axis = 0 : (tensor<2xi32>) -> i32 {
      ^bb0(%arg6: i32, %arg7: i32):
        %60 = arith.minui %arg6, %arg7 : i32
        block.yield %60 : i32
      }
      %59 = arith.addi %arg4, %58 : i32
      block.yield %59 : i32
    }
    %12 = block.splat %0 : tensor<64xi32, #blocked>
    %13 = block.splat %11 : tensor<64xi32, #blocked>
    %cst = arith.constant dense<0> : tensor<64xi32, #blocked>
    %14 = arith.cmpi slt, %13, %cst : tensor<64xi32, #blocked>
    %15 = arith.select %14, %13, %cst : tensor<64xi1, #blocked>, tensor<64xi32, #blocked>
    %16 = arith.addi %12, %4 : tensor<64xi32, #blocked>
    %17 = arith.minui %15, %4 : tensor<64xi32, #blocked>
    %18 = block.splat %arg2 : tensor<64xi32, #blocked>
    %19 = block.splat %arg3 : tensor<64xi32, #blocked>
    %20 = arith.cmpi eq, %13, %18 : tensor<64xi32, #blocked>
    %21 = arith.cmpi slt, %17, %19 : tensor<64xi32, #blocked>
    %22 = arith.muli %16, %19 : tensor<64xi32, #blocked>
    %23 = block.expand_dims %22, 1 : tensor<64xi32, #blocked> -> tensor<64x1xi32>
    %24 = block.broadcast %23 : tensor<64x1xi32> -> tensor<64x64xi32>
    %25 = block.expand_dims %17, 0 : tensor<64xi32, #blocked> -> tensor<1x64xi32>
    %26 = block.broadcast %25 : tensor<1x64xi32> -> tensor<64x64xi32>
    %27 = arith.addi %24, %26 : tensor<64x64xi32>
    %28 = block.expand_dims %20, 1 : tensor<64xi1, #blocked> -> tensor<64x1xi1>
    %29 = block.expand_dims %20, 1 : tensor<64xi1, #blocked> -> tensor<64x1xi1>
    %30 = block.reduce %29 axis = 0 : (tensor<64x1xi1>) -> tensor<1xi1> {
    ^bb0(%arg4: i1, %arg5: i1):
      %57 = arith.shrsi %arg4, %arg5 : i1
      block.yield %arg4 : i1
    }
    %31 = block.reduce %28 axis = 0 : (tensor<64x1xi1>) -> tensor<1xi1> {
    ^bb0(%arg4: i1, %arg5: i1):
      %57 = arith.addi %arg4, %arg5 : i1
      block.yield %arg4 : i1
    }
    %32 = block.expand_dims %31, 0 : tensor<1xi1> -> tensor<1x1xi1>
    %33 = block.broadcast %32 : tensor<1x1xi1> -> tensor<64x1xi1>
    %34 = arith.xori %29, %33 : tensor<64x1xi1>
    %35 = block.broadcast %34 : tensor<64x1xi1> -> tensor<64x64xi1>
    %36 = block.expand_dims %21, 0 : tensor<64xi1, #blocked> -> tensor<1x64xi1>
    %37 = block.broadcast %36 : tensor<1x64xi1> -> tensor<64x64xi1>
    %38 = arith.andi %35, %37 : tensor<64x64xi1>
    %39 = block.splat %arg0 : tensor<64x64x!block.ptr<f32>>
    %40 = block.addptr %39, %27 : tensor<64x64x!block.ptr<f32>>, tensor<64x64xi32>
    %41 = block.load %40 mask %38 : tensor<64x64x!block.ptr<f32>>
    %cst_1 = arith.constant dense<1.000000e+00> : tensor<64x64xf32>
    %42 = arith.addf %41, %cst_1 : tensor<64x64xf32>
    %43 = block.expand_dims %42, 0 : tensor<64x64xf32> -> tensor<1x64x64xf32>
    %44 = block.trans %43 [1, 0, 2] : tensor<1x64x64xf32> -> tensor<64x1x64xf32>
    %45 = block.trans %44 [1, 0, 2] : tensor<64x1x64xf32> -> tensor<1x64x64xf32>
    %46 = block.reshape %45 : tensor<1x64x64xf32> -> tensor<64x64xf32>
    %47 = block.trans %46 [1, 0] : tensor<64x64xf32> -> tensor<64x64xf32>
    %48 = block.trans %38 [1, 0] : tensor<64x64xi1> -> tensor<64x64xi1>
    %49 = arith.muli %17, %18 : tensor<64xi32, #blocked>
    %50 = block.expand_dims %49, 1 : tensor<64xi32, #blocked> -> tensor<64x1xi32>
    %51 = block.broadcast %50 : tensor<64x1xi32> -> tensor<64x64xi32>
    %52 = block.expand_dims %16, 0 : tensor<64xi32, #blocked> -> tensor<1x64xi32>
    %53 = block.broadcast %52 : tensor<1x64xi32> -> tensor<64x64xi32>
    %54 = arith.addi %51, %53 : tensor<64x64xi32>
    %55 = block.splat %arg1 : tensor<64x64x!block.ptr<f32>>
    %56 = block.addptr %55, %54 : tensor<64x64x!block.ptr<f32>>, tensor<64x64xi32>
    block.store %56, %47 mask %48 : tensor<64x64x!block.ptr<f32>>
    return
  }
}
