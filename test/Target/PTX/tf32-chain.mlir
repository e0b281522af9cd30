// Two chained tf32 products in one loop (attention's shape in f32): S =
// Q K^T reads both operands k-major from their tiles (K's transposed in
// place), so wgmma m64n64k8 takes it; P V's a is computed in registers,
// which wgmma's 32-bit form cannot read, so it goes to mma.sync m16n8k8,
// its f32 bits as they are (no cvt). ptxas assembles both without spills,
// and the interpreter runs the program.
// RUN: rm -rf %t && mkdir -p %t
// RUN: block-compile %s -o %t --chip=sm_90a --no-cubin --specialize=none
// RUN: FileCheck %s --implicit-check-not=cvt.rna < %t/tf32-chain.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a -v %t/tf32-chain.ptx -o %t/tf32-chain.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
// RUN: block-run %s --grid=1 --arg=ptr:f32:4096:rand=1 --arg=ptr:f32:4096:rand=2 --arg=ptr:f32:4096:rand=3 \
// RUN:   --arg=ptr:f32:4096:zeros --arg=i32:128 --out=3:%t/o.npy | FileCheck %s --check-prefix=INTERP

// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32
// CHECK-COUNT-32: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// INTERP: wrote argument 3 (4096 x f32)

func.func @chain(%q: !block.ptr<f32> {block.alignment = 16}, %k: !block.ptr<f32> {block.alignment = 16},
                 %v: !block.ptr<f32> {block.alignment = 16}, %o: !block.ptr<f32> {block.alignment = 16},
                 %n: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %dq = block.make_tensor_desc %q, [%n, %c32], [%c32, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<128x32xf32>>
  %dk = block.make_tensor_desc %k, [%n, %c32], [%c32, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<64x32xf32>>
  %dv = block.make_tensor_desc %v, [%n, %c32], [%c32, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<64x32xf32>>
  %do = block.make_tensor_desc %o, [%n, %c32], [%c32, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<128x32xf32>>
  %zs = arith.constant dense<0.0> : tensor<128x64xf32>
  %zo = arith.constant dense<0.0> : tensor<128x32xf32>
  %qt = block.desc_load %dq[%c0, %c0] : !block.tensordesc<tensor<128x32xf32>> -> tensor<128x32xf32>
  %acc = scf.for %j = %c0 to %n step %c32 iter_args(%a = %zo) -> (tensor<128x32xf32>) : i32 {
    %kt = block.desc_load %dk[%j, %c0] : !block.tensordesc<tensor<64x32xf32>> -> tensor<64x32xf32>
    %ktt = block.trans %kt [1, 0] : tensor<64x32xf32> -> tensor<32x64xf32>
    %s = block.dot %qt, %ktt, %zs precision = tf32 : tensor<128x32xf32>, tensor<32x64xf32> -> tensor<128x64xf32>
    %p = math.exp %s : tensor<128x64xf32>
    %vt = block.desc_load %dv[%j, %c0] : !block.tensordesc<tensor<64x32xf32>> -> tensor<64x32xf32>
    %na = block.dot %p, %vt, %a precision = tf32 : tensor<128x64xf32>, tensor<64x32xf32> -> tensor<128x32xf32>
    scf.yield %na : tensor<128x32xf32>
  }
  block.desc_store %do[%c0, %c0], %acc : !block.tensordesc<tensor<128x32xf32>>, tensor<128x32xf32>
  return
}
