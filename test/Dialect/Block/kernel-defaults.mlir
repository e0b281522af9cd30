// RUN: block-opt %s --block-kernel-defaults | FileCheck %s
// RUN: block-opt %s --block-kernel-defaults=num-warps=16 | FileCheck %s --check-prefix=SIXTEEN

// CHECK-LABEL: func.func @without
// CHECK-SAME: block.num_warps = 4 : i32
// SIXTEEN-LABEL: func.func @without
// SIXTEEN-SAME: block.num_warps = 16 : i32
func.func @without() attributes {block.kernel} {
  return
}

// A kernel's own number of warps is kept.
// CHECK-LABEL: func.func @with
// CHECK-SAME: block.num_warps = 2 : i32
// SIXTEEN-LABEL: func.func @with
// SIXTEEN-SAME: block.num_warps = 2 : i32
func.func @with() attributes {block.kernel, block.num_warps = 2 : i32} {
  return
}

// Helpers that are not kernels get no launch parameters.
// CHECK-LABEL: func.func @helper
// CHECK-NOT: block.num_warps
func.func @helper(%x: f32) -> f32 {
  return %x : f32
}
