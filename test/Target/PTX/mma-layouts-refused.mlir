// A kernel whose product carries tensor-core layouts goes through block-to-ptx
// up to the layout contract, which refuses it at the first such tensor with
// a located error (no crash, no abort) until the mma.sync lowering exists.
// RUN: not block-opt %s '--block-to-ptx=chip=sm_80' 2>&1 | FileCheck %s
// CHECK: mma-layouts-refused.mlir:[[@LINE+13]]:8: error: 'arith.constant' op has the tensor type {{.*}}#block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 16]>{{.*}} with a tensor-core layout, which the GPU lowering does not support yet

#mma = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 16]>
#a = #block.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#b = #block.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
func.func @k(%p: !block.ptr<f16>, %q: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  %r = block.arange 0, 1024 : tensor<1024xi32>
  %s = block.splat %p : tensor<1024x!block.ptr<f16>>
  %ptrs = block.addptr %s, %r : tensor<1024x!block.ptr<f16>>, tensor<1024xi32>
  %v = block.load %ptrs : tensor<1024x!block.ptr<f16>>
  %x = block.reshape %v : tensor<1024xf16> -> tensor<32x32xf16>
  %xa = block.convert_layout %x : tensor<32x32xf16> -> tensor<32x32xf16, #a>
  %xb = block.convert_layout %x : tensor<32x32xf16> -> tensor<32x32xf16, #b>
  %c = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
  %d = block.dot %xa, %xb, %c : tensor<32x32xf16, #a>, tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
  %e = block.convert_layout %d : tensor<32x32xf32, #mma> -> tensor<32x32xf32>
  %f = block.reshape %e : tensor<32x32xf32> -> tensor<1024xf32>
  %t = block.splat %q : tensor<1024x!block.ptr<f32>>
  %qp = block.addptr %t, %r : tensor<1024x!block.ptr<f32>>, tensor<1024xi32>
  block.store %qp, %f : tensor<1024x!block.ptr<f32>>
  return
}
