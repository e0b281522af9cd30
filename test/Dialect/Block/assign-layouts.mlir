// RUN: block-opt %s -split-input-file -block-assign-layouts | FileCheck %s
// RUN: block-opt %s -split-input-file -block-assign-layouts | block-opt -split-input-file > /dev/null
// RUN: block-opt %s -split-input-file -block-assign-layouts | block-opt -split-input-file -block-assign-layouts | FileCheck %s
// RUN: block-opt %s -split-input-file -block-assign-layouts -block-remove-layout-conversions | FileCheck %s --check-prefix=CLEAN

// vector_add with alignment and divisibility hints: each thread moves four
// f32 (16 bytes) per access, 32 lanes and 4 warps along the vector.
// CHECK: #[[$L:.+]] = #block.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @vector_add(
// CHECK: block.arange 0, 1024 : tensor<1024xi32, #[[$L]]>
// CHECK: block.load %{{.*}} mask %{{.*}} : tensor<1024x!block.ptr<f32>, #[[$L]]>
// CHECK: arith.addf %{{.*}} : tensor<1024xf32, #[[$L]]>
// CHECK: block.store %{{.*}} : tensor<1024x!block.ptr<f32>, #[[$L]]>
// CHECK-NOT: convert_layout
func.func @vector_add(%x: !block.ptr<f32> {block.alignment = 16},
                      %out: !block.ptr<f32> {block.alignment = 16},
                      %n: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c1024 = arith.constant 1024 : i32
  %pid = block.program_id x
  %start = arith.muli %pid, %c1024 : i32
  %range = block.arange 0, 1024 : tensor<1024xi32>
  %starts = block.splat %start : tensor<1024xi32>
  %offsets = arith.addi %starts, %range : tensor<1024xi32>
  %ns = block.splat %n : tensor<1024xi32>
  %mask = arith.cmpi slt, %offsets, %ns : tensor<1024xi32>
  %xs = block.splat %x : tensor<1024x!block.ptr<f32>>
  %xp = block.addptr %xs, %offsets : tensor<1024x!block.ptr<f32>>, tensor<1024xi32>
  %a = block.load %xp mask %mask : tensor<1024x!block.ptr<f32>>
  %sum = arith.addf %a, %a : tensor<1024xf32>
  %os = block.splat %out : tensor<1024x!block.ptr<f32>>
  %op = block.addptr %os, %offsets : tensor<1024x!block.ptr<f32>>, tensor<1024xi32>
  block.store %op, %sum mask %mask : tensor<1024x!block.ptr<f32>>
  return
}

// -----

// Without hints nothing is known of the alignment: one element per access,
// still 32 lanes over consecutive elements.
// CHECK: #[[$L:.+]] = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @vector_add_unhinted(
// CHECK: block.load %{{.*}} : tensor<1024x!block.ptr<f32>, #[[$L]]>
func.func @vector_add_unhinted(%x: !block.ptr<f32>, %n: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %range = block.arange 0, 1024 : tensor<1024xi32>
  %ns = block.splat %n : tensor<1024xi32>
  %mask = arith.cmpi slt, %range, %ns : tensor<1024xi32>
  %xs = block.splat %x : tensor<1024x!block.ptr<f32>>
  %xp = block.addptr %xs, %range : tensor<1024x!block.ptr<f32>>, tensor<1024xi32>
  %a = block.load %xp mask %mask : tensor<1024x!block.ptr<f32>>
  block.store %xp, %a mask %mask : tensor<1024x!block.ptr<f32>>
  return
}

// -----

// 16 bytes of f16 are eight elements; 8 warps.
// CHECK: #[[$L:.+]] = #block.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>
// CHECK-LABEL: func.func @half(
// CHECK: block.load %{{.*}} : tensor<4096x!block.ptr<f16>, #[[$L]]>
// CHECK: arith.extf %{{.*}} : tensor<4096xf16, #[[$L]]> to tensor<4096xf32, #[[$L]]>
func.func @half(%x: !block.ptr<f16> {block.alignment = 16})
    attributes {block.kernel, block.num_warps = 8 : i32} {
  %range = block.arange 0, 4096 : tensor<4096xi32>
  %xs = block.splat %x : tensor<4096x!block.ptr<f16>>
  %xp = block.addptr %xs, %range : tensor<4096x!block.ptr<f16>>, tensor<4096xi32>
  %a = block.load %xp : tensor<4096x!block.ptr<f16>>
  %b = arith.extf %a : tensor<4096xf16> to tensor<4096xf32>
  %c = arith.truncf %b : tensor<4096xf32> to tensor<4096xf16>
  block.store %xp, %c : tensor<4096x!block.ptr<f16>>
  return
}

// -----

// A thread holds no more than its share: 128 elements over 128 threads.
// Without block.num_warps a kernel has 4 warps.
// CHECK: #[[$L:.+]] = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @small(
// CHECK: block.load %{{.*}} : tensor<128x!block.ptr<f32>, #[[$L]]>
func.func @small(%x: !block.ptr<f32> {block.alignment = 16})
    attributes {block.kernel} {
  %range = block.arange 0, 128 : tensor<128xi32>
  %xs = block.splat %x : tensor<128x!block.ptr<f32>>
  %xp = block.addptr %xs, %range : tensor<128x!block.ptr<f32>>, tensor<128xi32>
  %a = block.load %xp : tensor<128x!block.ptr<f32>>
  block.store %xp, %a : tensor<128x!block.ptr<f32>>
  return
}

// -----

// Columns of a row-major matrix: consecutive addresses run along dimension 0,
// so dimension 0 is the fastest.
// CHECK: #[[$L:.+]] = #block.blocked<sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]>
// CHECK-DAG: #[[$ROWS:.+]] = #block.slice<dim = 1, parent = #[[$L]]>
// CHECK-DAG: #[[$COLS:.+]] = #block.slice<dim = 0, parent = #[[$L]]>
// CHECK-LABEL: func.func @column_access(
// CHECK: block.arange 0, 64 : tensor<64xi32, #[[$ROWS]]>
// CHECK: block.arange 0, 16 : tensor<16xi32, #[[$COLS]]>
// CHECK: block.load %{{.*}} : tensor<64x16x!block.ptr<f32>, #[[$L]]>
func.func @column_access(%x: !block.ptr<f32> {block.alignment = 16},
                         %stride: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %r = block.arange 0, 64 : tensor<64xi32>
  %c = block.arange 0, 16 : tensor<16xi32>
  %strides = block.splat %stride : tensor<16xi32>
  %cs = arith.muli %c, %strides : tensor<16xi32>
  %r2 = block.expand_dims %r, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %rb = block.broadcast %r2 : tensor<64x1xi32> -> tensor<64x16xi32>
  %c2 = block.expand_dims %cs, 0 : tensor<16xi32> -> tensor<1x16xi32>
  %cb = block.broadcast %c2 : tensor<1x16xi32> -> tensor<64x16xi32>
  %offs = arith.addi %rb, %cb : tensor<64x16xi32>
  %xs = block.splat %x : tensor<64x16x!block.ptr<f32>>
  %xp = block.addptr %xs, %offs : tensor<64x16x!block.ptr<f32>>, tensor<64x16xi32>
  %v = block.load %xp : tensor<64x16x!block.ptr<f32>>
  block.store %xp, %v : tensor<64x16x!block.ptr<f32>>
  return
}

// -----

// Softmax over the rows of a tile: the row reductions give slices of the
// tile's layout, and expand_dims takes them back.
// CHECK: #[[$L:.+]] = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[$ROW:.+]] = #block.slice<dim = 1, parent = #[[$L]]>
// CHECK-LABEL: func.func @softmax_rows(
// CHECK: block.load %{{.*}} : tensor<8x128x!block.ptr<f32>, #[[$L]]>
// CHECK: block.reduce maxnumf %{{.*}} axis = 1 : (tensor<8x128xf32, #[[$L]]>) -> tensor<8xf32, #[[$ROW]]>
// CHECK: block.expand_dims %{{.*}}, 1 : tensor<8xf32, #[[$ROW]]> -> tensor<8x1xf32, #[[$L]]>
// CHECK: math.exp %{{.*}} : tensor<8x128xf32, #[[$L]]>
// CHECK: block.reduce add %{{.*}} axis = 1 : (tensor<8x128xf32, #[[$L]]>) -> tensor<8xf32, #[[$ROW]]>
// CHECK: block.store %{{.*}} : tensor<8x128x!block.ptr<f32>, #[[$L]]>
// CHECK-NOT: convert_layout
func.func @softmax_rows(%in: !block.ptr<f32> {block.alignment = 16},
                        %out: !block.ptr<f32> {block.alignment = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c128 = arith.constant 128 : i32
  %r = block.arange 0, 8 : tensor<8xi32>
  %c = block.arange 0, 128 : tensor<128xi32>
  %strides = block.splat %c128 : tensor<8xi32>
  %rows = arith.muli %r, %strides : tensor<8xi32>
  %r2 = block.expand_dims %rows, 1 : tensor<8xi32> -> tensor<8x1xi32>
  %rb = block.broadcast %r2 : tensor<8x1xi32> -> tensor<8x128xi32>
  %c2 = block.expand_dims %c, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %cb = block.broadcast %c2 : tensor<1x128xi32> -> tensor<8x128xi32>
  %offs = arith.addi %rb, %cb : tensor<8x128xi32>
  %ins = block.splat %in : tensor<8x128x!block.ptr<f32>>
  %ip = block.addptr %ins, %offs : tensor<8x128x!block.ptr<f32>>, tensor<8x128xi32>
  %x = block.load %ip : tensor<8x128x!block.ptr<f32>>
  %max = block.reduce %x axis = 1 : (tensor<8x128xf32>) -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    block.yield %m : f32
  }
  %max2 = block.expand_dims %max, 1 : tensor<8xf32> -> tensor<8x1xf32>
  %maxb = block.broadcast %max2 : tensor<8x1xf32> -> tensor<8x128xf32>
  %shifted = arith.subf %x, %maxb : tensor<8x128xf32>
  %e = math.exp %shifted : tensor<8x128xf32>
  %sum = block.reduce %e axis = 1 : (tensor<8x128xf32>) -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    block.yield %s : f32
  }
  %sum2 = block.expand_dims %sum, 1 : tensor<8xf32> -> tensor<8x1xf32>
  %sumb = block.broadcast %sum2 : tensor<8x1xf32> -> tensor<8x128xf32>
  %y = arith.divf %e, %sumb : tensor<8x128xf32>
  %outs = block.splat %out : tensor<8x128x!block.ptr<f32>>
  %op = block.addptr %outs, %offs : tensor<8x128x!block.ptr<f32>>, tensor<8x128xi32>
  block.store %op, %y : tensor<8x128x!block.ptr<f32>>
  return
}

// -----

// A row loaded once and used across a tile keeps the slice of the tile's
// layout: it is accessed as well in it, so nothing is converted.
// CHECK: #[[$L:.+]] = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
// CHECK-DAG: #[[$COLS:.+]] = #block.slice<dim = 0, parent = #[[$L]]>
// CHECK-LABEL: func.func @row_and_tile(
// CHECK-NOT: convert_layout
// CHECK: block.load %{{.*}} : tensor<512x!block.ptr<f32>, #[[$COLS]]>
// CHECK: block.load %{{.*}} : tensor<8x512x!block.ptr<f32>, #[[$L]]>
// CHECK-NOT: convert_layout
func.func @row_and_tile(%x: !block.ptr<f32> {block.alignment = 16},
                        %w: !block.ptr<f32> {block.alignment = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c512 = arith.constant 512 : i32
  %r = block.arange 0, 8 : tensor<8xi32>
  %c = block.arange 0, 512 : tensor<512xi32>
  %strides = block.splat %c512 : tensor<8xi32>
  %rows = arith.muli %r, %strides : tensor<8xi32>
  %r2 = block.expand_dims %rows, 1 : tensor<8xi32> -> tensor<8x1xi32>
  %rb = block.broadcast %r2 : tensor<8x1xi32> -> tensor<8x512xi32>
  %c2 = block.expand_dims %c, 0 : tensor<512xi32> -> tensor<1x512xi32>
  %cb = block.broadcast %c2 : tensor<1x512xi32> -> tensor<8x512xi32>
  %offs = arith.addi %rb, %cb : tensor<8x512xi32>
  %ws = block.splat %w : tensor<512x!block.ptr<f32>>
  %wp = block.addptr %ws, %c : tensor<512x!block.ptr<f32>>, tensor<512xi32>
  %wv = block.load %wp : tensor<512x!block.ptr<f32>>
  %w2 = block.expand_dims %wv, 0 : tensor<512xf32> -> tensor<1x512xf32>
  %wb = block.broadcast %w2 : tensor<1x512xf32> -> tensor<8x512xf32>
  %xs = block.splat %x : tensor<8x512x!block.ptr<f32>>
  %xp = block.addptr %xs, %offs : tensor<8x512x!block.ptr<f32>>, tensor<8x512xi32>
  %xv = block.load %xp : tensor<8x512x!block.ptr<f32>>
  %y = arith.mulf %xv, %wb : tensor<8x512xf32>
  block.store %xp, %y : tensor<8x512x!block.ptr<f32>>
  return
}

// -----

// A row computed from a loaded row, without a tile in memory: the tile takes
// the row's layout with one more dimension, and the row its slice.
// CHECK: #[[$L:.+]] = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
// CHECK: #[[$ROW:.+]] = #block.slice<dim = 0, parent = #[[$L]]>
// CHECK-LABEL: func.func @outer_sum(
// CHECK-NOT: convert_layout
// CHECK: block.load %{{.*}} : tensor<512x!block.ptr<f32>, #[[$ROW]]>
// CHECK: block.broadcast %{{.*}} : tensor<1x512xf32, #[[$L]]> -> tensor<4x512xf32, #[[$L]]>
// CHECK: block.reduce add %{{.*}} axis = 0 : (tensor<4x512xf32, #[[$L]]>) -> tensor<512xf32, #[[$ROW]]>
// CHECK: block.store %{{.*}} : tensor<512x!block.ptr<f32>, #[[$ROW]]>
func.func @outer_sum(%x: !block.ptr<f32> {block.alignment = 16},
                     %out: !block.ptr<f32> {block.alignment = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c = block.arange 0, 512 : tensor<512xi32>
  %xs = block.splat %x : tensor<512x!block.ptr<f32>>
  %xp = block.addptr %xs, %c : tensor<512x!block.ptr<f32>>, tensor<512xi32>
  %xv = block.load %xp : tensor<512x!block.ptr<f32>>
  %x2 = block.expand_dims %xv, 0 : tensor<512xf32> -> tensor<1x512xf32>
  %xb = block.broadcast %x2 : tensor<1x512xf32> -> tensor<4x512xf32>
  %s = block.reduce %xb axis = 0 : (tensor<4x512xf32>) -> tensor<512xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    block.yield %t : f32
  }
  %os = block.splat %out : tensor<512x!block.ptr<f32>>
  %op = block.addptr %os, %c : tensor<512x!block.ptr<f32>>, tensor<512xi32>
  block.store %op, %s : tensor<512x!block.ptr<f32>>
  return
}

// -----

// Loops: the initial value, the iteration argument, the yielded value and
// the result share one layout; so do the results of scf.if and its yields.
// CHECK: #[[$L:.+]] = #block.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @loop(
// CHECK: %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : tensor<256xf32, #[[$L]]>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]]) -> (tensor<256xf32, #[[$L]]>)
// CHECK: scf.yield %{{.*}} : tensor<256xf32, #[[$L]]>
// CHECK: scf.if %{{.*}} -> (tensor<256xf32, #[[$L]]>)
// CHECK-NOT: convert_layout
func.func @loop(%x: !block.ptr<f32> {block.alignment = 16}, %n: i32, %c: i1)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<256xf32>
  %range = block.arange 0, 256 : tensor<256xi32>
  %xs = block.splat %x : tensor<256x!block.ptr<f32>>
  %xp = block.addptr %xs, %range : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %zero) -> (tensor<256xf32>) : i32 {
    %v = block.load %xp : tensor<256x!block.ptr<f32>>
    %next = arith.addf %sum, %v : tensor<256xf32>
    scf.yield %next : tensor<256xf32>
  }
  %r = scf.if %c -> tensor<256xf32> {
    scf.yield %acc : tensor<256xf32>
  } else {
    scf.yield %zero : tensor<256xf32>
  }
  block.store %xp, %r : tensor<256x!block.ptr<f32>>
  return
}

// -----

// A tile written transposed: the store wants rows, the transposed tile has
// columns fastest, so the tile is converted before it is stored.
// CHECK-DAG: #[[$ROWS:.+]] = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[$COLS:.+]] = #block.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
// CHECK-LABEL: func.func @transpose_store(
// CHECK: %[[TILE:.+]] = block.load %{{.*}} : tensor<32x32x!block.ptr<f32>, #[[$ROWS]]>
// CHECK: %[[T:.+]] = block.trans %[[TILE]] [1, 0] : tensor<32x32xf32, #[[$ROWS]]> -> tensor<32x32xf32, #[[$COLS]]>
// CHECK: %[[C:.+]] = block.convert_layout %[[T]] : tensor<32x32xf32, #[[$COLS]]> -> tensor<32x32xf32, #[[$ROWS]]>
// CHECK: block.store %{{.*}}, %[[C]] : tensor<32x32x!block.ptr<f32>, #[[$ROWS]]>
func.func @transpose_store(%in: !block.ptr<f32> {block.alignment = 16},
                           %out: !block.ptr<f32> {block.alignment = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c32 = arith.constant 32 : i32
  %r = block.arange 0, 32 : tensor<32xi32>
  %strides = block.splat %c32 : tensor<32xi32>
  %rows = arith.muli %r, %strides : tensor<32xi32>
  %r2 = block.expand_dims %rows, 1 : tensor<32xi32> -> tensor<32x1xi32>
  %rb = block.broadcast %r2 : tensor<32x1xi32> -> tensor<32x32xi32>
  %c2 = block.expand_dims %r, 0 : tensor<32xi32> -> tensor<1x32xi32>
  %cb = block.broadcast %c2 : tensor<1x32xi32> -> tensor<32x32xi32>
  %offs = arith.addi %rb, %cb : tensor<32x32xi32>
  %ins = block.splat %in : tensor<32x32x!block.ptr<f32>>
  %ip = block.addptr %ins, %offs : tensor<32x32x!block.ptr<f32>>, tensor<32x32xi32>
  %tile = block.load %ip : tensor<32x32x!block.ptr<f32>>
  %t = block.trans %tile [1, 0] : tensor<32x32xf32> -> tensor<32x32xf32>
  %outs = block.splat %out : tensor<32x32x!block.ptr<f32>>
  %op = block.addptr %outs, %offs : tensor<32x32x!block.ptr<f32>>, tensor<32x32xi32>
  block.store %op, %t : tensor<32x32x!block.ptr<f32>>
  return
}

// -----

// block.dot takes its operands in any layout; the accumulator has the
// result's. Accumulators are seeded before the memory operations: each
// thread holds a tile of up to 4 columns and as many rows as its share
// leaves (here 2 elements: 1 x 2).
// CHECK: #[[$L:.+]] = #block.blocked<sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: func.func @dot(
// CHECK: block.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16xf16, #[[$L]]>, tensor<16x16xf16, #[[$L]]> -> tensor<16x16xf32, #[[$L]]>
func.func @dot(%a: !block.ptr<f16> {block.alignment = 16},
                          %c: !block.ptr<f32> {block.alignment = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c16 = arith.constant 16 : i32
  %r = block.arange 0, 16 : tensor<16xi32>
  %strides = block.splat %c16 : tensor<16xi32>
  %rows = arith.muli %r, %strides : tensor<16xi32>
  %r2 = block.expand_dims %rows, 1 : tensor<16xi32> -> tensor<16x1xi32>
  %rb = block.broadcast %r2 : tensor<16x1xi32> -> tensor<16x16xi32>
  %c2 = block.expand_dims %r, 0 : tensor<16xi32> -> tensor<1x16xi32>
  %cb = block.broadcast %c2 : tensor<1x16xi32> -> tensor<16x16xi32>
  %offs = arith.addi %rb, %cb : tensor<16x16xi32>
  %as = block.splat %a : tensor<16x16x!block.ptr<f16>>
  %ap = block.addptr %as, %offs : tensor<16x16x!block.ptr<f16>>, tensor<16x16xi32>
  %av = block.load %ap : tensor<16x16x!block.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = block.dot %av, %av, %zero : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  %cs = block.splat %c : tensor<16x16x!block.ptr<f32>>
  %cp = block.addptr %cs, %offs : tensor<16x16x!block.ptr<f32>>, tensor<16x16xi32>
  block.store %cp, %d : tensor<16x16x!block.ptr<f32>>
  return
}

// -----

// A 32 x 32 accumulator over 4 warps: 8 elements per thread, 2 rows x 4
// columns; the store keeps that layout, as it moves as much per access.
// CHECK: #[[$T:.+]] = #block.blocked<sizePerThread = [2, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: func.func @dot_tile(
// CHECK: block.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x32xf32, #{{.*}}>, tensor<32x32xf32, #{{.*}}> -> tensor<32x32xf32, #[[$T]]>
// CHECK: block.store %{{.*}}, %{{.*}} : tensor<32x32x!block.ptr<f32>, #[[$T]]>
func.func @dot_tile(%a: !block.ptr<f32>, %c: !block.ptr<f32>)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %as = block.splat %a : tensor<32x32x!block.ptr<f32>>
  %av = block.load %as : tensor<32x32x!block.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %d = block.dot %av, %av, %zero : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %cs = block.splat %c : tensor<32x32x!block.ptr<f32>>
  block.store %cs, %d : tensor<32x32x!block.ptr<f32>>
  return
}

// -----

// The operand tiles share the index vector of rows with the accumulator,
// but the accumulator's layout (8 x 4 per thread over 64 x 64) would spread
// the 64 x 16 tile of a over 64 columns, every element loaded four times:
// it stops there, and each operand load gets its own coalesced layout.
// After block-remove-layout-conversions no conversion is left (the index
// vectors are computed again in each layout).
// CHECK: #[[$ACC:.+]] = #block.blocked<sizePerThread = [8, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[$B:.+]] = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[$A:.+]] = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: func.func @dot_operands(
// CHECK: block.load %{{.*}} : tensor<64x16x!block.ptr<f32>, #[[$A]]>
// CHECK: block.load %{{.*}} : tensor<16x64x!block.ptr<f32>, #[[$B]]>
// CHECK: block.dot %{{.*}} -> tensor<64x64xf32, #[[$ACC]]>
// CHECK: block.store %{{.*}} : tensor<64x64x!block.ptr<f32>, #[[$ACC]]>
// CLEAN-LABEL: func.func @dot_operands(
// CLEAN-NOT: block.convert_layout
// CLEAN: return
func.func @dot_operands(%a: !block.ptr<f32> {block.alignment = 16},
                        %b: !block.ptr<f32> {block.alignment = 16},
                        %c: !block.ptr<f32> {block.alignment = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c16 = arith.constant dense<16> : tensor<64x1xi32>
  %c64 = arith.constant dense<64> : tensor<64x1xi32>
  %k64 = arith.constant dense<64> : tensor<16x1xi32>
  %r = block.arange 0, 64 : tensor<64xi32>
  %kr = block.arange 0, 16 : tensor<16xi32>
  %rc = block.expand_dims %r, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %rr = block.expand_dims %r, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %arow = arith.muli %rc, %c16 : tensor<64x1xi32>
  %arowb = block.broadcast %arow : tensor<64x1xi32> -> tensor<64x16xi32>
  %kc = block.expand_dims %kr, 0 : tensor<16xi32> -> tensor<1x16xi32>
  %kcb = block.broadcast %kc : tensor<1x16xi32> -> tensor<64x16xi32>
  %aoff = arith.addi %arowb, %kcb : tensor<64x16xi32>
  %as = block.splat %a : tensor<64x16x!block.ptr<f32>>
  %ap = block.addptr %as, %aoff : tensor<64x16x!block.ptr<f32>>, tensor<64x16xi32>
  %av = block.load %ap : tensor<64x16x!block.ptr<f32>>
  %kr2 = block.expand_dims %kr, 1 : tensor<16xi32> -> tensor<16x1xi32>
  %brow = arith.muli %kr2, %k64 : tensor<16x1xi32>
  %browb = block.broadcast %brow : tensor<16x1xi32> -> tensor<16x64xi32>
  %bcolb = block.broadcast %rr : tensor<1x64xi32> -> tensor<16x64xi32>
  %boff = arith.addi %browb, %bcolb : tensor<16x64xi32>
  %bs = block.splat %b : tensor<16x64x!block.ptr<f32>>
  %bp = block.addptr %bs, %boff : tensor<16x64x!block.ptr<f32>>, tensor<16x64xi32>
  %bv = block.load %bp : tensor<16x64x!block.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = block.dot %av, %bv, %zero : tensor<64x16xf32>, tensor<16x64xf32> -> tensor<64x64xf32>
  %crow = arith.muli %rc, %c64 : tensor<64x1xi32>
  %crowb = block.broadcast %crow : tensor<64x1xi32> -> tensor<64x64xi32>
  %ccolb = block.broadcast %rr : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<64x64xi32>
  %cs = block.splat %c : tensor<64x64x!block.ptr<f32>>
  %cp = block.addptr %cs, %coff : tensor<64x64x!block.ptr<f32>>, tensor<64x64xi32>
  block.store %cp, %d : tensor<64x64x!block.ptr<f32>>
  return
}

// -----

// Atomics move one element per access.
// CHECK: #[[$L:.+]] = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @atomic(
// CHECK: block.atomic_rmw fadd, relaxed, gpu, %{{.*}}, %{{.*}} : tensor<1024x!block.ptr<f32>, #[[$L]]>
func.func @atomic(%x: !block.ptr<f32> {block.alignment = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %range = block.arange 0, 1024 : tensor<1024xi32>
  %xs = block.splat %x : tensor<1024x!block.ptr<f32>>
  %xp = block.addptr %xs, %range : tensor<1024x!block.ptr<f32>>, tensor<1024xi32>
  %ones = arith.constant dense<1.0> : tensor<1024xf32>
  %old = block.atomic_rmw fadd, relaxed, gpu, %xp, %ones : tensor<1024x!block.ptr<f32>>
  return
}

// -----

// Layouts the program already has stay; dense constants are retyped.
#given = #block.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-DAG: #[[$GIVEN:.+]] = #block.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-DAG: #[[$L:.+]] = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @given_layout(
// CHECK: arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32, #[[$L]]>
// CHECK: block.load %{{.*}} : tensor<256x!block.ptr<i32>, #[[$GIVEN]]>
func.func @given_layout(%x: !block.ptr<i32> {block.alignment = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %range = block.arange 0, 256 : tensor<256xi32, #given>
  %steps = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %xs = block.splat %x : tensor<256x!block.ptr<i32>, #given>
  %xp = block.addptr %xs, %range : tensor<256x!block.ptr<i32>, #given>, tensor<256xi32, #given>
  %v = block.load %xp : tensor<256x!block.ptr<i32>, #given>
  %w = arith.addi %v, %v : tensor<256xi32, #given>
  block.store %xp, %w : tensor<256x!block.ptr<i32>, #given>
  %s = block.splat %x : tensor<4x!block.ptr<i32>>
  %sp = block.addptr %s, %steps : tensor<4x!block.ptr<i32>>, tensor<4xi32>
  block.store %sp, %steps : tensor<4x!block.ptr<i32>>
  return
}

// -----

// Functions that are no kernels keep their tensors as they are.
// CHECK-LABEL: func.func @helper(
// CHECK: arith.addf %{{.*}} : tensor<128xf32>
func.func @helper(%x: tensor<128xf32>) -> tensor<128xf32> {
  %y = arith.addf %x, %x : tensor<128xf32>
  return %y : tensor<128xf32>
}

// -----

// Branches forward tensors to block arguments of the same layout.
// CHECK: #[[$L:.+]] = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @branches(
// CHECK: cf.cond_br %{{.*}}, ^bb1(%{{.*}} : tensor<128xi32, #[[$L]]>), ^bb1(%{{.*}} : tensor<128xi32, #[[$L]]>)
// CHECK: ^bb1(%{{.*}}: tensor<128xi32, #[[$L]]>):
func.func @branches(%x: !block.ptr<i32> {block.alignment = 16}, %c: i1)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %range = block.arange 0, 128 : tensor<128xi32>
  %twice = arith.addi %range, %range : tensor<128xi32>
  cf.cond_br %c, ^bb1(%range : tensor<128xi32>), ^bb1(%twice : tensor<128xi32>)
^bb1(%v: tensor<128xi32>):
  %xs = block.splat %x : tensor<128x!block.ptr<i32>>
  %xp = block.addptr %xs, %range : tensor<128x!block.ptr<i32>>, tensor<128xi32>
  block.store %xp, %v : tensor<128x!block.ptr<i32>>
  return
}
