// RUN: block-opt %s | block-opt | FileCheck %s
// RUN: block-opt %s --canonicalize | FileCheck %s --check-prefix=CANON

// Short forms that canonicalisation expands to the core operations: a
// broadcast from a lower rank (the operand's dimensions named), addptr, load
// and store of a scalar pointer with a tensor of offsets, and an arange from
// a dynamic base.

// CHECK-LABEL: func.func @short_forms
// CHECK: block.broadcast %{{.*}} dims [1] : tensor<128xf32> -> tensor<64x128xf32>
// CHECK: block.broadcast %{{.*}} dims [0] : tensor<64xi32> -> tensor<64x128xi32>
// CHECK: block.broadcast %{{.*}} dims [0, 2] : tensor<4x1xf32> -> tensor<4x8x16xf32>
// CHECK: block.addptr %{{.*}}, %{{.*}} : !block.ptr<f32>, tensor<64x128xi32>
// CHECK: block.load %{{.*}}[%{{.*}}] mask %{{.*}} other %{{.*}} cache = cg : !block.ptr<f32>, tensor<64x128xi32>
// CHECK: block.store %{{.*}}[%{{.*}}], %{{.*}} mask %{{.*}} : !block.ptr<f32>, tensor<64x128xi32>
// CHECK: block.arange %{{.*}} + 64, 128 : tensor<64xi32>
// CHECK: block.atomic_rmw fadd, relaxed, gpu, %{{.*}}[%{{.*}}], %{{.*}} mask %{{.*}} : !block.ptr<f32>, tensor<64x128xi32>
func.func @short_forms(%x: tensor<128xf32>, %r: tensor<64xi32>, %t: tensor<4x1xf32>,
                       %p: !block.ptr<f32>, %offs: tensor<64x128xi32>) {
  %0 = block.broadcast %x dims [1] : tensor<128xf32> -> tensor<64x128xf32>
  %1 = block.broadcast %r dims [0] : tensor<64xi32> -> tensor<64x128xi32>
  %2 = block.broadcast %t dims [0, 2] : tensor<4x1xf32> -> tensor<4x8x16xf32>
  %3 = block.addptr %p, %offs : !block.ptr<f32>, tensor<64x128xi32>
  %v = block.load %3 : tensor<64x128x!block.ptr<f32>>
  %m = arith.constant dense<true> : tensor<64x128xi1>
  %w = block.load %p[%offs] mask %m other %0 cache = cg : !block.ptr<f32>, tensor<64x128xi32>
  block.store %p[%offs], %w mask %m : !block.ptr<f32>, tensor<64x128xi32>
  %base = block.program_id x
  %4 = block.arange %base + 64, 128 : tensor<64xi32>
  %5 = block.atomic_rmw fadd, relaxed, gpu, %p[%offs], %w mask %m : !block.ptr<f32>, tensor<64x128xi32>
  return
}

// The operand's dimensions go where dims says; the others are new.
// CANON-LABEL: func.func @rows
// CANON-SAME: (%[[X:.*]]: tensor<128xf32>)
// CANON-NEXT: %[[E:.*]] = block.expand_dims %[[X]], 0 : tensor<128xf32> -> tensor<1x128xf32>
// CANON-NEXT: %[[B:.*]] = block.broadcast %[[E]] : tensor<1x128xf32> -> tensor<64x128xf32>
// CANON-NEXT: return %[[B]]
func.func @rows(%x: tensor<128xf32>) -> tensor<64x128xf32> {
  %0 = block.broadcast %x dims [1] : tensor<128xf32> -> tensor<64x128xf32>
  return %0 : tensor<64x128xf32>
}

// CANON-LABEL: func.func @columns_of_a_3d_tile
// CANON-SAME: (%[[T:.*]]: tensor<4x1xf32>)
// CANON-NEXT: %[[E:.*]] = block.expand_dims %[[T]], 1 : tensor<4x1xf32> -> tensor<4x1x1xf32>
// CANON-NEXT: %[[B:.*]] = block.broadcast %[[E]] : tensor<4x1x1xf32> -> tensor<4x8x16xf32>
// CANON-NEXT: return %[[B]]
func.func @columns_of_a_3d_tile(%t: tensor<4x1xf32>) -> tensor<4x8x16xf32> {
  %0 = block.broadcast %t dims [0, 2] : tensor<4x1xf32> -> tensor<4x8x16xf32>
  return %0 : tensor<4x8x16xf32>
}

// Only new dimensions: no broadcast left.
// CANON-LABEL: func.func @only_new_dims
// CANON-NEXT: %[[E:.*]] = block.expand_dims %{{.*}}, 1 : tensor<64xi32> -> tensor<64x1xi32>
// CANON-NEXT: return %[[E]]
func.func @only_new_dims(%r: tensor<64xi32>) -> tensor<64x1xi32> {
  %0 = block.broadcast %r dims [0] : tensor<64xi32> -> tensor<64x1xi32>
  return %0 : tensor<64x1xi32>
}

// CANON-LABEL: func.func @scalar_base
// CANON-SAME: (%[[P:.*]]: !block.ptr<f32>, %[[O:.*]]: tensor<128xi32>)
// CANON-NEXT: %[[S:.*]] = block.splat %[[P]] : tensor<128x!block.ptr<f32>>
// CANON-NEXT: %[[A:.*]] = block.addptr %[[S]], %[[O]] : tensor<128x!block.ptr<f32>>, tensor<128xi32>
// CANON-NEXT: return %[[A]]
func.func @scalar_base(%p: !block.ptr<f32>, %offs: tensor<128xi32>) -> tensor<128x!block.ptr<f32>> {
  %0 = block.addptr %p, %offs : !block.ptr<f32>, tensor<128xi32>
  return %0 : tensor<128x!block.ptr<f32>>
}

// CANON-LABEL: func.func @load_and_store_at_offsets
// CANON-SAME: (%[[P:.*]]: !block.ptr<f16>, %[[O:.*]]: tensor<64xi64>, %[[M:.*]]: tensor<64xi1>, %[[Z:.*]]: tensor<64xf16>)
// CANON-NEXT: %[[S:.*]] = block.splat %[[P]] : tensor<64x!block.ptr<f16>>
// CANON-NEXT: %[[A:.*]] = block.addptr %[[S]], %[[O]] : tensor<64x!block.ptr<f16>>, tensor<64xi64>
// CANON-NEXT: %[[V:.*]] = block.load %[[A]] mask %[[M]] other %[[Z]] evict = evict_first : tensor<64x!block.ptr<f16>>
// CANON-NEXT: %[[S2:.*]] = block.splat %[[P]] : tensor<64x!block.ptr<f16>>
// CANON-NEXT: %[[A2:.*]] = block.addptr %[[S2]], %[[O]] : tensor<64x!block.ptr<f16>>, tensor<64xi64>
// CANON-NEXT: block.store %[[A2]], %[[V]] mask %[[M]] cache = wb : tensor<64x!block.ptr<f16>>
func.func @load_and_store_at_offsets(%p: !block.ptr<f16>, %offs: tensor<64xi64>, %m: tensor<64xi1>, %z: tensor<64xf16>) {
  %v = block.load %p[%offs] mask %m other %z evict = evict_first : !block.ptr<f16>, tensor<64xi64>
  block.store %p[%offs], %v mask %m cache = wb : !block.ptr<f16>, tensor<64xi64>
  return
}

// CANON-LABEL: func.func @atomic_at_offsets
// CANON-SAME: (%[[P:.*]]: !block.ptr<i32>, %[[O:.*]]: tensor<64xi32>, %[[V:.*]]: tensor<64xi32>, %[[M:.*]]: tensor<64xi1>)
// CANON-NEXT: %[[S:.*]] = block.splat %[[P]] : tensor<64x!block.ptr<i32>>
// CANON-NEXT: %[[A:.*]] = block.addptr %[[S]], %[[O]] : tensor<64x!block.ptr<i32>>, tensor<64xi32>
// CANON-NEXT: %[[R:.*]] = block.atomic_rmw add, relaxed, gpu, %[[A]], %[[V]] mask %[[M]] : tensor<64x!block.ptr<i32>>
// CANON-NEXT: return %[[R]]
func.func @atomic_at_offsets(%p: !block.ptr<i32>, %offs: tensor<64xi32>, %v: tensor<64xi32>, %m: tensor<64xi1>) -> tensor<64xi32> {
  %0 = block.atomic_rmw add, relaxed, gpu, %p[%offs], %v mask %m : !block.ptr<i32>, tensor<64xi32>
  return %0 : tensor<64xi32>
}

// CANON-LABEL: func.func @arange_from_base
// CANON-SAME: (%[[B:.*]]: i32)
// CANON-DAG: %[[R:.*]] = block.arange 16, 48 : tensor<32xi32>
// CANON-DAG: %[[S:.*]] = block.splat %[[B]] : tensor<32xi32>
// CANON-NEXT: %[[A:.*]] = arith.addi %[[S]], %[[R]] : tensor<32xi32>
// CANON-NEXT: return %[[A]]
func.func @arange_from_base(%b: i32) -> tensor<32xi32> {
  %0 = block.arange %b + 16, 48 : tensor<32xi32>
  return %0 : tensor<32xi32>
}

// The base alone is no fold: a one-element range from a base stays a sum.
// CANON-LABEL: func.func @one_element_from_base
// CANON: arith.addi
func.func @one_element_from_base(%b: i32) -> tensor<1xi32> {
  %0 = block.arange %b + 3, 4 : tensor<1xi32>
  return %0 : tensor<1xi32>
}
