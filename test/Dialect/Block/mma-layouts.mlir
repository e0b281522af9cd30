// RUN: block-opt %s | FileCheck %s
// RUN: block-opt %s | block-opt | FileCheck %s
// RUN: block-opt %s --mlir-print-op-generic | block-opt | FileCheck %s
// RUN: block-opt %s -test-block-layouts-to-linear | FileCheck %s --check-prefix=LINEAR

// #block.mma and #block.dot_operand round-trip and print with Triton's
// aliases (#mma, #dot_op; a #dot_op's parent is its #mma alias); their
// linear layouts are the PTX ISA's fragments (unittests/Layout).

// CHECK-DAG: #[[MMA:mma[0-9]*]] = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 16]>
// CHECK-DAG: #[[MMA3:mma[0-9]*]] = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
// CHECK-DAG: #[[A:dot_op[0-9]*]] = #block.dot_operand<opIdx = 0, parent = #[[MMA]], kWidth = 2>
// CHECK-DAG: #[[B:dot_op[0-9]*]] = #block.dot_operand<opIdx = 1, parent = #[[MMA]], kWidth = 2>
// CHECK-DAG: #[[SLICE:slice[0-9]*]] = #block.slice<dim = 1, parent = #[[MMA]]>
// CHECK-DAG: #[[A3:dot_op[0-9]*]] = #block.dot_operand<opIdx = 0, parent = #[[MMA3]], kWidth = 2>
#mma = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 16]>
#mma3 = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
#a = #block.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#b = #block.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#a3 = #block.dot_operand<opIdx = 0, parent = #mma3, kWidth = 2>

// CHECK-LABEL: func.func @products
// CHECK-SAME: tensor<64x32xf16, #[[A]]>, %{{.*}}: tensor<32x64xf16, #[[B]]>, %{{.*}}: tensor<64x64xf32, #[[MMA]]>
// CHECK: block.dot %{{.*}} : tensor<64x32xf16, #[[A]]>, tensor<32x64xf16, #[[B]]> -> tensor<64x64xf32, #[[MMA]]>
// CHECK: block.reduce add %{{.*}} axis = 1 : (tensor<64x64xf32, #[[MMA]]>) -> tensor<64xf32, #[[SLICE]]>
// CHECK: arith.truncf %{{.*}} : tensor<64x64xf32, #[[MMA3]]> to tensor<64x64xf16, #[[MMA3]]>
// The m16n8 accumulator over [2, 2] warps: registers (0, 1), (8, 0), then
// four tiles along N and two along M; lanes in quads; warps N first.
// LINEAR-DAG: #[[ACC:linear[0-9]*]] = #block.linear<register = {{\[\[0, 1\], \[8, 0\], \[0, 16\], \[0, 32\], \[32, 0\]\]}}, lane = {{\[\[0, 2\], \[0, 4\], \[1, 0\], \[2, 0\], \[4, 0\]\]}}, warp = {{\[\[0, 8\], \[16, 0\]\]}}>
// LINEAR-LABEL: func.func @products
// LINEAR-SAME: %{{.*}}: tensor<64x64xf32, #[[ACC]]>
func.func @products(%a: tensor<64x32xf16, #a>, %b: tensor<32x64xf16, #b>,
                    %c: tensor<64x64xf32, #mma>, %c3: tensor<64x64xf32, #mma3>,
                    %p: tensor<64x64xf16, #a3>)
    -> (tensor<64x64xf32, #mma>, tensor<64xf32, #block.slice<dim = 1, parent = #mma>>, tensor<64x64xf16, #mma3>) {
  %d = block.dot %a, %b, %c : tensor<64x32xf16, #a>, tensor<32x64xf16, #b> -> tensor<64x64xf32, #mma>
  %s = block.reduce %d axis = 1 : (tensor<64x64xf32, #mma>) -> tensor<64xf32, #block.slice<dim = 1, parent = #mma>> {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %y : f32
    block.yield %r : f32
  }
  %h = arith.truncf %c3 : tensor<64x64xf32, #mma3> to tensor<64x64xf16, #mma3>
  return %d, %s, %h : tensor<64x64xf32, #mma>, tensor<64xf32, #block.slice<dim = 1, parent = #mma>>, tensor<64x64xf16, #mma3>
}

// The accumulator of a wgmma with its warps along M is the next product's
// register A: converting moves no data, and the shape operations' rules
// (through the algebra) accept a convert between them.
// CHECK-LABEL: func.func @chained
// CHECK: block.convert_layout %{{.*}} : tensor<64x64xf16, #[[MMA3]]> -> tensor<64x64xf16, #[[A3]]>
func.func @chained(%h: tensor<64x64xf16, #mma3>) -> tensor<64x64xf16, #a3> {
  %p = block.convert_layout %h : tensor<64x64xf16, #mma3> -> tensor<64x64xf16, #a3>
  return %p : tensor<64x64xf16, #a3>
}
