// RUN: block-opt %s | block-opt | FileCheck %s
// RUN: block-opt %s --canonicalize | FileCheck %s --check-prefix=CANON

// Two short forms that canonicalisation expands to the core operations: a
// broadcast from a lower rank (the operand's dimensions named) and addptr of
// a scalar pointer with a tensor of offsets.

// CHECK-LABEL: func.func @short_forms
// CHECK: block.broadcast %{{.*}} dims [1] : tensor<128xf32> -> tensor<64x128xf32>
// CHECK: block.broadcast %{{.*}} dims [0] : tensor<64xi32> -> tensor<64x128xi32>
// CHECK: block.broadcast %{{.*}} dims [0, 2] : tensor<4x1xf32> -> tensor<4x8x16xf32>
// CHECK: block.addptr %{{.*}}, %{{.*}} : !block.ptr<f32>, tensor<64x128xi32>
func.func @short_forms(%x: tensor<128xf32>, %r: tensor<64xi32>, %t: tensor<4x1xf32>,
                       %p: !block.ptr<f32>, %offs: tensor<64x128xi32>) {
  %0 = block.broadcast %x dims [1] : tensor<128xf32> -> tensor<64x128xf32>
  %1 = block.broadcast %r dims [0] : tensor<64xi32> -> tensor<64x128xi32>
  %2 = block.broadcast %t dims [0, 2] : tensor<4x1xf32> -> tensor<4x8x16xf32>
  %3 = block.addptr %p, %offs : !block.ptr<f32>, tensor<64x128xi32>
  %v = block.load %3 : tensor<64x128x!block.ptr<f32>>
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
