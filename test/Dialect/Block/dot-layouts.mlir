// RUN: block-opt %s -split-input-file -test-block-dot-layouts -mlir-print-local-scope | FileCheck %s

// Which layout each block.dot's accumulator would get, by the module's chip
// (block.target), the element types, the shape and the kernel's warps
// (chooseDotAccumulatorLayout, which block-assign-layouts uses). On sm_90a
// wgmma takes f16 and bf16 into f32, and i8 into i32 where both operands
// are loaded k-contiguous (wgmma reads 8-bit operands k-major only: see
// @int8_k_major), and so f32 with precision = tf32 (@tf32_k_major).

// CHECK-LABEL: func.func @sm90a
module attributes {block.target = "sm_90a"} {
  func.func @sm90a() attributes {block.kernel, block.num_warps = 4 : i32} {
    %ah = arith.constant dense<1.0> : tensor<128x64xf16>
    %bh = arith.constant dense<1.0> : tensor<64x128xf16>
    %c = arith.constant dense<0.0> : tensor<128x128xf32>
    // One warpgroup, m64n128k16.
    // CHECK: block.dot {{.*}}test.accumulator = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 128, 16]>
    %0 = block.dot %ah, %bh, %c : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    %ab = arith.constant dense<1.0> : tensor<128x64xbf16>
    %bb = arith.constant dense<1.0> : tensor<64x128xbf16>
    // CHECK: block.dot {{.*}}test.accumulator = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 128, 16]>
    %1 = block.dot %ab, %bb, %c : tensor<128x64xbf16>, tensor<64x128xbf16> -> tensor<128x128xf32>
    %af = arith.constant dense<1.0> : tensor<128x64xf32>
    %bf = arith.constant dense<1.0> : tensor<64x128xf32>
    // f32 is exact (FMA) unless the precision is tf32 or tf32x3 (three
    // products of tf32 parts): then mma.sync's k8.
    // CHECK: block.dot {{.*}}test.accumulator = "fma"
    %2 = block.dot %af, %bf, %c : tensor<128x64xf32>, tensor<64x128xf32> -> tensor<128x128xf32>
    // CHECK: block.dot {{.*}}test.accumulator = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 8]>
    %3 = block.dot %af, %bf, %c precision = tf32 : tensor<128x64xf32>, tensor<64x128xf32> -> tensor<128x128xf32>
    // CHECK: block.dot {{.*}}test.accumulator = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 8]>
    %t3 = block.dot %af, %bf, %c precision = tf32x3 : tensor<128x64xf32>, tensor<64x128xf32> -> tensor<128x128xf32>
    %a8 = arith.constant dense<1> : tensor<128x64xi8>
    %b8 = arith.constant dense<1> : tensor<64x128xi8>
    %ci = arith.constant dense<0> : tensor<128x128xi32>
    // Operands not loaded from memory: nothing says they are k-major.
    // CHECK: block.dot {{.*}}test.accumulator = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 32]>
    %4 = block.dot %a8, %b8, %ci : tensor<128x64xi8>, tensor<64x128xi8> -> tensor<128x128xi32>
    %ad = arith.constant dense<1.0> : tensor<128x64xf64>
    %bd = arith.constant dense<1.0> : tensor<64x128xf64>
    %cd = arith.constant dense<0.0> : tensor<128x128xf64>
    // CHECK: block.dot {{.*}}test.accumulator = "fma"
    %6 = block.dot %ad, %bd, %cd : tensor<128x64xf64>, tensor<64x128xf64> -> tensor<128x128xf64>
    // M = 32 is below wgmma's 64 rows: mma.sync instead.
    %as = arith.constant dense<1.0> : tensor<32x64xf16>
    %cs = arith.constant dense<0.0> : tensor<32x128xf32>
    // CHECK: block.dot {{.*}}test.accumulator = #block.mma<version = 2, warpsPerCTA = [1, 4], instrShape = [16, 8, 16]>
    %7 = block.dot %as, %bh, %cs : tensor<32x64xf16>, tensor<64x128xf16> -> tensor<32x128xf32>
    return
  }

  // CHECK-LABEL: func.func @eight_warps
  func.func @eight_warps() attributes {block.kernel, block.num_warps = 8 : i32} {
    %a = arith.constant dense<1.0> : tensor<128x64xbf16>
    %b = arith.constant dense<1.0> : tensor<64x256xbf16>
    %c = arith.constant dense<0.0> : tensor<128x256xf32>
    // Two warpgroups along M (as long as M has 16 rows per warp).
    // CHECK: block.dot {{.*}}test.accumulator = #block.mma<version = 3, warpsPerCTA = [8, 1], instrShape = [64, 256, 16]>
    %0 = block.dot %a, %b, %c : tensor<128x64xbf16>, tensor<64x256xbf16> -> tensor<128x256xf32>
    %a2 = arith.constant dense<1.0> : tensor<64x64xbf16>
    %c2 = arith.constant dense<0.0> : tensor<64x256xf32>
    // M = 64 takes one warpgroup: the second goes along N.
    // CHECK: block.dot {{.*}}test.accumulator = #block.mma<version = 3, warpsPerCTA = [4, 2], instrShape = [64, 128, 16]>
    %1 = block.dot %a2, %b, %c2 : tensor<64x64xbf16>, tensor<64x256xbf16> -> tensor<64x256xf32>
    return
  }
}

// -----

// CHECK-LABEL: func.func @sm80
module attributes {block.target = "sm_80"} {
  func.func @sm80() attributes {block.kernel, block.num_warps = 4 : i32} {
    %a = arith.constant dense<1.0> : tensor<64x64xf16>
    %c = arith.constant dense<0.0> : tensor<64x64xf32>
    // CHECK: block.dot {{.*}}test.accumulator = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 16]>
    %0 = block.dot %a, %a, %c : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    %a8 = arith.constant dense<1> : tensor<64x64xi8>
    %ci = arith.constant dense<0> : tensor<64x64xi32>
    // CHECK: block.dot {{.*}}test.accumulator = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 32]>
    %1 = block.dot %a8, %a8, %ci : tensor<64x64xi8>, tensor<64x64xi8> -> tensor<64x64xi32>
    // K = 8 is below the f16 instruction's 16.
    %ak = arith.constant dense<1.0> : tensor<64x8xf16>
    %bk = arith.constant dense<1.0> : tensor<8x64xf16>
    // CHECK: block.dot {{.*}}test.accumulator = "fma"
    %3 = block.dot %ak, %bk, %c : tensor<64x8xf16>, tensor<8x64xf16> -> tensor<64x64xf32>
    // The warps balance the m16n8 tiles each repeats: 128 x 64 over [2, 2]
    // is 4 x 4 tiles per warp.
    %a1 = arith.constant dense<1.0> : tensor<128x64xf16>
    %c1 = arith.constant dense<0.0> : tensor<128x64xf32>
    // CHECK: block.dot {{.*}}test.accumulator = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 16]>
    %4 = block.dot %a1, %a, %c1 : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    return
  }
}

// -----

// sm_90 without the a has no wgmma.
// CHECK-LABEL: func.func @sm90
module attributes {block.target = "sm_90"} {
  func.func @sm90() attributes {block.kernel, block.num_warps = 4 : i32} {
    %a = arith.constant dense<1.0> : tensor<128x64xf16>
    %b = arith.constant dense<1.0> : tensor<64x128xf16>
    %c = arith.constant dense<0.0> : tensor<128x128xf32>
    // CHECK: block.dot {{.*}}test.accumulator = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 16]>
    %0 = block.dot %a, %b, %c : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    return
  }
}

// -----

// CHECK-LABEL: func.func @sm75
module attributes {block.target = "sm_75"} {
  func.func @sm75() attributes {block.kernel, block.num_warps = 4 : i32} {
    %a = arith.constant dense<1.0> : tensor<64x64xf16>
    %c = arith.constant dense<0.0> : tensor<64x64xf32>
    // CHECK: block.dot {{.*}}test.accumulator = "fma"
    %0 = block.dot %a, %a, %c : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    return
  }
}

// -----

// No block.target: no tensor cores.
// CHECK-LABEL: func.func @no_target
func.func @no_target() attributes {block.kernel, block.num_warps = 4 : i32} {
  %a = arith.constant dense<1.0> : tensor<64x64xf16>
  %c = arith.constant dense<0.0> : tensor<64x64xf32>
  // CHECK: block.dot {{.*}}test.accumulator = "fma"
  %0 = block.dot %a, %a, %c : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
  return
}

// -----

// Chained products (attention's S = Q K^T, then O += P V with P computed
// from S, through a branch): on mma.sync both put all 8 warps along M, so
// that S's rows and O's share warps; an unchained product of the same
// shape balances them.
// CHECK-LABEL: func.func @chained
module attributes {block.target = "sm_80"} {
  func.func @chained(%c: i1) attributes {block.kernel, block.num_warps = 8 : i32} {
    %q = arith.constant dense<1.0> : tensor<128x128xbf16>
    %k = arith.constant dense<1.0> : tensor<128x64xbf16>
    %v = arith.constant dense<1.0> : tensor<64x128xbf16>
    %zs = arith.constant dense<0.0> : tensor<128x64xf32>
    %zo = arith.constant dense<0.0> : tensor<128x128xf32>
    // CHECK: block.dot {{.*}}test.accumulator = #block.mma<version = 2, warpsPerCTA = [8, 1], instrShape = [16, 8, 16]>
    %s = block.dot %q, %k, %zs : tensor<128x128xbf16>, tensor<128x64xbf16> -> tensor<128x64xf32>
    %m = scf.if %c -> tensor<128x64xf32> {
      %e = math.exp2 %s : tensor<128x64xf32>
      scf.yield %e : tensor<128x64xf32>
    } else {
      scf.yield %s : tensor<128x64xf32>
    }
    %p = arith.truncf %m : tensor<128x64xf32> to tensor<128x64xbf16>
    // CHECK: block.dot {{.*}}test.accumulator = #block.mma<version = 2, warpsPerCTA = [8, 1], instrShape = [16, 8, 16]>
    %o = block.dot %p, %v, %zo : tensor<128x64xbf16>, tensor<64x128xbf16> -> tensor<128x128xf32>
    // CHECK: block.dot {{.*}}test.accumulator = #block.mma<version = 2, warpsPerCTA = [2, 4], instrShape = [16, 8, 16]>
    %u = block.dot %q, %q, %zo : tensor<128x128xbf16>, tensor<128x128xbf16> -> tensor<128x128xf32>
    return
  }
}

// -----

// i8 operands loaded with k contiguous (a's rows; b through a transposed
// load of bt's rows, or b's columns read with a row stride) get wgmma's
// m64nNk32; b loaded with n contiguous stays on mma.sync.
// CHECK-LABEL: func.func @int8_k_major
// CHECK: block.dot {{.*}}test.accumulator = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 128, 32]>
// CHECK: block.dot {{.*}}test.accumulator = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 128, 32]>
// CHECK: block.dot {{.*}}test.accumulator = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 32]>
module attributes {block.target = "sm_90a"} {
  func.func @int8_k_major(%a: !block.ptr<i8> {block.alignment = 16},
                          %b: !block.ptr<i8> {block.alignment = 16})
      attributes {block.kernel, block.num_warps = 4 : i32} {
    %c64 = arith.constant 64 : i32
    %r64 = block.arange 0, 64 : tensor<64xi32>
    %r128 = block.arange 0, 128 : tensor<128xi32>
    %k64 = block.splat %c64 : tensor<128xi32>
    // a[i, k] at i * 64 + k: k contiguous.
    %arow = arith.muli %r128, %k64 : tensor<128xi32>
    %arow2 = block.expand_dims %arow, 1 : tensor<128xi32> -> tensor<128x1xi32>
    %arowb = block.broadcast %arow2 : tensor<128x1xi32> -> tensor<128x64xi32>
    %k2 = block.expand_dims %r64, 0 : tensor<64xi32> -> tensor<1x64xi32>
    %kb = block.broadcast %k2 : tensor<1x64xi32> -> tensor<128x64xi32>
    %aoff = arith.addi %arowb, %kb : tensor<128x64xi32>
    %abase = block.splat %a : tensor<128x64x!block.ptr<i8>>
    %ap = block.addptr %abase, %aoff : tensor<128x64x!block.ptr<i8>>, tensor<128x64xi32>
    %at = block.load %ap : tensor<128x64x!block.ptr<i8>>
    %ci = arith.constant dense<0> : tensor<128x128xi32>
    // bt (128 x 64, k contiguous) loaded and transposed.
    %bbase = block.splat %b : tensor<128x64x!block.ptr<i8>>
    %bp = block.addptr %bbase, %aoff : tensor<128x64x!block.ptr<i8>>, tensor<128x64xi32>
    %btt = block.load %bp : tensor<128x64x!block.ptr<i8>>
    %bt = block.trans %btt [1, 0] : tensor<128x64xi8> -> tensor<64x128xi8>
    %0 = block.dot %at, %bt, %ci : tensor<128x64xi8>, tensor<64x128xi8> -> tensor<128x128xi32>
    // b[k, j] at j * 64 + k: loaded as 64 x 128 with k contiguous.
    %bcol2 = block.expand_dims %arow, 0 : tensor<128xi32> -> tensor<1x128xi32>
    %bcolb = block.broadcast %bcol2 : tensor<1x128xi32> -> tensor<64x128xi32>
    %kr = block.expand_dims %r64, 1 : tensor<64xi32> -> tensor<64x1xi32>
    %krb = block.broadcast %kr : tensor<64x1xi32> -> tensor<64x128xi32>
    %boff = arith.addi %bcolb, %krb : tensor<64x128xi32>
    %bbase2 = block.splat %b : tensor<64x128x!block.ptr<i8>>
    %bp2 = block.addptr %bbase2, %boff : tensor<64x128x!block.ptr<i8>>, tensor<64x128xi32>
    %bk = block.load %bp2 : tensor<64x128x!block.ptr<i8>>
    %1 = block.dot %at, %bk, %ci : tensor<128x64xi8>, tensor<64x128xi8> -> tensor<128x128xi32>
    // b[k, j] at k * 128 + j: n contiguous.
    %c128 = arith.constant 128 : i32
    %n128 = block.splat %c128 : tensor<64xi32>
    %brow = arith.muli %r64, %n128 : tensor<64xi32>
    %brow2 = block.expand_dims %brow, 1 : tensor<64xi32> -> tensor<64x1xi32>
    %browb = block.broadcast %brow2 : tensor<64x1xi32> -> tensor<64x128xi32>
    %n2 = block.expand_dims %r128, 0 : tensor<128xi32> -> tensor<1x128xi32>
    %nb = block.broadcast %n2 : tensor<1x128xi32> -> tensor<64x128xi32>
    %noff = arith.addi %browb, %nb : tensor<64x128xi32>
    %bp3 = block.addptr %bbase2, %noff : tensor<64x128x!block.ptr<i8>>, tensor<64x128xi32>
    %bn = block.load %bp3 : tensor<64x128x!block.ptr<i8>>
    %2 = block.dot %at, %bn, %ci : tensor<128x64xi8>, tensor<64x128xi8> -> tensor<128x128xi32>
    %u = arith.addi %0, %1 : tensor<128x128xi32>
    %v = arith.addi %u, %2 : tensor<128x128xi32>
    %cbase = block.splat %a : tensor<128x128x!block.ptr<i8>>
    %s = arith.trunci %v : tensor<128x128xi32> to tensor<128x128xi8>
    %cp = block.addptr %cbase, %ci : tensor<128x128x!block.ptr<i8>>, tensor<128x128xi32>
    block.store %cp, %s : tensor<128x128x!block.ptr<i8>>
    return
  }
}

// -----

// f32 tiles of descriptors (k contiguous in a's tile, and in bt's, read
// transposed as b) with precision = tf32 get wgmma's m64nNk8; tf32x3,
// whose operands are split in registers, and an n-major b stay on
// mma.sync; the exact product stays on the FMA path.
// CHECK-LABEL: func.func @tf32_k_major
// CHECK: block.dot {{.*}}test.accumulator = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 128, 8]>
// CHECK: block.dot {{.*}}test.accumulator = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 8]>
// CHECK: block.dot {{.*}}test.accumulator = "fma"
// CHECK: block.dot {{.*}}test.accumulator = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 8]>
module attributes {block.target = "sm_90a"} {
  func.func @tf32_k_major(%p: !block.ptr<f32>, %n: i32) attributes {block.kernel, block.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %da = block.make_tensor_desc %p, [%n, %n], [%n, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<128x32xf32>>
    %db = block.make_tensor_desc %p, [%n, %n], [%n, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<32x128xf32>>
    %at = block.desc_load %da[%c0, %c0] : !block.tensordesc<tensor<128x32xf32>> -> tensor<128x32xf32>
    %btile = block.desc_load %da[%c0, %c0] : !block.tensordesc<tensor<128x32xf32>> -> tensor<128x32xf32>
    %b = block.trans %btile [1, 0] : tensor<128x32xf32> -> tensor<32x128xf32>
    %bn = block.desc_load %db[%c0, %c0] : !block.tensordesc<tensor<32x128xf32>> -> tensor<32x128xf32>
    %c = arith.constant dense<0.0> : tensor<128x128xf32>
    %0 = block.dot %at, %b, %c precision = tf32 : tensor<128x32xf32>, tensor<32x128xf32> -> tensor<128x128xf32>
    %1 = block.dot %at, %b, %0 precision = tf32x3 : tensor<128x32xf32>, tensor<32x128xf32> -> tensor<128x128xf32>
    %2 = block.dot %at, %b, %1 : tensor<128x32xf32>, tensor<32x128xf32> -> tensor<128x128xf32>
    %3 = block.dot %at, %bn, %2 precision = tf32 : tensor<128x32xf32>, tensor<32x128xf32> -> tensor<128x128xf32>
    %dc = block.make_tensor_desc %p, [%n, %n], [%n, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<128x128xf32>>
    block.desc_store %dc[%c0, %c0], %3 : !block.tensordesc<tensor<128x128xf32>>, tensor<128x128xf32>
    return
  }
}
