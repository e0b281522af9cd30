// RUN: block-opt %s -blockgpu-materialize-shared-memory | FileCheck %s

// The mma.sync product: each operand kept with its rows along the dimension
// its layout holds consecutive (a: k, 64-byte rows; b: n, 128-byte rows),
// in 16-byte groups swizzled by row so that ldmatrix's eight rows meet
// different banks.
#MMA = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 16]>
#AK = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#AM = #block.blocked<sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
#BN = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[SA:.+]] = #blockgpu.swizzled<vec = 8, perPhase = 2, maxPhase = 4>
// CHECK-DAG: #[[SAT:.+]] = #blockgpu.swizzled<vec = 8, perPhase = 1, maxPhase = 8, transposed = true>
// CHECK-DAG: #[[SB:.+]] = #blockgpu.swizzled<vec = 8, perPhase = 1, maxPhase = 8>
// CHECK-DAG: #[[NA:.+]] = #blockgpu.nvmma<swizzle = 64>
// CHECK-DAG: #[[NB:.+]] = #blockgpu.nvmma<swizzle = 128>
// CHECK-DAG: #[[NAT:.+]] = #blockgpu.nvmma<swizzle = 128, transposed = true>
// CHECK-LABEL: func.func @mma_sync
// CHECK-NEXT: %[[A:.+]] = blockgpu.local_alloc %{{.+}} : tensor<64x32xbf16, #{{.+}}> -> !blockgpu.memdesc<64x32xbf16, #[[SA]]>
// CHECK-NEXT: %[[B:.+]] = blockgpu.local_alloc %{{.+}} : tensor<32x64xbf16, #{{.+}}> -> !blockgpu.memdesc<32x64xbf16, #[[SB]]>
// CHECK-NEXT: blockgpu.dot %[[A]], %[[B]], %{{.+}} : !blockgpu.memdesc<64x32xbf16, #[[SA]]>, !blockgpu.memdesc<32x64xbf16, #[[SB]]> -> tensor<64x64xf32, #{{.+}}>
// CHECK-NEXT: %[[AT:.+]] = blockgpu.local_alloc %{{.+}} : tensor<64x32xbf16, #{{.+}}> -> !blockgpu.memdesc<64x32xbf16, #[[SAT]]>
// CHECK: blockgpu.dot %[[AT]]
func.func @mma_sync(%a: tensor<64x32xbf16, #AK>, %am: tensor<64x32xbf16, #AM>, %b: tensor<32x64xbf16, #BN>, %acc: tensor<64x64xf32, #MMA>) -> (tensor<64x64xf32, #MMA>, tensor<64x64xf32, #MMA>) {
  %d = block.dot %a, %b, %acc : tensor<64x32xbf16, #AK>, tensor<32x64xbf16, #BN> -> tensor<64x64xf32, #MMA>
  %e = block.dot %am, %b, %acc : tensor<64x32xbf16, #AM>, tensor<32x64xbf16, #BN> -> tensor<64x64xf32, #MMA>
  return %d, %e : tensor<64x64xf32, #MMA>, tensor<64x64xf32, #MMA>
}

// The wgmma product: each operand in the NVMMA layout its descriptors read,
// contiguous along the dimension its layout holds consecutive (a: k; b: n,
// an n-major b), in slabs of the widest swizzle its rows fill (a's 64-byte
// rows: 64; b's 128-byte rows: 128).
#WG = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
// CHECK-LABEL: func.func @wgmma
// CHECK-NEXT: %[[A:.+]] = blockgpu.local_alloc %{{.+}} : tensor<64x32xbf16, #{{.+}}> -> !blockgpu.memdesc<64x32xbf16, #[[NA]]>
// CHECK-NEXT: %[[B:.+]] = blockgpu.local_alloc %{{.+}} : tensor<32x64xbf16, #{{.+}}> -> !blockgpu.memdesc<32x64xbf16, #[[NB]]>
// CHECK-NEXT: blockgpu.dot %[[A]], %[[B]], %{{.+}} : !blockgpu.memdesc<64x32xbf16, #[[NA]]>, !blockgpu.memdesc<32x64xbf16, #[[NB]]> -> tensor<64x64xf32, #{{.+}}>
// CHECK-NEXT: %[[AT:.+]] = blockgpu.local_alloc %{{.+}} : tensor<64x32xbf16, #{{.+}}> -> !blockgpu.memdesc<64x32xbf16, #[[NAT]]>
// CHECK: blockgpu.dot %[[AT]]
func.func @wgmma(%a: tensor<64x32xbf16, #AK>, %am: tensor<64x32xbf16, #AM>, %b: tensor<32x64xbf16, #BN>, %acc: tensor<64x64xf32, #WG>) -> (tensor<64x64xf32, #WG>, tensor<64x64xf32, #WG>) {
  %d = block.dot %a, %b, %acc : tensor<64x32xbf16, #AK>, tensor<32x64xbf16, #BN> -> tensor<64x64xf32, #WG>
  %e = block.dot %am, %b, %acc : tensor<64x32xbf16, #AM>, tensor<32x64xbf16, #BN> -> tensor<64x64xf32, #WG>
  return %d, %e : tensor<64x64xf32, #WG>, tensor<64x64xf32, #WG>
}

// Attention's chain: a loop-invariant a (Q) is staged once, before the loop;
// the rounded accumulator of the first product (P), whose layout holds
// wgmma's A fragments, is the second product's a in registers, unstaged.
// CHECK-LABEL: func.func @chained
// CHECK: %[[Q:.+]] = blockgpu.local_alloc %arg0
// CHECK: scf.for
// CHECK-NOT: blockgpu.local_alloc %arg0
// CHECK: blockgpu.dot %[[Q]],
// CHECK: %[[P:.+]] = arith.truncf
// CHECK-NOT: blockgpu.local_alloc %[[P]]
// CHECK: blockgpu.dot %[[P]], %{{.+}}, %{{.+}} : tensor<64x64xbf16, #{{.+}}>, !blockgpu.memdesc<64x64xbf16
func.func @chained(%q: tensor<64x64xbf16, #AK>, %k: tensor<64x64xbf16, #BN>, %v: tensor<64x64xbf16, #BN>, %n: i32) -> tensor<64x64xf32, #WG> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #WG>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #WG>) : i32 {
    %s = block.dot %q, %k, %zero : tensor<64x64xbf16, #AK>, tensor<64x64xbf16, #BN> -> tensor<64x64xf32, #WG>
    %p = arith.truncf %s : tensor<64x64xf32, #WG> to tensor<64x64xbf16, #WG>
    %o = block.dot %p, %v, %acc : tensor<64x64xbf16, #WG>, tensor<64x64xbf16, #BN> -> tensor<64x64xf32, #WG>
    scf.yield %o : tensor<64x64xf32, #WG>
  }
  return %r : tensor<64x64xf32, #WG>
}

// Two loops reading the same loop-invariant a alike (attention's key loop
// split by block-split-loops) share its one staged copy.
// CHECK-LABEL: func.func @split_chain
// CHECK: %[[Q:.+]] = blockgpu.local_alloc %arg0
// CHECK-NOT: blockgpu.local_alloc %arg0
// CHECK: scf.for
// CHECK: blockgpu.dot %[[Q]],
// CHECK: scf.for
// CHECK: blockgpu.dot %[[Q]],
func.func @split_chain(%q: tensor<64x64xbf16, #AK>, %k: tensor<64x64xbf16, #BN>, %n: i32, %m: i32) -> tensor<64x64xf32, #WG> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #WG>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #WG>) : i32 {
    %s = block.dot %q, %k, %acc : tensor<64x64xbf16, #AK>, tensor<64x64xbf16, #BN> -> tensor<64x64xf32, #WG>
    scf.yield %s : tensor<64x64xf32, #WG>
  }
  %t = scf.for %i = %n to %m step %c1 iter_args(%acc = %r) -> (tensor<64x64xf32, #WG>) : i32 {
    %s = block.dot %q, %k, %acc : tensor<64x64xbf16, #AK>, tensor<64x64xbf16, #BN> -> tensor<64x64xf32, #WG>
    scf.yield %s : tensor<64x64xf32, #WG>
  }
  return %t : tensor<64x64xf32, #WG>
}

// A loop-invariant a whose layout holds wgmma's A fragments (Q loaded
// straight into them) is read from shared memory where the loop's
// accumulators take more than half of a thread's registers (here 256):
// staged once, before the loop, rather than held in registers through it.
// mma.sync reads a from registers only: there it stays.
#WGA = #block.dot_operand<opIdx = 0, parent = #WG, kWidth = 2>
#MMAW = #block.mma<version = 2, warpsPerCTA = [4, 1], instrShape = [16, 8, 16]>
#MMAA = #block.dot_operand<opIdx = 0, parent = #MMAW, kWidth = 2>
// CHECK-LABEL: func.func @invariant_fragments
// CHECK: %[[Q:.+]] = blockgpu.local_alloc %arg0
// CHECK: scf.for
// CHECK-NOT: blockgpu.local_alloc %arg0
// CHECK: blockgpu.dot %[[Q]],
// CHECK-NOT: blockgpu.local_alloc %arg3
// CHECK: blockgpu.dot %arg3, %{{.+}}, %{{.+}} : tensor<64x64xbf16, #{{.+}}>, !blockgpu.memdesc<64x64xbf16
func.func @invariant_fragments(%q: tensor<128x64xbf16, #WGA>, %k: tensor<64x256xbf16, #BN>, %n: i32, %q2: tensor<64x64xbf16, #MMAA>, %k2: tensor<64x64xbf16, #BN>) -> (tensor<128x256xf32, #WG>, tensor<64x64xf32, #MMAW>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<128x256xf32, #WG>
  %zero2 = arith.constant dense<0.0> : tensor<64x64xf32, #MMAW>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %acc2 = %zero2) -> (tensor<128x256xf32, #WG>, tensor<64x64xf32, #MMAW>) : i32 {
    %s = block.dot %q, %k, %acc : tensor<128x64xbf16, #WGA>, tensor<64x256xbf16, #BN> -> tensor<128x256xf32, #WG>
    %t = block.dot %q2, %k2, %acc2 : tensor<64x64xbf16, #MMAA>, tensor<64x64xbf16, #BN> -> tensor<64x64xf32, #MMAW>
    scf.yield %s, %t : tensor<128x256xf32, #WG>, tensor<64x64xf32, #MMAW>
  }
  return %r#0, %r#1 : tensor<128x256xf32, #WG>, tensor<64x64xf32, #MMAW>
}

// With accumulators of 32 registers a thread, the same a stays in
// registers.
// CHECK-LABEL: func.func @invariant_fragments_small
// CHECK-NOT: blockgpu.local_alloc %arg0
// CHECK: blockgpu.dot %arg0, %{{.+}}, %{{.+}} : tensor<64x64xbf16, #{{.+}}>, !blockgpu.memdesc<64x64xbf16
func.func @invariant_fragments_small(%q: tensor<64x64xbf16, #WGA>, %k: tensor<64x64xbf16, #BN>, %n: i32) -> tensor<64x64xf32, #WG> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #WG>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #WG>) : i32 {
    %s = block.dot %q, %k, %acc : tensor<64x64xbf16, #WGA>, tensor<64x64xbf16, #BN> -> tensor<64x64xf32, #WG>
    scf.yield %s : tensor<64x64xf32, #WG>
  }
  return %r : tensor<64x64xf32, #WG>
}

// A tile left for the copy engine goes through one buffer as the copy
// engine writes it (rows contiguous), made before the first product that
// reads it, whatever the products read: as it lies (b of dS^T Q in
// attention's backward), transposed (b of K Q^T: a transposed view, no
// second buffer), or transposed as a (X^T in dW = X^T dY: an m-major a,
// which wgmma reads 16-bit operands as through its descriptor).
#TT = #block.blocked<sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
// CHECK-LABEL: func.func @copied_tile_both_ways
// CHECK: scf.for
// CHECK: %[[Q:.+]] = block.desc_load
// CHECK-NOT: block.trans
// CHECK: %[[BUF:.+]] = blockgpu.local_alloc %[[Q]] : tensor<64x64xbf16, #{{.+}}> -> !blockgpu.memdesc<64x64xbf16, #[[NB]]>
// CHECK-NEXT: %[[QT:.+]] = blockgpu.memdesc_trans %[[BUF]] : !blockgpu.memdesc<64x64xbf16, #[[NB]]> -> !blockgpu.memdesc<64x64xbf16, #[[NAT]]>
// CHECK-NEXT: blockgpu.dot %{{.+}}, %[[QT]], %{{.+}} : !blockgpu.memdesc<64x64xbf16, #{{.+}}>, !blockgpu.memdesc<64x64xbf16, #[[NAT]]>
// CHECK-NOT: blockgpu.local_alloc %[[Q]]
// CHECK: blockgpu.dot %{{.+}}, %[[BUF]], %{{.+}} : tensor<64x64xbf16, #{{.+}}>, !blockgpu.memdesc<64x64xbf16, #[[NB]]>
// CHECK-NOT: blockgpu.local_alloc %[[Q]]
// CHECK: %[[QTA:.+]] = blockgpu.memdesc_trans %[[BUF]]
// CHECK-NEXT: blockgpu.dot %[[QTA]], %{{.+}}, %{{.+}} : !blockgpu.memdesc<64x64xbf16, #[[NAT]]>, !blockgpu.memdesc<64x64xbf16, #{{.+}}>
// CHECK-NOT: block.trans
// CHECK: scf.yield
func.func @copied_tile_both_ways(%base: !block.ptr<bf16>, %k: tensor<64x64xbf16, #AK>, %dy: tensor<64x64xbf16, #BN>, %n: i32) -> (tensor<64x64xf32, #WG>, tensor<64x64xf32, #WG>) {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #WG>
  %d = block.make_tensor_desc %base, [%n, %c64], [64, 1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %r:2 = scf.for %i = %c0 to %n step %c64 iter_args(%acc = %zero, %acc2 = %zero) -> (tensor<64x64xf32, #WG>, tensor<64x64xf32, #WG>) : i32 {
    %q = block.desc_load %d[%i, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16, #BN>
    %qt = block.trans %q [1, 0] : tensor<64x64xbf16, #BN> -> tensor<64x64xbf16, #TT>
    %s = block.dot %k, %qt, %zero : tensor<64x64xbf16, #AK>, tensor<64x64xbf16, #TT> -> tensor<64x64xf32, #WG>
    %p = arith.truncf %s : tensor<64x64xf32, #WG> to tensor<64x64xbf16, #WG>
    %o = block.dot %p, %q, %acc : tensor<64x64xbf16, #WG>, tensor<64x64xbf16, #BN> -> tensor<64x64xf32, #WG>
    %w = block.dot %qt, %dy, %acc2 : tensor<64x64xbf16, #TT>, tensor<64x64xbf16, #BN> -> tensor<64x64xf32, #WG>
    scf.yield %o, %w : tensor<64x64xf32, #WG>, tensor<64x64xf32, #WG>
  }
  return %r#0, %r#1 : tensor<64x64xf32, #WG>, tensor<64x64xf32, #WG>
}
