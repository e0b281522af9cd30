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

// -----

// Triton's tutorial form, as a front end writes it: loop-carried pointer
// tensors advanced by `BLOCK_K * stride` (a runtime stride) computed in the
// body, K masked from the induction variable. The offsets are the same in
// every iteration: they move before the loop, where the copies of the
// first iterations advance the pointers too, and the loop's copies read
// the pointers of iteration i advanced twice.
#A = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#B = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#WG = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
#NA = #blockgpu.nvmma<swizzle = 64>
#NB = #blockgpu.nvmma<swizzle = 128>
// CHECK-LABEL: func.func @stride_in_body
// CHECK-SAME: %{{[^:]+}}: i32, %[[SA:[^:]+]]: i32, %[[SB:[^:]+]]: i32
// CHECK: %[[A0:.+]] = block.splat %{{.+}} : tensor<64x32x!block.ptr<f16>
// CHECK: %[[B0:.+]] = block.splat %{{.+}} : tensor<32x64x!block.ptr<f16>
// CHECK: %[[ASTEP:.+]] = arith.muli %{{.+}}, %[[SA]] : i32
// CHECK-NEXT: %[[ASTEPS:.+]] = block.splat %[[ASTEP]] : tensor<64x32xi32
// CHECK-NEXT: %[[BSTEP:.+]] = arith.muli %{{.+}}, %[[SB]] : i32
// CHECK-NEXT: %[[BSTEPS:.+]] = block.splat %[[BSTEP]] : tensor<32x64xi32
// CHECK: %[[ARING:.+]] = blockgpu.local_alloc : !blockgpu.memdesc<3x64x32xf16
// CHECK: %[[BRING:.+]] = blockgpu.local_alloc : !blockgpu.memdesc<3x32x64xf16
// CHECK: scf.if
// CHECK: blockgpu.async_copy %[[A0]], %{{.+}} mask
// CHECK: blockgpu.async_copy %[[B0]], %{{.+}} mask
// CHECK: blockgpu.async_commit_group
// CHECK: scf.if
// CHECK: %[[A1:.+]] = block.addptr %[[A0]], %{{.+}}
// CHECK: %[[B1:.+]] = block.addptr %[[B0]], %{{.+}}
// CHECK: blockgpu.async_copy %[[A1]], %{{.+}} mask
// CHECK: blockgpu.async_copy %[[B1]], %{{.+}} mask
// CHECK: blockgpu.async_commit_group
// CHECK: scf.for %{{.+}} iter_args(%{{[^ ]+}} = %{{[^ ]+}}, %[[AP:[^ ]+]] = %[[A0]], %[[BP:[^ ]+]] = %[[B0]],
// CHECK-NEXT: blockgpu.async_wait {num = 1 : i32}
// CHECK: blockgpu.dot {{.+}} async
// CHECK: %[[ANEXT:.+]] = block.addptr %[[AP]], %[[ASTEPS]]
// CHECK: %[[BNEXT:.+]] = block.addptr %[[BP]], %[[BSTEPS]]
// CHECK: scf.if
// CHECK: %[[ATWO:.+]] = arith.muli %[[ASTEPS]], %{{.+}} : tensor<64x32xi32
// CHECK-NEXT: %[[AAHEAD:.+]] = block.addptr %[[AP]], %[[ATWO]]
// CHECK: %[[BTWO:.+]] = arith.muli %[[BSTEPS]], %{{.+}} : tensor<32x64xi32
// CHECK-NEXT: %[[BAHEAD:.+]] = block.addptr %[[BP]], %[[BTWO]]
// CHECK: blockgpu.async_copy %[[AAHEAD]], %{{.+}} mask
// CHECK: blockgpu.async_copy %[[BAHEAD]], %{{.+}} mask
// CHECK-NOT: block.load
// CHECK: scf.yield %{{[^ ]+}}, %[[ANEXT]], %[[BNEXT]],
func.func @stride_in_body(%a: !block.ptr<f16>, %b: !block.ptr<f16>, %kk: i32, %sa: i32, %sb: i32) attributes {block.kernel, block.num_warps = 4 : i32} {
  %a0 = block.splat %a : tensor<64x32x!block.ptr<f16>, #A>
  %b0 = block.splat %b : tensor<32x64x!block.ptr<f16>, #B>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #WG>
  %az = arith.constant dense<0.0> : tensor<64x32xf16, #A>
  %bz = arith.constant dense<0.0> : tensor<32x64xf16, #B>
  %ra = block.arange 0, 32 : tensor<32xi32, #block.slice<dim = 0, parent = #A>>
  %ka = block.expand_dims %ra, 0 : tensor<32xi32, #block.slice<dim = 0, parent = #A>> -> tensor<1x32xi32, #A>
  %rb = block.arange 0, 32 : tensor<32xi32, #block.slice<dim = 1, parent = #B>>
  %kb = block.expand_dims %rb, 1 : tensor<32xi32, #block.slice<dim = 1, parent = #B>> -> tensor<32x1xi32, #B>
  %tiles = arith.divsi %kk, %c32 : i32
  %acc:3 = scf.for %k = %c0 to %tiles step %c1 iter_args(%s = %zero, %ap = %a0, %bp = %b0) -> (tensor<64x64xf32, #WG>, tensor<64x32x!block.ptr<f16>, #A>, tensor<32x64x!block.ptr<f16>, #B>) : i32 {
    %done = arith.muli %k, %c32 : i32
    %left = arith.subi %kk, %done : i32
    %lefta = block.splat %left : tensor<1x32xi32, #A>
    %oka = arith.cmpi slt, %ka, %lefta : tensor<1x32xi32, #A>
    %ma = block.broadcast %oka : tensor<1x32xi1, #A> -> tensor<64x32xi1, #A>
    %ta = block.load %ap mask %ma other %az : tensor<64x32x!block.ptr<f16>, #A>
    %leftb = block.splat %left : tensor<32x1xi32, #B>
    %okb = arith.cmpi slt, %kb, %leftb : tensor<32x1xi32, #B>
    %mb = block.broadcast %okb : tensor<32x1xi1, #B> -> tensor<32x64xi1, #B>
    %tb = block.load %bp mask %mb other %bz : tensor<32x64x!block.ptr<f16>, #B>
    %bufa = blockgpu.local_alloc %ta : tensor<64x32xf16, #A> -> !blockgpu.memdesc<64x32xf16, #NA>
    %bufb = blockgpu.local_alloc %tb : tensor<32x64xf16, #B> -> !blockgpu.memdesc<32x64xf16, #NB>
    %d = blockgpu.dot %bufa, %bufb, %s : !blockgpu.memdesc<64x32xf16, #NA>, !blockgpu.memdesc<32x64xf16, #NB> -> tensor<64x64xf32, #WG>
    %astep = arith.muli %c32, %sa : i32
    %asteps = block.splat %astep : tensor<64x32xi32, #A>
    %ap2 = block.addptr %ap, %asteps : tensor<64x32x!block.ptr<f16>, #A>, tensor<64x32xi32, #A>
    %bstep = arith.muli %c32, %sb : i32
    %bsteps = block.splat %bstep : tensor<32x64xi32, #B>
    %bp2 = block.addptr %bp, %bsteps : tensor<32x64x!block.ptr<f16>, #B>, tensor<32x64xi32, #B>
    scf.yield %d, %ap2, %bp2 : tensor<64x64xf32, #WG>, tensor<64x32x!block.ptr<f16>, #A>, tensor<32x64x!block.ptr<f16>, #B>
  }
  return
}

// -----

// Offsets that change from one iteration to the next (here they grow with
// the induction variable) cannot be issued ahead: the loop is left as it is.
#A = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#WG = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
#N = #blockgpu.nvmma<swizzle = 128>
// CHECK-LABEL: func.func @step_varies
// CHECK-NOT: blockgpu.async_copy
// CHECK: block.load
// CHECK-NOT: blockgpu.async_copy
// CHECK: return
func.func @step_varies(%p: !block.ptr<bf16>, %n: i32) attributes {block.kernel, block.num_warps = 4 : i32} {
  %p0 = block.splat %p : tensor<64x64x!block.ptr<bf16>, #A>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #WG>
  %acc:2 = scf.for %k = %c0 to %n step %c1 iter_args(%s = %zero, %pk = %p0) -> (tensor<64x64xf32, #WG>, tensor<64x64x!block.ptr<bf16>, #A>) : i32 {
    %t = block.load %pk : tensor<64x64x!block.ptr<bf16>, #A>
    %buf = blockgpu.local_alloc %t : tensor<64x64xbf16, #A> -> !blockgpu.memdesc<64x64xbf16, #N>
    %d = blockgpu.dot %buf, %buf, %s : !blockgpu.memdesc<64x64xbf16, #N>, !blockgpu.memdesc<64x64xbf16, #N> -> tensor<64x64xf32, #WG>
    %ks = block.splat %k : tensor<64x64xi32, #A>
    %p2 = block.addptr %pk, %ks : tensor<64x64x!block.ptr<bf16>, #A>, tensor<64x64xi32, #A>
    scf.yield %d, %p2 : tensor<64x64xf32, #WG>, tensor<64x64x!block.ptr<bf16>, #A>
  }
  return
}
