// RUN: block-opt %s --convert-block-to-gpu | FileCheck %s

// Operands and results share one layout, so register i of the result is the
// operation on register i of each operand: with two registers per thread,
// every tensor operation becomes two scalar ones.

#L = #block.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// The tables of @table's constants.
// CHECK: llvm.mlir.global internal constant @block_constant_1(dense<[1, 0, 0, 1]> : tensor<4xi8>) {addr_space = 1 : i32, alignment = 16 : i64} : !llvm.array<4 x i8>
// CHECK: llvm.mlir.global internal constant @block_constant_0(dense<[0, 1, 2, 3]> : tensor<4xi32>) {addr_space = 1 : i32, alignment = 16 : i64} : !llvm.array<4 x i32>

// CHECK-LABEL: gpu.func @arith
func.func @arith(%p: !block.ptr<f32>, %s: f32, %c: i1) attributes {block.kernel, block.num_warps = 1 : i32} {
  // A splat constant is its scalar in both registers.
  // CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
  %one = arith.constant dense<1.0> : tensor<64xf32, #L>
  // CHECK: %[[S0:.*]] = arith.addf %arg1, %[[ONE]] : f32
  // CHECK: %[[S1:.*]] = arith.addf %arg1, %[[ONE]] : f32
  %sp = block.splat %s : tensor<64xf32, #L>
  %a = arith.addf %sp, %one : tensor<64xf32, #L>
  // CHECK: %[[M0:.*]] = arith.mulf %[[S0]], %[[S0]] fastmath<fast> : f32
  // CHECK: %[[M1:.*]] = arith.mulf %[[S1]], %[[S1]] fastmath<fast> : f32
  %m = arith.mulf %a, %a fastmath<fast> : tensor<64xf32, #L>
  // CHECK: %[[C0:.*]] = arith.cmpf ogt, %[[M0]], %[[ONE]] : f32
  // CHECK: %[[C1:.*]] = arith.cmpf ogt, %[[M1]], %[[ONE]] : f32
  %gt = arith.cmpf ogt, %m, %one : tensor<64xf32, #L>
  // CHECK: arith.select %[[C0]], %[[M0]], %[[ONE]] : f32
  // CHECK: arith.select %[[C1]], %[[M1]], %[[ONE]] : f32
  %sel = arith.select %gt, %m, %one : tensor<64xi1, #L>, tensor<64xf32, #L>
  // A scalar condition serves every register.
  // CHECK: %[[U0:.*]] = arith.select %arg2, %{{.*}}, %[[ONE]] : f32
  // CHECK: %[[U1:.*]] = arith.select %arg2, %{{.*}}, %[[ONE]] : f32
  %u = arith.select %c, %sel, %one : tensor<64xf32, #L>
  // CHECK: arith.fptosi %[[U0]] : f32 to i32
  // CHECK: arith.fptosi %[[U1]] : f32 to i32
  %i = arith.fptosi %u : tensor<64xf32, #L> to tensor<64xi32, #L>
  %r = block.arange 0, 64 : tensor<64xi32, #L>
  %j = arith.addi %i, %r : tensor<64xi32, #L>
  %f = arith.sitofp %j : tensor<64xi32, #L> to tensor<64xf32, #L>
  %ps = block.splat %p : tensor<64x!block.ptr<f32>, #L>
  %pp = block.addptr %ps, %r : tensor<64x!block.ptr<f32>, #L>, tensor<64xi32, #L>
  block.store %pp, %f : tensor<64x!block.ptr<f32>, #L>
  return
}

// exp, exp2, log, log2 and rsqrt of f32 become PTX approximations (f16 is
// computed in f32); exact functions PTX has (sqrt, fma, maxnum, ...) calls
// of LLVM intrinsics, not libdevice; the others stay for convert-gpu-to-nvvm.
// CHECK-LABEL: gpu.func @math
func.func @math(%p: !block.ptr<f16>, %x: f32) attributes {block.kernel, block.num_warps = 1 : i32} {
  // CHECK: %[[LOG2E:.*]] = arith.constant 1.44269502 : f32
  // CHECK: %[[SX:.*]] = arith.mulf %arg1, %[[LOG2E]] : f32
  // CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"(%[[SX]]) : (f32) -> f32
  %e = math.exp %x : f32
  // CHECK: llvm.call_intrinsic "llvm.nvvm.rsqrt.approx.f"
  %q = math.rsqrt %e : f32
  // CHECK: %[[LG:.*]] = llvm.call_intrinsic "llvm.nvvm.lg2.approx.f"
  // CHECK: %[[LN2:.*]] = arith.constant 0.693147182 : f32
  // CHECK: arith.mulf %[[LG]], %[[LN2]] : f32
  %l = math.log %q : f32
  // CHECK: %[[SQ:.*]] = llvm.call_intrinsic "llvm.sqrt"(%{{.*}}) : (f32) -> f32
  // CHECK: %[[MX:.*]] = llvm.call_intrinsic "llvm.maxnum"(%[[SQ]], %arg1) : (f32, f32) -> f32
  // CHECK: llvm.call_intrinsic "llvm.fma"(%[[MX]], %[[MX]], %arg1) : (f32, f32, f32) -> f32
  %sq = math.sqrt %l : f32
  %mx = arith.maxnumf %sq, %x : f32
  %fm = math.fma %mx, %mx, %x : f32
  %xs = block.splat %fm : tensor<64xf32, #L>
  %xh = arith.truncf %xs : tensor<64xf32, #L> to tensor<64xf16, #L>
  %r = block.arange 0, 64 : tensor<64xi32, #L>
  %ps = block.splat %p : tensor<64x!block.ptr<f16>, #L>
  %pp = block.addptr %ps, %r : tensor<64x!block.ptr<f16>, #L>, tensor<64xi32, #L>
  %v = block.load %pp : tensor<64x!block.ptr<f16>, #L>
  // CHECK: %[[W:.*]] = arith.extf %{{.*}} : f16 to f32
  // CHECK: %[[E2:.*]] = llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"(%[[W]]) : (f32) -> f32
  // CHECK: arith.truncf %[[E2]] : f32 to f16
  // CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"
  %w = math.exp2 %v : tensor<64xf16, #L>
  // CHECK: math.tanh %{{.*}} : f16
  // CHECK: math.tanh %{{.*}} : f16
  %t = math.tanh %w : tensor<64xf16, #L>
  %o = arith.addf %t, %xh : tensor<64xf16, #L>
  block.store %pp, %o : tensor<64x!block.ptr<f16>, #L>
  return
}

// With afn (or fast), exp, exp2, log and log2 flush subnormals to zero:
// the .ftz forms, one instruction each; on tensors too.
// CHECK-LABEL: gpu.func @flush_to_zero
func.func @flush_to_zero(%p: !block.ptr<f32>, %x: f32) attributes {block.kernel, block.num_warps = 1 : i32} {
  // CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"
  %e = math.exp2 %x fastmath<afn> : f32
  // CHECK: llvm.call_intrinsic "llvm.nvvm.lg2.approx.ftz.f"
  %l = math.log %e fastmath<fast> : f32
  // CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"
  %n = math.exp %l fastmath<nnan> : f32
  %xs = block.splat %n : tensor<64xf32, #L>
  // CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"
  %t = math.exp2 %xs fastmath<afn> : tensor<64xf32, #L>
  %r = block.arange 0, 64 : tensor<64xi32, #L>
  %ps = block.splat %p : tensor<64x!block.ptr<f32>, #L>
  %pp = block.addptr %ps, %r : tensor<64x!block.ptr<f32>, #L>, tensor<64xi32, #L>
  block.store %pp, %t : tensor<64x!block.ptr<f32>, #L>
  return
}

// A constant that is no splat is a read-only table (see the top); each
// thread loads the elements it holds (i1 as bytes).
// CHECK-LABEL: gpu.func @table
// CHECK: %[[T:.*]] = llvm.mlir.addressof @block_constant_0 : !llvm.ptr<1>
// CHECK: %[[P:.*]] = llvm.getelementptr %[[T]][%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
// CHECK: llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr<1> -> i32
// CHECK: llvm.mlir.addressof @block_constant_1 : !llvm.ptr<1>
// CHECK: %[[B:.*]] = llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr<1> -> i8
// CHECK: arith.cmpi ne, %[[B]], %{{.*}} : i8
#T = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
func.func @table(%p: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 1 : i32} {
  %steps = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32, #T>
  %flags = arith.constant dense<[true, false, false, true]> : tensor<4xi1, #T>
  %s = block.splat %p : tensor<4x!block.ptr<i32>, #T>
  %sp = block.addptr %s, %steps : tensor<4x!block.ptr<i32>, #T>, tensor<4xi32, #T>
  block.store %sp, %steps mask %flags : tensor<4x!block.ptr<i32>, #T>
  return
}

// Registers that the axis-info analysis proves equal are computed once: with
// n divisible by 4, `r < n` is constant over aligned runs of 4 elements, and
// each thread holds 8 consecutive ones, so two compares serve eight
// registers. The select, whose other operands vary, stays one per register.
#L8 = #block.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
// CHECK-LABEL: gpu.func @constant_runs
func.func @constant_runs(%p: !block.ptr<f32>, %n: i32 {block.divisibility = 4}) attributes {block.kernel, block.num_warps = 1 : i32} {
  %r = block.arange 0, 256 : tensor<256xi32, #L8>
  %ns = block.splat %n : tensor<256xi32, #L8>
  // CHECK: %[[C0:.*]] = arith.cmpi slt, %{{.*}}, %arg1 : i32
  // CHECK-NEXT: %[[C1:.*]] = arith.cmpi slt, %{{.*}}, %arg1 : i32
  // CHECK-NOT: arith.cmpi
  // CHECK-COUNT-4: arith.select %[[C0]],
  // CHECK-COUNT-4: arith.select %[[C1]],
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32, #L8>
  %f = arith.sitofp %r : tensor<256xi32, #L8> to tensor<256xf32, #L8>
  %zero = arith.constant dense<0.0> : tensor<256xf32, #L8>
  %v = arith.select %m, %f, %zero : tensor<256xi1, #L8>, tensor<256xf32, #L8>
  %ps = block.splat %p : tensor<256x!block.ptr<f32>, #L8>
  %pp = block.addptr %ps, %r : tensor<256x!block.ptr<f32>, #L8>, tensor<256xi32, #L8>
  block.store %pp, %v : tensor<256x!block.ptr<f32>, #L8>
  return
}

// Rounding f32 to bf16 or f16 goes two registers at a time (one
// cvt.rn.bf16x2.f32 on sm_80 and later); a rounding mode or an odd register
// out goes one at a time.
#P4 = #block.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
// CHECK-LABEL: gpu.func @pairs
// CHECK-COUNT-2: llvm.fptrunc %{{.+}} : vector<2xf32> to vector<2xbf16>
// CHECK-COUNT-2: llvm.fptrunc %{{.+}} : vector<2xf32> to vector<2xf16>
// CHECK-NOT: vector<2xf32>
// CHECK: gpu.return
func.func @pairs(%xp: !block.ptr<f32>, %p: !block.ptr<bf16>, %q: !block.ptr<f16>, %r: !block.ptr<bf16>) attributes {block.kernel, block.num_warps = 1 : i32} {
  %offsets = block.arange 0, 128 : tensor<128xi32, #P4>
  %xs = block.splat %xp : tensor<128x!block.ptr<f32>, #P4>
  %xa = block.addptr %xs, %offsets : tensor<128x!block.ptr<f32>, #P4>, tensor<128xi32, #P4>
  %x = block.load %xa : tensor<128x!block.ptr<f32>, #P4>
  %b = arith.truncf %x : tensor<128xf32, #P4> to tensor<128xbf16, #P4>
  %h = arith.truncf %x : tensor<128xf32, #P4> to tensor<128xf16, #P4>
  %t = arith.truncf %x to_nearest_away : tensor<128xf32, #P4> to tensor<128xbf16, #P4>
  %pb = block.splat %p : tensor<128x!block.ptr<bf16>, #P4>
  block.store %pb, %b : tensor<128x!block.ptr<bf16>, #P4>
  %ph = block.splat %q : tensor<128x!block.ptr<f16>, #P4>
  block.store %ph, %h : tensor<128x!block.ptr<f16>, #P4>
  %pt = block.splat %r : tensor<128x!block.ptr<bf16>, #P4>
  block.store %pt, %t : tensor<128x!block.ptr<bf16>, #P4>
  return
}

// A mask of an arange's columns against a bound per row (attention's
// `key <= last key of the row`): register r of the columns is the thread's
// part t plus a constant c_r, so each compare takes c_r and the bound less
// t, subtracted once per row (saturating, as t >= 0): no register holds a
// column. Where the columns also serve as addresses, they are computed
// anyway and compared as they are.
#M = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
#R = #block.slice<dim = 1, parent = #M>
#C = #block.slice<dim = 0, parent = #M>
// CHECK-LABEL: gpu.func @column_mask
// CHECK: %[[REL:.+]] = llvm.intr.ssub.sat(%{{.+}}, %{{.+}}) : (i32, i32) -> i32
// CHECK-NOT: llvm.intr.ssub.sat
// CHECK-COUNT-4: arith.cmpi sle, %c{{[0-3]}}_i32{{(_[0-9]+)?}}, %[[REL]] : i32
// CHECK-NOT: arith.cmpi
func.func @column_mask(%p: !block.ptr<f32>, %n: i32) attributes {block.kernel, block.num_warps = 1 : i32} {
  %rows = block.arange 0, 4 : tensor<4xi32, #R>
  %ns = block.splat %n : tensor<4xi32, #R>
  %last = arith.addi %rows, %ns : tensor<4xi32, #R>
  %last_e = block.expand_dims %last, 1 : tensor<4xi32, #R> -> tensor<4x1xi32, #M>
  %last_b = block.broadcast %last_e : tensor<4x1xi32, #M> -> tensor<4x32xi32, #M>
  %cols = block.arange 0, 32 : tensor<32xi32, #C>
  %cols_e = block.expand_dims %cols, 0 : tensor<32xi32, #C> -> tensor<1x32xi32, #M>
  %cols_b = block.broadcast %cols_e : tensor<1x32xi32, #M> -> tensor<4x32xi32, #M>
  %keep = arith.cmpi sle, %cols_b, %last_b : tensor<4x32xi32, #M>
  %one = arith.constant dense<1.0> : tensor<4x32xf32, #M>
  %zero = arith.constant dense<0.0> : tensor<4x32xf32, #M>
  %v = arith.select %keep, %one, %zero : tensor<4x32xi1, #M>, tensor<4x32xf32, #M>
  %offs = arith.constant dense<0> : tensor<4x32xi32, #M>
  %ps = block.splat %p : tensor<4x32x!block.ptr<f32>, #M>
  %pp = block.addptr %ps, %offs : tensor<4x32x!block.ptr<f32>, #M>, tensor<4x32xi32, #M>
  block.store %pp, %v : tensor<4x32x!block.ptr<f32>, #M>
  return
}

// CHECK-LABEL: gpu.func @column_mask_and_addresses
// CHECK-NOT: llvm.intr.ssub.sat
// CHECK-COUNT-4: arith.cmpi sle, %{{.+}}, %{{.+}} : i32
// CHECK-NOT: arith.cmpi
func.func @column_mask_and_addresses(%p: !block.ptr<f32>, %n: i32) attributes {block.kernel, block.num_warps = 1 : i32} {
  %rows = block.arange 0, 4 : tensor<4xi32, #R>
  %ns = block.splat %n : tensor<4xi32, #R>
  %last = arith.addi %rows, %ns : tensor<4xi32, #R>
  %last_e = block.expand_dims %last, 1 : tensor<4xi32, #R> -> tensor<4x1xi32, #M>
  %last_b = block.broadcast %last_e : tensor<4x1xi32, #M> -> tensor<4x32xi32, #M>
  %cols = block.arange 0, 32 : tensor<32xi32, #C>
  %cols_e = block.expand_dims %cols, 0 : tensor<32xi32, #C> -> tensor<1x32xi32, #M>
  %cols_b = block.broadcast %cols_e : tensor<1x32xi32, #M> -> tensor<4x32xi32, #M>
  %keep = arith.cmpi sle, %cols_b, %last_b : tensor<4x32xi32, #M>
  %ps = block.splat %p : tensor<4x32x!block.ptr<f32>, #M>
  %pp = block.addptr %ps, %cols_b : tensor<4x32x!block.ptr<f32>, #M>, tensor<4x32xi32, #M>
  %one = arith.constant dense<1.0> : tensor<4x32xf32, #M>
  block.store %pp, %one mask %keep : tensor<4x32x!block.ptr<f32>, #M>
  return
}
