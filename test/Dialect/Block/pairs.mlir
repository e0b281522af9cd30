// RUN: block-opt %s | block-opt | FileCheck %s
// RUN: block-opt %s --canonicalize | FileCheck %s --check-prefix=CANON

// block.join and block.split pair tensors along a new innermost dimension
// of 2; block.interleave is a join and a row-major reshape.

#H = #block.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#P = #block.blocked<sizePerThread = [4, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: func.func @pairs
// CHECK: %[[P:.*]] = block.join %{{.*}}, %{{.*}} : tensor<64xf32> -> tensor<64x2xf32>
// CHECK: %{{.*}}, %{{.*}} = block.split %[[P]] : tensor<64x2xf32> -> tensor<64xf32>
// CHECK: block.interleave %{{.*}}, %{{.*}} : tensor<8x64xi32> -> tensor<8x128xi32>
// CHECK: block.join %{{.*}}, %{{.*}} : tensor<512xf16, #{{.*}}> -> tensor<512x2xf16, #{{.*}}>
// CHECK: block.split %{{.*}} : tensor<512x2xf16, #{{.*}}> -> tensor<512xf16, #{{.*}}>
func.func @pairs(%re: tensor<64xf32>, %im: tensor<64xf32>, %a: tensor<8x64xi32>,
                 %b: tensor<8x64xi32>, %h: tensor<512xf16, #H>) {
  %p = block.join %re, %im : tensor<64xf32> -> tensor<64x2xf32>
  %x, %y = block.split %p : tensor<64x2xf32> -> tensor<64xf32>
  %i = block.interleave %a, %b : tensor<8x64xi32> -> tensor<8x128xi32>
  %hp = block.join %h, %h : tensor<512xf16, #H> -> tensor<512x2xf16, #P>
  %l, %r = block.split %hp : tensor<512x2xf16, #P> -> tensor<512xf16, #H>
  return
}

// CANON-LABEL: func.func @interleave_is_join_and_reshape
// CANON-SAME: (%[[A:.*]]: tensor<8x64xi32>, %[[B:.*]]: tensor<8x64xi32>)
// CANON-NEXT: %[[J:.*]] = block.join %[[A]], %[[B]] : tensor<8x64xi32> -> tensor<8x64x2xi32>
// CANON-NEXT: %[[R:.*]] = block.reshape %[[J]] : tensor<8x64x2xi32> -> tensor<8x128xi32>
// CANON-NEXT: return %[[R]]
func.func @interleave_is_join_and_reshape(%a: tensor<8x64xi32>, %b: tensor<8x64xi32>) -> tensor<8x128xi32> {
  %i = block.interleave %a, %b : tensor<8x64xi32> -> tensor<8x128xi32>
  return %i : tensor<8x128xi32>
}
