// REQUIRES: ptxas
// The inline PTX of the lowering (predicated vector accesses with cache
// operators and L2 eviction policies, atomics with semantics and scope), the
// shuffles, shared memory and printf of scans, reductions, layout
// conversions, dot and debug operations assemble for sm_90a and sm_80.
// RUN: rm -rf %t && block-compile %s -o %t/sm90 --no-cubin && block-compile %s -o %t/sm80 --chip=sm_80 --no-cubin
// RUN: %ptxas -arch=sm_90a %t/sm90/features-ptxas.ptx -o %t/sm90.cubin
// RUN: %ptxas -arch=sm_80 %t/sm80/features-ptxas.ptx -o %t/sm80.cubin
// RUN: FileCheck %s < %t/sm90/features-ptxas.ptx

#L = #block.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>
#S = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>
#M = #block.blocked<sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]>
#T = #block.blocked<sizePerThread = [2, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 2], order = [0, 1]>

// CHECK-LABEL: .entry memory(
// CHECK: createpolicy.fractional.L2::evict_last.b64 [[POLICY:%rd[0-9]+]], 1.0;
// CHECK: @%p{{[0-9]+}} ld.global.cg.L2::cache_hint.v4.f32 {{.*}}, [[POLICY]];
// CHECK: ld.volatile.global.v2.b32
// CHECK: st.global.cs.v4.f32
// CHECK: @%p{{[0-9]+}} st.global.u8
func.func @memory(%p: !block.ptr<f32> {block.alignment = 16}, %h: !block.ptr<f16> {block.alignment = 16},
                  %b: !block.ptr<i1>, %n: i32 {block.divisibility = 16}) attributes {block.kernel, block.num_warps = 2 : i32} {
  %r = block.arange 0, 256 : tensor<256xi32, #L>
  %ns = block.splat %n : tensor<256xi32, #L>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32, #L>
  %ps = block.splat %p : tensor<256x!block.ptr<f32>, #L>
  %pp = block.addptr %ps, %r : tensor<256x!block.ptr<f32>, #L>, tensor<256xi32, #L>
  %zero = arith.constant dense<0.0> : tensor<256xf32, #L>
  %x = block.load %pp mask %m other %zero cache = cg evict = evict_last : tensor<256x!block.ptr<f32>, #L>
  %hs = block.splat %h : tensor<256x!block.ptr<f16>, #L>
  %hp = block.addptr %hs, %r : tensor<256x!block.ptr<f16>, #L>, tensor<256xi32, #L>
  %y = block.load %hp volatile : tensor<256x!block.ptr<f16>, #L>
  %yf = arith.extf %y : tensor<256xf16, #L> to tensor<256xf32, #L>
  %s = arith.addf %x, %yf : tensor<256xf32, #L>
  block.store %pp, %s cache = cs : tensor<256x!block.ptr<f32>, #L>
  %rs = block.arange 0, 16 : tensor<16xi32, #S>
  %bs = block.splat %b : tensor<16x!block.ptr<i1>, #S>
  %bp = block.addptr %bs, %rs : tensor<16x!block.ptr<i1>, #S>, tensor<16xi32, #S>
  %c8 = arith.constant dense<8> : tensor<16xi32, #S>
  %flag = arith.cmpi slt, %rs, %c8 : tensor<16xi32, #S>
  block.store %bp, %flag : tensor<16x!block.ptr<i1>, #S>
  return
}

// CHECK-LABEL: .entry atomics(
// CHECK: atom.acq_rel.gpu.global.add.f32
// CHECK: atom.relaxed.cta.global.max.s32
// CHECK: atom.release.sys.global.exch.b64
// CHECK: atom.acq_rel.sys.global.cas.b32
// CHECK: atom.relaxed.gpu.global.add.noftz.f16 %rs{{[0-9]+}}, [%rd{{[0-9]+}}], %rs{{[0-9]+}};
func.func @atomics(%p: !block.ptr<f32>, %q: !block.ptr<i32>, %w: !block.ptr<i64>, %h: !block.ptr<f16>) attributes {block.kernel, block.num_warps = 2 : i32} {
  %r = block.arange 0, 64 : tensor<64xi32, #S>
  %ps = block.splat %p : tensor<64x!block.ptr<f32>, #S>
  %pp = block.addptr %ps, %r : tensor<64x!block.ptr<f32>, #S>, tensor<64xi32, #S>
  %one = arith.constant dense<1.0> : tensor<64xf32, #S>
  %c32 = arith.constant dense<32> : tensor<64xi32, #S>
  %m = arith.cmpi slt, %r, %c32 : tensor<64xi32, #S>
  %old = block.atomic_rmw fadd, acq_rel, gpu, %pp, %one mask %m : tensor<64x!block.ptr<f32>, #S>
  %qs = block.splat %q : tensor<64x!block.ptr<i32>, #S>
  %qp = block.addptr %qs, %r : tensor<64x!block.ptr<i32>, #S>, tensor<64xi32, #S>
  %mx = block.atomic_rmw max, relaxed, cta, %qp, %r : tensor<64x!block.ptr<i32>, #S>
  block.store %qp, %mx : tensor<64x!block.ptr<i32>, #S>
  %big = arith.constant 7 : i64
  %x = block.atomic_rmw xchg, release, sys, %w, %big : !block.ptr<i64>
  %z = arith.constant 0 : i32
  %o = arith.constant 1 : i32
  %prev = block.atomic_cas acq_rel, sys, %q, %z, %o : !block.ptr<i32>
  %sum = arith.addi %prev, %o : i32
  block.store %q, %sum : !block.ptr<i32>
  block.store %w, %x : !block.ptr<i64>
  %half = arith.constant 1.0 : f16
  %y = block.atomic_rmw fadd, relaxed, gpu, %h, %half : !block.ptr<f16>
  block.store %h, %y : !block.ptr<f16>
  return
}

// CHECK-LABEL: .entry collectives(
// CHECK: shfl.sync.up.b32
// CHECK: shfl.sync.bfly.b32
// CHECK: bar.sync
// CHECK: fma.rn.f32
func.func @collectives(%p: !block.ptr<i32>, %f: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 2 : i32} {
  %r = block.arange 0, 16 : tensor<16xi32, #block.slice<dim = 1, parent = #M>>
  %c = block.arange 0, 16 : tensor<16xi32, #block.slice<dim = 0, parent = #M>>
  %r2 = block.expand_dims %r, 1 : tensor<16xi32, #block.slice<dim = 1, parent = #M>> -> tensor<16x1xi32, #M>
  %c2 = block.expand_dims %c, 0 : tensor<16xi32, #block.slice<dim = 0, parent = #M>> -> tensor<1x16xi32, #M>
  %rb = block.broadcast %r2 : tensor<16x1xi32, #M> -> tensor<16x16xi32, #M>
  %cb = block.broadcast %c2 : tensor<1x16xi32, #M> -> tensor<16x16xi32, #M>
  %c16 = arith.constant dense<16> : tensor<16x16xi32, #M>
  %ro = arith.muli %rb, %c16 : tensor<16x16xi32, #M>
  %off = arith.addi %ro, %cb : tensor<16x16xi32, #M>
  %s0 = block.scan %off axis = 1 : (tensor<16x16xi32, #M>) -> tensor<16x16xi32, #M> {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    block.yield %s : i32
  }
  %s1 = block.scan %s0 axis = 0 reverse : (tensor<16x16xi32, #M>) -> tensor<16x16xi32, #M> {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    block.yield %s : i32
  }
  %am, %ai = block.reduce %s1, %off axis = 0 : (tensor<16x16xi32, #M>, tensor<16x16xi32, #M>) -> (tensor<16xi32, #block.slice<dim = 0, parent = #M>>, tensor<16xi32, #block.slice<dim = 0, parent = #M>>) {
  ^bb0(%a: i32, %ai2: i32, %b: i32, %bi: i32):
    %gt = arith.cmpi sgt, %a, %b : i32
    %v = arith.select %gt, %a, %b : i32
    %j = arith.select %gt, %ai2, %bi : i32
    block.yield %v, %j : i32, i32
  }
  %ps = block.splat %p : tensor<16x!block.ptr<i32>, #block.slice<dim = 0, parent = #M>>
  %pp = block.addptr %ps, %c : tensor<16x!block.ptr<i32>, #block.slice<dim = 0, parent = #M>>, tensor<16xi32, #block.slice<dim = 0, parent = #M>>
  block.store %pp, %ai : tensor<16x!block.ptr<i32>, #block.slice<dim = 0, parent = #M>>
  %t = block.trans %s1 [1, 0] : tensor<16x16xi32, #M> -> tensor<16x16xi32, #T>
  %tc = block.convert_layout %t : tensor<16x16xi32, #T> -> tensor<16x16xi32, #M>
  %fs = block.splat %f : tensor<16x16x!block.ptr<f32>, #M>
  %fp = block.addptr %fs, %off : tensor<16x16x!block.ptr<f32>, #M>, tensor<16x16xi32, #M>
  %tf = arith.sitofp %tc : tensor<16x16xi32, #M> to tensor<16x16xf32, #M>
  %zero = arith.constant dense<0.0> : tensor<16x16xf32, #M>
  %d = block.dot %tf, %tf, %zero : tensor<16x16xf32, #M>, tensor<16x16xf32, #M> -> tensor<16x16xf32, #M>
  block.store %fp, %d : tensor<16x16x!block.ptr<f32>, #M>
  return
}

// CHECK-LABEL: .entry debug(
// CHECK: vprintf
// CHECK: trap;
func.func @debug(%p: !block.ptr<f32>, %n: i32) attributes {block.kernel, block.num_warps = 2 : i32} {
  %r = block.arange 0, 64 : tensor<64xi32, #S>
  %ns = block.splat %n : tensor<64xi32, #S>
  %ok = arith.cmpi slt, %r, %ns : tensor<64xi32, #S>
  block.assert %ok, "in range" : tensor<64xi1, #S>
  block.print "r = " %r : tensor<64xi32, #S>
  %x = block.load %p : !block.ptr<f32>
  block.print "x = " %x : f32
  return
}
