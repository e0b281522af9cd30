module {
  func.func @transpose(%arg0: !block.ptr<f32> {block.alignment = 16 : i64}, %arg1: !block.ptr<f32> {block.alignment = 16 : i64}, %arg2: i32 {block.divisibility = 16 : i64}, %arg3: i32 {block.divisibility = 16 : i64}) attributes {block.kernel, block.num_warps = 4 : i32} {
    %c16_i32 = arith.constant 16 : i32
    %0 = block.program_id x
    %1 = block.program_id x
    %2 = block.arange 0, 1024 : tensor<1024xi32>
    %3 = arith.remui %1, %arg2 : i32
    %4 = block.splat %3 : tensor<4xi32>
    %5 = block.reduce %4 axis = 0 : (tensor<4xi32>) -> i32 {
    ^bb0(%arg4: i32, %arg5: i32):
      %49 = arith.maxsi %arg4, %arg5 : i32
      block.yield %49 : i32
    }
    %6 = arith.shli %1, %c16_i32 : i32
    %7 = arith.muli %0, %c16_i32 : i32
    %8 = block.splat %6 : tensor<1024xi32>
    %9 = block.splat %7 : tensor<1024xi32>
    %10 = arith.addi %8, %2 : tensor<1024xi32>
    %11 = arith.minui %9, %2 : tensor<1024xi32>
    %12 = block.splat %arg2 : tensor<1024xi32>
    %13 = block.splat %arg3 : tensor<1024xi32>
    %14 = arith.cmpi sle, %10, %12 : tensor<1024xi32>
    %15 = arith.cmpi slt, %11, %13 : tensor<1024xi32>
    %16 = arith.muli %10, %13 : tensor<1024xi32>
    %17 = block.expand_dims %16, 1 : tensor<1024xi32> -> tensor<1024x1xi32>
    %18 = block.broadcast %17 : tensor<1024x1xi32> -> tensor<1024x1024xi32>
    %19 = block.expand_dims %11, 0 : tensor<1024xi32> -> tensor<1x1024xi32>
    %20 = block.broadcast %19 : tensor<1x1024xi32> -> tensor<1024x1024xi32>
    %21 = arith.addi %18, %20 : tensor<1024x1024xi32>
    %22 = block.expand_dims %14, 1 : tensor<1024xi1> -> tensor<1024x1xi1>
    %23 = block.expand_dims %14, 1 : tensor<1024xi1> -> tensor<1024x1xi1>
    %24 = block.reduce %23 axis = 0 : (tensor<1024x1xi1>) -> tensor<1xi1> {
    ^bb0(%arg4: i1, %arg5: i1):
      %49 = arith.addi %arg4, %arg5 : i1
      block.yield %49 : i1
    }
    %25 = block.expand_dims %24, 0 : tensor<1xi1> -> tensor<1x1xi1>
    %26 = block.broadcast %25 : tensor<1x1xi1> -> tensor<1024x1xi1>
    %cst = arith.constant dense<false> : tensor<1024x1xi1>
    %27 = arith.xori %26, %cst : tensor<1024x1xi1>
    %cst_0 = arith.constant dense<true> : tensor<1024x1xi1>
    %28 = arith.cmpi slt, %27, %cst_0 : tensor<1024x1xi1>
    %29 = arith.select %28, %27, %cst_0 : tensor<1024x1xi1>, tensor<1024x1xi1>
    %30 = arith.remui %23, %29 : tensor<1024x1xi1>
    %31 = block.broadcast %30 : tensor<1024x1xi1> -> tensor<1024x1024xi1>
    %32 = block.expand_dims %15, 0 : tensor<1024xi1> -> tensor<1x1024xi1>
    %33 = block.broadcast %32 : tensor<1x1024xi1> -> tensor<1024x1024xi1>
    %34 = arith.andi %31, %33 : tensor<1024x1024xi1>
    %35 = block.splat %arg0 : tensor<1024x1024x!block.ptr<f32>>
    %36 = block.addptr %35, %21 : tensor<1024x1024x!block.ptr<f32>>, tensor<1024x1024xi32>
    %37 = block.load %36 mask %34 : tensor<1024x1024x!block.ptr<f32>>
    %38 = block.trans %37 [1, 0] : tensor<1024x1024xf32> -> tensor<1024x1024xf32>
    %39 = block.trans %34 [1, 0] : tensor<1024x1024xi1> -> tensor<1024x1024xi1>
    %40 = arith.muli %11, %12 : tensor<1024xi32>
    %41 = block.expand_dims %40, 1 : tensor<1024xi32> -> tensor<1024x1xi32>
    %42 = block.broadcast %41 : tensor<1024x1xi32> -> tensor<1024x1024xi32>
    %43 = block.expand_dims %10, 0 : tensor<1024xi32> -> tensor<1x1024xi32>
    %cst_1 = arith.constant dense<16> : tensor<1x1024xi32>
    %44 = arith.xori %43, %cst_1 : tensor<1x1024xi32>
    %45 = block.broadcast %44 : tensor<1x1024xi32> -> tensor<1024x1024xi32>
    %46 = arith.addi %42, %45 : tensor<1024x1024xi32>
    %47 = block.splat %arg1 : tensor<1024x1024x!block.ptr<f32>>
    %48 = block.addptr %47, %46 : tensor<1024x1024x!block.ptr<f32>>, tensor<1024x1024xi32>
    block.store %48, %38 mask %39 : tensor<1024x1024x!block.ptr<f32>>
    return
  }
}
