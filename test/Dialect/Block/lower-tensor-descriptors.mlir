// RUN: block-opt %s --block-lower-tensor-descriptors -split-input-file -verify-diagnostics | FileCheck %s

// A tile of a descriptor becomes the masked pointer access of its elements:
// per dimension the positions (coordinate + arange), the mask of those
// inside (one unsigned comparison) and the offsets (position * stride, none
// for a constant stride of 1), broadcast to the tile and combined; loads
// read zero outside. The offsets of a tile of rank 2 are i64 (row * stride
// passes 2^31 in a tensor of i32 sizes); the positions and masks stay i32.

// CHECK-LABEL: func.func @load_store
// CHECK-SAME: (%[[A:.*]]: !block.ptr<bf16>, %[[M:.*]]: i32, %[[K:.*]]: i32, %[[R:.*]]: i32, %[[C:.*]]: i32)
// CHECK-NOT: block.make_tensor_desc
// CHECK: %[[RANGE0:.*]] = block.arange 0, 32 : tensor<32xi32>
// CHECK: %[[R0:.*]] = block.splat %[[R]] : tensor<32xi32>
// CHECK: %[[POS0:.*]] = arith.addi %[[R0]], %[[RANGE0]] : tensor<32xi32>
// CHECK: %[[SIZE0:.*]] = block.splat %[[M]] : tensor<32xi32>
// CHECK: %[[IN0:.*]] = arith.cmpi ult, %[[POS0]], %[[SIZE0]] : tensor<32xi32>
// CHECK: %[[POS0W:.*]] = arith.extsi %[[POS0]] : tensor<32xi32> to tensor<32xi64>
// CHECK: %[[K64:.*]] = arith.extsi %[[K]] : i32 to i64
// CHECK: %[[STRIDE0:.*]] = block.splat %[[K64]] : tensor<32xi64>
// CHECK: %[[OFF0:.*]] = arith.muli %[[POS0W]], %[[STRIDE0]] : tensor<32xi64>
// CHECK: %[[OFF0B:.*]] = block.broadcast %[[OFF0]] dims [0] : tensor<32xi64> -> tensor<32x16xi64>
// CHECK: %[[IN0B:.*]] = block.broadcast %[[IN0]] dims [0] : tensor<32xi1> -> tensor<32x16xi1>
// CHECK: %[[RANGE1:.*]] = block.arange 0, 16 : tensor<16xi32>
// CHECK: %[[C1:.*]] = block.splat %[[C]] : tensor<16xi32>
// CHECK: %[[POS1:.*]] = arith.addi %[[C1]], %[[RANGE1]] : tensor<16xi32>
// CHECK: %[[SIZE1:.*]] = block.splat %[[K]] : tensor<16xi32>
// CHECK: %[[IN1:.*]] = arith.cmpi ult, %[[POS1]], %[[SIZE1]] : tensor<16xi32>
// CHECK-NOT: arith.muli
// CHECK: %[[POS1W:.*]] = arith.extsi %[[POS1]] : tensor<16xi32> to tensor<16xi64>
// CHECK: %[[OFF1B:.*]] = block.broadcast %[[POS1W]] dims [1] : tensor<16xi64> -> tensor<32x16xi64>
// CHECK: %[[IN1B:.*]] = block.broadcast %[[IN1]] dims [1] : tensor<16xi1> -> tensor<32x16xi1>
// CHECK: %[[OFF:.*]] = arith.addi %[[OFF0B]], %[[OFF1B]] : tensor<32x16xi64>
// CHECK: %[[IN:.*]] = arith.andi %[[IN0B]], %[[IN1B]] : tensor<32x16xi1>
// CHECK: %[[PTRS:.*]] = block.addptr %[[A]], %[[OFF]] : !block.ptr<bf16>, tensor<32x16xi64>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x16xbf16>
// CHECK: %[[TILE:.*]] = block.load %[[PTRS]] mask %[[IN]] other %[[ZERO]] : tensor<32x16x!block.ptr<bf16>>
// CHECK: %[[SPTRS:.*]] = block.addptr %[[A]], %{{.*}} : !block.ptr<bf16>, tensor<32x16xi64>
// CHECK: block.store %[[SPTRS]], %[[TILE]] mask %{{.*}} : tensor<32x16x!block.ptr<bf16>>
func.func @load_store(%a: !block.ptr<bf16>, %m: i32, %k: i32, %r: i32, %c: i32) {
  %c1 = arith.constant 1 : i32
  %d = block.make_tensor_desc %a, [%m, %k], [%k, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<32x16xbf16>>
  %t = block.desc_load %d[%r, %c] : !block.tensordesc<tensor<32x16xbf16>> -> tensor<32x16xbf16>
  block.desc_store %d[%c, %r], %t : !block.tensordesc<tensor<32x16xbf16>>, tensor<32x16xbf16>
  return
}

// -----

// Strides written as integers: one of 1 multiplies nothing, another is a
// constant of the offsets' type.

// CHECK-LABEL: func.func @static_strides
// CHECK: %[[R:.*]] = block.arange 0, 8 : tensor<8xi32>
// CHECK: %[[POS0:.*]] = arith.addi %{{.*}}, %[[R]] : tensor<8xi32>
// CHECK: %[[POS0W:.*]] = arith.extsi %[[POS0]] : tensor<8xi32> to tensor<8xi64>
// CHECK: %[[STRIDE:.*]] = arith.constant 24 : i64
// CHECK: %[[STRIDES:.*]] = block.splat %[[STRIDE]] : tensor<8xi64>
// CHECK: arith.muli %[[POS0W]], %[[STRIDES]] : tensor<8xi64>
// CHECK: block.arange 0, 16 : tensor<16xi32>
// CHECK-NOT: arith.muli
// CHECK: block.load
func.func @static_strides(%a: !block.ptr<f32>, %m: i32, %r: i32) -> tensor<8x16xf32> {
  %d = block.make_tensor_desc %a, [%m, %m], [24, 1] : !block.ptr<f32> -> !block.tensordesc<tensor<8x16xf32>>
  %t = block.desc_load %d[%r, %r] : !block.tensordesc<tensor<8x16xf32>> -> tensor<8x16xf32>
  return %t : tensor<8x16xf32>
}

// -----

// i64 sizes and strides: the coordinate and the tile's indices are extended
// before they are added (coordinate + index may pass 2^31), and the offsets
// are i64; a rank-1 tile needs no broadcast, and a stride that is not a
// constant 1 is multiplied.

// CHECK-LABEL: func.func @wide
// CHECK-DAG: %[[FIRST:.*]] = arith.extsi %{{.*}} : tensor<64xi32> to tensor<64xi64>
// CHECK-DAG: %[[RANGE:.*]] = arith.extsi %{{.*}} : tensor<64xi32> to tensor<64xi64>
// CHECK: %[[POS64:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<64xi64>
// CHECK: arith.cmpi ult, %[[POS64]], %{{.*}} : tensor<64xi64>
// CHECK: %[[OFF:.*]] = arith.muli %[[POS64]], %{{.*}} : tensor<64xi64>
// CHECK-NOT: block.broadcast
// CHECK: block.addptr %{{.*}}, %[[OFF]] : !block.ptr<f32>, tensor<64xi64>
func.func @wide(%x: !block.ptr<f32>, %n: i64, %s: i64, %i: i32) -> tensor<64xf32> {
  %d = block.make_tensor_desc %x, [%n], [%s] : !block.ptr<f32>, i64 -> !block.tensordesc<tensor<64xf32>>
  %v = block.desc_load %d[%i] : !block.tensordesc<tensor<64xf32>> -> tensor<64xf32>
  return %v : tensor<64xf32>
}

// -----

func.func @carried(%x: !block.ptr<f32>, %n: i32, %lb: i32, %ub: i32) {
  %c1 = arith.constant 1 : i32
  %d = block.make_tensor_desc %x, [%n], [%c1] : !block.ptr<f32> -> !block.tensordesc<tensor<64xf32>>
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%e = %d) -> (!block.tensordesc<tensor<64xf32>>) : i32 {
    // expected-error @+1 {{cannot be lowered to pointer operations: its descriptor must be made by block.make_tensor_desc in the same function}}
    %v = block.desc_load %e[%i] : !block.tensordesc<tensor<64xf32>> -> tensor<64xf32>
    scf.yield %e : !block.tensordesc<tensor<64xf32>>
  }
  return
}

// -----

func.func @unused_but_carried(%x: !block.ptr<f32>, %n: i32, %lb: i32, %ub: i32) {
  %c1 = arith.constant 1 : i32
  %d = block.make_tensor_desc %x, [%n], [%c1] : !block.ptr<f32> -> !block.tensordesc<tensor<64xf32>>
  // expected-error @+1 {{takes a tensor descriptor, which only block.desc_load and block.desc_store can use once descriptors are lowered to pointer operations}}
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%e = %d) -> (!block.tensordesc<tensor<64xf32>>) : i32 {
    scf.yield %e : !block.tensordesc<tensor<64xf32>>
  }
  return
}

// -----

#blocked = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
func.func @with_layout(%x: !block.ptr<f32>, %n: i32, %i: i32) {
  %c1 = arith.constant 1 : i32
  %d = block.make_tensor_desc %x, [%n], [%c1] : !block.ptr<f32> -> !block.tensordesc<tensor<64xf32>>
  // expected-error @+1 {{has a tile with a layout, 'tensor<64xf32, #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>', but descriptors are lowered to pointer operations before layouts are assigned}}
  %v = block.desc_load %d[%i] : !block.tensordesc<tensor<64xf32>> -> tensor<64xf32, #blocked>
  return
}

// -----

// In a loop, what does not depend on it moves out: the rows of a tile whose
// row coordinate the loop keeps (and the zeros of the load); the columns,
// which follow the induction variable, stay.

// CHECK-LABEL: func.func @in_loop
// CHECK: block.splat %{{.*}} : tensor<32xi32>
// CHECK: arith.cmpi ult, %{{.*}} : tensor<32xi32>
// CHECK: block.broadcast %{{.*}} dims [0] : tensor<32xi1> -> tensor<32x16xi1>
// CHECK: arith.constant dense<0.000000e+00> : tensor<32x16xf32>
// CHECK: scf.for %[[K:[a-z0-9_]+]] =
// CHECK-NOT: tensor<32xi32>
// CHECK: block.splat %[[K]] : tensor<16xi32>
// CHECK: block.load
func.func @in_loop(%x: !block.ptr<f32>, %m: i32, %n: i32, %row: i32) -> tensor<32x16xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %zero = arith.constant dense<0.0> : tensor<32x16xf32>
  %d = block.make_tensor_desc %x, [%m, %n], [%n, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<32x16xf32>>
  %r = scf.for %k = %c0 to %n step %c16 iter_args(%acc = %zero) -> (tensor<32x16xf32>) : i32 {
    %t = block.desc_load %d[%row, %k] : !block.tensordesc<tensor<32x16xf32>> -> tensor<32x16xf32>
    %s = arith.addf %acc, %t : tensor<32x16xf32>
    scf.yield %s : tensor<32x16xf32>
  }
  return %r : tensor<32x16xf32>
}

// -----

// Around another loop (a persistent kernel's loop over tiles), only
// scalars move out: the tile's per-dimension vectors and its offsets, which
// do not depend on the tile, stay in the outer loop's body (held across the
// inner loop they would take its registers); out of the inner loop, which
// does not change the tile's row, they still move.

// CHECK-LABEL: func.func @in_loop_nest
// CHECK: %[[SCALED:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
// CHECK-NOT: tensor<32xi32>
// CHECK: scf.for %[[T:[a-z0-9_]+]] =
// CHECK: block.arange 0, 32 : tensor<32xi32>
// CHECK: block.broadcast %{{.*}} dims [0] : tensor<32xi64> -> tensor<32x16xi64>
// CHECK: block.arange 0, 16 : tensor<16xi32>
// CHECK: scf.for
// CHECK-NOT: block.arange
// CHECK: block.load
func.func @in_loop_nest(%x: !block.ptr<f32>, %m: i32, %n: i32, %tiles: i32) -> tensor<32x16xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<32x16xf32>
  %scaled = arith.muli %n, %c32 : i32
  %d = block.make_tensor_desc %x, [%m, %scaled], [%scaled, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<32x16xf32>>
  %o = scf.for %t = %c0 to %tiles step %c1 iter_args(%out = %zero) -> (tensor<32x16xf32>) : i32 {
    %row = arith.muli %t, %c32 : i32
    %r = scf.for %k = %c0 to %n step %c16 iter_args(%acc = %out) -> (tensor<32x16xf32>) : i32 {
      %v = block.desc_load %d[%row, %k] : !block.tensordesc<tensor<32x16xf32>> -> tensor<32x16xf32>
      %s = arith.addf %acc, %v : tensor<32x16xf32>
      scf.yield %s : tensor<32x16xf32>
    }
    scf.yield %r : tensor<32x16xf32>
  }
  return %o : tensor<32x16xf32>
}

// -----

// A tile read transposed (its one use a block.trans; K in attention's
// Q K^T) is loaded transposed: the pointers, mask and zeros transposed, so
// that the loaded tile keeps the addresses contiguous along its first
// dimension and a product stages it as it lies in memory.
// CHECK-LABEL: func.func @load_transposed
// CHECK: %[[P:.*]] = block.trans %{{.*}} [1, 0] : tensor<64x32x!block.ptr<bf16>> -> tensor<32x64x!block.ptr<bf16>>
// CHECK: %[[M:.*]] = block.trans %{{.*}} [1, 0] : tensor<64x32xi1> -> tensor<32x64xi1>
// CHECK: %[[Z:.*]] = block.trans %{{.*}} [1, 0] : tensor<64x32xbf16> -> tensor<32x64xbf16>
// CHECK: %[[T:.*]] = block.load %[[P]] mask %[[M]] other %[[Z]] : tensor<32x64x!block.ptr<bf16>>
// CHECK-NOT: block.trans
// CHECK: return %[[T]]
func.func @load_transposed(%k: !block.ptr<bf16>, %n: i32, %row: i32) -> tensor<32x64xbf16> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %d = block.make_tensor_desc %k, [%n, %c32], [%c32, %c1]
      : !block.ptr<bf16> -> !block.tensordesc<tensor<64x32xbf16>>
  %t = block.desc_load %d[%row, %c0] : !block.tensordesc<tensor<64x32xbf16>> -> tensor<64x32xbf16>
  %kt = block.trans %t [1, 0] : tensor<64x32xbf16> -> tensor<32x64xbf16>
  return %kt : tensor<32x64xbf16>
}
