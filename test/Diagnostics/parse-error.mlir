// Malformed input: a located diagnostic and exit code 1, no crash.
// RUN: not block-opt %s 2>&1 | FileCheck %s
// RUN: block-opt %s 2>/dev/null; test $? -eq 1

// `mask` must be followed by the mask operand; it is never dropped silently.
// CHECK: parse-error.mlir:[[@LINE+2]]:{{[0-9]+}}: error: expected SSA operand
func.func @f(%p: !block.ptr<f32>) {
  %v = block.load %p mask : !block.ptr<f32>
  return
}
