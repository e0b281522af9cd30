// RUN: block-opt %s -block-assign-layouts | FileCheck %s

// block-assign-layouts rewrites the short forms to the core operations
// before it lays out the kernel, as canonicalisation would.

// CHECK-LABEL: func.func @short_forms
// CHECK-NOT: dims
// CHECK-NOT: block.interleave
// CHECK: block.expand_dims %{{.*}}, 1 : tensor<8xi32, #{{.*}}> -> tensor<8x1xi32, #{{.*}}>
// CHECK: block.broadcast %{{.*}} -> tensor<8x64xi32, #{{.*}}>
// CHECK: block.expand_dims %{{.*}}, 0 : tensor<64xi32, #{{.*}}> -> tensor<1x64xi32, #{{.*}}>
// CHECK: block.broadcast %{{.*}} -> tensor<8x64xi32, #{{.*}}>
// CHECK: block.join %{{.*}}, %{{.*}} : tensor<8x64xi32, #{{.*}}> -> tensor<8x64x2xi32, #{{.*}}>
// CHECK: block.reshape %{{.*}} : tensor<8x64x2xi32, #{{.*}}> -> tensor<8x128xi32, #{{.*}}>
// CHECK: block.splat %{{.*}} : tensor<8x128x!block.ptr<i32>, #{{.*}}>
// CHECK: block.addptr %{{.*}}, %{{.*}} : tensor<8x128x!block.ptr<i32>, #{{.*}}>, tensor<8x128xi32, #{{.*}}>
// CHECK: block.arange 0, 128 : tensor<128xi32, #{{.*}}>
// CHECK: block.splat %{{.*}} : tensor<128xi32, #{{.*}}>
// CHECK: arith.addi %{{.*}}, %{{.*}} : tensor<128xi32, #{{.*}}>
// CHECK: block.addptr %{{.*}}, %{{.*}} : tensor<128x!block.ptr<i32>, #{{.*}}>, tensor<128xi32, #{{.*}}>
// CHECK: block.load %{{.*}} : tensor<128x!block.ptr<i32>, #{{.*}}>
// CHECK: block.store %{{.*}}, %{{.*}} : tensor<128x!block.ptr<i32>, #{{.*}}>
// CHECK-NOT: [%
func.func @short_forms(%out: !block.ptr<i32>)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %r = block.arange 0, 8 : tensor<8xi32>
  %c = block.arange 0, 64 : tensor<64xi32>
  %rows = block.broadcast %r dims [0] : tensor<8xi32> -> tensor<8x64xi32>
  %cols = block.broadcast %c dims [1] : tensor<64xi32> -> tensor<8x64xi32>
  %pairs = block.interleave %rows, %cols : tensor<8x64xi32> -> tensor<8x128xi32>
  %i = block.arange 0, 1024 : tensor<1024xi32>
  %offs = block.reshape %i : tensor<1024xi32> -> tensor<8x128xi32>
  %p = block.addptr %out, %offs : !block.ptr<i32>, tensor<8x128xi32>
  block.store %p, %pairs : tensor<8x128x!block.ptr<i32>>
  %first = block.program_id x
  %slice = block.arange %first + 0, 128 : tensor<128xi32>
  %v = block.load %out[%slice] : !block.ptr<i32>, tensor<128xi32>
  block.store %out[%slice], %v : !block.ptr<i32>, tensor<128xi32>
  return
}
