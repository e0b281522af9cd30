// RUN: block-opt %s -split-input-file -block-assign-layouts | FileCheck %s

// block.join's result and block.split's operand hold each pair in one
// thread's registers: a join's result layout follows from its operands'
// (pairs added as the fastest register bit), and a split of pairs spread
// over threads converts them first. A user that wants another layout gets a
// conversion, never the join or split.

// The load's layout (no contiguity known along the pairs) spreads pairs over
// two lanes: the joined pointers are converted to it, the loaded pairs back.
// CHECK-DAG: #[[H:.+]] = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-DAG: #[[P:.+]] = #block.blocked<sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[LANES:.+]] = #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: func.func @pairs_over_lanes
// CHECK: %[[J:.*]] = block.join %{{.*}}, %{{.*}} : tensor<512x!block.ptr<f32>, #[[H]]> -> tensor<512x2x!block.ptr<f32>, #[[P]]>
// CHECK-NEXT: %[[C:.*]] = block.convert_layout %[[J]] : tensor<512x2x!block.ptr<f32>, #[[P]]> -> tensor<512x2x!block.ptr<f32>, #[[LANES]]>
// CHECK-NEXT: %[[V:.*]] = block.load %[[C]] : tensor<512x2x!block.ptr<f32>, #[[LANES]]>
// CHECK-NEXT: %[[VP:.*]] = block.convert_layout %[[V]] : tensor<512x2xf32, #[[LANES]]> -> tensor<512x2xf32, #[[P]]>
// CHECK-NEXT: block.split %[[VP]] : tensor<512x2xf32, #[[P]]> -> tensor<512xf32, #[[H]]>
func.func @pairs_over_lanes(%x: !block.ptr<f32>, %out: !block.ptr<f32>)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %i = block.arange 0, 512 : tensor<512xi32>
  %two = arith.constant dense<2> : tensor<512xi32>
  %one = arith.constant dense<1> : tensor<512xi32>
  %even = arith.muli %i, %two : tensor<512xi32>
  %odd = arith.addi %even, %one : tensor<512xi32>
  %pe = block.addptr %x, %even : !block.ptr<f32>, tensor<512xi32>
  %po = block.addptr %x, %odd : !block.ptr<f32>, tensor<512xi32>
  %pp = block.join %pe, %po : tensor<512x!block.ptr<f32>> -> tensor<512x2x!block.ptr<f32>>
  %v = block.load %pp : tensor<512x2x!block.ptr<f32>>
  %a, %b = block.split %v : tensor<512x2xf32> -> tensor<512xf32>
  %s = arith.addf %a, %b : tensor<512xf32>
  %q = block.addptr %out, %i : !block.ptr<f32>, tensor<512xi32>
  block.store %q, %s : tensor<512x!block.ptr<f32>>
  return
}

// -----

// Pairs loaded contiguously: the load's layout already holds each pair in a
// thread, and neither the split nor the join needs a conversion.
// CHECK-LABEL: func.func @square_magnitudes
// CHECK-NOT: block.convert_layout
// CHECK: block.split %{{.*}} : tensor<512x2xf32, #[[P:.*]]> -> tensor<512xf32, #[[H:.*]]>
// CHECK-NOT: block.convert_layout
// CHECK: block.join %{{.*}}, %{{.*}} : tensor<512xf32, #[[H]]> -> tensor<512x2xf32, #[[P]]>
// CHECK-NOT: block.convert_layout
// CHECK: return
func.func @square_magnitudes(%x: !block.ptr<f32> {block.alignment = 16},
                             %out: !block.ptr<f32> {block.alignment = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %r = block.arange 0, 512 : tensor<512xi32>
  %two = arith.constant dense<2> : tensor<512xi32>
  %r2 = arith.muli %r, %two : tensor<512xi32>
  %rows = block.broadcast %r2 dims [0] : tensor<512xi32> -> tensor<512x2xi32>
  %j = block.arange 0, 2 : tensor<2xi32>
  %cols = block.broadcast %j dims [1] : tensor<2xi32> -> tensor<512x2xi32>
  %offs = arith.addi %rows, %cols : tensor<512x2xi32>
  %px = block.addptr %x, %offs : !block.ptr<f32>, tensor<512x2xi32>
  %p = block.load %px : tensor<512x2x!block.ptr<f32>>
  %re, %im = block.split %p : tensor<512x2xf32> -> tensor<512xf32>
  %rr = arith.mulf %re, %re : tensor<512xf32>
  %ii = arith.mulf %im, %im : tensor<512xf32>
  %m = arith.addf %rr, %ii : tensor<512xf32>
  %zero = arith.constant dense<0.0> : tensor<512xf32>
  %q = block.join %m, %zero : tensor<512xf32> -> tensor<512x2xf32>
  %po = block.addptr %out, %offs : !block.ptr<f32>, tensor<512x2xi32>
  block.store %po, %q : tensor<512x2x!block.ptr<f32>>
  return
}
