// RUN: block-opt %s --convert-block-to-gpu | FileCheck %s

// mma.sync with a in registers: the rounded accumulator of the first
// product (warps along M, kWidth 2) holds the second's A fragments, so the
// second product reads only b from shared memory (ldmatrix .trans, "col")
// and packs a's pairs from registers; the first reads both (a's rows with
// plain ldmatrix, "row").
#MMA = #block.mma<version = 2, warpsPerCTA = [4, 1], instrShape = [16, 8, 16]>
#AK = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#BN = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: gpu.func @register_a
// CHECK-COUNT-2: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<row>
// CHECK-COUNT-8: nvvm.mma.sync
// CHECK-NOT: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<row>
// CHECK-COUNT-4: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<col>
// CHECK-NOT: nvvm.ldmatrix
// CHECK: llvm.bitcast %{{.+}} : vector<2xbf16> to i32
// CHECK-COUNT-8: nvvm.mma.sync
// CHECK-NOT: nvvm.ldmatrix
// CHECK: gpu.return
module attributes {block.target = "sm_80"} {
func.func @register_a(%x: bf16, %p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  %a = block.splat %x : tensor<64x32xbf16, #AK>
  %b = block.splat %x : tensor<32x32xbf16, #BN>
  %z = arith.constant dense<0.0> : tensor<64x32xf32, #MMA>
  %s = block.dot %a, %b, %z : tensor<64x32xbf16, #AK>, tensor<32x32xbf16, #BN> -> tensor<64x32xf32, #MMA>
  %pb = arith.truncf %s : tensor<64x32xf32, #MMA> to tensor<64x32xbf16, #MMA>
  %o = block.dot %pb, %b, %s : tensor<64x32xbf16, #MMA>, tensor<32x32xbf16, #BN> -> tensor<64x32xf32, #MMA>
  %ps = block.splat %p : tensor<64x32x!block.ptr<f32>, #MMA>
  block.store %ps, %o : tensor<64x32x!block.ptr<f32>, #MMA>
  return
}
}
