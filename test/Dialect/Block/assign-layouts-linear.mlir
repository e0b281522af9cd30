// RUN: block-opt %s -split-input-file -block-assign-layouts | FileCheck %s
// RUN: block-opt %s -split-input-file -block-assign-layouts | block-opt -split-input-file -block-assign-layouts | FileCheck %s

// Layouts other than blocked ones (here #block.linear, as a program written
// for tensor cores has) spread through the shape operations by the layout
// algebra: a transposition permutes the bases, a reduction slices, an
// expand_dims inserts a unit dimension, a broadcast repeats the broadcast
// dimensions in each thread's registers, a reshape keeps each thread's
// row-major positions.

// An mma.sync m16n8 accumulator (one warp), transposed: its rows become
// columns; the row sums of the transposed tile are its slice; expanded back
// and broadcast, they line up with the tile without a conversion.
// CHECK-DAG: #[[$ACC:.+]] = #block.linear<register = {{\[\[0, 1\], \[8, 0\]\]}}, lane = {{\[\[0, 2\], \[0, 4\], \[1, 0\], \[2, 0\], \[4, 0\]\]}}, warp = []>
// CHECK-DAG: #[[$T:.+]] = #block.linear<register = {{\[\[1, 0\], \[0, 8\]\]}}, lane = {{\[\[2, 0\], \[4, 0\], \[0, 1\], \[0, 2\], \[0, 4\]\]}}, warp = []>
// CHECK-DAG: #[[$COL:.+]] = #block.linear<register = {{\[\[1, 0\]\]}}, lane = {{\[\[2, 0\], \[4, 0\], \[0, 0\], \[0, 0\], \[0, 0\]\]}}, warp = []>
// CHECK-DAG: #[[$SUMS:.+]] = #block.slice<dim = 1, parent = #[[$T]]>
// CHECK-LABEL: func.func @accumulator(
// CHECK: block.trans %{{.*}} [1, 0] : tensor<16x8xf32, #[[$ACC]]> -> tensor<8x16xf32, #[[$T]]>
// CHECK: block.reduce add %{{.*}} axis = 1 : (tensor<8x16xf32, #[[$T]]>) -> tensor<8xf32, #[[$SUMS]]>
// CHECK: block.expand_dims %{{.*}}, 1 : tensor<8xf32, #[[$SUMS]]> -> tensor<8x1xf32, #[[$COL]]>
// CHECK: block.broadcast %{{.*}} : tensor<8x1xf32, #[[$COL]]> -> tensor<8x16xf32, #[[$T]]>
// CHECK: arith.subf %{{.*}} : tensor<8x16xf32, #[[$T]]>
// CHECK-NOT: convert_layout
#acc = #block.linear<register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = []>
func.func @accumulator(%v: f32) attributes {block.kernel, block.num_warps = 1 : i32} {
  %x = block.splat %v : tensor<16x8xf32, #acc>
  %t = block.trans %x [1, 0] : tensor<16x8xf32, #acc> -> tensor<8x16xf32>
  %r = block.reduce %t axis = 1 : (tensor<8x16xf32>) -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    block.yield %s : f32
  }
  %e = block.expand_dims %r, 1 : tensor<8xf32> -> tensor<8x1xf32>
  %b = block.broadcast %e : tensor<8x1xf32> -> tensor<8x16xf32>
  %d = arith.subf %t, %b : tensor<8x16xf32>
  return
}

// -----

// A column held by lanes 0-7 (lanes 8-31 copy it), broadcast: each thread
// holds its row's 16 columns in registers.
// CHECK-DAG: #[[$COL:.+]] = #block.linear<register = [], lane = {{\[\[1, 0\], \[2, 0\], \[4, 0\], \[0, 0\], \[0, 0\]\]}}, warp = []>
// CHECK-DAG: #[[$ROWS:.+]] = #block.linear<register = {{\[\[0, 1\], \[0, 2\], \[0, 4\], \[0, 8\]\]}}, lane = {{\[\[1, 0\], \[2, 0\], \[4, 0\], \[0, 0\], \[0, 0\]\]}}, warp = []>
// CHECK-LABEL: func.func @broadcast(
// CHECK: block.broadcast %{{.*}} : tensor<8x1xf32, #[[$COL]]> -> tensor<8x16xf32, #[[$ROWS]]>
// CHECK: arith.negf %{{.*}} : tensor<8x16xf32, #[[$ROWS]]>
#col = #block.linear<register = [], lane = [[1, 0], [2, 0], [4, 0], [0, 0], [0, 0]], warp = []>
func.func @broadcast(%v: f32) attributes {block.kernel, block.num_warps = 1 : i32} {
  %c = block.splat %v : tensor<8x1xf32, #col>
  %b = block.broadcast %c : tensor<8x1xf32, #col> -> tensor<8x16xf32>
  %n = arith.negf %b : tensor<8x16xf32>
  return
}

// -----

// The other way: a broadcast result's layout gives its operand the
// broadcast dimension's copies dropped; a row's layout gives expand_dims a
// unit dimension.
// CHECK-DAG: #[[$COL:.+]] = #block.linear<register = {{\[\[1, 0\]\]}}, lane = {{\[\[2, 0\], \[4, 0\], \[0, 0\], \[0, 0\], \[0, 0\]\]}}, warp = []>
// CHECK-DAG: #[[$TILE:.+]] = #block.linear<register = {{\[\[1, 0\], \[0, 8\]\]}}, lane = {{\[\[2, 0\], \[4, 0\], \[0, 1\], \[0, 2\], \[0, 4\]\]}}, warp = []>
// CHECK-DAG: #[[$ROW:.+]] = #block.linear<register = {{\[\[8\]\]}}, lane = {{\[\[1\], \[2\], \[4\], \[0\], \[0\]\]}}, warp = []>
// CHECK-DAG: #[[$ROW2:.+]] = #block.linear<register = {{\[\[0, 8\]\]}}, lane = {{\[\[0, 1\], \[0, 2\], \[0, 4\], \[0, 0\], \[0, 0\]\]}}, warp = []>
// CHECK-LABEL: func.func @operands(
// CHECK: block.splat %{{.*}} : tensor<8x1xf32, #[[$COL]]>
// CHECK: block.broadcast %{{.*}} : tensor<8x1xf32, #[[$COL]]> -> tensor<8x16xf32, #[[$TILE]]>
// CHECK: block.expand_dims %{{.*}}, 0 : tensor<16xf32, #[[$ROW]]> -> tensor<1x16xf32, #[[$ROW2]]>
// CHECK: arith.negf %{{.*}} : tensor<1x16xf32, #[[$ROW2]]>
// CHECK-NOT: convert_layout
#tile = #block.linear<register = [[1, 0], [0, 8]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = []>
#row = #block.linear<register = [[8]], lane = [[1], [2], [4], [0], [0]], warp = []>
func.func @operands(%v: f32) attributes {block.kernel, block.num_warps = 1 : i32} {
  %c = block.splat %v : tensor<8x1xf32>
  %b = block.broadcast %c : tensor<8x1xf32> -> tensor<8x16xf32, #tile>
  %r = block.splat %v : tensor<16xf32, #row>
  %e = block.expand_dims %r, 0 : tensor<16xf32, #row> -> tensor<1x16xf32>
  %n = arith.negf %e : tensor<1x16xf32>
  return
}

// -----

// A reshape keeps each thread's row-major positions, both ways.
// CHECK-DAG: #[[$ACC:.+]] = #block.linear<register = {{\[\[0, 1\], \[8, 0\]\]}}, lane = {{\[\[0, 2\], \[0, 4\], \[1, 0\], \[2, 0\], \[4, 0\]\]}}, warp = []>
// CHECK-DAG: #[[$WIDE:.+]] = #block.linear<register = {{\[\[0, 1\], \[2, 0\]\]}}, lane = {{\[\[0, 2\], \[0, 4\], \[0, 8\], \[0, 16\], \[1, 0\]\]}}, warp = []>
// CHECK-DAG: #[[$FLAT:.+]] = #block.linear<register = {{\[\[1\], \[64\]\]}}, lane = {{\[\[2\], \[4\], \[8\], \[16\], \[32\]\]}}, warp = []>
// CHECK-LABEL: func.func @reshape(
// CHECK: block.reshape %{{.*}} : tensor<16x8xf32, #[[$ACC]]> -> tensor<4x32xf32, #[[$WIDE]]>
// CHECK: arith.negf %{{.*}} : tensor<4x32xf32, #[[$WIDE]]>
// CHECK: block.splat %{{.*}} : tensor<128xf32, #[[$FLAT]]>
// CHECK: block.reshape %{{.*}} : tensor<128xf32, #[[$FLAT]]> -> tensor<16x8xf32, #[[$ACC]]>
// CHECK-NOT: convert_layout
#acc = #block.linear<register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = []>
func.func @reshape(%v: f32) attributes {block.kernel, block.num_warps = 1 : i32} {
  %x = block.splat %v : tensor<16x8xf32, #acc>
  %r = block.reshape %x : tensor<16x8xf32, #acc> -> tensor<4x32xf32>
  %n = arith.negf %r : tensor<4x32xf32>
  %y = block.splat %v : tensor<128xf32>
  %b = block.reshape %y : tensor<128xf32> -> tensor<16x8xf32, #acc>
  return
}
