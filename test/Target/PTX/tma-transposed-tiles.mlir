// REQUIRES: ptxas
// Tiles the copy engine brings into a loop's ring, read by wgmma as they
// lie and transposed from the same buffer. `both_ways` reads Q's tile as
// the k-major b of K Q^T (transpose flag 0) and as the n-major b of P Q
// (flag 1), through one descriptor: one copy per iteration, one box.
// `transposed_a` (dW = X^T dY) reads X's tile as an m-major a (a's
// transpose flag 1) and dY's as an n-major b (1). ptxas assembles both.
// RUN: block-compile %s -o %t --chip=sm_90a --no-cubin --specialize=none
// RUN: FileCheck %s --implicit-check-not=cp.async.cg --implicit-check-not=ld.global < %t/tma-transposed-tiles.ptx
// RUN: %ptxas -arch=sm_90a %t/tma-transposed-tiles.ptx -o %t/tma-transposed-tiles.cubin

// CHECK-LABEL: .entry both_ways(
// CHECK: wgmma.fence.sync.aligned;
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, %[[Q:rd[0-9]+]], p, 1, 1, 0;
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, %[[Q]], p, 1, 1, 1;
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: mbarrier.arrive.expect_tx.shared.b64 _, [%r{{[0-9]+}}], %r{{[0-9]+}};
// CHECK-NEXT: // end inline asm
// CHECK-NOT: wgmma
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// CHECK-NOT: cp.async.bulk.tensor.2d.shared::cluster
// CHECK-LABEL: .entry transposed_a(
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{.*}}, p, 1, 1, 1, 1;
// CHECK: mbarrier.arrive.expect_tx.shared.b64
// CHECK-COUNT-3: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes

func.func @both_ways(%q: !block.ptr<bf16>, %k: !block.ptr<bf16>, %out: !block.ptr<f32>, %n: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %dq = block.make_tensor_desc %q, [%n, %c64], [64, 1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %dk = block.make_tensor_desc %k, [%n, %c64], [64, 1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %kt = block.desc_load %dk[%c0, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
  %r = scf.for %m = %c0 to %n step %c64 iter_args(%acc = %zero) -> (tensor<64x64xf32>) : i32 {
    %qt = block.desc_load %dq[%m, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
    %qtt = block.trans %qt [1, 0] : tensor<64x64xbf16> -> tensor<64x64xbf16>
    %s = block.dot %kt, %qtt, %zero : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    %p = arith.truncf %s : tensor<64x64xf32> to tensor<64x64xbf16>
    %d = block.dot %p, %qt, %acc : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  } {block.num_stages = 3 : i32}
  %do = block.make_tensor_desc %out, [%c64, %c64], [%c64, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<64x64xf32>>
  block.desc_store %do[%c0, %c0], %r : !block.tensordesc<tensor<64x64xf32>>, tensor<64x64xf32>
  return
}

func.func @transposed_a(%x: !block.ptr<bf16>, %dy: !block.ptr<bf16>, %dw: !block.ptr<f32>, %m: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.0> : tensor<64x128xf32>
  %dx = block.make_tensor_desc %x, [%m, %c64], [64, 1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x64xbf16>>
  %ddy = block.make_tensor_desc %dy, [%m, %c128], [128, 1] : !block.ptr<bf16> -> !block.tensordesc<tensor<64x128xbf16>>
  %r = scf.for %i = %c0 to %m step %c64 iter_args(%acc = %zero) -> (tensor<64x128xf32>) : i32 {
    %xt = block.desc_load %dx[%i, %c0] : !block.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
    %xtt = block.trans %xt [1, 0] : tensor<64x64xbf16> -> tensor<64x64xbf16>
    %yt = block.desc_load %ddy[%i, %c0] : !block.tensordesc<tensor<64x128xbf16>> -> tensor<64x128xbf16>
    %d = block.dot %xtt, %yt, %acc : tensor<64x64xbf16>, tensor<64x128xbf16> -> tensor<64x128xf32>
    scf.yield %d : tensor<64x128xf32>
  } {block.num_stages = 3 : i32}
  %dd = block.make_tensor_desc %dw, [%c64, %c128], [%c128, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<64x128xf32>>
  block.desc_store %dd[%c0, %c0], %r : !block.tensordesc<tensor<64x128xf32>>, tensor<64x128xf32>
  return
}
