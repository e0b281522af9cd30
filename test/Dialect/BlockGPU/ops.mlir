// RUN: block-opt %s | block-opt | FileCheck %s
// RUN: block-opt %s --mlir-print-op-generic | block-opt | FileCheck %s

// Every blockgpu type, attribute and operation round-trips.

#blocked = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #blockgpu.swizzled<vec = 4, perPhase = 1, maxPhase = 8>
#nvmma = #blockgpu.nvmma<swizzle = 128>

// CHECK-DAG: #[[SHARED:.+]] = #blockgpu.swizzled<vec = 4, perPhase = 1, maxPhase = 8>
// CHECK-DAG: #[[NVMMA:.+]] = #blockgpu.nvmma<swizzle = 128>
// CHECK-DAG: #[[MN:.+]] = #blockgpu.nvmma<swizzle = 64, transposed = true>
// CHECK-DAG: #[[LINEAR:.+]] = #blockgpu.linear<offset = {{\[\[}}0, 1], [0, 2], [0, 4], [1, 4], [2, 0]]>
// CHECK-DAG: #[[NVMMA64:.+]] = #blockgpu.nvmma<swizzle = 64>
// CHECK-DAG: #[[SHARED_T:.+]] = #blockgpu.swizzled<vec = 4, perPhase = 1, maxPhase = 8, transposed = true>
// CHECK-DAG: #[[LINEAR_T:.+]] = #blockgpu.linear<offset = {{\[\[}}1, 0], [2, 0], [4, 0], [4, 1], [0, 2]]>

// CHECK-LABEL: func.func @buffers
func.func @buffers(%t: tensor<16x32xf32, #blocked>, %ptrs: tensor<16x32x!block.ptr<f32>, #blocked>,
                   %mask: tensor<16x32xi1, #blocked>, %i: i32) -> tensor<16x32xf32, #blocked> {
  // CHECK: %[[BUF:.+]] = blockgpu.local_alloc : !blockgpu.memdesc<2x16x32xf32, #[[SHARED]], mutable>
  %buf = blockgpu.local_alloc : !blockgpu.memdesc<2x16x32xf32, #shared, mutable>
  // CHECK: blockgpu.memdesc_index %[[BUF]][%{{.*}}] : !blockgpu.memdesc<2x16x32xf32, #[[SHARED]], mutable> -> !blockgpu.memdesc<16x32xf32, #[[SHARED]], mutable>
  %stage = blockgpu.memdesc_index %buf[%i] : !blockgpu.memdesc<2x16x32xf32, #shared, mutable> -> !blockgpu.memdesc<16x32xf32, #shared, mutable>
  // A ring of three stages: a stack of any number of buffers.
  // CHECK: %[[RING:.+]] = blockgpu.local_alloc : !blockgpu.memdesc<3x16x32xf32, #[[SHARED]], mutable>
  // CHECK: blockgpu.memdesc_index %[[RING]][%{{.*}}] : !blockgpu.memdesc<3x16x32xf32, #[[SHARED]], mutable> -> !blockgpu.memdesc<16x32xf32, #[[SHARED]], mutable>
  %ring = blockgpu.local_alloc : !blockgpu.memdesc<3x16x32xf32, #shared, mutable>
  %third = blockgpu.memdesc_index %ring[%i] : !blockgpu.memdesc<3x16x32xf32, #shared, mutable> -> !blockgpu.memdesc<16x32xf32, #shared, mutable>
  // CHECK: blockgpu.local_store %{{.*}}, %{{.*}} : tensor<16x32xf32, #blocked> -> !blockgpu.memdesc<16x32xf32, #[[SHARED]], mutable>
  blockgpu.local_store %t, %stage : tensor<16x32xf32, #blocked> -> !blockgpu.memdesc<16x32xf32, #shared, mutable>
  // CHECK: %[[COPY:.+]] = blockgpu.async_copy %{{.*}}, %{{.*}} mask %{{.*}} : tensor<16x32x!block.ptr<f32>, #blocked> -> !blockgpu.memdesc<16x32xf32, #[[SHARED]], mutable>
  %copy = blockgpu.async_copy %ptrs, %stage mask %mask : tensor<16x32x!block.ptr<f32>, #blocked> -> !blockgpu.memdesc<16x32xf32, #shared, mutable>
  // CHECK: blockgpu.async_copy %{{.*}}, %{{.*}} : tensor
  %copy2 = blockgpu.async_copy %ptrs, %stage : tensor<16x32x!block.ptr<f32>, #blocked> -> !blockgpu.memdesc<16x32xf32, #shared, mutable>
  // CHECK: %[[GROUP:.+]] = blockgpu.async_commit_group tokens %[[COPY]], %{{.*}}
  %group = blockgpu.async_commit_group tokens %copy, %copy2
  // CHECK: blockgpu.fence_async_shared
  blockgpu.fence_async_shared
  // CHECK: blockgpu.async_wait %[[GROUP]] {num = 0 : i32}
  %done = blockgpu.async_wait %group {num = 0 : i32}
  // CHECK: blockgpu.local_load %{{.*}} : !blockgpu.memdesc<16x32xf32, #[[SHARED]], mutable> -> tensor<16x32xf32, #blocked>
  %r = blockgpu.local_load %stage : !blockgpu.memdesc<16x32xf32, #shared, mutable> -> tensor<16x32xf32, #blocked>
  // CHECK: blockgpu.local_alloc %{{.*}} : tensor<16x32xf32, #blocked> -> !blockgpu.memdesc<16x32xf32, #[[NVMMA]]>
  %ro = blockgpu.local_alloc %r : tensor<16x32xf32, #blocked> -> !blockgpu.memdesc<16x32xf32, #nvmma>
  // CHECK: blockgpu.local_alloc {blockgpu.offset = 1024 : i64} : !blockgpu.memdesc<64x16xbf16, #[[MN]], mutable>
  %mn = blockgpu.local_alloc {blockgpu.offset = 1024 : i64} : !blockgpu.memdesc<64x16xbf16, #blockgpu.nvmma<swizzle = 64, transposed = true>, mutable>
  %v = blockgpu.local_load %ro : !blockgpu.memdesc<16x32xf32, #nvmma> -> tensor<16x32xf32, #blocked>
  // Transposed views: the other dimension contiguous, mutable or read-only,
  // of each kind of shared layout.
  // CHECK: blockgpu.memdesc_trans %{{.+}} : !blockgpu.memdesc<64x16xbf16, #[[MN]], mutable> -> !blockgpu.memdesc<16x64xbf16, #[[NVMMA64]], mutable>
  %mn_t = blockgpu.memdesc_trans %mn : !blockgpu.memdesc<64x16xbf16, #blockgpu.nvmma<swizzle = 64, transposed = true>, mutable> -> !blockgpu.memdesc<16x64xbf16, #blockgpu.nvmma<swizzle = 64>, mutable>
  // CHECK: blockgpu.memdesc_trans %{{.+}} : !blockgpu.memdesc<16x32xf32, #[[SHARED]], mutable> -> !blockgpu.memdesc<32x16xf32, #[[SHARED_T]]>
  %stage_t = blockgpu.memdesc_trans %stage : !blockgpu.memdesc<16x32xf32, #shared, mutable> -> !blockgpu.memdesc<32x16xf32, #blockgpu.swizzled<vec = 4, perPhase = 1, maxPhase = 8, transposed = true>>
  %l = blockgpu.local_alloc : !blockgpu.memdesc<4x8xf32, #blockgpu.linear<offset = [[0, 1], [0, 2], [0, 4], [1, 4], [2, 0]]>, mutable>
  // CHECK: blockgpu.memdesc_trans %{{.+}} -> !blockgpu.memdesc<8x4xf32, #[[LINEAR_T]], mutable>
  %l_t = blockgpu.memdesc_trans %l : !blockgpu.memdesc<4x8xf32, #blockgpu.linear<offset = [[0, 1], [0, 2], [0, 4], [1, 4], [2, 0]]>, mutable> -> !blockgpu.memdesc<8x4xf32, #blockgpu.linear<offset = [[1, 0], [2, 0], [4, 0], [4, 1], [0, 2]]>, mutable>
  return %v : tensor<16x32xf32, #blocked>
}

#linear = #blockgpu.linear<offset = [[0, 1], [0, 2], [0, 4], [1, 4], [2, 0]]>
#acc = #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>

// CHECK-LABEL: func.func @product
func.func @product(%a: tensor<4x8xf16, #acc>, %b: tensor<8x8xf16, #acc>, %c: tensor<4x8xf32, #acc>) -> tensor<4x8xf32, #acc> {
  // CHECK: %[[A:.+]] = blockgpu.local_alloc %{{.*}} : tensor<4x8xf16, #{{.*}}> -> !blockgpu.memdesc<4x8xf16, #[[LINEAR]]>
  %sa = blockgpu.local_alloc %a : tensor<4x8xf16, #acc> -> !blockgpu.memdesc<4x8xf16, #linear>
  %sb = blockgpu.local_alloc %b : tensor<8x8xf16, #acc> -> !blockgpu.memdesc<8x8xf16, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>>
  // CHECK: blockgpu.dot %[[A]], %{{.*}}, %{{.*}} : !blockgpu.memdesc<4x8xf16, #[[LINEAR]]>, !blockgpu.memdesc<8x8xf16, #{{.*}}> -> tensor<4x8xf32, #{{.*}}>
  %d = blockgpu.dot %sa, %sb, %c : !blockgpu.memdesc<4x8xf16, #linear>, !blockgpu.memdesc<8x8xf16, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>> -> tensor<4x8xf32, #acc>
  return %d : tensor<4x8xf32, #acc>
}

#wg = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>

// CHECK-LABEL: func.func @async_product
func.func @async_product(%a: !blockgpu.memdesc<64x64xbf16, #nvmma>, %c: tensor<64x64xf32, #wg>) -> tensor<64x64xf32, #wg> {
  // CHECK: %[[D:.+]] = blockgpu.dot %{{.*}}, %{{.*}}, %{{.*}} async : !blockgpu.memdesc<64x64xbf16, #[[NVMMA]]>
  %d = blockgpu.dot %a, %a, %c async : !blockgpu.memdesc<64x64xbf16, #nvmma>, !blockgpu.memdesc<64x64xbf16, #nvmma> -> tensor<64x64xf32, #wg>
  // CHECK: blockgpu.dot_wait %[[D]] {pendings = 1 : i32} : tensor<64x64xf32, #{{.*}}>
  %w = blockgpu.dot_wait %d {pendings = 1 : i32} : tensor<64x64xf32, #wg>
  return %w : tensor<64x64xf32, #wg>
}

// CHECK-LABEL: func.func @first_product
func.func @first_product(%a: !blockgpu.memdesc<64x64xbf16, #nvmma>, %use: i1) -> tensor<64x64xf32, #wg> {
  // CHECK: %[[P:.+]] = blockgpu.poison : tensor<64x64xf32, #{{.*}}>
  %p = blockgpu.poison : tensor<64x64xf32, #wg>
  // CHECK: blockgpu.dot %{{.*}}, %{{.*}}, %[[P]] use_acc %{{.*}} async :
  %d = blockgpu.dot %a, %a, %p use_acc %use async : !blockgpu.memdesc<64x64xbf16, #nvmma>, !blockgpu.memdesc<64x64xbf16, #nvmma> -> tensor<64x64xf32, #wg>
  %w = blockgpu.dot_wait %d {pendings = 0 : i32} : tensor<64x64xf32, #wg>
  return %w : tensor<64x64xf32, #wg>
}
