// RUN: block-opt %s -split-input-file -blockgpu-pipeline-loops | FileCheck %s

// The operands of a loop's mma.sync product go through a ring of 3 buffers
// each: the copies of the first two iterations before the loop (each only
// where that iteration runs), then per iteration a wait for all but one
// group, the barrier, the copies two iterations ahead into the buffer the
// last iteration read, and the product from this iteration's buffer.
#A = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#MMA = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 16]>
#S = #blockgpu.swizzled<vec = 8, perPhase = 2, maxPhase = 4>
// CHECK-LABEL: func.func @ring
// CHECK: %[[RING:.+]] = blockgpu.local_alloc : !blockgpu.memdesc<3x32x32xbf16, #{{.+}}, mutable>
// CHECK: %[[FIRST:.+]] = arith.cmpi slt, %[[LB:.+]], %[[UB:.+]] : i32
// CHECK: scf.if %[[FIRST]] {
// CHECK:   %[[S0:.+]] = blockgpu.memdesc_index %[[RING]][%c0_i32{{.*}}]
// CHECK:   blockgpu.async_copy %{{.+}}, %[[S0]] mask %{{.+}}
// CHECK: }
// CHECK: blockgpu.async_commit_group
// CHECK: scf.if
// CHECK:   blockgpu.memdesc_index %[[RING]][%c1_i32{{.*}}]
// CHECK:   blockgpu.async_copy
// CHECK: blockgpu.async_commit_group
// CHECK: scf.for %[[IV:.+]] = %[[LB]] to %[[UB]] step %[[STEP:.+]] iter_args(%{{.+}} = %{{.+}}, %[[READ:.+]] = %c0_i32{{.*}}, %[[WRITE:.+]] = %c2_i32{{.*}})
// CHECK-NEXT: blockgpu.async_wait {num = 1 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK: %[[AHEAD:.+]] = arith.addi %[[IV]], %{{.+}} : i32
// CHECK: %[[RUNS:.+]] = arith.cmpi slt, %[[AHEAD]], %[[UB]] : i32
// CHECK: scf.if %[[RUNS]] {
// CHECK:   %[[W:.+]] = blockgpu.memdesc_index %[[RING]][%[[WRITE]]]
// CHECK:   blockgpu.async_copy %{{.+}}, %[[W]]
// CHECK: }
// CHECK: blockgpu.async_commit_group
// CHECK: %[[R:.+]] = blockgpu.memdesc_index %[[RING]][%[[READ]]]
// CHECK: blockgpu.dot %[[R]], %[[R]], %{{.+}} : !blockgpu.memdesc<32x32xbf16, #{{.+}}, mutable>
// CHECK-NOT: block.load
// CHECK: scf.yield
// CHECK: blockgpu.async_wait {num = 0 : i32}
func.func @ring(%p: !block.ptr<bf16>, %lb: i32, %ub: i32, %mb: i1) attributes {block.kernel, block.num_warps = 4 : i32} {
  %m = block.splat %mb : tensor<32x32xi1, #A>
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<32x32xf32, #MMA>
  %other = arith.constant dense<0.0> : tensor<32x32xbf16, #A>
  %acc = scf.for %k = %lb to %ub step %c32 iter_args(%s = %zero) -> (tensor<32x32xf32, #MMA>) : i32 {
    %pk = block.addptr %p, %k : !block.ptr<bf16>, i32
    %ptrs = block.splat %pk : tensor<32x32x!block.ptr<bf16>, #A>
    %t = block.load %ptrs mask %m other %other : tensor<32x32x!block.ptr<bf16>, #A>
    %buf = blockgpu.local_alloc %t : tensor<32x32xbf16, #A> -> !blockgpu.memdesc<32x32xbf16, #S>
    %d = blockgpu.dot %buf, %buf, %s : !blockgpu.memdesc<32x32xbf16, #S>, !blockgpu.memdesc<32x32xbf16, #S> -> tensor<32x32xf32, #MMA>
    scf.yield %d : tensor<32x32xf32, #MMA>
  }
  return
}

// -----

// Two stages from the loop's attribute: nothing left in flight at the top
// of an iteration. One stage, a load whose masked-off elements are not
// zero, a product on the FMA path, and a loop that stores: left as they are.
#A = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#MMA = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 16]>
#F = #block.blocked<sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]>
#S = #blockgpu.swizzled<vec = 8, perPhase = 2, maxPhase = 4>
// CHECK-LABEL: func.func @kept
// CHECK: blockgpu.local_alloc : !blockgpu.memdesc<2x32x32xbf16
// CHECK: scf.for
// CHECK-NEXT: blockgpu.async_wait {num = 0 : i32}
// CHECK: block.num_stages = 2
// CHECK-NOT: blockgpu.async_copy
// CHECK: return
func.func @kept(%p: !block.ptr<bf16>, %q: !block.ptr<f32>, %n: i32) attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<32x32xf32, #MMA>
  %ones = arith.constant dense<1.0> : tensor<32x32xbf16, #A>
  %fzero = arith.constant dense<0.0> : tensor<32x32xf32, #F>
  %ptrs = block.splat %p : tensor<32x32x!block.ptr<bf16>, #A>
  %true = arith.constant true
  %ones_mask = block.splat %true : tensor<32x32xi1, #A>
  %qs = block.splat %q : tensor<32x32x!block.ptr<f32>, #F>
  %two = scf.for %k = %c0 to %n step %c32 iter_args(%s = %zero) -> (tensor<32x32xf32, #MMA>) : i32 {
    %t = block.load %ptrs : tensor<32x32x!block.ptr<bf16>, #A>
    %buf = blockgpu.local_alloc %t : tensor<32x32xbf16, #A> -> !blockgpu.memdesc<32x32xbf16, #S>
    %d = blockgpu.dot %buf, %buf, %s : !blockgpu.memdesc<32x32xbf16, #S>, !blockgpu.memdesc<32x32xbf16, #S> -> tensor<32x32xf32, #MMA>
    scf.yield %d : tensor<32x32xf32, #MMA>
  } {block.num_stages = 2 : i32}
  %one = scf.for %k = %c0 to %n step %c32 iter_args(%s = %zero) -> (tensor<32x32xf32, #MMA>) : i32 {
    %t = block.load %ptrs : tensor<32x32x!block.ptr<bf16>, #A>
    %buf = blockgpu.local_alloc %t : tensor<32x32xbf16, #A> -> !blockgpu.memdesc<32x32xbf16, #S>
    %d = blockgpu.dot %buf, %buf, %s : !blockgpu.memdesc<32x32xbf16, #S>, !blockgpu.memdesc<32x32xbf16, #S> -> tensor<32x32xf32, #MMA>
    scf.yield %d : tensor<32x32xf32, #MMA>
  } {block.num_stages = 1 : i32}
  %other = scf.for %k = %c0 to %n step %c32 iter_args(%s = %zero) -> (tensor<32x32xf32, #MMA>) : i32 {
    %t = block.load %ptrs mask %ones_mask other %ones : tensor<32x32x!block.ptr<bf16>, #A>
    %buf = blockgpu.local_alloc %t : tensor<32x32xbf16, #A> -> !blockgpu.memdesc<32x32xbf16, #S>
    %d = blockgpu.dot %buf, %buf, %s : !blockgpu.memdesc<32x32xbf16, #S>, !blockgpu.memdesc<32x32xbf16, #S> -> tensor<32x32xf32, #MMA>
    scf.yield %d : tensor<32x32xf32, #MMA>
  }
  %stores = scf.for %k = %c0 to %n step %c32 iter_args(%s = %zero) -> (tensor<32x32xf32, #MMA>) : i32 {
    %t = block.load %ptrs : tensor<32x32x!block.ptr<bf16>, #A>
    %buf = blockgpu.local_alloc %t : tensor<32x32xbf16, #A> -> !blockgpu.memdesc<32x32xbf16, #S>
    %d = blockgpu.dot %buf, %buf, %s : !blockgpu.memdesc<32x32xbf16, #S>, !blockgpu.memdesc<32x32xbf16, #S> -> tensor<32x32xf32, #MMA>
    block.store %qs, %fzero : tensor<32x32x!block.ptr<f32>, #F>
    scf.yield %d : tensor<32x32xf32, #MMA>
  }
  %fma = scf.for %k = %c0 to %n step %c32 iter_args(%s = %fzero) -> (tensor<32x32xf32, #F>) : i32 {
    %t = block.load %ptrs : tensor<32x32x!block.ptr<bf16>, #A>
    %buf = blockgpu.local_alloc %t : tensor<32x32xbf16, #A> -> !blockgpu.memdesc<32x32xbf16, #S>
    %d = blockgpu.dot %buf, %buf, %s : !blockgpu.memdesc<32x32xbf16, #S>, !blockgpu.memdesc<32x32xbf16, #S> -> tensor<32x32xf32, #F>
    scf.yield %d : tensor<32x32xf32, #F>
  }
  return
}

// -----

// A wgmma product reads its ring through the async proxy: after the wait,
// each thread fences its completed copies before the barrier. The product
// accumulates into the loop's iter_arg and yields to it alone, so it stays
// in flight into the next iteration (async, a dot_wait leaving one group
// pending, and one for all after the loop). The buffer the previous
// iteration's product read is free once that wait has passed in every
// warpgroup: the copies come after it and a second barrier, into slot
// (i + 2) mod 3, so the ring of 3 keeps two iterations in flight. The
// accumulator starts at zero: it starts as a poison instead, the first
// iteration's product does not read it (use_acc false, then true), and a
// loop that does not run gives the zeros.
#A = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#WG = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
#N = #blockgpu.nvmma<swizzle = 128>
// CHECK-LABEL: func.func @wgmma_ring
// CHECK: %[[ZERO:.+]] = arith.constant dense<0.000000e+00>
// CHECK: %[[RING:.+]] = blockgpu.local_alloc : !blockgpu.memdesc<3x64x64xbf16, #{{.+}}, mutable>
// CHECK: %[[FALSE:.+]] = arith.constant false
// CHECK: %[[NOTHING:.+]] = blockgpu.poison : tensor<64x64xf32, #{{.+}}>
// CHECK: %[[LOOP:.+]]:4 = scf.for %[[IV:.+]] = {{.+}} iter_args(%[[ACC:.+]] = %[[NOTHING]], %[[READ:.+]] = %c0_i32{{.*}}, %[[WRITE:.+]] = %c2_i32{{.*}}, %[[USE:.+]] = %[[FALSE]])
// CHECK-NEXT: blockgpu.async_wait {num = 1 : i32}
// CHECK-NEXT: blockgpu.fence_async_shared
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[R:.+]] = blockgpu.memdesc_index %[[RING]][%[[READ]]]
// CHECK-NEXT: %[[D:.+]] = blockgpu.dot %[[R]], %[[R]], %[[ACC]] use_acc %[[USE]] async
// CHECK-NEXT: %[[W:.+]] = blockgpu.dot_wait %[[D]] {pendings = 1 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK: %[[AHEAD:.+]] = arith.addi %[[IV]], %{{.+}} : i32
// CHECK: scf.if
// CHECK: %[[SLOT:.+]] = blockgpu.memdesc_index %[[RING]][%[[WRITE]]]
// CHECK-NEXT: blockgpu.async_copy %{{.+}}, %[[SLOT]]
// CHECK: blockgpu.async_commit_group
// CHECK: arith.constant 3 : i32
// CHECK: %[[TRUE:.+]] = arith.constant true
// CHECK: scf.yield %[[W]], %{{.+}}, %{{.+}}, %[[TRUE]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[DONE:.+]] = blockgpu.dot_wait %[[LOOP]]#0 {pendings = 0 : i32}
// CHECK-NEXT: scf.if %[[LOOP]]#3
// CHECK-NEXT: scf.yield %[[DONE]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ZERO]]
// CHECK: blockgpu.async_wait {num = 0 : i32}
func.func @wgmma_ring(%p: !block.ptr<bf16>, %n: i32) attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #WG>
  %acc = scf.for %k = %c0 to %n step %c64 iter_args(%s = %zero) -> (tensor<64x64xf32, #WG>) : i32 {
    %pk = block.addptr %p, %k : !block.ptr<bf16>, i32
    %ptrs = block.splat %pk : tensor<64x64x!block.ptr<bf16>, #A>
    %t = block.load %ptrs : tensor<64x64x!block.ptr<bf16>, #A>
    %buf = blockgpu.local_alloc %t : tensor<64x64xbf16, #A> -> !blockgpu.memdesc<64x64xbf16, #N>
    %d = blockgpu.dot %buf, %buf, %s : !blockgpu.memdesc<64x64xbf16, #N>, !blockgpu.memdesc<64x64xbf16, #N> -> tensor<64x64xf32, #WG>
    scf.yield %d : tensor<64x64xf32, #WG>
  }
  return
}
