// RUN: rm -rf %t && mkdir -p %t
// RUN: block-opt %s -block-kernel-defaults=chip=sm_90a -canonicalize -block-pipeline-dot-operands -block-assign-layouts -block-remove-layout-conversions -blockgpu-materialize-shared-memory -blockgpu-pipeline-loops -blockgpu-allocate-shared-memory -blockgpu-insert-barriers -o %t/pipelined.mlir
// RUN: FileCheck %s < %t/pipelined.mlir
// RUN: block-run %s --grid=2 --arg=ptr:f16:8000:randn=1 --arg=ptr:f16:5120:randn=2 --arg=ptr:f32:6400:zeros --arg=i32:100 --arg=i32:64 --arg=i32:80 --arg=i32:80 --arg=i32:1 --arg=i32:64 --arg=i32:1 --out=2:%t/before.npy
// RUN: block-run %t/pipelined.mlir --grid=2 --arg=ptr:f16:8000:randn=1 --arg=ptr:f16:5120:randn=2 --arg=ptr:f32:6400:zeros --arg=i32:100 --arg=i32:64 --arg=i32:80 --arg=i32:80 --arg=i32:1 --arg=i32:64 --arg=i32:1 --out=2:%t/after.npy
// RUN: cmp %t/before.npy %t/after.npy

// Triton's tutorial 03 as its Python front end emits it: the tiles' pointers
// advance by `BLOCK_K * stride` (runtime strides) computed in the loop's
// body, K is masked with `offs_k < K - k * BLOCK_K` over cdiv(K, BLOCK_K)
// iterations, and the rows wrap (`% M`). The offsets move before the loop
// and the tiles go through rings of shared buffers (cp.async feeding
// wgmma). The interpreter computes the same product before and after, bit
// for bit (M = 100, N = 64, K = 80: the last program's rows wrap and the
// last iteration is masked).
// CHECK: arith.muli %arg7, %{{.+}} : i32
// CHECK-NEXT: block.splat
// CHECK-NEXT: arith.muli %arg8, %{{.+}} : i32
// CHECK: scf.for
// CHECK: blockgpu.async_wait {num = 1 : i32}
// CHECK: blockgpu.dot {{.+}} async
// CHECK: blockgpu.async_copy
// CHECK: blockgpu.async_copy
// CHECK-NOT: block.load
// CHECK: scf.yield
func.func @tutorial(%a: !block.ptr<f16>, %b: !block.ptr<f16>, %c: !block.ptr<f32>,
                    %M: i32, %N: i32, %K: i32, %stride_am: i32, %stride_ak: i32,
                    %stride_bk: i32, %stride_bn: i32)
    attributes {block.kernel, block.num_warps = 4 : i32, block.num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c31 = arith.constant 31 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %pid = block.program_id x
  %row0 = arith.muli %pid, %c64 : i32
  %r64 = block.arange 0, 64 : tensor<64xi32>
  %r32 = block.arange 0, 32 : tensor<32xi32>
  %row0s = block.splat %row0 : tensor<64xi32>
  %rows = arith.addi %row0s, %r64 : tensor<64xi32>
  %Ms = block.splat %M : tensor<64xi32>
  %offs_am = arith.remsi %rows, %Ms : tensor<64xi32>
  %Ns = block.splat %N : tensor<64xi32>
  %offs_bn = arith.remsi %r64, %Ns : tensor<64xi32>
  %am = block.expand_dims %offs_am, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %sams = block.splat %stride_am : tensor<64x1xi32>
  %amo = arith.muli %am, %sams : tensor<64x1xi32>
  %ak = block.expand_dims %r32, 0 : tensor<32xi32> -> tensor<1x32xi32>
  %saks = block.splat %stride_ak : tensor<1x32xi32>
  %ako = arith.muli %ak, %saks : tensor<1x32xi32>
  %amob = block.broadcast %amo : tensor<64x1xi32> -> tensor<64x32xi32>
  %akob = block.broadcast %ako : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %amob, %akob : tensor<64x32xi32>
  %a0 = block.addptr %a, %aoff : !block.ptr<f16>, tensor<64x32xi32>
  %bk = block.expand_dims %r32, 1 : tensor<32xi32> -> tensor<32x1xi32>
  %sbks = block.splat %stride_bk : tensor<32x1xi32>
  %bko = arith.muli %bk, %sbks : tensor<32x1xi32>
  %bn = block.expand_dims %offs_bn, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %sbns = block.splat %stride_bn : tensor<1x64xi32>
  %bno = arith.muli %bn, %sbns : tensor<1x64xi32>
  %bkob = block.broadcast %bko : tensor<32x1xi32> -> tensor<32x64xi32>
  %bnob = block.broadcast %bno : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %bkob, %bnob : tensor<32x64xi32>
  %b0 = block.addptr %b, %boff : !block.ptr<f16>, tensor<32x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %kup = arith.addi %K, %c31 : i32
  %tiles = arith.divsi %kup, %c32 : i32
  %acc, %pa, %pb = scf.for %k = %c0 to %tiles step %c1 iter_args(%sum = %zero, %ap = %a0, %bp = %b0) -> (tensor<64x64xf32>, tensor<64x32x!block.ptr<f16>>, tensor<32x64x!block.ptr<f16>>) : i32 {
    %done = arith.muli %k, %c32 : i32
    %left = arith.subi %K, %done : i32
    %lefta = block.splat %left : tensor<1x32xi32>
    %oka = arith.cmpi slt, %ak, %lefta : tensor<1x32xi32>
    %ma = block.broadcast %oka : tensor<1x32xi1> -> tensor<64x32xi1>
    %za = arith.constant 0.0 : f16
    %zas = block.splat %za : tensor<64x32xf16>
    %at = block.load %ap mask %ma other %zas : tensor<64x32x!block.ptr<f16>>
    %leftb = block.splat %left : tensor<32x1xi32>
    %okb = arith.cmpi slt, %bk, %leftb : tensor<32x1xi32>
    %mb = block.broadcast %okb : tensor<32x1xi1> -> tensor<32x64xi1>
    %zb = arith.constant 0.0 : f16
    %zbs = block.splat %zb : tensor<32x64xf16>
    %bt = block.load %bp mask %mb other %zbs : tensor<32x64x!block.ptr<f16>>
    %d = block.dot %at, %bt, %sum : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    %c32a = arith.constant 32 : i32
    %astep = arith.muli %c32a, %stride_ak : i32
    %asteps = block.splat %astep : tensor<64x32xi32>
    %ap2 = block.addptr %ap, %asteps : tensor<64x32x!block.ptr<f16>>, tensor<64x32xi32>
    %c32b = arith.constant 32 : i32
    %bstep = arith.muli %c32b, %stride_bk : i32
    %bsteps = block.splat %bstep : tensor<32x64xi32>
    %bp2 = block.addptr %bp, %bsteps : tensor<32x64x!block.ptr<f16>>, tensor<32x64xi32>
    scf.yield %d, %ap2, %bp2 : tensor<64x64xf32>, tensor<64x32x!block.ptr<f16>>, tensor<32x64x!block.ptr<f16>>
  }
  %cm = block.expand_dims %rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %Nc = block.splat %N : tensor<64x1xi32>
  %cmo = arith.muli %cm, %Nc : tensor<64x1xi32>
  %cn = block.expand_dims %r64, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %cmob = block.broadcast %cmo : tensor<64x1xi32> -> tensor<64x64xi32>
  %cnb = block.broadcast %cn : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %cmob, %cnb : tensor<64x64xi32>
  %cp = block.addptr %c, %coff : !block.ptr<f32>, tensor<64x64xi32>
  %Mc = block.splat %M : tensor<64x1xi32>
  %rowok = arith.cmpi slt, %cm, %Mc : tensor<64x1xi32>
  %cmask = block.broadcast %rowok : tensor<64x1xi1> -> tensor<64x64xi1>
  block.store %cp, %acc mask %cmask : tensor<64x64x!block.ptr<f32>>
  return
}
