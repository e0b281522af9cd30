// REQUIRES: ptxas
// Layout conversions through block-compile: within warps by shuffles (no
// shared memory), between warps through a buffer. Each kernel copies a tile
// through a conversion, so on the GPU (bench/kernels.txt) its output must be
// its input.
// RUN: rm -rf %t && block-compile %s -o %t/sm90 --no-cubin && block-compile %s -o %t/sm80 --chip=sm_80 --no-cubin
// RUN: %ptxas -arch=sm_90a %t/sm90/layout-conversions.ptx -o %t/sm90.cubin
// RUN: %ptxas -arch=sm_80 %t/sm80/layout-conversions.ptx -o %t/sm80.cubin
// RUN: FileCheck %s < %t/sm90/layout-conversions.ptx

// One warp, lanes along the rows to lanes along the columns, each thread
// keeping its runs of 4 columns: every element moves to another lane of the
// warp, 16 per thread, each one shuffle of 32 bits (the offsets are
// computed again in the new layout); no shared memory, no barrier. (Rows of 4 per thread to columns
// of 4 would pick the source register by lane: that goes through a buffer.)
// CHECK-LABEL: .entry within_warp(
// CHECK-NOT: .shared
// CHECK-NOT: bar.sync
// CHECK-COUNT-16: shfl.sync.idx.b32
// CHECK-NOT: shfl.sync
// CHECK-NOT: bar.sync
// CHECK: ret;
#ROW = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
#COL = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>
func.func @within_warp(%in: !block.ptr<f32>, %out: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 1 : i32} {
  %r = block.arange 0, 16 : tensor<16xi32, #block.slice<dim = 1, parent = #ROW>>
  %c = block.arange 0, 32 : tensor<32xi32, #block.slice<dim = 0, parent = #ROW>>
  %c32 = arith.constant dense<32> : tensor<16xi32, #block.slice<dim = 1, parent = #ROW>>
  %r32 = arith.muli %r, %c32 : tensor<16xi32, #block.slice<dim = 1, parent = #ROW>>
  %r2 = block.expand_dims %r32, 1 : tensor<16xi32, #block.slice<dim = 1, parent = #ROW>> -> tensor<16x1xi32, #ROW>
  %c2 = block.expand_dims %c, 0 : tensor<32xi32, #block.slice<dim = 0, parent = #ROW>> -> tensor<1x32xi32, #ROW>
  %rb = block.broadcast %r2 : tensor<16x1xi32, #ROW> -> tensor<16x32xi32, #ROW>
  %cb = block.broadcast %c2 : tensor<1x32xi32, #ROW> -> tensor<16x32xi32, #ROW>
  %off = arith.addi %rb, %cb : tensor<16x32xi32, #ROW>
  %ib = block.splat %in : tensor<16x32x!block.ptr<f32>, #ROW>
  %ip = block.addptr %ib, %off : tensor<16x32x!block.ptr<f32>, #ROW>, tensor<16x32xi32, #ROW>
  %x = block.load %ip : tensor<16x32x!block.ptr<f32>, #ROW>
  %y = block.convert_layout %x : tensor<16x32xf32, #ROW> -> tensor<16x32xf32, #COL>
  %offc = block.convert_layout %off : tensor<16x32xi32, #ROW> -> tensor<16x32xi32, #COL>
  %ob = block.splat %out : tensor<16x32x!block.ptr<f32>, #COL>
  %op = block.addptr %ob, %offc : tensor<16x32x!block.ptr<f32>, #COL>, tensor<16x32xi32, #COL>
  block.store %op, %y : tensor<16x32x!block.ptr<f32>, #COL>
  return
}

// Four warps over rows to four warps over columns: through a buffer.
// CHECK-LABEL: .entry between_warps(
// CHECK: st.shared.v4.b32
// CHECK: bar.sync
// CHECK: ld.shared.b32
// CHECK-NOT: shfl.sync
// CHECK: ret;
#WROW = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#WCOL = #block.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
func.func @between_warps(%in: !block.ptr<f32>, %out: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  %r = block.arange 0, 32 : tensor<32xi32, #block.slice<dim = 1, parent = #WROW>>
  %c = block.arange 0, 32 : tensor<32xi32, #block.slice<dim = 0, parent = #WROW>>
  %c32 = arith.constant dense<32> : tensor<32xi32, #block.slice<dim = 1, parent = #WROW>>
  %r32 = arith.muli %r, %c32 : tensor<32xi32, #block.slice<dim = 1, parent = #WROW>>
  %r2 = block.expand_dims %r32, 1 : tensor<32xi32, #block.slice<dim = 1, parent = #WROW>> -> tensor<32x1xi32, #WROW>
  %c2 = block.expand_dims %c, 0 : tensor<32xi32, #block.slice<dim = 0, parent = #WROW>> -> tensor<1x32xi32, #WROW>
  %rb = block.broadcast %r2 : tensor<32x1xi32, #WROW> -> tensor<32x32xi32, #WROW>
  %cb = block.broadcast %c2 : tensor<1x32xi32, #WROW> -> tensor<32x32xi32, #WROW>
  %off = arith.addi %rb, %cb : tensor<32x32xi32, #WROW>
  %ib = block.splat %in : tensor<32x32x!block.ptr<f32>, #WROW>
  %ip = block.addptr %ib, %off : tensor<32x32x!block.ptr<f32>, #WROW>, tensor<32x32xi32, #WROW>
  %x = block.load %ip : tensor<32x32x!block.ptr<f32>, #WROW>
  %y = block.convert_layout %x : tensor<32x32xf32, #WROW> -> tensor<32x32xf32, #WCOL>
  %offc = block.convert_layout %off : tensor<32x32xi32, #WROW> -> tensor<32x32xi32, #WCOL>
  %ob = block.splat %out : tensor<32x32x!block.ptr<f32>, #WCOL>
  %op = block.addptr %ob, %offc : tensor<32x32x!block.ptr<f32>, #WCOL>, tensor<32x32xi32, #WCOL>
  block.store %op, %y : tensor<32x32x!block.ptr<f32>, #WCOL>
  return
}
