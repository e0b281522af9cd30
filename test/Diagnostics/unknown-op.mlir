// An op the dialect does not define.
// RUN: not block-opt %s 2>&1 | FileCheck %s

// CHECK: unknown-op.mlir:[[@LINE+2]]:8: error: custom op 'block.gather' is unknown
func.func @f(%p: !block.ptr<f32>) {
  %v = block.gather %p : !block.ptr<f32>
  return
}
