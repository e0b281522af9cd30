// RUN: block-opt %s --convert-block-to-gpu | FileCheck %s

// The owner of each element performs its atomic where the mask holds:
// read-modify-writes as `atom.<sem>.<scope>.global` (LLVM 22's NVPTX backend
// drops the ordering and scope of llvm.atomicrmw), compare-and-swap as
// llvm.cmpxchg. Old values reach the threads holding copies of an element
// through shared memory.

#L = #block.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>
#S = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>

// CHECK-LABEL: gpu.func @rmw
// CHECK-SAME: block_gpu.shared_memory_bytes = 0 : i32
func.func @rmw(%p: !block.ptr<f32>, %q: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 2 : i32} {
  %r = block.arange 0, 128 : tensor<128xi32, #L>
  %ps = block.splat %p : tensor<128x!block.ptr<f32>, #L>
  %pp = block.addptr %ps, %r : tensor<128x!block.ptr<f32>, #L>, tensor<128xi32, #L>
  %one = arith.constant dense<1.0> : tensor<128xf32, #L>
  %c64 = arith.constant dense<64> : tensor<128xi32, #L>
  %m = arith.cmpi slt, %r, %c64 : tensor<128xi32, #L>
  // CHECK: %[[M:.*]] = arith.cmpi slt
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$3 atom.acq_rel.gpu.global.add.f32 $0, [$1], $2;", "=f,l,f,b" %{{.*}}, %{{.*}}, %[[M]] : (!llvm.ptr<1>, f32, i1) -> f32
  %old = block.atomic_rmw fadd, acq_rel, gpu, %pp, %one mask %m : tensor<128x!block.ptr<f32>, #L>
  %qs = block.splat %q : tensor<128x!block.ptr<i32>, #L>
  %qp = block.addptr %qs, %r : tensor<128x!block.ptr<i32>, #L>, tensor<128xi32, #L>
  // CHECK: %[[MAX:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "atom.relaxed.cta.global.max.s32 $0, [$1], $2;", "=r,l,r"
  %mx = block.atomic_rmw max, relaxed, cta, %qp, %r : tensor<128x!block.ptr<i32>, #L>
  // CHECK: "atom.release.sys.global.min.u32 $0, [$1], $2;"
  %mn = block.atomic_rmw umin, release, sys, %qp, %r : tensor<128x!block.ptr<i32>, #L>
  // CHECK: "atom.acquire.gpu.global.exch.b32 $0, [$1], $2;"
  %xc = block.atomic_rmw xchg, acquire, gpu, %qp, %mn : tensor<128x!block.ptr<i32>, #L>
  // CHECK: llvm.store %[[MAX]]
  block.store %qp, %mx : tensor<128x!block.ptr<i32>, #L>
  return
}

// A scalar atomic runs in thread 0, which shares the old value.
// CHECK-LABEL: gpu.func @scalar_cas
// CHECK-SAME: block_gpu.shared_memory_bytes = 4 : i32
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i32
// CHECK: %[[OLD:.*]] = scf.if %[[FIRST]] -> (f32) {
// CHECK:   %[[CMP:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK:   %[[NEW:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK:   %[[PAIR:.*]] = llvm.cmpxchg %arg0, %[[CMP]], %[[NEW]] syncscope("block") acq_rel acquire
// CHECK:   %[[BITS:.*]] = llvm.extractvalue %[[PAIR]][0]
// CHECK:   %[[F:.*]] = arith.bitcast %[[BITS]] : i32 to f32
// CHECK:   scf.yield %[[F]] : f32
// CHECK: } else {
// CHECK:   llvm.mlir.poison : f32
// CHECK-NOT: gpu.barrier
// CHECK: scf.if %[[FIRST]] {
// CHECK:   llvm.store %[[OLD]], %{{.*}} : f32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: %[[SHARED:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: arith.addf %[[SHARED]], %[[SHARED]]
func.func @scalar_cas(%p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 2 : i32} {
  %z = arith.constant 0.0 : f32
  %o = arith.constant 1.0 : f32
  %prev = block.atomic_cas acq_rel, cta, %p, %z, %o : !block.ptr<f32>
  %twice = arith.addf %prev, %prev : f32
  block.store %p, %twice : !block.ptr<f32>
  return
}

// 16 elements over 64 threads: only the owners add, then share.
// CHECK-LABEL: gpu.func @replicated
// CHECK-SAME: block_gpu.shared_memory_bytes = 64 : i32
// CHECK: %[[OWNER:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK: %[[OLD:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "@$3 atom.relaxed.gpu.global.add.u32 $0, [$1], $2;", "=r,l,r,b" %{{.*}}, %{{.*}}, %[[OWNER]]
// CHECK-NOT: gpu.barrier
// CHECK: scf.if %[[OWNER]] {
// CHECK:   llvm.store %[[OLD]]
// CHECK: gpu.barrier
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
func.func @replicated(%p: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 2 : i32} {
  %r = block.arange 0, 16 : tensor<16xi32, #S>
  %ps = block.splat %p : tensor<16x!block.ptr<i32>, #S>
  %pp = block.addptr %ps, %r : tensor<16x!block.ptr<i32>, #S>, tensor<16xi32, #S>
  %old = block.atomic_rmw add, relaxed, gpu, %pp, %r : tensor<16x!block.ptr<i32>, #S>
  %q = block.addptr %pp, %old : tensor<16x!block.ptr<i32>, #S>, tensor<16xi32, #S>
  block.store %q, %r : tensor<16x!block.ptr<i32>, #S>
  return
}
