// RUN: block-opt %s --convert-block-to-gpu | FileCheck %s

// arange computes each register's index from the lane and warp ids and the
// layout's bases; splat, broadcast, expand_dims and trans only relabel the
// registers when each thread already holds the elements of the result.

#L = #block.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>
#M = #block.blocked<sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]>
#T = #block.blocked<sizePerThread = [2, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 2], order = [0, 1]>
#R = #block.slice<dim = 1, parent = #M>
#C = #block.slice<dim = 0, parent = #M>

// Element 2 * lane + 64 * warp + r in register r (r < 2), then 128 on.
// CHECK-LABEL: gpu.func @arange
// CHECK: %[[TID:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK: %[[LANE:.*]] = arith.andi %[[TID]], %{{.*}} : i32
// CHECK: %[[WARP:.*]] = arith.shrui %[[TID]], %{{.*}} : i32
// CHECK: %[[L31:.*]] = arith.andi %[[LANE]], %{{.*}} : i32
// CHECK: %[[LOFF:.*]] = arith.shli %[[L31]], %{{.*}} : i32
// CHECK: %[[W1:.*]] = arith.andi %[[WARP]], %{{.*}} : i32
// CHECK: %[[C6:.*]] = arith.constant 6 : i32
// CHECK: %[[WOFF:.*]] = arith.shli %[[W1]], %[[C6]] : i32
// CHECK: %[[BASE:.*]] = arith.ori %[[LOFF]], %[[WOFF]] : i32
// CHECK: %[[START:.*]] = arith.constant 16 : i32
// CHECK: %[[E0:.*]] = arith.addi %[[BASE]], %[[START]] : i32
// CHECK: %[[C1:.*]] = arith.constant 1 : i32
// CHECK: %[[I1:.*]] = arith.addi %[[BASE]], %[[C1]] : i32
// CHECK: %[[E1:.*]] = arith.addi %[[I1]], %[[START]] : i32
// CHECK: %[[C128:.*]] = arith.constant 128 : i32
// CHECK: %[[I2:.*]] = arith.addi %[[BASE]], %[[C128]] : i32
// CHECK: %[[E2:.*]] = arith.addi %[[I2]], %[[START]] : i32
// CHECK: %[[C129:.*]] = arith.constant 129 : i32
// CHECK: %[[I3:.*]] = arith.addi %[[BASE]], %[[C129]] : i32
// CHECK: %[[E3:.*]] = arith.addi %[[I3]], %[[START]] : i32
// CHECK: llvm.getelementptr %arg0[%[[E0]]]
// CHECK: llvm.getelementptr %arg0[%[[E1]]]
// CHECK: llvm.getelementptr %arg0[%[[E2]]]
// CHECK: llvm.getelementptr %arg0[%[[E3]]]
func.func @arange(%p: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 2 : i32} {
  %r = block.arange 16, 272 : tensor<256xi32, #L>
  %ps = block.splat %p : tensor<256x!block.ptr<i32>, #L>
  %pp = block.addptr %ps, %r : tensor<256x!block.ptr<i32>, #L>, tensor<256xi32, #L>
  block.store %pp, %r : tensor<256x!block.ptr<i32>, #L>
  return
}

// Rows of a 16x16 tile (slice along 1) and columns (slice along 0) expand
// and broadcast to the tile without moving data: each of a thread's 4
// registers of the tile (one row, columns 2c, 2c+1, 2c+8, 2c+9) takes the
// row's only register and one of the columns' 4 registers.
// CHECK-LABEL: gpu.func @broadcast
// CHECK-NOT: gpu.barrier
// CHECK: %[[ROWOFF:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[SUM0:.*]] = arith.addi %[[ROWOFF]], %{{.*}} : i32
// CHECK-NEXT: %[[SUM1:.*]] = arith.addi %[[ROWOFF]], %{{.*}} : i32
// CHECK-NEXT: %[[SUM2:.*]] = arith.addi %[[ROWOFF]], %{{.*}} : i32
// CHECK-NEXT: %[[SUM3:.*]] = arith.addi %[[ROWOFF]], %{{.*}} : i32
// CHECK: llvm.getelementptr %{{.*}}[%[[SUM0]]]
// CHECK: llvm.getelementptr %{{.*}}[%[[SUM3]]]
func.func @broadcast(%p: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 2 : i32} {
  %r = block.arange 0, 16 : tensor<16xi32, #R>
  %c = block.arange 0, 16 : tensor<16xi32, #C>
  %c16 = arith.constant dense<16> : tensor<16xi32, #R>
  %ro = arith.muli %r, %c16 : tensor<16xi32, #R>
  %r2 = block.expand_dims %ro, 1 : tensor<16xi32, #R> -> tensor<16x1xi32, #M>
  %c2 = block.expand_dims %c, 0 : tensor<16xi32, #C> -> tensor<1x16xi32, #M>
  %rb = block.broadcast %r2 : tensor<16x1xi32, #M> -> tensor<16x16xi32, #M>
  %cb = block.broadcast %c2 : tensor<1x16xi32, #M> -> tensor<16x16xi32, #M>
  %off = arith.addi %rb, %cb : tensor<16x16xi32, #M>
  %ps = block.splat %p : tensor<16x16x!block.ptr<i32>, #M>
  %pp = block.addptr %ps, %off : tensor<16x16x!block.ptr<i32>, #M>, tensor<16x16xi32, #M>
  block.store %pp, %off : tensor<16x16x!block.ptr<i32>, #M>
  return
}

// trans to the permuted layout relabels; trans to another layout, and a
// reshape the layouts do not line up for, go through shared memory.
// CHECK-LABEL: gpu.func @trans
// CHECK-SAME: block_gpu.shared_memory_bytes = 1024 : i32
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
func.func @trans(%p: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 2 : i32} {
  %r = block.arange 0, 16 : tensor<16xi32, #R>
  %r2 = block.expand_dims %r, 1 : tensor<16xi32, #R> -> tensor<16x1xi32, #M>
  %rb = block.broadcast %r2 : tensor<16x1xi32, #M> -> tensor<16x16xi32, #M>
  %t = block.trans %rb [1, 0] : tensor<16x16xi32, #M> -> tensor<16x16xi32, #T>
  %f = block.reshape %t : tensor<16x16xi32, #T> -> tensor<256xi32, #L>
  %i = block.arange 0, 256 : tensor<256xi32, #L>
  %ps = block.splat %p : tensor<256x!block.ptr<i32>, #L>
  %pp = block.addptr %ps, %i : tensor<256x!block.ptr<i32>, #L>, tensor<256xi32, #L>
  block.store %pp, %f : tensor<256x!block.ptr<i32>, #L>
  return
}
