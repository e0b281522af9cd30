// RUN: block-opt %s | block-opt | FileCheck %s
// RUN: block-opt %s --mlir-print-op-generic | block-opt | FileCheck %s

// Tensor descriptors print back as written: i32 sizes and strides take no
// type, i64 ones name it after the pointer type; a stride may be an integer
// (the innermost one usually is); loads may give a tile with a layout.

#blocked = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: func.func @descriptors
// CHECK: %[[D:.*]] = block.make_tensor_desc %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] : !block.ptr<bf16> -> !block.tensordesc<tensor<128x64xbf16>>
// CHECK: %[[E:.*]] = block.make_tensor_desc %{{.*}}, [%{{.*}}], [%{{.*}}] : !block.ptr<f32>, i64 -> !block.tensordesc<tensor<64xf32>>
// CHECK: block.make_tensor_desc %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, 1] : !block.ptr<bf16> -> !block.tensordesc<tensor<128x64xbf16>>
// CHECK: block.make_tensor_desc %{{.*}}, [%{{.*}}, %{{.*}}, %{{.*}}], [4096, %{{.*}}, 1] : !block.ptr<f32>, i64 -> !block.tensordesc<tensor<2x8x64xf32>>
// CHECK: %[[T:.*]] = block.desc_load %[[D]][%{{.*}}, %{{.*}}] : !block.tensordesc<tensor<128x64xbf16>> -> tensor<128x64xbf16>
// CHECK: block.desc_load %[[D]][%{{.*}}, %{{.*}}] : !block.tensordesc<tensor<128x64xbf16>> -> tensor<128x64xbf16, #{{.*}}>
// CHECK: block.desc_store %[[D]][%{{.*}}, %{{.*}}], %[[T]] : !block.tensordesc<tensor<128x64xbf16>>, tensor<128x64xbf16>
// CHECK: block.desc_load %[[E]][%{{.*}}] : !block.tensordesc<tensor<64xf32>> -> tensor<64xf32>
func.func @descriptors(%a: !block.ptr<bf16>, %x: !block.ptr<f32>, %m: i32, %k: i32, %n: i64) {
  %c1 = arith.constant 1 : i32
  %one = arith.constant 1 : i64
  %d = block.make_tensor_desc %a, [%m, %k], [%k, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<128x64xbf16>>
  %e = block.make_tensor_desc %x, [%n], [%one] : !block.ptr<f32>, i64 -> !block.tensordesc<tensor<64xf32>>
  %f = block.make_tensor_desc %a, [%m, %k], [%k, 1] : !block.ptr<bf16> -> !block.tensordesc<tensor<128x64xbf16>>
  %g = block.make_tensor_desc %x, [%n, %n, %n], [4096, %n, 1] : !block.ptr<f32>, i64 -> !block.tensordesc<tensor<2x8x64xf32>>
  %t = block.desc_load %d[%m, %k] : !block.tensordesc<tensor<128x64xbf16>> -> tensor<128x64xbf16>
  %u = block.desc_load %d[%m, %k] : !block.tensordesc<tensor<128x64xbf16>> -> tensor<128x64xbf16, #blocked>
  block.desc_store %d[%m, %k], %t : !block.tensordesc<tensor<128x64xbf16>>, tensor<128x64xbf16>
  %v = block.desc_load %e[%m] : !block.tensordesc<tensor<64xf32>> -> tensor<64xf32>
  return
}
