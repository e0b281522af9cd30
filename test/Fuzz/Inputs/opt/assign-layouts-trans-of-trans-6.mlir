module {
  func.func @scan(%arg0: !block.ptr<i32>, %arg1: !block.ptr<f32>, %arg2: !block.ptr<i32>, %arg3: !block.ptr<i32>, %arg4: !block.ptr<i32>, %arg5: !block.ptr<f32>, %arg6: !block.ptr<f32>, %arg7: !block.ptr<f32>) attributes {block.kernel} {
    %0 = block.arange 0, 128 : tensor<128xi32>
    %1 = block.splat %arg0 : tensor<128x!block.ptr<i32>>
    %2 = block.addptr %1, %0 : tensor<128x!block.ptr<i32>>, tensor<128xi32>
    %3 = block.load %2 : tensor<128x!block.ptr<i32>>
    %4 = block.reshape %3 : tensor<128xi32> -> tensor<8x16xi32>
    %5 = block.trans %4 [1, 0] : tensor<8x16xi32> -> tensor<16x8xi32>
    %6 = block.trans %5 [1, 0] : tensor<16x8xi32> -> tensor<8x16xi32>
    %7 = block.scan %6 axis = 0 : (tensor<8x16xi32>) -> tensor<8x16xi32> {
    ^bb0(%arg8: i32, %arg9: i32):
      %34 = arith.addi %arg8, %arg9 : i32
      block.yield %34 : i32
    }
    %8 = block.reshape %7 : tensor<8x16xi32> -> tensor<128xi32>
    %9 = block.splat %arg2 : tensor<128x!block.ptr<i32>>
    %10 = block.addptr %9, %0 : tensor<128x!block.ptr<i32>>, tensor<128xi32>
    block.store %10, %8 evict = evict_last : tensor<128x!block.ptr<i32>>
    %11 = block.scan %6 axis = 1 reverse : (tensor<8x16xi32>) -> tensor<8x16xi32> {
    ^bb0(%arg8: i32, %arg9: i32):
      %34 = arith.addi %arg8, %arg9 : i32
      block.yield %34 : i32
    }
    %12 = block.reshape %11 : tensor<8x16xi32> -> tensor<128xi32>
    %13 = block.splat %arg3 : tensor<128x!block.ptr<i32>>
    %14 = block.addptr %13, %0 : tensor<128x!block.ptr<i32>>, tensor<128xi32>
    %15 = block.scan %6 axis = 1 : (tensor<8x16xi32>) -> tensor<8x16xi32> {
    ^bb0(%arg8: i32, %arg9: i32):
      %34 = arith.cmpi ugt, %arg9, %arg9 : i32
      %35 = block.splat %34 : tensor<16xi1>
      %36 = block.reduce %35 axis = 0 : (tensor<16xi1>) -> i1 {
      ^bb0(%arg10: i1, %arg11: i1):
        %38 = arith.remui %arg10, %arg11 : i1
        block.yield %38 : i1
      }
      %37 = scf.if %36 -> (i32) {
        scf.yield %arg8 : i32
      } else {
        scf.yield %arg9 : i32
      }
      block.yield %37 : i32
    }
    %16 = block.reshape %15 : tensor<8x16xi32> -> tensor<128xi32>
    %17 = block.splat %arg4 : tensor<128x!block.ptr<i32>>
    %18 = block.addptr %17, %0 : tensor<128x!block.ptr<i32>>, tensor<128xi32>
    block.store %18, %16 : tensor<128x!block.ptr<i32>>
    %19 = block.splat %arg1 : tensor<128x!block.ptr<f32>>
    %20 = block.addptr %19, %12 : tensor<128x!block.ptr<f32>>, tensor<128xi32>
    %21 = block.load %20 : tensor<128x!block.ptr<f32>>
    %22 = block.scan %21 axis = 0 : (tensor<128xf32>) -> tensor<128xf32> {
    ^bb0(%arg8: f32, %arg9: f32):
      %34 = arith.addf %arg8, %arg9 : f32
      block.yield %34 : f32
    }
    %23 = block.splat %arg5 : tensor<128x!block.ptr<f32>>
    %24 = block.addptr %23, %8 : tensor<128x!block.ptr<f32>>, tensor<128xi32>
    block.store %24, %22 : tensor<128x!block.ptr<f32>>
    %25 = block.reshape %21 : tensor<128xf32> -> tensor<8x16xf32>
    %26 = block.scan %25 axis = 1 : (tensor<8x16xf32>) -> tensor<8x16xf32> {
    ^bb0(%arg8: f32, %arg9: f32):
      %cst = arith.constant 5.000000e-01 : f32
      %34 = arith.mulf %arg8, %cst : f32
      %35 = arith.addf %34, %arg9 : f32
      block.yield %35 : f32
    }
    %27 = block.reshape %26 : tensor<8x16xf32> -> tensor<128xf32>
    %28 = block.splat %arg6 : tensor<128x!block.ptr<f32>>
    %29 = block.addptr %28, %3 : tensor<128x!block.ptr<f32>>, tensor<128xi32>
    %30 = block.scan %25 axis = 0 reverse : (tensor<8x16xf32>) -> tensor<8x16xf32> {
    ^bb0(%arg8: f32, %arg9: f32):
      %34 = block.splat %arg9 : tensor<1xf32>
      %35 = block.reduce %34 axis = 0 : (tensor<1xf32>) -> f32 {
      ^bb0(%arg10: f32, %arg11: f32):
        %38 = arith.minimumf %arg10, %arg11 : f32
        block.yield %38 : f32
      }
      %cst = arith.constant 5.000000e-01 : f32
      %36 = arith.mulf %arg8, %cst : f32
      %37 = arith.remf %36, %35 : f32
      block.yield %37 : f32
    }
    %31 = block.reshape %30 : tensor<8x16xf32> -> tensor<128xf32>
    %32 = block.splat %arg7 : tensor<128x!block.ptr<f32>>
    %33 = block.addptr %32, %0 : tensor<128x!block.ptr<f32>>, tensor<128xi32>
    block.store %33, %31 : tensor<128x!block.ptr<f32>>
    return
  }
}
