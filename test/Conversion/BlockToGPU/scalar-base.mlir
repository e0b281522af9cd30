// RUN: block-opt %s --convert-block-to-gpu | FileCheck %s

// block.addptr of a scalar pointer with a tensor of offsets (which
// canonicalisation splats first) lowers as it stands: the one base serves
// every register.

#L = #block.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
// CHECK-LABEL: gpu.func @scalar_base
// CHECK-SAME: (%[[OUT:.*]]: !llvm.ptr<1>)
// CHECK: %[[I0:.*]] = arith.shli %{{.*}}, %{{.*}} : i32
// CHECK: %[[I1:.*]] = arith.addi %[[I0]], %{{.*}} : i32
// CHECK: %[[P0:.*]] = llvm.getelementptr %[[OUT]][%[[I0]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
// CHECK: %[[P1:.*]] = llvm.getelementptr %[[OUT]][%[[I1]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
// CHECK: llvm.store %[[I0]], %[[P0]]
// CHECK: llvm.store %[[I1]], %[[P1]]
func.func @scalar_base(%out: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 1 : i32} {
  %i = block.arange 0, 64 : tensor<64xi32, #L>
  %p = block.addptr %out, %i : !block.ptr<i32>, tensor<64xi32, #L>
  block.store %p, %i : tensor<64x!block.ptr<i32>, #L>
  return
}
