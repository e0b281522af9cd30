// RUN: block-opt %s -block-remove-layout-conversions | FileCheck %s

#a = #block.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#c = #block.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// A conversion to the layout the tensor has is no conversion.
// CHECK-LABEL: func.func @identity(
// CHECK-SAME: %[[X:.+]]: tensor
// CHECK-NEXT: return %[[X]]
func.func @identity(%x: tensor<256xf32, #a>) -> tensor<256xf32, #a> {
  %y = block.convert_layout %x : tensor<256xf32, #a> -> tensor<256xf32, #a>
  return %y : tensor<256xf32, #a>
}

// Chains of conversions go straight to the last layout, or vanish.
// CHECK-LABEL: func.func @chain(
// CHECK-SAME: %[[X:.+]]: tensor<256xf32, #[[$A:.+]]>) -> (tensor<256xf32, #[[$C:.+]]>, tensor
// CHECK-NEXT: %[[Z:.+]] = block.convert_layout %[[X]] : tensor<256xf32, #[[$A]]> -> tensor<256xf32, #[[$C]]>
// CHECK-NEXT: return %[[Z]], %[[X]]
func.func @chain(%x: tensor<256xf32, #a>) -> (tensor<256xf32, #c>, tensor<256xf32, #a>) {
  %y = block.convert_layout %x : tensor<256xf32, #a> -> tensor<256xf32, #b>
  %z = block.convert_layout %y : tensor<256xf32, #b> -> tensor<256xf32, #c>
  %w = block.convert_layout %y : tensor<256xf32, #b> -> tensor<256xf32, #a>
  return %z, %w : tensor<256xf32, #c>, tensor<256xf32, #a>
}

// Constants, splats and ranges are made again in the layout asked for.
// CHECK-LABEL: func.func @sources(
// CHECK-NOT: convert_layout
// CHECK-DAG: arith.constant dense<1.000000e+00> : tensor<256xf32, #[[$B:.+]]>
// CHECK-DAG: arith.constant dense<[3, 1, 4, 1]> : tensor<4xi32, #[[$B]]>
// CHECK-DAG: block.splat %{{.*}} : tensor<256xf32, #[[$B]]>
// CHECK-DAG: block.arange 0, 256 : tensor<256xi32, #[[$B]]>
// CHECK-NOT: convert_layout
func.func @sources(%s: f32) -> (tensor<256xf32, #b>, tensor<256xf32, #b>, tensor<256xi32, #b>, tensor<4xi32, #b>) {
  %cst = arith.constant dense<1.0> : tensor<256xf32, #a>
  %dense = arith.constant dense<[3, 1, 4, 1]> : tensor<4xi32, #a>
  %splat = block.splat %s : tensor<256xf32, #a>
  %range = block.arange 0, 256 : tensor<256xi32, #a>
  %0 = block.convert_layout %cst : tensor<256xf32, #a> -> tensor<256xf32, #b>
  %1 = block.convert_layout %splat : tensor<256xf32, #a> -> tensor<256xf32, #b>
  %2 = block.convert_layout %range : tensor<256xi32, #a> -> tensor<256xi32, #b>
  %3 = block.convert_layout %dense : tensor<4xi32, #a> -> tensor<4xi32, #b>
  return %0, %1, %2, %3 : tensor<256xf32, #b>, tensor<256xf32, #b>, tensor<256xi32, #b>, tensor<4xi32, #b>
}

// So are address computations on them, also across expand_dims and broadcast.
#tile = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#tileT = #block.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
// CHECK-LABEL: func.func @addresses(
// CHECK-NOT: convert_layout
// CHECK: block.arange 0, 32 : tensor<32xi32, #[[$ROWT:.+]]>
// CHECK: arith.muli %{{.*}} : tensor<32xi32, #[[$ROWT]]>
// CHECK: block.expand_dims %{{.*}}, 0 : tensor<32xi32, #[[$ROWT]]> -> tensor<1x32xi32, #[[$TILET:.+]]>
// CHECK: block.addptr %{{.*}} : tensor<32x32x!block.ptr<f32>, #[[$TILET]]>
// CHECK-NOT: convert_layout
func.func @addresses(%p: !block.ptr<f32>, %n: i32) -> tensor<32x32x!block.ptr<f32>, #tileT> {
  %r = block.arange 0, 32 : tensor<32xi32, #block.slice<dim = 0, parent = #tile>>
  %ns = block.splat %n : tensor<32xi32, #block.slice<dim = 0, parent = #tile>>
  %offs = arith.muli %r, %ns : tensor<32xi32, #block.slice<dim = 0, parent = #tile>>
  %e = block.expand_dims %offs, 0 : tensor<32xi32, #block.slice<dim = 0, parent = #tile>> -> tensor<1x32xi32, #tile>
  %b = block.broadcast %e : tensor<1x32xi32, #tile> -> tensor<32x32xi32, #tile>
  %ps = block.splat %p : tensor<32x32x!block.ptr<f32>, #tile>
  %pp = block.addptr %ps, %b : tensor<32x32x!block.ptr<f32>, #tile>, tensor<32x32xi32, #tile>
  %c = block.convert_layout %pp : tensor<32x32x!block.ptr<f32>, #tile> -> tensor<32x32x!block.ptr<f32>, #tileT>
  return %c : tensor<32x32x!block.ptr<f32>, #tileT>
}

// A computation on one tensor that cannot be made again is made again from
// that tensor converted: before a broadcast, the conversion moves fewer
// elements.
// CHECK-LABEL: func.func @before_broadcast(
// CHECK: %[[ROW:.+]] = block.convert_layout %{{.*}} : tensor<32xf32, #{{.+}}> -> tensor<32xf32, #[[$ROWT:.+]]>
// CHECK: block.expand_dims %[[ROW]], 0 : tensor<32xf32, #[[$ROWT]]>
// CHECK: block.broadcast
// CHECK: arith.mulf
// CHECK-NOT: convert_layout
func.func @before_broadcast(%x: tensor<32xf32, #block.slice<dim = 0, parent = #tile>>) -> tensor<32x32xf32, #tileT> {
  %e = block.expand_dims %x, 0 : tensor<32xf32, #block.slice<dim = 0, parent = #tile>> -> tensor<1x32xf32, #tile>
  %b = block.broadcast %e : tensor<1x32xf32, #tile> -> tensor<32x32xf32, #tile>
  %two = arith.constant dense<2.0> : tensor<32x32xf32, #tile>
  %y = arith.mulf %b, %two : tensor<32x32xf32, #tile>
  %c = block.convert_layout %y : tensor<32x32xf32, #tile> -> tensor<32x32xf32, #tileT>
  return %c : tensor<32x32xf32, #tileT>
}

// Two tensors that cannot be made again: the conversion stays.
// CHECK-LABEL: func.func @two_leaves(
// CHECK: arith.addf
// CHECK-NEXT: block.convert_layout
func.func @two_leaves(%x: tensor<256xf32, #a>, %y: tensor<256xf32, #a>) -> tensor<256xf32, #b> {
  %s = arith.addf %x, %y : tensor<256xf32, #a>
  %c = block.convert_layout %s : tensor<256xf32, #a> -> tensor<256xf32, #b>
  return %c : tensor<256xf32, #b>
}

// Loads are not done again.
// CHECK-LABEL: func.func @load(
// CHECK: block.load
// CHECK-NEXT: block.convert_layout
func.func @load(%p: tensor<256x!block.ptr<f32>, #a>) -> tensor<256xf32, #b> {
  %v = block.load %p : tensor<256x!block.ptr<f32>, #a>
  %c = block.convert_layout %v : tensor<256xf32, #a> -> tensor<256xf32, #b>
  return %c : tensor<256xf32, #b>
}

// A conversion does not move back to a wider tensor.
// CHECK-LABEL: func.func @narrowed(
// CHECK: arith.truncf
// CHECK-NEXT: block.convert_layout %{{.*}} : tensor<256xf16
func.func @narrowed(%x: tensor<256xf32, #a>) -> tensor<256xf16, #b> {
  %h = arith.truncf %x : tensor<256xf32, #a> to tensor<256xf16, #a>
  %c = block.convert_layout %h : tensor<256xf16, #a> -> tensor<256xf16, #b>
  return %c : tensor<256xf16, #b>
}

// It does move back to a narrower one.
// CHECK-LABEL: func.func @widened(
// CHECK-NEXT: block.convert_layout %{{.*}} : tensor<256xf16
// CHECK-NEXT: arith.extf
func.func @widened(%x: tensor<256xf16, #a>) -> tensor<256xf32, #b> {
  %w = arith.extf %x : tensor<256xf16, #a> to tensor<256xf32, #a>
  %c = block.convert_layout %w : tensor<256xf32, #a> -> tensor<256xf32, #b>
  return %c : tensor<256xf32, #b>
}

// A product stages a and b in shared memory from any layout: it reads the
// conversions' sources, and the conversions go. An a converted into the
// fragments of the product's instruction (read from registers) keeps its
// conversion.
#k = #block.blocked<sizePerThread = [16, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
#r = #block.blocked<sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#wg = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
// CHECK-LABEL: func.func @dot_operands(
// CHECK-SAME: %[[A:[^:]+]]: tensor<64x64xbf16, #{{[^>]+}}>, %[[B:[^:]+]]: tensor<64x64xbf16
// CHECK-NOT: block.convert_layout
// CHECK: block.dot %[[A]], %[[B]]
// CHECK: %[[FRAG:.+]] = block.convert_layout %[[A]] {{.+}} -> tensor<64x64xbf16, #{{.+}}>
// CHECK: block.dot %[[FRAG]], %[[B]]
func.func @dot_operands(%a: tensor<64x64xbf16, #r>, %b: tensor<64x64xbf16, #k>,
                        %c: tensor<64x64xf32, #wg>)
    -> (tensor<64x64xf32, #wg>, tensor<64x64xf32, #wg>) {
  %ac = block.convert_layout %a : tensor<64x64xbf16, #r> -> tensor<64x64xbf16, #k>
  %bc = block.convert_layout %b : tensor<64x64xbf16, #k> -> tensor<64x64xbf16, #r>
  %d = block.dot %ac, %bc, %c : tensor<64x64xbf16, #k>, tensor<64x64xbf16, #r> -> tensor<64x64xf32, #wg>
  %af = block.convert_layout %a : tensor<64x64xbf16, #r> -> tensor<64x64xbf16, #wg>
  %e = block.dot %af, %bc, %c : tensor<64x64xbf16, #wg>, tensor<64x64xbf16, #r> -> tensor<64x64xf32, #wg>
  return %d, %e : tensor<64x64xf32, #wg>, tensor<64x64xf32, #wg>
}

// In a loop, a converted into the fragments from a value the loop does not
// change (Q in attention) keeps its conversion while the loop's
// accumulators take at most half of a thread's registers (here 32), and
// loses it where they take more (here 256): wgmma then reads a from shared
// memory, staged once, rather than from registers held through the loop.
// CHECK-LABEL: func.func @invariant_a_in_loop(
// CHECK: %[[FRAG:.+]] = block.convert_layout
// CHECK: scf.for
// CHECK: block.dot %[[FRAG]],
func.func @invariant_a_in_loop(%a: tensor<64x64xbf16, #r>, %b: tensor<64x64xbf16, #k>,
                               %c: tensor<64x64xf32, #wg>, %n: i32) -> tensor<64x64xf32, #wg> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %af = block.convert_layout %a : tensor<64x64xbf16, #r> -> tensor<64x64xbf16, #wg>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<64x64xf32, #wg>) : i32 {
    %e = block.dot %af, %b, %acc : tensor<64x64xbf16, #wg>, tensor<64x64xbf16, #k> -> tensor<64x64xf32, #wg>
    scf.yield %e : tensor<64x64xf32, #wg>
  }
  return %r : tensor<64x64xf32, #wg>
}
// CHECK-LABEL: func.func @invariant_a_in_loop_large(
// CHECK-SAME: %[[A:[^:]+]]: tensor<128x64xbf16
// CHECK-NOT: block.convert_layout
// CHECK: scf.for
// CHECK: block.dot %[[A]],
func.func @invariant_a_in_loop_large(%a: tensor<128x64xbf16, #r>, %b: tensor<64x256xbf16, #k>,
                                     %c: tensor<128x256xf32, #wg>, %n: i32) -> tensor<128x256xf32, #wg> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %af = block.convert_layout %a : tensor<128x64xbf16, #r> -> tensor<128x64xbf16, #wg>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<128x256xf32, #wg>) : i32 {
    %e = block.dot %af, %b, %acc : tensor<128x64xbf16, #wg>, tensor<64x256xbf16, #k> -> tensor<128x256xf32, #wg>
    scf.yield %e : tensor<128x256xf32, #wg>
  }
  return %r : tensor<128x256xf32, #wg>
}

// Tile pointers carried through a loop in one layout and converted to
// another for their load each iteration (as the accumulator's layout reaches
// them through a mask they share with the store of c) are carried in the
// load's layout: the initial pointers are converted (here: computed again)
// before the loop, the step is computed in that layout, no conversion is
// left in the loop, and the loop's result goes back to its layout where it
// is used.
#p = #block.blocked<sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#q = #block.blocked<sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>
// CHECK-LABEL: func.func @carried_pointers(
// CHECK: %[[STEP:.+]] = arith.constant dense<128> : tensor<64x64xi32, #[[Q:[^>]+]]>
// CHECK: %[[SPLAT:.+]] = block.splat %{{.+}} : tensor<64x64x!block.ptr<i8>, #[[Q]]>
// CHECK: %[[INIT:.+]] = block.addptr %[[SPLAT]], %{{.+}} : tensor<64x64x!block.ptr<i8>, #[[Q]]>
// CHECK: %[[LOOP:.+]]:2 = scf.for {{.+}} iter_args(%{{.+}} = %{{.+}}, %[[P:.+]] = %[[INIT]]) -> (tensor<64xi32, #{{.+}}>, tensor<64x64x!block.ptr<i8>, #[[Q]]>)
// CHECK-NOT: block.convert_layout
// CHECK: block.load %[[P]] : tensor<64x64x!block.ptr<i8>, #[[Q]]>
// CHECK: %[[NEXT:.+]] = block.addptr %[[P]], %[[STEP]] : tensor<64x64x!block.ptr<i8>, #[[Q]]>
// CHECK: scf.yield %{{.+}}, %[[NEXT]]
// CHECK: block.convert_layout %[[LOOP]]#1 : tensor<64x64x!block.ptr<i8>, #[[Q]]> -> tensor<64x64x!block.ptr<i8>, #{{.+}}>
func.func @carried_pointers(%base: !block.ptr<i8>, %n: i32, %acc: tensor<64xi32, #block.slice<dim = 1, parent = #q>>)
    -> (tensor<64xi32, #block.slice<dim = 1, parent = #q>>, tensor<64x64x!block.ptr<i8>, #p>) {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %step = arith.constant dense<128> : tensor<64x64xi32, #p>
  %offsets = arith.constant dense<1> : tensor<64x64xi32, #p>
  %splat = block.splat %base : tensor<64x64x!block.ptr<i8>, #p>
  %p0 = block.addptr %splat, %offsets : tensor<64x64x!block.ptr<i8>, #p>, tensor<64x64xi32, #p>
  %sum, %end = scf.for %k = %c0 to %n step %c128 iter_args(%s = %acc, %ptrs = %p0)
      -> (tensor<64xi32, #block.slice<dim = 1, parent = #q>>, tensor<64x64x!block.ptr<i8>, #p>) : i32 {
    %pq = block.convert_layout %ptrs : tensor<64x64x!block.ptr<i8>, #p> -> tensor<64x64x!block.ptr<i8>, #q>
    %t = block.load %pq : tensor<64x64x!block.ptr<i8>, #q>
    %w = arith.extsi %t : tensor<64x64xi8, #q> to tensor<64x64xi32, #q>
    %r = block.reduce add %w axis = 1 : (tensor<64x64xi32, #q>) -> tensor<64xi32, #block.slice<dim = 1, parent = #q>>
    %s2 = arith.addi %s, %r : tensor<64xi32, #block.slice<dim = 1, parent = #q>>
    %next = block.addptr %ptrs, %step : tensor<64x64x!block.ptr<i8>, #p>, tensor<64x64xi32, #p>
    scf.yield %s2, %next : tensor<64xi32, #block.slice<dim = 1, parent = #q>>, tensor<64x64x!block.ptr<i8>, #p>
  }
  return %sum, %end : tensor<64xi32, #block.slice<dim = 1, parent = #q>>, tensor<64x64x!block.ptr<i8>, #p>
}

// A row statistic in a slice of a product's layout (two rows a thread) is
// stored from that layout: its addresses and mask are computed there, and
// the conversion for coalescing, a trip through shared memory for two
// stores a thread, goes. A tile (32 elements a thread) keeps its
// conversion, which coalesces its stores.
#acc = #block.mma<version = 3, warpsPerCTA = [8, 1], instrShape = [64, 64, 16]>
#rows = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>
#tiles = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>
// CHECK-LABEL: func.func @row_statistic_stored_in_place(
// CHECK-SAME: %[[BASE:[^:]+]]: !block.ptr<f32>, %[[N:[^:]+]]: i32, %[[S:[^:]+]]: tensor<128xf32, #[[SLICE:[^>]+]]>
// CHECK-NOT: block.convert_layout
// CHECK: %[[ROWS:.+]] = block.arange 0, 128 : tensor<128xi32, #[[SLICE]]>
// CHECK: %[[BOUND:.+]] = block.splat %[[N]] : tensor<128xi32, #[[SLICE]]>
// CHECK: %[[IN:.+]] = arith.cmpi slt, %[[ROWS]], %[[BOUND]] : tensor<128xi32, #[[SLICE]]>
// CHECK: %[[PTRS:.+]] = block.splat %[[BASE]] : tensor<128x!block.ptr<f32>, #[[SLICE]]>
// CHECK: %[[ADDR:.+]] = block.addptr %[[PTRS]], %[[ROWS]]
// CHECK: block.store %[[ADDR]], %[[S]] mask %[[IN]] : tensor<128x!block.ptr<f32>, #[[SLICE]]>
func.func @row_statistic_stored_in_place(%base: !block.ptr<f32>, %n: i32,
    %s: tensor<128xf32, #block.slice<dim = 1, parent = #acc>>) {
  %rows = block.arange 0, 128 : tensor<128xi32, #rows>
  %bound = block.splat %n : tensor<128xi32, #rows>
  %in = arith.cmpi slt, %rows, %bound : tensor<128xi32, #rows>
  %ptrs = block.splat %base : tensor<128x!block.ptr<f32>, #rows>
  %addr = block.addptr %ptrs, %rows : tensor<128x!block.ptr<f32>, #rows>, tensor<128xi32, #rows>
  %v = block.convert_layout %s : tensor<128xf32, #block.slice<dim = 1, parent = #acc>> -> tensor<128xf32, #rows>
  block.store %addr, %v mask %in : tensor<128x!block.ptr<f32>, #rows>
  return
}

// CHECK-LABEL: func.func @tile_store_converted(
// CHECK: %[[T:.+]] = block.convert_layout %{{.+}} : tensor<128x64xf32, #{{.+}}> -> tensor<128x64xf32, #[[TILES:[^>]+]]>
// CHECK: block.store %{{.+}}, %[[T]] : tensor<128x64x!block.ptr<f32>, #[[TILES]]>
func.func @tile_store_converted(%base: !block.ptr<f32>, %t: tensor<128x64xf32, #acc>) {
  %offsets = arith.constant dense<1> : tensor<128x64xi32, #tiles>
  %ptrs = block.splat %base : tensor<128x64x!block.ptr<f32>, #tiles>
  %addr = block.addptr %ptrs, %offsets : tensor<128x64x!block.ptr<f32>, #tiles>, tensor<128x64xi32, #tiles>
  %v = block.convert_layout %t : tensor<128x64xf32, #acc> -> tensor<128x64xf32, #tiles>
  block.store %addr, %v : tensor<128x64x!block.ptr<f32>, #tiles>
  return
}
