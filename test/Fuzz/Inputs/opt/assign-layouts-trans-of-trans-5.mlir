module {
  func.func @transpose(%arg0: !block.ptr<f32> {block.alignment = 16 : i64}, %arg1: !block.ptr<f32> {block.alignment = 16 : i64}, %arg2: i32 {block.divisibility = 16 : i64}, %arg3: i32 {block.divisibility = 16 : i64}) attributes {block.kernel, block.num_warps = 4 : i32} {
    %c64_i32 = arith.constant 64 : i32
    %0 = block.program_id x
    %1 = block.splat %0 : tensor<2xi32>
    %2 = block.reduce %1 axis = 0 : (tensor<2xi32>) -> i32 {
    ^bb0(%arg4: i32, %arg5: i32):
      %52 = arith.minui %arg4, %arg5 : i32
      block.yield %52 : i32
    }
    %3 = block.program_id x
    %4 = block.arange 1048576, 1048640 : tensor<64xi32>
    %5 = arith.muli %3, %c64_i32 : i32
    %6 = arith.shli %3, %arg2 : i32
    %7 = arith.muli %2, %c64_i32 : i32
    %8 = block.splat %7 : tensor<4xi32>
    %9 = block.reduce %8 axis = 0 : (tensor<4xi32>) -> i32 {
    ^bb0(%arg4: i32, %arg5: i32):
      %52 = arith.divsi %arg4, %arg5 : i32
      block.yield %52 : i32
    }
    %10 = block.splat %6 : tensor<64xi32>
    %11 = block.splat %c64_i32 : tensor<64xi32>
    %12 = arith.addi %10, %4 : tensor<64xi32>
    %13 = arith.addi %11, %4 : tensor<64xi32>
    %14 = arith.extsi %13 : tensor<64xi32> to tensor<64xi64>
    %15 = arith.trunci %14 : tensor<64xi64> to tensor<64xi32>
    %16 = block.splat %arg2 : tensor<64xi32>
    %17 = block.splat %arg3 : tensor<64xi32>
    %18 = block.reshape %17 : tensor<64xi32> -> tensor<32x2xi32>
    %19 = block.reshape %18 : tensor<32x2xi32> -> tensor<64xi32>
    %20 = arith.cmpi slt, %12, %16 : tensor<64xi32>
    %21 = arith.cmpi slt, %15, %19 : tensor<64xi32>
    %cst = arith.constant dense<false> : tensor<64xi1>
    %22 = arith.cmpi slt, %21, %cst : tensor<64xi1>
    %23 = arith.select %22, %21, %cst : tensor<64xi1>, tensor<64xi1>
    %24 = arith.muli %12, %19 : tensor<64xi32>
    %25 = block.expand_dims %24, 1 : tensor<64xi32> -> tensor<64x1xi32>
    %26 = block.broadcast %25 : tensor<64x1xi32> -> tensor<64x64xi32>
    %27 = block.expand_dims %15, 0 : tensor<64xi32> -> tensor<1x64xi32, #block.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 4], order = [0, 1]>>
    %28 = block.broadcast %27 : tensor<1x64xi32, #block.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 4], order = [0, 1]>> -> tensor<64x64xi32>
    %29 = arith.addi %26, %28 : tensor<64x64xi32>
    %30 = block.expand_dims %20, 1 : tensor<64xi1> -> tensor<64x1xi1>
    %31 = block.reduce %30 axis = 0 : (tensor<64x1xi1>) -> tensor<1xi1> {
    ^bb0(%arg4: i1, %arg5: i1):
      %52 = block.splat %arg4 : tensor<64xi1>
      %53 = block.reduce %52 axis = 0 : (tensor<64xi1>) -> i1 {
      ^bb0(%arg6: i1, %arg7: i1):
        %55 = arith.minui %arg6, %arg7 : i1
        block.yield %55 : i1
      }
      %54 = arith.addi %53, %arg5 : i1
      block.yield %54 : i1
    }
    %32 = block.expand_dims %31, 0 : tensor<1xi1> -> tensor<1x1xi1>
    %33 = block.broadcast %32 : tensor<1x1xi1> -> tensor<64x1xi1>
    %34 = arith.xori %30, %33 : tensor<64x1xi1>
    %35 = block.broadcast %34 : tensor<64x1xi1> -> tensor<64x64xi1>
    %36 = block.expand_dims %23, 0 : tensor<64xi1> -> tensor<1x64xi1, #block.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 4], order = [0, 1]>>
    %37 = block.broadcast %36 : tensor<1x64xi1, #block.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 4], order = [0, 1]>> -> tensor<64x64xi1>
    %38 = arith.andi %35, %37 : tensor<64x64xi1>
    %39 = block.splat %arg0 : tensor<64x64x!block.ptr<f32>>
    %40 = block.addptr %39, %29 : tensor<64x64x!block.ptr<f32>>, tensor<64x64xi32>
    %41 = block.load %40 mask %38 : tensor<64x64x!block.ptr<f32>>
    %42 = block.trans %41 [1, 0] : tensor<64x64xf32> -> tensor<64x64xf32>
    %43 = block.trans %38 [1, 0] : tensor<64x64xi1> -> tensor<64x64xi1>
    %44 = arith.muli %15, %16 : tensor<64xi32>
    %45 = block.expand_dims %44, 1 : tensor<64xi32> -> tensor<64x1xi32>
    %46 = block.broadcast %45 : tensor<64x1xi32> -> tensor<64x64xi32>
    %47 = block.expand_dims %12, 0 : tensor<64xi32> -> tensor<1x64xi32, #block.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 4], order = [0, 1]>>
    %48 = block.broadcast %47 : tensor<1x64xi32, #block.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 4], order = [0, 1]>> -> tensor<64x64xi32>
    %49 = arith.addi %46, %48 : tensor<64x64xi32>
    %50 = block.splat %arg1 : tensor<64x64x!block.ptr<f32>>
    %51 = block.addptr %39, %49 : tensor<64x64x!block.ptr<f32>>, tensor<64x64xi32>
    block.store %51, %42 mask %43 : tensor<64x64x!block.ptr<f32>>
    return
  }
}
