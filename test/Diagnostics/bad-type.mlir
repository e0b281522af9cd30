// A malformed type: a located diagnostic, exit code 1.
// RUN: not block-opt %s 2>&1 | FileCheck %s

// CHECK: bad-type.mlir:[[@LINE+1]]:{{[0-9]+}}: error: !block.ptr points to 'tensor<4xf32>'
func.func @f(%p: !block.ptr<tensor<4xf32>>) {
  return
}
