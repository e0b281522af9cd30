module {
  func.func @check_bound(%arg0: !block.ptr<i32>, %arg1: i32) attributes {block.kernel} {
    %c16_i32 = arith.constant 16 : i32
    %0 = block.splat %c16_i32 : tensor<1024xi32>
    %1 = block.reduce %0 axis = 0 : (tensor<1024xi32>) -> i32 {
    ^bb0(%arg2: i32, %arg3: i32):
      %17 = arith.minui %arg2, %arg3 : i32
      block.yield %c16_i32 : i32
    }
    %2 = block.program_id x
    %3 = block.splat %2 : tensor<32xi32>
    %4 = block.reduce %3 axis = 0 : (tensor<32xi32>) -> i32 {
    ^bb0(%arg2: i32, %arg3: i32):
      %17 = arith.addi %arg2, %arg3 : i32
      block.yield %17 : i32
    }
    %c-1_i32 = arith.constant -1 : i32
    %5 = arith.maxsi %4, %c-1_i32 : i32
    %6 = arith.muli %5, %1 : i32
    %7 = block.splat %6 : tensor<16xi32>
    %8 = block.arange 0, 16 : tensor<16xi32>
    %9 = block.reshape %8 : tensor<16xi32> -> tensor<8x2xi32>
    %10 = block.reshape %9 : tensor<8x2xi32> -> tensor<16xi32>
    %11 = arith.minsi %7, %10 : tensor<16xi32>
    %12 = block.splat %arg0 : tensor<16x!block.ptr<i32>>
    %13 = block.addptr %12, %11 : tensor<16x!block.ptr<i32>>, tensor<16xi32>
    %14 = block.load %13 : tensor<16x!block.ptr<i32>>
    %15 = block.splat %arg1 : tensor<16xi32>
    %16 = arith.cmpi slt, %14, %15 : tensor<16xi32>
    block.assert %16, "value below n" : tensor<16xi1>
    return
  }
  func.func @check_scalar() attributes {block.kernel} {
    %c2_i32 = arith.constant 2 : i32
    %0 = block.program_id x
    %1 = arith.cmpi uge, %0, %c2_i32 : i32
    block.assert %1, "not the third" : i1
    return
  }
}
