// RUN: block-opt %s -canonicalize -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @load_all_true
// CHECK: %[[V:.*]] = block.load %{{.*}} : tensor<128x!block.ptr<f32>>
// CHECK-NOT: mask
// CHECK: return %[[V]]
func.func @load_all_true(%p: tensor<128x!block.ptr<f32>>, %o: tensor<128xf32>) -> tensor<128xf32> {
  %m = arith.constant dense<true> : tensor<128xi1>
  %v = block.load %p mask %m other %o : tensor<128x!block.ptr<f32>>
  return %v : tensor<128xf32>
}

// -----

// CHECK-LABEL: func.func @load_all_false
// CHECK-SAME: %{{.*}}: tensor<128x!block.ptr<f32>>, %[[O:.*]]: tensor<128xf32>
// CHECK-NOT: block.load
// CHECK: return %[[O]]
func.func @load_all_false(%p: tensor<128x!block.ptr<f32>>, %o: tensor<128xf32>) -> tensor<128xf32> {
  %m = arith.constant dense<false> : tensor<128xi1>
  %v = block.load %p mask %m other %o : tensor<128x!block.ptr<f32>>
  return %v : tensor<128xf32>
}

// -----

// A volatile load still happens, and without `other` there is no value to
// fold to: both stay.
// CHECK-LABEL: func.func @load_all_false_kept
// CHECK: block.load %{{.*}} mask %{{.*}} other %{{.*}} volatile
// CHECK: block.load %{{.*}} mask %{{.*}} :
func.func @load_all_false_kept(%p: tensor<128x!block.ptr<f32>>, %o: tensor<128xf32>) -> (tensor<128xf32>, tensor<128xf32>) {
  %m = arith.constant dense<false> : tensor<128xi1>
  %v = block.load %p mask %m other %o volatile : tensor<128x!block.ptr<f32>>
  %w = block.load %p mask %m : tensor<128x!block.ptr<f32>>
  return %v, %w : tensor<128xf32>, tensor<128xf32>
}

// -----

// A mask that is not constant stays.
// CHECK-LABEL: func.func @load_unknown_mask
// CHECK: block.load %{{.*}} mask %{{.*}} other
func.func @load_unknown_mask(%p: tensor<128x!block.ptr<f32>>, %m: tensor<128xi1>, %o: tensor<128xf32>) -> tensor<128xf32> {
  %v = block.load %p mask %m other %o : tensor<128x!block.ptr<f32>>
  return %v : tensor<128xf32>
}

// -----

// CHECK-LABEL: func.func @store_all_true
// CHECK: block.store %{{.*}}, %{{.*}} : tensor<128x!block.ptr<f32>>
// CHECK-NOT: mask
func.func @store_all_true(%p: tensor<128x!block.ptr<f32>>, %v: tensor<128xf32>) {
  %m = arith.constant dense<true> : tensor<128xi1>
  block.store %p, %v mask %m : tensor<128x!block.ptr<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @store_all_false
// CHECK-NOT: block.store
// CHECK: return
func.func @store_all_false(%p: tensor<128x!block.ptr<f32>>, %v: tensor<128xf32>) {
  %m = arith.constant dense<false> : tensor<128xi1>
  block.store %p, %v mask %m : tensor<128x!block.ptr<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @scalar_masks
// CHECK: block.store %{{.*}}, %{{.*}} : !block.ptr<f32>
// CHECK-NOT: block.store
func.func @scalar_masks(%p: !block.ptr<f32>, %v: f32) {
  %t = arith.constant true
  %f = arith.constant false
  block.store %p, %v mask %t : !block.ptr<f32>
  block.store %p, %v mask %f : !block.ptr<f32>
  return
}

// -----

// CHECK-LABEL: func.func @addptr_zero
// CHECK-SAME: (%[[P:.*]]: !block.ptr<f32>, %[[T:.*]]: tensor<64x!block.ptr<f32>>)
// CHECK-NOT: block.addptr
// CHECK: return %[[P]], %[[T]]
func.func @addptr_zero(%p: !block.ptr<f32>, %t: tensor<64x!block.ptr<f32>>) -> (!block.ptr<f32>, tensor<64x!block.ptr<f32>>) {
  %z = arith.constant 0 : i32
  %zs = arith.constant dense<0> : tensor<64xi64>
  %q = block.addptr %p, %z : !block.ptr<f32>, i32
  %u = block.addptr %t, %zs : tensor<64x!block.ptr<f32>>, tensor<64xi64>
  return %q, %u : !block.ptr<f32>, tensor<64x!block.ptr<f32>>
}

// -----

// CHECK-LABEL: func.func @addptr_nonzero
// CHECK: block.addptr
func.func @addptr_nonzero(%p: !block.ptr<f32>) -> !block.ptr<f32> {
  %c = arith.constant 1 : i32
  %q = block.addptr %p, %c : !block.ptr<f32>, i32
  return %q : !block.ptr<f32>
}

// -----

// CHECK-LABEL: func.func @shape_ops_on_splats
// CHECK-DAG: %[[A:.*]] = arith.constant dense<2.500000e+00> : tensor<64xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<2.500000e+00> : tensor<1x64xf32>
// CHECK-DAG: %[[C:.*]] = arith.constant dense<2.500000e+00> : tensor<16x64xf32>
// CHECK-DAG: %[[D:.*]] = arith.constant dense<2.500000e+00> : tensor<64x16xf32>
// CHECK-DAG: %[[E:.*]] = arith.constant dense<2.500000e+00> : tensor<1024xf32>
// CHECK-NOT: block.
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]]
func.func @shape_ops_on_splats() -> (tensor<64xf32>, tensor<1x64xf32>, tensor<16x64xf32>, tensor<64x16xf32>, tensor<1024xf32>) {
  %s = arith.constant 2.5 : f32
  %a = block.splat %s : tensor<64xf32>
  %b = block.expand_dims %a, 0 : tensor<64xf32> -> tensor<1x64xf32>
  %c = block.broadcast %b : tensor<1x64xf32> -> tensor<16x64xf32>
  %d = block.trans %c [1, 0] : tensor<16x64xf32> -> tensor<64x16xf32>
  %e = block.reshape %d : tensor<64x16xf32> -> tensor<1024xf32>
  return %a, %b, %c, %d, %e : tensor<64xf32>, tensor<1x64xf32>, tensor<16x64xf32>, tensor<64x16xf32>, tensor<1024xf32>
}

// -----

#a = #block.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @convert_splat
// CHECK: %[[C:.*]] = arith.constant dense<7> : tensor<512xi32, #blocked{{.*}}>
// CHECK-NOT: block.convert_layout
// CHECK: return %[[C]]
func.func @convert_splat() -> tensor<512xi32, #b> {
  %c = arith.constant dense<7> : tensor<512xi32, #a>
  %d = block.convert_layout %c : tensor<512xi32, #a> -> tensor<512xi32, #b>
  return %d : tensor<512xi32, #b>
}

// -----

// CHECK-LABEL: func.func @arange_one
// CHECK: %[[C:.*]] = arith.constant dense<5> : tensor<1xi32>
// CHECK-NOT: block.arange
// CHECK: return %[[C]]
func.func @arange_one() -> tensor<1xi32> {
  %r = block.arange 5, 6 : tensor<1xi32>
  return %r : tensor<1xi32>
}

// -----

// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:.*]]: tensor<8x8xf32>)
// CHECK-NOT: block.
// CHECK: return %[[X]], %[[X]], %[[X]], %[[X]]
func.func @identities(%x: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  %a = block.broadcast %x : tensor<8x8xf32> -> tensor<8x8xf32>
  %b = block.trans %x [0, 1] : tensor<8x8xf32> -> tensor<8x8xf32>
  %c = block.reshape %x : tensor<8x8xf32> -> tensor<8x8xf32>
  %d = block.bitcast %x : tensor<8x8xf32> -> tensor<8x8xf32>
  return %a, %b, %c, %d : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_chain
// CHECK: %[[R:.*]] = block.reshape %{{.*}} : tensor<64xf32> -> tensor<4x16xf32>
// CHECK-NEXT: return %[[R]]
func.func @reshape_chain(%x: tensor<64xf32>) -> tensor<4x16xf32> {
  %a = block.reshape %x : tensor<64xf32> -> tensor<8x8xf32>
  %b = block.reshape %a : tensor<8x8xf32> -> tensor<4x16xf32>
  return %b : tensor<4x16xf32>
}

// -----

// A transposed load is a load of the transposed pointers, mask and other.
// CHECK-LABEL: func.func @transposed_load
// CHECK-DAG: %[[P:.+]] = block.trans %arg0 [1, 0] : tensor<16x32x!block.ptr<bf16>> -> tensor<32x16x!block.ptr<bf16>>
// CHECK-DAG: %[[M:.+]] = block.trans %arg1 [1, 0] : tensor<16x32xi1> -> tensor<32x16xi1>
// CHECK-DAG: %[[O:.+]] = block.trans %arg2 [1, 0] : tensor<16x32xbf16> -> tensor<32x16xbf16>
// CHECK: %[[L:.+]] = block.load %[[P]] mask %[[M]] other %[[O]] cache = cg : tensor<32x16x!block.ptr<bf16>>
// CHECK-NEXT: return %[[L]]
func.func @transposed_load(%p: tensor<16x32x!block.ptr<bf16>>, %m: tensor<16x32xi1>, %o: tensor<16x32xbf16>) -> tensor<32x16xbf16> {
  %x = block.load %p mask %m other %o cache = cg : tensor<16x32x!block.ptr<bf16>>
  %t = block.trans %x [1, 0] : tensor<16x32xbf16> -> tensor<32x16xbf16>
  return %t : tensor<32x16xbf16>
}

// A load with another use stays (the transposition would load twice).
// CHECK-LABEL: func.func @transposed_load_used_twice
// CHECK: %[[L:.+]] = block.load %arg0 : tensor<16x32x!block.ptr<bf16>>
// CHECK: block.trans %[[L]]
func.func @transposed_load_used_twice(%p: tensor<16x32x!block.ptr<bf16>>) -> (tensor<32x16xbf16>, tensor<16x32xbf16>) {
  %x = block.load %p : tensor<16x32x!block.ptr<bf16>>
  %t = block.trans %x [1, 0] : tensor<16x32xbf16> -> tensor<32x16xbf16>
  return %t, %x : tensor<32x16xbf16>, tensor<16x32xbf16>
}
