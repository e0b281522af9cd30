// REQUIRES: mlir-opt
// Stock mlir-opt-22 loads the dialect from BlockPlugin.so, parses, verifies,
// prints and canonicalises block programs.
// RUN: %mlir-opt %s --load-dialect-plugin=%block_lib_dir/BlockPlugin.so | FileCheck %s
// RUN: %mlir-opt %s --load-dialect-plugin=%block_lib_dir/BlockPlugin.so --mlir-print-op-generic \
// RUN:   | %mlir-opt --load-dialect-plugin=%block_lib_dir/BlockPlugin.so | FileCheck %s
// RUN: %mlir-opt %s --load-dialect-plugin=%block_lib_dir/BlockPlugin.so -canonicalize \
// RUN:   | FileCheck %s --check-prefix=CANON

// CHECK-LABEL: func.func @masked
// CHECK: block.load %{{.*}} mask %{{.*}} : tensor<64x!block.ptr<f32>>
// CANON-LABEL: func.func @masked
// CANON: %[[V:.*]] = block.load %{{.*}} : tensor<64x!block.ptr<f32>>
// CANON-NEXT: block.store %{{.*}}, %[[V]] : tensor<64x!block.ptr<f32>>
// CANON-NEXT: return
func.func @masked(%p: !block.ptr<f32>) attributes {block.kernel} {
  %t = arith.constant dense<true> : tensor<64xi1>
  %f = arith.constant dense<false> : tensor<64xi1>
  %r = block.arange 0, 64 : tensor<64xi32>
  %ps = block.splat %p : tensor<64x!block.ptr<f32>>
  %a = block.addptr %ps, %r : tensor<64x!block.ptr<f32>>, tensor<64xi32>
  %v = block.load %a mask %t : tensor<64x!block.ptr<f32>>
  block.store %a, %v mask %t : tensor<64x!block.ptr<f32>>
  block.store %a, %v mask %f : tensor<64x!block.ptr<f32>>
  return
}
