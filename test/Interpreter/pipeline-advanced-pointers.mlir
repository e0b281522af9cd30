// RUN: rm -rf %t && mkdir -p %t
// RUN: block-opt %s -block-kernel-defaults=chip=sm_90a -canonicalize -block-pipeline-dot-operands -block-assign-layouts -block-remove-layout-conversions -blockgpu-materialize-shared-memory -blockgpu-pipeline-loops -blockgpu-allocate-shared-memory -blockgpu-insert-barriers -o %t/pipelined.mlir
// RUN: FileCheck %s < %t/pipelined.mlir
// RUN: block-run %s --grid=2 --arg=ptr:bf16:10240:randn=1 --arg=ptr:bf16:5120:randn=2 --arg=ptr:f32:8192:zeros --arg=i32:64 --arg=i32:80 --out=2:%t/before.npy
// RUN: block-run %t/pipelined.mlir --grid=2 --arg=ptr:bf16:10240:randn=1 --arg=ptr:bf16:5120:randn=2 --arg=ptr:f32:8192:zeros --arg=i32:64 --arg=i32:80 --out=2:%t/after.npy
// RUN: cmp %t/before.npy %t/after.npy

// The tiles of a Triton-style loop, whose pointers the iter_args advance by
// the same offsets every iteration, go through rings of shared buffers too
// (blockgpu-pipeline-loops): the copies of iteration i + 2 read the
// pointers of iteration i advanced twice. The interpreter computes the
// same product before and after, bit for bit.
// CHECK: scf.for {{.+}} iter_args(%{{[^ ]+}} = %{{[^ ]+}}, %[[AP:[^ ]+]] = %{{[^ ]+}}, %[[BP:[^ ]+]] = %{{[^ ]+}},
// CHECK: blockgpu.async_wait {num = 1 : i32}
// CHECK: scf.if
// CHECK: %[[TWO:.+]] = arith.muli %{{.+}}, %{{.+}} : tensor<64x32xi32
// CHECK: %[[AHEAD:.+]] = block.addptr %[[AP]], %[[TWO]]
// CHECK: blockgpu.async_copy %[[AHEAD]]
// CHECK-NOT: block.load
// CHECK: scf.yield
// c = a * b, bf16 a (M x K) and b (K x N) row-major, one 64 x 64 tile of c
// per program, the tiles of a and b advanced through the loop's iter_args
// by 32 columns of a and 32 rows of b (the way Triton's tutorial writes
// it); K is masked (not a multiple of 32).
func.func @advanced(%a: !block.ptr<bf16> {block.alignment = 16}, %b: !block.ptr<bf16> {block.alignment = 16},
                    %c: !block.ptr<f32> {block.alignment = 16}, %n: i32 {block.divisibility = 16},
                    %k: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %pm = block.program_id x
  %row0 = arith.muli %pm, %c64 : i32
  %r64 = block.arange 0, 64 : tensor<64xi32>
  %r32 = block.arange 0, 32 : tensor<32xi32>
  %row0s = block.splat %row0 : tensor<64xi32>
  %rows = arith.addi %row0s, %r64 : tensor<64xi32>
  %ks = block.splat %k : tensor<64xi32>
  %arow = arith.muli %rows, %ks : tensor<64xi32>
  %arowb = block.broadcast %arow dims [0] : tensor<64xi32> -> tensor<64x32xi32>
  %kcolb = block.broadcast %r32 dims [1] : tensor<32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arowb, %kcolb : tensor<64x32xi32>
  %a0 = block.addptr %a, %aoff : !block.ptr<bf16>, tensor<64x32xi32>
  %ns = block.splat %n : tensor<32xi32>
  %brow = arith.muli %r32, %ns : tensor<32xi32>
  %browb = block.broadcast %brow dims [0] : tensor<32xi32> -> tensor<32x64xi32>
  %bcolb = block.broadcast %r64 dims [1] : tensor<64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bcolb : tensor<32x64xi32>
  %b0 = block.addptr %b, %boff : !block.ptr<bf16>, tensor<32x64xi32>
  %astep = arith.constant dense<32> : tensor<64x32xi32>
  %n32 = arith.muli %n, %c32 : i32
  %bstep = block.splat %n32 : tensor<32x64xi32>
  %azero = arith.constant dense<0.0> : tensor<64x32xbf16>
  %bzero = arith.constant dense<0.0> : tensor<32x64xbf16>
  %acc, %pa, %pb = scf.for %k0 = %c0 to %k step %c32 iter_args(%sum = %zero, %ap = %a0, %bp = %b0) -> (tensor<64x64xf32>, tensor<64x32x!block.ptr<bf16>>, tensor<32x64x!block.ptr<bf16>>) : i32 {
    %kleft = arith.subi %k, %k0 : i32
    %kls = block.splat %kleft : tensor<32xi32>
    %kok = arith.cmpi slt, %r32, %kls : tensor<32xi32>
    %amask = block.broadcast %kok dims [1] : tensor<32xi1> -> tensor<64x32xi1>
    %bmask = block.broadcast %kok dims [0] : tensor<32xi1> -> tensor<32x64xi1>
    %at = block.load %ap mask %amask other %azero : tensor<64x32x!block.ptr<bf16>>
    %bt = block.load %bp mask %bmask other %bzero : tensor<32x64x!block.ptr<bf16>>
    %d = block.dot %at, %bt, %sum : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
    %ap2 = block.addptr %ap, %astep : tensor<64x32x!block.ptr<bf16>>, tensor<64x32xi32>
    %bp2 = block.addptr %bp, %bstep : tensor<32x64x!block.ptr<bf16>>, tensor<32x64xi32>
    scf.yield %d, %ap2, %bp2 : tensor<64x64xf32>, tensor<64x32x!block.ptr<bf16>>, tensor<32x64x!block.ptr<bf16>>
  }
  %ns64 = block.splat %n : tensor<64xi32>
  %crow = arith.muli %rows, %ns64 : tensor<64xi32>
  %crowb = block.broadcast %crow dims [0] : tensor<64xi32> -> tensor<64x64xi32>
  %ccolb = block.broadcast %r64 dims [1] : tensor<64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<64x64xi32>
  %cp = block.addptr %c, %coff : !block.ptr<f32>, tensor<64x64xi32>
  block.store %cp, %acc : tensor<64x64x!block.ptr<f32>>
  return
}
