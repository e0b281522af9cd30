// RUN: block-opt %s --convert-block-to-gpu | FileCheck %s

// block.join and block.split relabel registers: with each pair in one
// thread's registers (register bit 0 here), no data moves between threads,
// no shared memory, no barrier.

#H = #block.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#P = #block.blocked<sizePerThread = [2, 2], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]>

// The pairs' registers are (a0, b0, a1, b1): a store of join(a, b) through
// join(even, odd) pointers writes a0 and b0 to the first pair, a1 and b1 to
// the second.
// CHECK-LABEL: gpu.func @join
// CHECK-SAME: block_gpu.shared_memory_bytes = 0
// CHECK: %[[A0:.*]] = arith.shli %{{.*}}, %{{.*}} : i32
// CHECK: %[[A1:.*]] = arith.addi %[[A0]], %{{.*}} : i32
// CHECK: %[[B0:.*]] = arith.addi %[[A0]], %[[C100:.*]] : i32
// CHECK: %[[B1:.*]] = arith.addi %[[A1]], %[[C100]] : i32
// CHECK: %[[E0:.*]] = arith.muli %[[A0]], %{{.*}} : i32
// CHECK: %[[E1:.*]] = arith.muli %[[A1]], %{{.*}} : i32
// CHECK: %[[O0:.*]] = arith.addi %[[E0]], %{{.*}} : i32
// CHECK: %[[O1:.*]] = arith.addi %[[E1]], %{{.*}} : i32
// CHECK: %[[PE0:.*]] = llvm.getelementptr %{{.*}}[%[[E0]]]
// CHECK: %[[PE1:.*]] = llvm.getelementptr %{{.*}}[%[[E1]]]
// CHECK: %[[PO0:.*]] = llvm.getelementptr %{{.*}}[%[[O0]]]
// CHECK: %[[PO1:.*]] = llvm.getelementptr %{{.*}}[%[[O1]]]
// CHECK-NOT: gpu.shuffle
// CHECK-NOT: gpu.barrier
// CHECK: llvm.store %[[A0]], %[[PE0]]
// CHECK: llvm.store %[[B0]], %[[PO0]]
// CHECK: llvm.store %[[A1]], %[[PE1]]
// CHECK: llvm.store %[[B1]], %[[PO1]]
func.func @join(%out: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 1 : i32} {
  %a = block.arange 0, 64 : tensor<64xi32, #H>
  %c100 = arith.constant dense<100> : tensor<64xi32, #H>
  %b = arith.addi %a, %c100 : tensor<64xi32, #H>
  %p = block.join %a, %b : tensor<64xi32, #H> -> tensor<64x2xi32, #P>
  %c2 = arith.constant dense<2> : tensor<64xi32, #H>
  %c1 = arith.constant dense<1> : tensor<64xi32, #H>
  %e = arith.muli %a, %c2 : tensor<64xi32, #H>
  %o = arith.addi %e, %c1 : tensor<64xi32, #H>
  %ps = block.splat %out : tensor<64x!block.ptr<i32>, #H>
  %pe = block.addptr %ps, %e : tensor<64x!block.ptr<i32>, #H>, tensor<64xi32, #H>
  %po = block.addptr %ps, %o : tensor<64x!block.ptr<i32>, #H>, tensor<64xi32, #H>
  %pp = block.join %pe, %po : tensor<64x!block.ptr<i32>, #H> -> tensor<64x2x!block.ptr<i32>, #P>
  block.store %pp, %p : tensor<64x2x!block.ptr<i32>, #P>
  return
}

// split(join(a, b)) gives back a and b register for register.
// CHECK-LABEL: gpu.func @split
// CHECK-SAME: block_gpu.shared_memory_bytes = 0
// CHECK: %[[A0:.*]] = arith.shli %{{.*}}, %{{.*}} : i32
// CHECK: %[[A1:.*]] = arith.addi %[[A0]], %{{.*}} : i32
// CHECK: %[[B0:.*]] = arith.addi %[[A0]], %[[C100:.*]] : i32
// CHECK: %[[B1:.*]] = arith.addi %[[A1]], %[[C100]] : i32
// CHECK-NOT: gpu.shuffle
// CHECK-NEXT: %{{.*}} = arith.subi %[[B0]], %[[A0]] : i32
// CHECK-NEXT: %{{.*}} = arith.subi %[[B1]], %[[A1]] : i32
// CHECK-NOT: gpu.barrier
func.func @split(%out: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 1 : i32} {
  %a = block.arange 0, 64 : tensor<64xi32, #H>
  %c100 = arith.constant dense<100> : tensor<64xi32, #H>
  %b = arith.addi %a, %c100 : tensor<64xi32, #H>
  %p = block.join %a, %b : tensor<64xi32, #H> -> tensor<64x2xi32, #P>
  %l, %r = block.split %p : tensor<64x2xi32, #P> -> tensor<64xi32, #H>
  %d = arith.subi %r, %l : tensor<64xi32, #H>
  %ps = block.splat %out : tensor<64x!block.ptr<i32>, #H>
  %pp = block.addptr %ps, %a : tensor<64x!block.ptr<i32>, #H>, tensor<64xi32, #H>
  block.store %pp, %d : tensor<64x!block.ptr<i32>, #H>
  return
}

// The pair as a linear layout's second register basis: each element of
// split(join(a, a)) is a's, register for register.
#HL = #block.linear<register = [[1], [32]], lane = [[2], [4], [8], [16], [0]], warp = []>
#PL = #block.linear<register = [[1, 0], [0, 1], [32, 0]], lane = [[2, 0], [4, 0], [8, 0], [16, 0], [0, 0]], warp = []>
// CHECK-LABEL: gpu.func @split_linear
// CHECK-NOT: gpu.shuffle
// CHECK-COUNT-4: arith.subi %[[V:.*]], %[[V]] : i32
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
func.func @split_linear(%out: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 1 : i32} {
  %a = block.arange 0, 64 : tensor<64xi32, #HL>
  %p = block.join %a, %a : tensor<64xi32, #HL> -> tensor<64x2xi32, #PL>
  %l, %r = block.split %p : tensor<64x2xi32, #PL> -> tensor<64xi32, #HL>
  %d = arith.subi %r, %l : tensor<64xi32, #HL>
  %ps = block.splat %out : tensor<64x!block.ptr<i32>, #HL>
  %pp = block.addptr %ps, %a : tensor<64x!block.ptr<i32>, #HL>, tensor<64xi32, #HL>
  block.store %pp, %d : tensor<64x!block.ptr<i32>, #HL>
  return
}
