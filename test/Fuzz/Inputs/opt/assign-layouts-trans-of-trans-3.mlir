#blocked = #block.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
module {
  func.func @transpose(%arg0: !block.ptr<f32> {block.alignment = 16 : i64}, %arg1: !block.ptr<f32> {block.alignment = 16 : i64}, %arg2: i32 {block.divisibility = 16 : i64}, %arg3: i32 {block.divisibility = 16 : i64}) attributes {block.kernel, block.num_warps = 4 : i32} {
    %c16_i32 = arith.constant 16 : i32
    %0 = block.program_id x
    %1 = block.program_id z
    %2 = block.arange 0, 128 : tensor<128xi32>
    %3 = arith.muli %1, %c16_i32 : i32
    %4 = block.splat %3 : tensor<4xi32, #blocked>
    %5 = block.reduce %4 axis = 0 : (tensor<4xi32, #blocked>) -> i32 {
    ^bb0(%arg4: i32, %arg5: i32):
      %47 = arith.maxsi %arg4, %arg5 : i32
      block.yield %47 : i32
    }
    %6 = arith.shli %1, %c16_i32 : i32
    %7 = arith.muli %0, %c16_i32 : i32
    %8 = block.splat %6 : tensor<128xi32>
    %9 = block.splat %7 : tensor<128xi32>
    %10 = arith.addi %8, %2 : tensor<128xi32>
    %11 = arith.addi %9, %2 : tensor<128xi32>
    %12 = block.splat %arg2 : tensor<128xi32>
    %13 = block.splat %arg3 : tensor<128xi32>
    %14 = arith.cmpi slt, %10, %12 : tensor<128xi32>
    %15 = arith.cmpi slt, %11, %13 : tensor<128xi32>
    %16 = arith.muli %10, %13 : tensor<128xi32>
    %17 = block.expand_dims %16, 1 : tensor<128xi32> -> tensor<128x1xi32>
    %18 = block.broadcast %17 : tensor<128x1xi32> -> tensor<128x128xi32>
    %19 = block.expand_dims %11, 0 : tensor<128xi32> -> tensor<1x128xi32>
    %20 = block.broadcast %19 : tensor<1x128xi32> -> tensor<128x128xi32>
    %21 = arith.addi %18, %20 : tensor<128x128xi32>
    %22 = arith.addi %18, %20 : tensor<128x128xi32>
    %23 = block.expand_dims %15, 1 : tensor<128xi1> -> tensor<128x1xi1>
    %24 = block.expand_dims %14, 1 : tensor<128xi1> -> tensor<128x1xi1>
    %25 = block.reduce %24 axis = 0 : (tensor<128x1xi1>) -> tensor<1xi1> {
    ^bb0(%arg4: i1, %arg5: i1):
      %47 = arith.divui %arg4, %arg5 : i1
      %48 = arith.divui %arg4, %arg5 : i1
      block.yield %48 : i1
    }
    %26 = block.expand_dims %25, 0 : tensor<1xi1> -> tensor<1x1xi1, #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 2], order = [0, 1]>>
    %27 = block.broadcast %26 : tensor<1x1xi1, #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 2], order = [0, 1]>> -> tensor<128x1xi1>
    %28 = arith.xori %24, %27 : tensor<128x1xi1>
    %29 = block.broadcast %28 : tensor<128x1xi1> -> tensor<128x128xi1>
    %30 = block.expand_dims %15, 0 : tensor<128xi1> -> tensor<1x128xi1>
    %31 = block.broadcast %30 : tensor<1x128xi1> -> tensor<128x128xi1>
    %32 = arith.andi %29, %31 : tensor<128x128xi1>
    %33 = block.splat %arg0 : tensor<128x128x!block.ptr<f32>>
    %34 = block.addptr %33, %22 : tensor<128x128x!block.ptr<f32>>, tensor<128x128xi32>
    %35 = block.load %33 mask %32 : tensor<128x128x!block.ptr<f32>>
    %36 = block.trans %35 [1, 0] : tensor<128x128xf32> -> tensor<128x128xf32>
    %37 = block.trans %32 [1, 0] : tensor<128x128xi1> -> tensor<128x128xi1>
    %38 = arith.addi %11, %12 : tensor<128xi32>
    %39 = block.expand_dims %38, 1 : tensor<128xi32> -> tensor<128x1xi32>
    %40 = block.scan %39 axis = 1 : (tensor<128x1xi32>) -> tensor<128x1xi32> {
    ^bb0(%arg4: i32, %arg5: i32):
      %47 = arith.addi %arg4, %arg5 : i32
      block.yield %47 : i32
    }
    %41 = block.broadcast %40 : tensor<128x1xi32> -> tensor<128x128xi32>
    %42 = block.expand_dims %10, 0 : tensor<128xi32> -> tensor<1x128xi32>
    %43 = block.broadcast %42 : tensor<1x128xi32> -> tensor<128x128xi32>
    %44 = arith.addi %41, %41 : tensor<128x128xi32>
    %45 = block.splat %arg0 : tensor<128x128x!block.ptr<f32>>
    %46 = block.addptr %45, %44 : tensor<128x128x!block.ptr<f32>>, tensor<128x128xi32>
    block.store %46, %36 mask %31 : tensor<128x128x!block.ptr<f32>>
    return
  }
}
