// An ill-typed program: the verifier names the rule and the value; exit 1.
// RUN: not block-opt %s 2>&1 | FileCheck %s
// RUN: block-opt %s 2>/dev/null; test $? -eq 1

// CHECK: verifier-error.mlir:[[@LINE+3]]:8: error: 'block.splat' op result #0 has type 'tensor<96xf32>', but every dimension of a block tensor must be a power of two
// CHECK-NOT: error:
func.func @f(%x: f32) {
  %t = block.splat %x : tensor<96xf32>
  return
}
