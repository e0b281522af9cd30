// RUN: not block-opt %s --block-to-ptx 2>&1 | FileCheck %s
//
// Found by block-fuzz-opt before the lowering landed (a mutant of
// examples/transpose.mlir scaled to 1024 x 1024): block-to-ptx unrolled the
// 8192 elements per thread and ran for more than 300 s (ASan build). The
// lowering now refuses more than 1024 elements per thread, at once.

// CHECK: error: 'block.broadcast' op has the tensor type 'tensor<1024x1024xi32{{.*}}', of which each thread would hold 8192 elements (at most 1024): use smaller blocks or more warps
func.func @big(%p: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  %r = block.arange 0, 1024 : tensor<1024xi32>
  %e = block.expand_dims %r, 1 : tensor<1024xi32> -> tensor<1024x1xi32>
  %b = block.broadcast %e : tensor<1024x1xi32> -> tensor<1024x1024xi32>
  %s = block.reduce %b axis = 1 : (tensor<1024x1024xi32>) -> tensor<1024xi32> {
  ^bb0(%x: i32, %y: i32):
    %z = arith.addi %x, %y : i32
    block.yield %z : i32
  }
  %ps = block.splat %p : tensor<1024x!block.ptr<i32>>
  %pp = block.addptr %ps, %r : tensor<1024x!block.ptr<i32>>, tensor<1024xi32>
  block.store %pp, %s : tensor<1024x!block.ptr<i32>>
  return
}
