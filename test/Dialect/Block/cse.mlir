// RUN: block-opt %s -cse -split-input-file | FileCheck %s

// Loads read memory and nothing else: two loads of one address with no store
// between them are merged. A store between them, or a volatile load, is not.

// CHECK-LABEL: func.func @merged
// CHECK: block.load
// CHECK-NOT: block.load
// CHECK: return
func.func @merged(%p: !block.ptr<f32>) -> f32 {
  %a = block.load %p : !block.ptr<f32>
  %b = block.load %p : !block.ptr<f32>
  %s = arith.addf %a, %b : f32
  return %s : f32
}

// -----

// CHECK-LABEL: func.func @store_between
// CHECK: block.load
// CHECK: block.store
// CHECK: block.load
func.func @store_between(%p: !block.ptr<f32>, %v: f32) -> f32 {
  %a = block.load %p : !block.ptr<f32>
  block.store %p, %v : !block.ptr<f32>
  %b = block.load %p : !block.ptr<f32>
  %s = arith.addf %a, %b : f32
  return %s : f32
}

// -----

// CHECK-LABEL: func.func @volatile
// CHECK: block.load %{{.*}} volatile
// CHECK: block.load %{{.*}} volatile
func.func @volatile(%p: !block.ptr<f32>) -> f32 {
  %a = block.load %p volatile : !block.ptr<f32>
  %b = block.load %p volatile : !block.ptr<f32>
  %s = arith.addf %a, %b : f32
  return %s : f32
}

// -----

// Pure block ops are merged.
// CHECK-LABEL: func.func @pure
// CHECK-COUNT-1: block.arange
// CHECK-NOT: block.arange
func.func @pure() -> (tensor<32xi32>, tensor<32xi32>) {
  %a = block.arange 0, 32 : tensor<32xi32>
  %b = block.arange 0, 32 : tensor<32xi32>
  return %a, %b : tensor<32xi32>, tensor<32xi32>
}
