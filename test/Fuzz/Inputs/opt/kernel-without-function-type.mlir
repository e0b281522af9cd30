"builtin.module"() ({
  "func.func"() <{arg_attrs = [{block.alignment = 16 : i64}, {}, {}], aritfunction_type = (!block.ptr<f32>, i32, i1) -> (), sym_name = "loop"}> ({
  ^bb0(%arg0: !block.ptr<f32>, %arg1: i32, %arg2: i1):
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %2 = "arith.constant"() <{value = dense<0.000000e+00> : tensor<256xf32>}> : () -> tensor<256xf32>
    %3 = "block.arange"() <{end = 255 : i32, start = -1 : i32}> : () -> tensor<256xi32>
    %4 = "block.splat"(%arg0) : (!block.ptr<f32>) -> tensor<256x!block.ptr<f32>>
    %5 = "block.addptr"(%4, %3) : (tensor<256x!block.ptr<f32>>, tensor<256xi32>) -> tensor<256x!block.ptr<f32>>
    %6 = "scf.for"(%0, %arg1, %1, %2) ({
    ^bb0(%arg3: i32, %arg4: tensor<256xf32>):
      %8 = "block.load"(%5) <{evict = 1 : i32, operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<256x!block.ptr<f32>>) -> tensor<256xf32>
      %9 = "block.load"(%5) <{evict = 1 : i32, operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<256x!block.ptr<f32>>) -> tensor<256xf32>
      %10 = "arith.addf"(%arg4, %9) <{fastmath = #arith.fastmath<none>}> : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
      "scf.yield"(%10) : (tensor<256xf32>) -> ()
    }) : (i32, i32, i32, tensor<256xf32>) -> tensor<256xf32>
    %7 = "scf.if"(%arg2) ({
      "scf.yield"(%6) : (tensor<256xf32>) -> ()
    }, {
      "scf.yield"(%2) : (tensor<256xf32>) -> ()
    }) : (i1) -> tensor<256xf32>
    "block.store"(%5, %7) : (tensor<256x!block.ptr<f32>>, tensor<256xf32>) -> ()
    "func.return"() : () -> ()
  }) {block.kernel, block.num_warps = 4 : i32} : () -> ()
}) : () -> ()
