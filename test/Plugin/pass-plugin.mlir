// REQUIRES: mlir-opt
// The same shared object is a pass plugin: block passes run in mlir-opt-22.
// RUN: %mlir-opt %s --load-dialect-plugin=%block_lib_dir/BlockPlugin.so \
// RUN:   --load-pass-plugin=%block_lib_dir/BlockPlugin.so \
// RUN:   --pass-pipeline='builtin.module(block-kernel-defaults{num-warps=8})' | FileCheck %s

// CHECK-LABEL: func.func @k
// CHECK-SAME: block.num_warps = 8 : i32
func.func @k(%p: !block.ptr<f32>) attributes {block.kernel} {
  return
}
