// RUN: block-opt %s --convert-block-to-gpu | FileCheck %s

// A per-row scale broadcast along the columns a thread holds: the axis
// analysis proves the pointers (and the mask) constant along each row, so
// each thread loads once per row it holds (2), not once per element (8),
// and every element of the row takes that value (selected with its own
// `other` where masked off).
#L = #block.blocked<sizePerThread = [2, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#R = #block.slice<dim = 1, parent = #L>
// CHECK-LABEL: gpu.func @row_scale
// CHECK-COUNT-2: ld.global.f32
// CHECK-NOT: ld.global
// CHECK: gpu.return
func.func @row_scale(%s: !block.ptr<f32>, %o: !block.ptr<f32>, %n: i32) attributes {block.kernel, block.num_warps = 4 : i32} {
  %r = block.arange 0, 32 : tensor<32xi32, #R>
  %re = block.expand_dims %r, 1 : tensor<32xi32, #R> -> tensor<32x1xi32, #L>
  %rows = block.broadcast %re : tensor<32x1xi32, #L> -> tensor<32x32xi32, #L>
  %ns = block.splat %n : tensor<32x32xi32, #L>
  %ok = arith.cmpi slt, %rows, %ns : tensor<32x32xi32, #L>
  %one = arith.constant dense<1.0> : tensor<32x32xf32, #L>
  %ss = block.splat %s : tensor<32x32x!block.ptr<f32>, #L>
  %sp = block.addptr %ss, %rows : tensor<32x32x!block.ptr<f32>, #L>, tensor<32x32xi32, #L>
  %sv = block.load %sp mask %ok other %one : tensor<32x32x!block.ptr<f32>, #L>
  %c = block.arange 0, 32 : tensor<32xi32, #block.slice<dim = 0, parent = #L>>
  %ce = block.expand_dims %c, 0 : tensor<32xi32, #block.slice<dim = 0, parent = #L>> -> tensor<1x32xi32, #L>
  %cols = block.broadcast %ce : tensor<1x32xi32, #L> -> tensor<32x32xi32, #L>
  %c32 = arith.constant dense<32> : tensor<32x32xi32, #L>
  %rm = arith.muli %rows, %c32 : tensor<32x32xi32, #L>
  %off = arith.addi %rm, %cols : tensor<32x32xi32, #L>
  %os = block.splat %o : tensor<32x32x!block.ptr<f32>, #L>
  %op = block.addptr %os, %off : tensor<32x32x!block.ptr<f32>, #L>, tensor<32x32xi32, #L>
  block.store %op, %sv : tensor<32x32x!block.ptr<f32>, #L>
  return
}

// A volatile load reads every element.
// CHECK-LABEL: gpu.func @volatile_scale
// CHECK-COUNT-8: ld.volatile.global.f32
// CHECK: gpu.return
func.func @volatile_scale(%s: !block.ptr<f32>, %o: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  %r = block.arange 0, 32 : tensor<32xi32, #R>
  %re = block.expand_dims %r, 1 : tensor<32xi32, #R> -> tensor<32x1xi32, #L>
  %rows = block.broadcast %re : tensor<32x1xi32, #L> -> tensor<32x32xi32, #L>
  %ss = block.splat %s : tensor<32x32x!block.ptr<f32>, #L>
  %sp = block.addptr %ss, %rows : tensor<32x32x!block.ptr<f32>, #L>, tensor<32x32xi32, #L>
  %sv = block.load %sp {isVolatile} : tensor<32x32x!block.ptr<f32>, #L>
  %os = block.splat %o : tensor<32x32x!block.ptr<f32>, #L>
  %op = block.addptr %os, %rows : tensor<32x32x!block.ptr<f32>, #L>, tensor<32x32xi32, #L>
  block.store %op, %sv : tensor<32x32x!block.ptr<f32>, #L>
  return
}
