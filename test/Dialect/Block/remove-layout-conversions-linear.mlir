// RUN: block-opt %s -block-remove-layout-conversions | FileCheck %s

// Layouts other than blocked ones follow through the shape operations by
// the layout algebra (#block.linear, as a program written for tensor cores
// has).

// CHECK-DAG: #[[$ROWST:.+]] = #block.linear<register = {{\[\[4, 0\], \[8, 0\]\]}}, lane = {{\[\[0, 1\], \[0, 2\], \[0, 4\], \[1, 0\], \[2, 0\]\]}}, warp = []>
// CHECK-DAG: #[[$ROWS:.+]] = #block.linear<register = {{\[\[0, 4\], \[0, 8\]\]}}, lane = {{\[\[1, 0\], \[2, 0\], \[4, 0\], \[0, 1\], \[0, 2\]\]}}, warp = []>
// CHECK-DAG: #[[$UNIT:.+]] = #block.linear<register = {{\[\[0, 1\]\]}}, lane = {{\[\[0, 0\], \[0, 0\], \[0, 0\], \[0, 2\], \[0, 4\]\]}}, warp = []>
// CHECK-DAG: #[[$COLS:.+]] = #block.linear<register = {{\[\[0, 1\]\]}}, lane = {{\[\[1, 0\], \[2, 0\], \[4, 0\], \[0, 2\], \[0, 4\]\]}}, warp = []>
// CHECK-DAG: #[[$RANGE:.+]] = #block.slice<dim = 0, parent = #[[$UNIT]]>

#acc = #block.linear<register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = []>
#accT = #block.linear<register = [[1, 0], [0, 8]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = []>
#rows = #block.linear<register = [[0, 4], [0, 8]], lane = [[1, 0], [2, 0], [4, 0], [0, 1], [0, 2]], warp = []>
#cols = #block.linear<register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0], [0, 2], [0, 4]], warp = []>

// The conversion of a transposed mma.sync accumulator's splat to rows of
// lanes: the splat is made again in the layout the transposition permutes
// to the rows.
// CHECK-LABEL: func.func @linear_trans(
// CHECK-NOT: convert_layout
// CHECK: %[[S:.+]] = block.splat %{{.*}} : tensor<16x8xf32, #[[$ROWST]]>
// CHECK: block.trans %[[S]] [1, 0] : tensor<16x8xf32, #[[$ROWST]]> -> tensor<8x16xf32, #[[$ROWS]]>
// CHECK-NOT: convert_layout
// CHECK: return
func.func @linear_trans(%v: f32) -> tensor<8x16xf32, #rows> {
  %s = block.splat %v : tensor<16x8xf32, #acc>
  %t = block.trans %s [1, 0] : tensor<16x8xf32, #acc> -> tensor<8x16xf32, #accT>
  %c = block.convert_layout %t : tensor<8x16xf32, #accT> -> tensor<8x16xf32, #rows>
  return %c : tensor<8x16xf32, #rows>
}

// A range broadcast along the rows of a tile: the range is made again in
// the target layout with its copies along the rows dropped, one unit
// dimension inserted by expand_dims.
// CHECK-LABEL: func.func @linear_broadcast(
// CHECK-NOT: convert_layout
// CHECK: block.arange 0, 8 : tensor<8xi32, #[[$RANGE]]>
// CHECK: block.expand_dims %{{.*}}, 0 : tensor<8xi32, #[[$RANGE]]> -> tensor<1x8xi32, #[[$UNIT]]>
// CHECK: block.broadcast %{{.*}} : tensor<1x8xi32, #[[$UNIT]]> -> tensor<8x8xi32, #[[$COLS]]>
// CHECK-NOT: convert_layout
// CHECK: return
func.func @linear_broadcast() -> tensor<8x8xi32, #cols> {
  %r = block.arange 0, 8 : tensor<8xi32, #block.slice<dim = 0, parent = #acc>>
  %e = block.expand_dims %r, 0 : tensor<8xi32, #block.slice<dim = 0, parent = #acc>> -> tensor<1x8xi32, #acc>
  %b = block.broadcast %e : tensor<1x8xi32, #acc> -> tensor<8x8xi32, #acc>
  %c = block.convert_layout %b : tensor<8x8xi32, #acc> -> tensor<8x8xi32, #cols>
  return %c : tensor<8x8xi32, #cols>
}
