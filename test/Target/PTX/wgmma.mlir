// Products on wgmma outside loops: the operands staged from registers into
// NVMMA-swizzled buffers (generic stores, then the proxy fence and the
// barrier), and the accumulator starting at zero, which the first step
// does not read (the scale-d predicate from 0). `single` reads a k-major a
// and an n-major b (b transposed: the last immediate 1); `mn_major` an
// m-major a (a given transposed: the first transpose immediate 1) and a
// k-major b. Checked on the GPU against the interpreter (bench/kernels.txt).
// RUN: block-compile %s -o %t --chip=sm_90a --no-cubin --specialize=none
// RUN: FileCheck %s < %t/wgmma.ptx
// CHECK-LABEL: .entry single(
// CHECK: fence.proxy.async.shared::cta;
// CHECK: bar.sync 0;
// CHECK: wgmma.fence.sync.aligned;
// CHECK: setp.ne.b32 p, 0, 0;
// CHECK-NEXT: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{.*}}, p, 1, 1, 0, 1;
// CHECK: setp.ne.b32 p, 1, 0;
// CHECK-NEXT: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{.*}}, p, 1, 1, 0, 1;
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-LABEL: .entry mn_major(
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, p, 1, 1, 1, 0;

// c (m x 128, f32) = a (m x 32) * b (32 x 128), m <= 64.
func.func @single(%a: !block.ptr<bf16> {block.alignment = 16},
                  %b: !block.ptr<bf16> {block.alignment = 16},
                  %c: !block.ptr<f32> {block.alignment = 16},
                  %m: i32) attributes {block.kernel, block.num_warps = 4 : i32} {
  %rows = block.arange 0, 64 : tensor<64xi32>
  %cols = block.arange 0, 128 : tensor<128xi32>
  %ks = block.arange 0, 32 : tensor<32xi32>
  %ms = block.splat %m : tensor<64xi32>
  %rowok = arith.cmpi slt, %rows, %ms : tensor<64xi32>
  %c32 = arith.constant dense<32> : tensor<64xi32>
  %arow = arith.muli %rows, %c32 : tensor<64xi32>
  %arow2 = block.broadcast %arow dims [0] : tensor<64xi32> -> tensor<64x32xi32>
  %ak = block.broadcast %ks dims [1] : tensor<32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arow2, %ak : tensor<64x32xi32>
  %amask = block.broadcast %rowok dims [0] : tensor<64xi1> -> tensor<64x32xi1>
  %ap = block.addptr %a, %aoff : !block.ptr<bf16>, tensor<64x32xi32>
  %azero = arith.constant dense<0.0> : tensor<64x32xbf16>
  %at = block.load %ap mask %amask other %azero : tensor<64x32x!block.ptr<bf16>>
  %c128 = arith.constant dense<128> : tensor<32xi32>
  %brow = arith.muli %ks, %c128 : tensor<32xi32>
  %brow2 = block.broadcast %brow dims [0] : tensor<32xi32> -> tensor<32x128xi32>
  %bcol = block.broadcast %cols dims [1] : tensor<128xi32> -> tensor<32x128xi32>
  %boff = arith.addi %brow2, %bcol : tensor<32x128xi32>
  %bp = block.addptr %b, %boff : !block.ptr<bf16>, tensor<32x128xi32>
  %bt = block.load %bp : tensor<32x128x!block.ptr<bf16>>
  %zero = arith.constant dense<0.0> : tensor<64x128xf32>
  %d = block.dot %at, %bt, %zero : tensor<64x32xbf16>, tensor<32x128xbf16> -> tensor<64x128xf32>
  %c128r = arith.constant dense<128> : tensor<64xi32>
  %crow = arith.muli %rows, %c128r : tensor<64xi32>
  %crow2 = block.broadcast %crow dims [0] : tensor<64xi32> -> tensor<64x128xi32>
  %ccol = block.broadcast %cols dims [1] : tensor<128xi32> -> tensor<64x128xi32>
  %coff = arith.addi %crow2, %ccol : tensor<64x128xi32>
  %cmask = block.broadcast %rowok dims [0] : tensor<64xi1> -> tensor<64x128xi1>
  %cp = block.addptr %c, %coff : !block.ptr<f32>, tensor<64x128xi32>
  block.store %cp, %d mask %cmask : tensor<64x128x!block.ptr<f32>>
  return
}

// c (64 x 128, f32) = a * b for a given transposed (at: 32 x 64, m
// contiguous) and b given transposed (bt: 128 x 32, k contiguous).
func.func @mn_major(%at: !block.ptr<f16> {block.alignment = 16},
                    %bt: !block.ptr<f16> {block.alignment = 16},
                    %c: !block.ptr<f32> {block.alignment = 16}) attributes {block.kernel, block.num_warps = 4 : i32} {
  %rows = block.arange 0, 64 : tensor<64xi32>
  %cols = block.arange 0, 128 : tensor<128xi32>
  %ks = block.arange 0, 32 : tensor<32xi32>
  %c64 = arith.constant dense<64> : tensor<32xi32>
  %kr = arith.muli %ks, %c64 : tensor<32xi32>
  %kr2 = block.broadcast %kr dims [1] : tensor<32xi32> -> tensor<64x32xi32>
  %ar = block.broadcast %rows dims [0] : tensor<64xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %kr2, %ar : tensor<64x32xi32>
  %ap = block.addptr %at, %aoff : !block.ptr<f16>, tensor<64x32xi32>
  %a = block.load %ap : tensor<64x32x!block.ptr<f16>>
  %c32 = arith.constant dense<32> : tensor<128xi32>
  %nr = arith.muli %cols, %c32 : tensor<128xi32>
  %nr2 = block.broadcast %nr dims [1] : tensor<128xi32> -> tensor<32x128xi32>
  %bk = block.broadcast %ks dims [0] : tensor<32xi32> -> tensor<32x128xi32>
  %boff = arith.addi %nr2, %bk : tensor<32x128xi32>
  %bp = block.addptr %bt, %boff : !block.ptr<f16>, tensor<32x128xi32>
  %b = block.load %bp : tensor<32x128x!block.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<64x128xf32>
  %d = block.dot %a, %b, %zero : tensor<64x32xf16>, tensor<32x128xf16> -> tensor<64x128xf32>
  %c128r = arith.constant dense<128> : tensor<64xi32>
  %crow = arith.muli %rows, %c128r : tensor<64xi32>
  %crow2 = block.broadcast %crow dims [0] : tensor<64xi32> -> tensor<64x128xi32>
  %ccol = block.broadcast %cols dims [1] : tensor<128xi32> -> tensor<64x128xi32>
  %coff = arith.addi %crow2, %ccol : tensor<64x128xi32>
  %cp = block.addptr %c, %coff : !block.ptr<f32>, tensor<64x128xi32>
  block.store %cp, %d : tensor<64x128x!block.ptr<f32>>
  return
}
