#blocked = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>
module {
  func.func @transpose(%arg0: !block.ptr<f64> {block.alignment = 16 : i64}, %arg1: !block.ptr<f64>, %arg2: i32 {block.divisibility = 16 : i64}, %arg3: i32 {block.divisibility = 16 : i64}) attributes {block.kernel, block.num_warps = 4 : i32} {
    %c16_i32 = arith.constant 16 : i32
    %0 = block.program_id x
    %1 = block.program_id x
    %2 = block.arange 0, 32 : tensor<32xi32, #blocked>
    %3 = arith.muli %1, %c16_i32 : i32
    %4 = block.splat %3 : tensor<4xi32, #blocked>
    %5 = arith.shli %1, %c16_i32 : i32
    %6 = arith.muli %0, %c16_i32 : i32
    %7 = block.splat %5 : tensor<32xi32, #blocked>
    %8 = block.reshape %7 : tensor<32xi32, #blocked> -> tensor<16x2xi32>
    %9 = block.reshape %8 : tensor<16x2xi32> -> tensor<32xi32, #blocked>
    %10 = block.splat %6 : tensor<32xi32, #blocked>
    %11 = arith.addi %9, %2 : tensor<32xi32, #blocked>
    %12 = arith.minui %10, %2 : tensor<32xi32, #blocked>
    %13 = block.splat %arg2 : tensor<32xi32, #blocked>
    %14 = block.splat %arg3 : tensor<32xi32, #blocked>
    %cst = arith.constant dense<16> : tensor<32xi32, #blocked>
    %15 = arith.xori %14, %cst : tensor<32xi32, #blocked>
    %16 = arith.extsi %15 : tensor<32xi32, #blocked> to tensor<32xi64, #blocked>
    %17 = arith.trunci %16 : tensor<32xi64, #blocked> to tensor<32xi32, #blocked>
    %18 = arith.cmpi sge, %11, %13 : tensor<32xi32, #blocked>
    %19 = arith.cmpi slt, %12, %17 : tensor<32xi32, #blocked>
    %20 = arith.muli %11, %17 : tensor<32xi32, #blocked>
    %21 = block.expand_dims %20, 1 : tensor<32xi32, #blocked> -> tensor<32x1xi32>
    %22 = block.broadcast %21 : tensor<32x1xi32> -> tensor<32x32xi32>
    %23 = block.expand_dims %22, 0 : tensor<32x32xi32> -> tensor<1x32x32xi32>
    %24 = block.reshape %23 : tensor<1x32x32xi32> -> tensor<32x32xi32>
    %25 = block.broadcast %21 : tensor<32x1xi32> -> tensor<32x32xi32>
    %26 = block.expand_dims %12, 0 : tensor<32xi32, #blocked> -> tensor<1x32xi32>
    %27 = block.broadcast %26 : tensor<1x32xi32> -> tensor<32x32xi32>
    %28 = arith.addi %25, %27 : tensor<32x32xi32>
    %29 = block.expand_dims %18, 1 : tensor<32xi1, #blocked> -> tensor<32x1xi1>
    %30 = block.expand_dims %19, 1 : tensor<32xi1, #blocked> -> tensor<32x1xi1>
    %31 = block.reduce %30 axis = 0 : (tensor<32x1xi1>) -> tensor<1xi1> {
    ^bb0(%arg4: i1, %arg5: i1):
      %57 = arith.addi %arg4, %arg5 : i1
      block.yield %57 : i1
    }
    %32 = block.expand_dims %31, 0 : tensor<1xi1> -> tensor<1x1xi1>
    %33 = block.broadcast %32 : tensor<1x1xi1> -> tensor<32x1xi1>
    %34 = arith.xori %30, %33 : tensor<32x1xi1>
    %35 = block.broadcast %34 : tensor<32x1xi1> -> tensor<32x32xi1>
    %36 = block.expand_dims %19, 0 : tensor<32xi1, #blocked> -> tensor<1x32xi1>
    %37 = block.broadcast %36 : tensor<1x32xi1> -> tensor<32x32xi1>
    %38 = arith.andi %35, %37 : tensor<32x32xi1>
    %39 = block.splat %arg0 : tensor<32x32x!block.ptr<f64>>
    %40 = block.addptr %39, %27 : tensor<32x32x!block.ptr<f64>>, tensor<32x32xi32>
    %41 = block.load %40 mask %37 : tensor<32x32x!block.ptr<f64>>
    %42 = block.trans %41 [0, 1] : tensor<32x32xf64> -> tensor<32x32xf64>
    %43 = block.trans %38 [1, 0] : tensor<32x32xi1> -> tensor<32x32xi1>
    %44 = arith.muli %12, %13 : tensor<32xi32, #blocked>
    %45 = block.expand_dims %44, 1 : tensor<32xi32, #blocked> -> tensor<32x1xi32>
    %46 = block.broadcast %45 : tensor<32x1xi32> -> tensor<32x32xi32>
    %cst_0 = arith.constant dense<16> : tensor<32x32xi32>
    %47 = block.trans %cst_0 [1, 0] : tensor<32x32xi32> -> tensor<32x32xi32>
    %48 = block.trans %47 [1, 0] : tensor<32x32xi32> -> tensor<32x32xi32>
    %49 = arith.cmpi slt, %46, %48 : tensor<32x32xi32>
    %50 = arith.select %49, %24, %48 : tensor<32x32xi1>, tensor<32x32xi32>
    %51 = block.convert_layout %50 : tensor<32x32xi32> -> tensor<32x32xi32>
    %52 = block.expand_dims %11, 0 : tensor<32xi32, #blocked> -> tensor<1x32xi32>
    %53 = block.broadcast %52 : tensor<1x32xi32> -> tensor<32x32xi32>
    %54 = arith.addi %51, %53 : tensor<32x32xi32>
    %55 = block.splat %arg1 : tensor<32x32x!block.ptr<f64>>
    %56 = block.addptr %55, %54 : tensor<32x32x!block.ptr<f64>>, tensor<32x32xi32>
    return
  }
}
