// RUN: block-opt %s --convert-block-to-gpu | FileCheck %s
// RUN: block-opt %s --convert-block-to-gpu --convert-nvvm-to-llvm | FileCheck %s --check-prefix=LLVM

// The owner of each element performs its atomic where the mask holds:
// read-modify-writes as nvvm.inline_ptx `atom.<sem>.<scope>.global` (LLVM
// 22's NVPTX backend drops the ordering and scope of llvm.atomicrmw), with
// the predicate named in the PTX, compare-and-swap as llvm.cmpxchg. Old
// values reach the threads holding copies of an element through shared
// memory.

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
  // CHECK: nvvm.inline_ptx "@{$r2} atom.acq_rel.gpu.global.add.f32 {$w0}, [{$r0}], {$r1};" ro(%{{.*}}, %{{.*}}, %[[M]] : !llvm.ptr<1>, f32, i1) -> f32
  // LLVM-LABEL: gpu.func @rmw
  // LLVM: %[[M:.*]] = arith.cmpi slt
  // LLVM: llvm.inline_asm has_side_effects asm_dialect = att "@$3 atom.acq_rel.gpu.global.add.f32 $0, [$1], $2;", "=f,l,f,b" %{{.*}}, %{{.*}}, %[[M]] : (!llvm.ptr<1>, f32, i1) -> f32
  // LLVM: "atom.relaxed.cta.global.max.s32 $0, [$1], $2;", "=r,l,r"
  %old = block.atomic_rmw fadd, acq_rel, gpu, %pp, %one mask %m : tensor<128x!block.ptr<f32>, #L>
  %qs = block.splat %q : tensor<128x!block.ptr<i32>, #L>
  %qp = block.addptr %qs, %r : tensor<128x!block.ptr<i32>, #L>, tensor<128xi32, #L>
  // CHECK: %[[MAX:.*]] = nvvm.inline_ptx "atom.relaxed.cta.global.max.s32 {$w0}, [{$r0}], {$r1};" ro(%{{.*}}, %{{.*}} : !llvm.ptr<1>, i32) -> i32
  %mx = block.atomic_rmw max, relaxed, cta, %qp, %r : tensor<128x!block.ptr<i32>, #L>
  // CHECK: "atom.release.sys.global.min.u32 {$w0}, [{$r0}], {$r1};"
  %mn = block.atomic_rmw umin, release, sys, %qp, %r : tensor<128x!block.ptr<i32>, #L>
  // CHECK: "atom.acquire.gpu.global.exch.b32 {$w0}, [{$r0}], {$r1};"
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
// CHECK: %[[OLD:.*]] = nvvm.inline_ptx "@{$r2} atom.relaxed.gpu.global.add.u32 {$w0}, [{$r0}], {$r1};" ro(%{{.*}}, %{{.*}}, %[[OWNER]] : !llvm.ptr<1>, i32, i1) -> i32
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

// 16-bit floats travel as their bits: the PTX builder takes i16, not f16.
// CHECK-LABEL: gpu.func @halves
// CHECK: %[[BITS:.*]] = arith.bitcast %arg1 : f16 to i16
// CHECK: %[[OLD:.*]] = nvvm.inline_ptx "atom.relaxed.gpu.global.add.noftz.f16 {$w0}, [{$r0}], {$r1};" ro(%{{.*}}, %[[BITS]] : !llvm.ptr<1>, i16) -> i16
// CHECK: arith.bitcast %[[OLD]] : i16 to f16
// LLVM-LABEL: gpu.func @halves
// LLVM: "atom.relaxed.gpu.global.add.noftz.f16 $0, [$1], $2;", "=h,l,h"
func.func @halves(%p: !block.ptr<f16>, %v: f16) attributes {block.kernel, block.num_warps = 2 : i32} {
  %r = block.arange 0, 64 : tensor<64xi32, #S>
  %ps = block.splat %p : tensor<64x!block.ptr<f16>, #S>
  %pp = block.addptr %ps, %r : tensor<64x!block.ptr<f16>, #S>, tensor<64xi32, #S>
  %vs = block.splat %v : tensor<64xf16, #S>
  %old = block.atomic_rmw fadd, relaxed, gpu, %pp, %vs : tensor<64x!block.ptr<f16>, #S>
  block.store %pp, %old : tensor<64x!block.ptr<f16>, #S>
  return
}
