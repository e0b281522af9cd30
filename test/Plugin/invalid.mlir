// REQUIRES: mlir-opt
// Verifier errors of the dialect reach mlir-opt-22's diagnostics, with exit 1.
// RUN: not %mlir-opt %s --load-dialect-plugin=%block_lib_dir/BlockPlugin.so 2>&1 | FileCheck %s

// CHECK: invalid.mlir:[[@LINE+2]]:8: error: 'block.arange' op needs start < end, but the range is [4, 2)
func.func @f() {
  %r = block.arange 4, 2 : tensor<2xi32>
  return
}
