// RUN: block-opt %s -block-kernel-defaults=chip=sm_90a -block-lower-tensor-descriptors=tma=true | FileCheck %s
// RUN: block-opt %s -block-kernel-defaults=chip=sm_80 -block-lower-tensor-descriptors=tma=true | FileCheck %s --check-prefix=SM80
// RUN: block-opt %s -block-kernel-defaults=chip=sm_90a -block-lower-tensor-descriptors | FileCheck %s --check-prefix=SM80

// With tma on a chip with wgmma, the tiles of a pipelined loop's wgmma
// product whose descriptors the runtime can encode stay for the copy
// engine, as do stores to such descriptors; every other access becomes
// pointer operations. Without tma, or on sm_80, every access does.

// CHECK-LABEL: func.func @kept
// CHECK: %[[DA:.*]] = block.make_tensor_desc %arg0
// CHECK: %[[DB:.*]] = block.make_tensor_desc %arg1
// CHECK: scf.for
// CHECK: block.desc_load %[[DA]]
// CHECK: block.desc_load %[[DB]]
// CHECK: block.dot
// CHECK: %[[DC:.*]] = block.make_tensor_desc %arg2
// CHECK: block.desc_store %[[DC]]
// SM80-LABEL: func.func @kept
// SM80-NOT: desc_load
// SM80: block.load
// SM80: block.load
// SM80-NOT: desc_store
// SM80: block.store
func.func @kept(%a: !block.ptr<bf16>, %b: !block.ptr<bf16>, %c: !block.ptr<f32>, %m: i32, %k: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %da = block.make_tensor_desc %a, [%m, %k], [%k, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %db = block.make_tensor_desc %b, [%k, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %r = scf.for %k0 = %c0 to %k step %c64 iter_args(%acc = %zero) -> (tensor<64x64xf32>) : i32 {
    %at = block.desc_load %da[%c0, %k0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
    %bt = block.desc_load %db[%k0, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
    %d = block.dot %at, %bt, %acc : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  %dc = block.make_tensor_desc %c, [%m, %c64], [%c64, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<64x64xf32>>
  block.desc_store %dc[%c0, %c0], %r : !block.tensordesc<tensor<64x64xf32>>, tensor<64x64xf32>
  return
}

// A base computed in the kernel, an innermost stride that is not a
// constant, a tile outside a loop and a loop that does not pipeline: no map
// the runtime can encode, or no ring to copy into.
// CHECK-LABEL: func.func @lowered
// CHECK-NOT: desc_load
// CHECK-NOT: desc_store
// CHECK: block.store
// CHECK: return
func.func @lowered(%a: !block.ptr<bf16>, %c: !block.ptr<f32>, %m: i32, %k: i32, %s: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %moved = block.addptr %a, %k : !block.ptr<bf16>, i32
  %dm = block.make_tensor_desc %moved, [%m, %k], [%k, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %ds = block.make_tensor_desc %a, [%m, %k], [%k, %s] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %da = block.make_tensor_desc %a, [%m, %k], [%k, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %r1 = scf.for %k0 = %c0 to %k step %c64 iter_args(%acc = %zero) -> (tensor<64x64xf32>) : i32 {
    %at = block.desc_load %dm[%c0, %k0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
    %d = block.dot %at, %at, %acc : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  %r2 = scf.for %k0 = %c0 to %k step %c64 iter_args(%acc = %zero) -> (tensor<64x64xf32>) : i32 {
    %at = block.desc_load %ds[%c0, %k0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
    %bt = block.desc_load %ds[%k0, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
    %d = block.dot %at, %bt, %acc : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  %t = block.desc_load %da[%c0, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
  %r3 = scf.for %k0 = %c0 to %k step %c64 iter_args(%acc = %zero) -> (tensor<64x64xf32>) : i32 {
    %at = block.desc_load %da[%c0, %k0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
    %d = block.dot %at, %t, %acc : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  } {block.num_stages = 1 : i32}
  %cmoved = block.addptr %c, %m : !block.ptr<f32>, i32
  %dc = block.make_tensor_desc %cmoved, [%m, %c64], [%c64, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<64x64xf32>>
  %sum = arith.addf %r1, %r2 : tensor<64x64xf32>
  %all = arith.addf %sum, %r3 : tensor<64x64xf32>
  block.desc_store %dc[%c0, %c0], %all : !block.tensordesc<tensor<64x64xf32>>, tensor<64x64xf32>
  return
}

// A tile a product reads transposed (K's in Q K^T) stays for the copy
// engine too: the copy brings it as it lies, and the product reads a
// transposed view of its buffer (blockgpu-materialize-shared-memory).
// CHECK-LABEL: func.func @kept_transposed
// CHECK: %[[DK:.*]] = block.make_tensor_desc %arg1
// CHECK: scf.for
// CHECK: %[[K:.*]] = block.desc_load %[[DK]]
// CHECK: %[[KT:.*]] = block.trans %[[K]] [1, 0]
// CHECK: block.dot %{{.*}}, %[[KT]]
// SM80-LABEL: func.func @kept_transposed
// SM80-NOT: desc_load
// SM80: block.load
// SM80: return
func.func @kept_transposed(%q: !block.ptr<bf16>, %k: !block.ptr<bf16>, %n: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %dq = block.make_tensor_desc %q, [%n, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %dk = block.make_tensor_desc %k, [%n, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %qt = block.desc_load %dq[%c0, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
  %r = scf.for %n0 = %c0 to %n step %c64 iter_args(%acc = %zero) -> (tensor<64x64xf32>) : i32 {
    %kt = block.desc_load %dk[%n0, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
    %ktt = block.trans %kt [1, 0] : tensor<64x64xbf16> -> tensor<64x64xbf16>
    %s = block.dot %qt, %ktt, %acc : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    scf.yield %s : tensor<64x64xf32>
  }
  %sink = block.make_tensor_desc %q, [%n, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %rb = arith.truncf %r : tensor<64x64xf32> to tensor<64x64xbf16>
  block.desc_store %sink[%c0, %c0], %rb : !block.tensordesc<tensor<64x64xbf16>>, tensor<64x64xbf16>
  return
}

// A tile not computed from a product (here loaded, scaled and stored, as a
// transpose or an elementwise kernel does) is stored directly, even to a
// descriptor the copy engine could take: its layout is made for its global
// accesses, and the copy engine would take it through shared memory.
// CHECK-LABEL: func.func @direct_store
// CHECK-NOT: desc_store
// CHECK: block.store
// CHECK: return
func.func @direct_store(%x: !block.ptr<f32>, %y: !block.ptr<f32>, %n: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %two = arith.constant dense<2.0> : tensor<64x64xf32>
  %dx = block.make_tensor_desc %x, [%n, %n], [%n, 1] : !block.ptr<f32> -> !block.tensordesc<tensor<64x64xf32>>
  %dy = block.make_tensor_desc %y, [%n, %n], [%n, 1] : !block.ptr<f32> -> !block.tensordesc<tensor<64x64xf32>>
  %t = block.desc_load %dx[%c0, %c0] : !block.tensordesc<tensor<64x64xf32>> -> tensor<64x64xf32>
  %s = arith.mulf %t, %two : tensor<64x64xf32>
  block.desc_store %dy[%c0, %c0], %s : !block.tensordesc<tensor<64x64xf32>>, tensor<64x64xf32>
  return
}

// A loop that writes global memory is not pipelined (its stores would run
// ahead of the copies): its tiles go by pointers, though a product reads
// them (each iteration one tile of a persistent kernel, stored there).
// CHECK-LABEL: func.func @stores_in_loop
// CHECK: scf.for
// CHECK-NOT: desc_load
// CHECK: block.dot
// CHECK: block.desc_store
func.func @stores_in_loop(%a: !block.ptr<bf16>, %b: !block.ptr<bf16>, %c: !block.ptr<f32>, %m: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %da = block.make_tensor_desc %a, [%m, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %db = block.make_tensor_desc %b, [%c64, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %dc = block.make_tensor_desc %c, [%m, %c64], [%c64, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<64x64xf32>>
  %bt = block.desc_load %db[%c0, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
  scf.for %r = %c0 to %m step %c64 : i32 {
    %at = block.desc_load %da[%r, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
    %p = block.dot %at, %bt, %zero : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    block.desc_store %dc[%r, %c0], %p : !block.tensordesc<tensor<64x64xf32>>, tensor<64x64xf32>
  }
  return
}

// Nor is a loop whose tiles two stages of a ring cannot hold in shared
// memory (here 128 KiB a stage): its tiles go by pointers.
// CHECK-LABEL: func.func @too_large_for_two_stages
// CHECK: scf.for
// CHECK-NOT: desc_load
// CHECK: block.dot
func.func @too_large_for_two_stages(%a: !block.ptr<bf16>, %b: !block.ptr<bf16>, %c: !block.ptr<f32>, %n: i32)
    attributes {block.kernel, block.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %zero = arith.constant dense<0.0> : tensor<256x256xf32>
  %da = block.make_tensor_desc %a, [%c256, %n], [%n, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<256x128xbf16>>
  %db = block.make_tensor_desc %b, [%n, %c256], [%c256, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<128x256xbf16>>
  %r = scf.for %k = %c0 to %n step %c128 iter_args(%acc = %zero) -> (tensor<256x256xf32>) : i32 {
    %at = block.desc_load %da[%c0, %k] : !block.tensordesc<tensor<256x128xbf16>> -> tensor<256x128xbf16>
    %bt = block.desc_load %db[%k, %c0] : !block.tensordesc<tensor<128x256xbf16>> -> tensor<128x256xbf16>
    %p = block.dot %at, %bt, %acc : tensor<256x128xbf16>, tensor<128x256xbf16> -> tensor<256x256xf32>
    scf.yield %p : tensor<256x256xf32>
  }
  %dc = block.make_tensor_desc %c, [%c256, %c256], [%c256, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<256x256xf32>>
  block.desc_store %dc[%c0, %c0], %r : !block.tensordesc<tensor<256x256xf32>>, tensor<256x256xf32>
  return
}

// A tile loaded outside the loop whose products read it (attention's Q),
// in the kernel's body or in loops around that loop (a persistent kernel's
// loop over tiles, which may store), stays for the copy engine too: copied
// once each time its block runs.
// CHECK-LABEL: func.func @kept_invariant
// CHECK: %[[DQ:.*]] = block.make_tensor_desc %arg0
// CHECK: %[[DK:.*]] = block.make_tensor_desc %arg1
// CHECK: %[[Q:.*]] = block.desc_load %[[DQ]]
// CHECK: scf.for
// CHECK: %[[K:.*]] = block.desc_load %[[DK]]
// CHECK: block.dot %[[Q]], %[[K]]
// CHECK: scf.for
// CHECK: %[[Q2:.*]] = block.desc_load %[[DQ]]
// CHECK: scf.for
// CHECK: %[[K2:.*]] = block.desc_load %[[DK]]
// CHECK: block.dot %[[Q2]], %[[K2]]
// CHECK: block.store
// SM80-LABEL: func.func @kept_invariant
// SM80-NOT: desc_load
func.func @kept_invariant(%q: !block.ptr<bf16>, %k: !block.ptr<bf16>, %o: !block.ptr<f32>, %m: i32, %n: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %dq = block.make_tensor_desc %q, [%m, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %dk = block.make_tensor_desc %k, [%n, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %qt = block.desc_load %dq[%c0, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
  %r = scf.for %n0 = %c0 to %n step %c64 iter_args(%acc = %zero) -> (tensor<64x64xf32>) : i32 {
    %kt = block.desc_load %dk[%n0, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
    %d = block.dot %qt, %kt, %acc : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  scf.for %t = %c0 to %m step %c64 : i32 {
    %qs = block.desc_load %dq[%t, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
    %s = scf.for %n0 = %c0 to %n step %c64 iter_args(%acc = %r) -> (tensor<64x64xf32>) : i32 {
      %kt = block.desc_load %dk[%n0, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
      %d = block.dot %qs, %kt, %acc : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    }
    %rows = block.arange 0, 64 : tensor<64xi32>
    %sum = block.reduce add %s axis = 1 : (tensor<64x64xf32>) -> tensor<64xf32>
    block.store %o[%rows], %sum : !block.ptr<f32>, tensor<64xi32>
  }
  return
}

// Not so a tile under a branch (the copy's barrier phase counts the runs
// of loops only), one that two products read, or one read transposed.
// CHECK-LABEL: func.func @lowered_invariant
// CHECK: %[[DK:.*]] = block.make_tensor_desc %arg1
// CHECK-NOT: block.make_tensor_desc
// CHECK: block.desc_load %[[DK]]
// CHECK-NOT: desc_load
// CHECK: return
func.func @lowered_invariant(%q: !block.ptr<bf16>, %k: !block.ptr<bf16>, %o: !block.ptr<f32>, %m: i32, %n: i32, %flag: i1)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %dq = block.make_tensor_desc %q, [%m, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %dk = block.make_tensor_desc %k, [%n, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %r = scf.if %flag -> tensor<64x64xf32> {
    %qt = block.desc_load %dq[%c0, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
    %s = scf.for %n0 = %c0 to %n step %c64 iter_args(%acc = %zero) -> (tensor<64x64xf32>) : i32 {
      %kt = block.desc_load %dk[%n0, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
      %d = block.dot %kt, %qt, %acc : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    }
    scf.yield %s : tensor<64x64xf32>
  } else {
    scf.yield %zero : tensor<64x64xf32>
  }
  %q2 = block.desc_load %dq[%c0, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
  %q3 = block.desc_load %dq[%c64, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
  %q3t = block.trans %q3 [1, 0] : tensor<64x64xbf16> -> tensor<64x64xbf16>
  %u = scf.for %n0 = %c0 to %n step %c64 iter_args(%acc = %r) -> (tensor<64x64xf32>) : i32 {
    %d = block.dot %q2, %q2, %acc : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    %e = block.dot %q3t, %q2, %d : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    scf.yield %e : tensor<64x64xf32>
  }
  %rows = block.arange 0, 64 : tensor<64xi32>
  %sum = block.reduce add %u axis = 1 : (tensor<64x64xf32>) -> tensor<64xf32>
  block.store %o[%rows], %sum : !block.ptr<f32>, tensor<64xi32>
  return
}

// A tile that products of the loop read as it lies and transposed (the
// query tile of attention's backward: the b of dS^T Q and, transposed, of
// K Q^T) stays for the copy engine: one copy, read both ways from its
// buffer.
// CHECK-LABEL: func.func @kept_both_ways
// CHECK: %[[DQ:.*]] = block.make_tensor_desc %arg0
// CHECK: scf.for
// CHECK: %[[Q:.*]] = block.desc_load %[[DQ]]
// CHECK: %[[QT:.*]] = block.trans %[[Q]] [1, 0]
// CHECK: block.dot %{{.*}}, %[[QT]]
// CHECK: block.dot %{{.*}}, %[[Q]]
// SM80-LABEL: func.func @kept_both_ways
// SM80-NOT: desc_load
// SM80: block.load
// SM80: return
func.func @kept_both_ways(%q: !block.ptr<bf16>, %k: !block.ptr<bf16>, %n: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %dq = block.make_tensor_desc %q, [%n, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %dk = block.make_tensor_desc %k, [%n, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %kt = block.desc_load %dk[%c0, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
  %r = scf.for %m0 = %c0 to %n step %c64 iter_args(%acc = %zero) -> (tensor<64x64xf32>) : i32 {
    %qt = block.desc_load %dq[%m0, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
    %qtt = block.trans %qt [1, 0] : tensor<64x64xbf16> -> tensor<64x64xbf16>
    %s = block.dot %kt, %qtt, %zero : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    %p = arith.truncf %s : tensor<64x64xf32> to tensor<64x64xbf16>
    %d = block.dot %p, %qt, %acc : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  %sink = block.make_tensor_desc %k, [%n, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %rb = arith.truncf %r : tensor<64x64xf32> to tensor<64x64xbf16>
  block.desc_store %sink[%c0, %c0], %rb : !block.tensordesc<tensor<64x64xbf16>>, tensor<64x64xbf16>
  return
}

// A tile transposed as operand a (dW = X^T dY) stays too: wgmma reads a
// 16-bit a m-major through its descriptor.
// CHECK-LABEL: func.func @kept_transposed_a
// CHECK: %[[DX:.*]] = block.make_tensor_desc %arg0
// CHECK: scf.for
// CHECK: %[[X:.*]] = block.desc_load %[[DX]]
// CHECK: %[[XT:.*]] = block.trans %[[X]] [1, 0]
// CHECK: block.desc_load
// CHECK: block.dot %[[XT]], %{{.*}}
// SM80-LABEL: func.func @kept_transposed_a
// SM80-NOT: desc_load
// SM80: block.load
// SM80: return
func.func @kept_transposed_a(%x: !block.ptr<bf16>, %dy: !block.ptr<bf16>, %m: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %dx = block.make_tensor_desc %x, [%m, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %ddy = block.make_tensor_desc %dy, [%m, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %r = scf.for %i = %c0 to %m step %c64 iter_args(%acc = %zero) -> (tensor<64x64xf32>) : i32 {
    %xt = block.desc_load %dx[%i, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
    %xtt = block.trans %xt [1, 0] : tensor<64x64xbf16> -> tensor<64x64xbf16>
    %yt = block.desc_load %ddy[%i, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
    %d = block.dot %xtt, %yt, %acc : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  %rb = arith.truncf %r : tensor<64x64xf32> to tensor<64x64xbf16>
  block.desc_store %dx[%c0, %c0], %rb : !block.tensordesc<tensor<64x64xbf16>>, tensor<64x64xbf16>
  return
}

// wgmma reads 8-bit operands k-major only, which the copy engine's buffer
// of an fp8 tile is for a as it lies and b transposed only: X^T as a (and
// dY as it lies as b) are read as pointer loads. So is a tile that anything
// but a product reads.
// CHECK-LABEL: func.func @lowered_other_orientations
// CHECK-NOT: desc_load
// CHECK: return
func.func @lowered_other_orientations(%x: !block.ptr<f8E4M3FN>, %dy: !block.ptr<f8E4M3FN>, %q: !block.ptr<bf16>, %m: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %dx = block.make_tensor_desc %x, [%m, %c64], [%c64, %c1] : !block.ptr<f8E4M3FN> -> !block.tensordesc<tensor<64x64xf8E4M3FN>>
  %ddy = block.make_tensor_desc %dy, [%m, %c64], [%c64, %c1] : !block.ptr<f8E4M3FN> -> !block.tensordesc<tensor<64x64xf8E4M3FN>>
  %dq = block.make_tensor_desc %q, [%m, %c64], [%c64, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %r:2 = scf.for %i = %c0 to %m step %c64 iter_args(%acc = %zero, %acc2 = %zero) -> (tensor<64x64xf32>, tensor<64x64xf32>) : i32 {
    %xt = block.desc_load %dx[%i, %c0] : !block.tensordesc<tensor<64x64xf8E4M3FN>> -> tensor<64x64xf8E4M3FN>
    %xtt = block.trans %xt [1, 0] : tensor<64x64xf8E4M3FN> -> tensor<64x64xf8E4M3FN>
    %yt = block.desc_load %ddy[%i, %c0] : !block.tensordesc<tensor<64x64xf8E4M3FN>> -> tensor<64x64xf8E4M3FN>
    %d = block.dot %xtt, %yt, %acc : tensor<64x64xf8E4M3FN>, tensor<64x64xf8E4M3FN> -> tensor<64x64xf32>
    %qt = block.desc_load %dq[%i, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
    %e = block.dot %qt, %qt, %acc2 : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    %qf = arith.extf %qt : tensor<64x64xbf16> to tensor<64x64xf32>
    %f = arith.addf %e, %qf : tensor<64x64xf32>
    scf.yield %d, %f : tensor<64x64xf32>, tensor<64x64xf32>
  }
  %sum = arith.addf %r#0, %r#1 : tensor<64x64xf32>
  %rb = arith.truncf %sum : tensor<64x64xf32> to tensor<64x64xbf16>
  block.desc_store %dq[%c0, %c0], %rb : !block.tensordesc<tensor<64x64xbf16>>, tensor<64x64xbf16>
  return
}
