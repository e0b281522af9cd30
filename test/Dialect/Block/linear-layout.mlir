// RUN: block-opt %s | block-opt | FileCheck %s
// RUN: block-opt %s --mlir-print-op-generic | block-opt | FileCheck %s

// #block.linear round-trips, and the shape operations' layout rules accept
// any layouts that place elements where the rules need them (the layout
// algebra decides, not the attributes' kinds).

// CHECK-DAG: #[[ROWS:.+]] = #block.linear<register = {{\[\[0, 1\], \[0, 2\]\]}}, lane = {{\[\[0, 4\], \[0, 8\], \[0, 16\], \[1, 0\], \[2, 0\]\]}}, warp = {{\[\[4, 0\]\]}}>
#rows = #block.linear<register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0]]>
// The transposition of #rows: the same threads hold the same elements.
// CHECK-DAG: #[[COLS:.+]] = #block.linear<register = {{\[\[1, 0\], \[2, 0\]\]}}, lane = {{\[\[4, 0\], \[8, 0\], \[16, 0\], \[0, 1\], \[0, 2\]\]}}, warp = {{\[\[0, 4\]\]}}>
#cols = #block.linear<register = [[1, 0], [2, 0]], lane = [[4, 0], [8, 0], [16, 0], [0, 1], [0, 2]], warp = [[0, 4]]>
// The rows of #rows as a blocked layout.
#blocked = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]>
// One column of #rows: lanes 0..2 replicate it.
#col = #block.linear<register = [], lane = [[0], [0], [0], [1], [2]], warp = [[4]]>

// CHECK-LABEL: func.func @shape_ops
// CHECK-SAME: tensor<8x32xf32, #[[ROWS]]>
func.func @shape_ops(%x: tensor<8x32xf32, #rows>, %c: tensor<8xf32, #col>)
    -> (tensor<32x8xf32, #cols>, tensor<8x32xf32, #blocked>, tensor<8x32xf32, #rows>) {
  // CHECK: block.trans %{{.*}} [1, 0] : tensor<8x32xf32, #[[ROWS]]> -> tensor<32x8xf32, #[[COLS]]>
  %t = block.trans %x [1, 0] : tensor<8x32xf32, #rows> -> tensor<32x8xf32, #cols>
  // #blocked is #rows for this shape: elementwise operands agree.
  %y = arith.addf %x, %x : tensor<8x32xf32, #rows>
  %b = block.convert_layout %y : tensor<8x32xf32, #rows> -> tensor<8x32xf32, #blocked>
  %e = block.expand_dims %c, 1 : tensor<8xf32, #col> -> tensor<8x1xf32, #rows>
  %s = block.broadcast %e : tensor<8x1xf32, #rows> -> tensor<8x32xf32, #rows>
  return %t, %b, %s : tensor<32x8xf32, #cols>, tensor<8x32xf32, #blocked>, tensor<8x32xf32, #rows>
}

// A reduction's result may carry any layout equal to the operand's slice
// (#col is #rows's slice along dimension 1).
// CHECK-LABEL: func.func @reduce_to_linear
// CHECK: block.reduce add %{{.*}} axis = 1 : (tensor<8x32xf32, #[[ROWS]]>) -> tensor<8xf32, #{{.*}}>
func.func @reduce_to_linear(%x: tensor<8x32xf32, #rows>) -> tensor<8xf32, #col> {
  %s = block.reduce %x axis = 1 : (tensor<8x32xf32, #rows>) -> tensor<8xf32, #col> {
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    block.yield %r : f32
  }
  return %s : tensor<8xf32, #col>
}
