// RUN: block-opt %s | block-opt | FileCheck %s
// RUN: block-opt %s --mlir-print-op-generic | block-opt | FileCheck %s
// RUN: block-opt %s --mlir-print-debuginfo --mlir-print-local-scope | block-opt | FileCheck %s

// CHECK-DAG: #[[BLOCKED:.*]] = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[ROW:.*]] = #block.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-DAG: #[[ONE:.*]] = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-DAG: #[[SLICE:.*]] = #block.slice<dim = 1, parent = #[[BLOCKED]]>

// CHECK-LABEL: func.func @program_ids
// CHECK-SAME: attributes {block.kernel, block.num_warps = 8 : i32}
func.func @program_ids(%p: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 8 : i32} {
  // CHECK: block.program_id x
  // CHECK: block.program_id y
  // CHECK: block.program_id z
  // CHECK: block.num_programs x
  // CHECK: block.num_programs z
  %x = block.program_id x
  %y = block.program_id y
  %z = block.program_id z
  %nx = block.num_programs x
  %nz = block.num_programs z
  %s = arith.addi %x, %y : i32
  %t = arith.addi %s, %z : i32
  %u = arith.addi %t, %nx : i32
  %v = arith.addi %u, %nz : i32
  block.store %p, %v : !block.ptr<i32>
  return
}

// CHECK-LABEL: func.func @hints
// CHECK-SAME: %{{.*}}: !block.ptr<f16> {block.alignment = 16 : i64}
// CHECK-SAME: %{{.*}}: i64 {block.divisibility = 8 : i64}
func.func @hints(%p: !block.ptr<f16> {block.alignment = 16}, %n: i64 {block.divisibility = 8},
                 %f: f32, %b: bf16, %flag: i1) attributes {block.kernel} {
  return
}

// CHECK-LABEL: func.func @shapes
func.func @shapes(%s: f32) {
  // CHECK: block.arange 16, 48 : tensor<32xi32>
  %r = block.arange 16, 48 : tensor<32xi32>
  // CHECK: block.splat %{{.*}} : tensor<32xf32>
  %t = block.splat %s : tensor<32xf32>
  // CHECK: block.expand_dims %{{.*}}, 0 : tensor<32xf32> -> tensor<1x32xf32>
  %e = block.expand_dims %t, 0 : tensor<32xf32> -> tensor<1x32xf32>
  // CHECK: block.broadcast %{{.*}} : tensor<1x32xf32> -> tensor<8x32xf32>
  %b = block.broadcast %e : tensor<1x32xf32> -> tensor<8x32xf32>
  // CHECK: block.trans %{{.*}} [1, 0] : tensor<8x32xf32> -> tensor<32x8xf32>
  %tr = block.trans %b [1, 0] : tensor<8x32xf32> -> tensor<32x8xf32>
  // CHECK: block.reshape %{{.*}} : tensor<32x8xf32> -> tensor<256xf32>
  %rs = block.reshape %tr : tensor<32x8xf32> -> tensor<256xf32>
  // CHECK: block.bitcast %{{.*}} : tensor<256xf32> -> tensor<256xi32>
  %bc = block.bitcast %rs : tensor<256xf32> -> tensor<256xi32>
  return
}

// CHECK-LABEL: func.func @memory
func.func @memory(%p: !block.ptr<f32>, %q: !block.ptr<i32>) {
  %r = block.arange 0, 128 : tensor<128xi32>
  %ps = block.splat %p : tensor<128x!block.ptr<f32>>
  // CHECK: block.addptr %{{.*}}, %{{.*}} : tensor<128x!block.ptr<f32>>, tensor<128xi32>
  %a = block.addptr %ps, %r : tensor<128x!block.ptr<f32>>, tensor<128xi32>
  %c64 = arith.constant dense<64> : tensor<128xi32>
  %m = arith.cmpi slt, %r, %c64 : tensor<128xi32>
  %z = arith.constant dense<0.0> : tensor<128xf32>
  // CHECK: block.load %{{.*}} : tensor<128x!block.ptr<f32>>
  %v0 = block.load %a : tensor<128x!block.ptr<f32>>
  // CHECK: block.load %{{.*}} mask %{{.*}} other %{{.*}} cache = cg evict = evict_first volatile : tensor<128x!block.ptr<f32>>
  %v1 = block.load %a mask %m other %z cache = cg evict = evict_first volatile : tensor<128x!block.ptr<f32>>
  // CHECK: block.store %{{.*}}, %{{.*}} mask %{{.*}} cache = cs evict = evict_last : tensor<128x!block.ptr<f32>>
  block.store %a, %v1 mask %m cache = cs evict = evict_last : tensor<128x!block.ptr<f32>>
  // CHECK: block.load %{{.*}} : !block.ptr<f32>
  %s = block.load %p : !block.ptr<f32>
  // CHECK: block.addptr %{{.*}}, %{{.*}} : !block.ptr<f32>, i64
  %c4 = arith.constant 4 : i64
  %p4 = block.addptr %p, %c4 : !block.ptr<f32>, i64
  block.store %p4, %s : !block.ptr<f32>
  // CHECK: block.ptr_to_int %{{.*}} : tensor<128x!block.ptr<f32>>
  %ints = block.ptr_to_int %a : tensor<128x!block.ptr<f32>>
  // CHECK: block.int_to_ptr %{{.*}} : tensor<128x!block.ptr<f32>>
  %back = block.int_to_ptr %ints : tensor<128x!block.ptr<f32>>
  // CHECK: block.bitcast %{{.*}} : !block.ptr<f32> -> !block.ptr<i8>
  %bytes = block.bitcast %p : !block.ptr<f32> -> !block.ptr<i8>
  return
}

// CHECK-LABEL: func.func @atomics
func.func @atomics(%p: !block.ptr<f32>, %q: !block.ptr<i32>) {
  %r = block.arange 0, 64 : tensor<64xi32>
  %ps = block.splat %p : tensor<64x!block.ptr<f32>>
  %a = block.addptr %ps, %r : tensor<64x!block.ptr<f32>>, tensor<64xi32>
  %one = arith.constant dense<1.0> : tensor<64xf32>
  %m = arith.constant dense<true> : tensor<64xi1>
  // CHECK: block.atomic_rmw fadd, acq_rel, gpu, %{{.*}}, %{{.*}} mask %{{.*}} : tensor<64x!block.ptr<f32>>
  %old = block.atomic_rmw fadd, acq_rel, gpu, %a, %one mask %m : tensor<64x!block.ptr<f32>>
  %i1 = arith.constant 1 : i32
  // CHECK: block.atomic_rmw add, relaxed, cta
  %o1 = block.atomic_rmw add, relaxed, cta, %q, %i1 : !block.ptr<i32>
  // CHECK: block.atomic_rmw max, acquire, sys
  %o2 = block.atomic_rmw max, acquire, sys, %q, %i1 : !block.ptr<i32>
  // CHECK: block.atomic_rmw and, release, gpu
  %o3 = block.atomic_rmw and, release, gpu, %q, %i1 : !block.ptr<i32>
  // CHECK: block.atomic_rmw or
  %o4 = block.atomic_rmw or, relaxed, gpu, %q, %i1 : !block.ptr<i32>
  // CHECK: block.atomic_rmw xor
  %o5 = block.atomic_rmw xor, relaxed, gpu, %q, %i1 : !block.ptr<i32>
  // CHECK: block.atomic_rmw umin
  %o6 = block.atomic_rmw umin, relaxed, gpu, %q, %i1 : !block.ptr<i32>
  // CHECK: block.atomic_rmw xchg
  %o7 = block.atomic_rmw xchg, relaxed, gpu, %q, %i1 : !block.ptr<i32>
  %i0 = arith.constant 0 : i32
  // CHECK: block.atomic_cas acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : !block.ptr<i32>
  %o8 = block.atomic_cas acq_rel, gpu, %q, %i0, %i1 : !block.ptr<i32>
  return
}

// CHECK-LABEL: func.func @reductions
func.func @reductions(%x: tensor<16x128xf32>, %idx: tensor<128xi32>, %v: tensor<128xf32>) {
  // A named combiner's region prints by its name (named-combiners.mlir).
  // CHECK: block.reduce add %{{.*}} axis = 1 : (tensor<16x128xf32>) -> tensor<16xf32>
  %s = block.reduce %x axis = 1 : (tensor<16x128xf32>) -> tensor<16xf32> {
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    block.yield %r : f32
  }
  // CHECK: block.reduce %{{.*}}, %{{.*}} axis = 0 : (tensor<128xf32>, tensor<128xi32>) -> (f32, i32)
  %m, %i = block.reduce %v, %idx axis = 0 : (tensor<128xf32>, tensor<128xi32>) -> (f32, i32) {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %mv = arith.select %gt, %a, %b : f32
    %mi = arith.select %gt, %ai, %bi : i32
    block.yield %mv, %mi : f32, i32
  }
  // CHECK: block.scan add %{{.*}} axis = 0 reverse : (tensor<128xi32>) -> tensor<128xi32>
  %c = block.scan %idx axis = 0 reverse : (tensor<128xi32>) -> tensor<128xi32> {
  ^bb0(%a: i32, %b: i32):
    %r = arith.addi %a, %b : i32
    block.yield %r : i32
  }
  return
}

// CHECK-LABEL: func.func @dots
func.func @dots(%a: tensor<32x16xf16>, %b: tensor<16x64xf16>, %c: tensor<32x64xf32>,
                %ai: tensor<16x32xi8>, %bi: tensor<32x16xi8>, %ci: tensor<16x16xi32>) {
  // CHECK: block.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x16xf16>, tensor<16x64xf16> -> tensor<32x64xf32>
  %d = block.dot %a, %b, %c : tensor<32x16xf16>, tensor<16x64xf16> -> tensor<32x64xf32>
  // CHECK: block.dot %{{.*}} : tensor<16x32xi8>, tensor<32x16xi8> -> tensor<16x16xi32>
  %di = block.dot %ai, %bi, %ci : tensor<16x32xi8>, tensor<32x16xi8> -> tensor<16x16xi32>
  return
}

// The default precision, ieee, is not printed.
// CHECK-LABEL: func.func @precisions
func.func @precisions(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) {
  // CHECK: block.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16xf32>
  %i = block.dot %a, %b, %c precision = ieee : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  // CHECK: block.dot %{{.*}}, %{{.*}}, %{{.*}} precision = tf32 : tensor<16x16xf32>
  %t = block.dot %a, %b, %c precision = tf32 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  // CHECK: block.dot %{{.*}}, %{{.*}}, %{{.*}} precision = tf32x3 : tensor<16x16xf32>
  %x = block.dot %a, %b, %c precision = tf32x3 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  return
}

// CHECK-LABEL: func.func @debugging
func.func @debugging(%x: tensor<32xf32>, %ok: tensor<32xi1>, %i: i32) {
  // CHECK: block.print "x = " %{{.*}}, %{{.*}} : tensor<32xf32>, i32
  block.print "x = " %x, %i : tensor<32xf32>, i32
  // CHECK: block.print "bits " hex %{{.*}} : i32
  block.print "bits " hex %i : i32
  // CHECK: block.print "here"
  block.print "here"
  // CHECK: block.assert %{{.*}}, "x out of range" : tensor<32xi1>
  block.assert %ok, "x out of range" : tensor<32xi1>
  return
}

#blocked = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#row = #block.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// CHECK-LABEL: func.func @layouts
func.func @layouts(%x: tensor<16x64xf32, #blocked>, %y: tensor<128xf32, #row>) {
  // CHECK: block.reduce maxnumf %{{.*}} axis = 1 : (tensor<16x64xf32, #[[BLOCKED]]>) -> tensor<16xf32, #[[SLICE]]>
  %s = block.reduce %x axis = 1 : (tensor<16x64xf32, #blocked>) -> tensor<16xf32, #block.slice<dim = 1, parent = #blocked>> {
  ^bb0(%a: f32, %b: f32):
    %r = arith.maxnumf %a, %b : f32
    block.yield %r : f32
  }
  // CHECK: block.convert_layout %{{.*}} : tensor<128xf32, #[[ROW]]> -> tensor<128xf32, #[[ONE]]>
  %c = block.convert_layout %y : tensor<128xf32, #row> -> tensor<128xf32, #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
  return
}
