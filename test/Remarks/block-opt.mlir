// block-opt prints the remarks of the passes it runs with MLIR's remark
// flags: --remarks-filter=<regex of categories> (or -passed, -missed), one
// line per remark with its kind, name, category and arguments. Nothing
// without them.
// RUN: block-opt %s --block-assign-layouts --remarks-filter="block-.*" -o /dev/null 2>&1 | FileCheck %s
// RUN: block-opt %s --block-assign-layouts --remarks-filter-missed="block-dot" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSED
// RUN: block-opt %s --block-assign-layouts -o /dev/null 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET

// CHECK: remark: [Passed] Wgmma | Category:block-dot | Function=wgmma | Remark="product on wgmma m64n128k16"
// CHECK: remark: [Missed] MmaSync | Category:block-dot | Function=warps2 | Reason="not wgmma: num_warps = 2 is not a multiple of 4 (a warpgroup)", Remark="product on mma.sync m16n8k16"
// MISSED-NOT: [Passed]
// MISSED: remark: [Missed] MmaSync
// QUIET-NOT: remark

module attributes {block.target = "sm_90a"} {
func.func @wgmma(%pa: !block.ptr<bf16>, %pb: !block.ptr<bf16>) attributes {block.kernel, block.num_warps = 4 : i32} {
  %a = block.splat %pa : tensor<64x32x!block.ptr<bf16>>
  %b = block.splat %pb : tensor<32x128x!block.ptr<bf16>>
  %at = block.load %a : tensor<64x32x!block.ptr<bf16>>
  %bt = block.load %b : tensor<32x128x!block.ptr<bf16>>
  %zero = arith.constant dense<0.0> : tensor<64x128xf32>
  %d = block.dot %at, %bt, %zero : tensor<64x32xbf16>, tensor<32x128xbf16> -> tensor<64x128xf32>
  %c = block.splat %pa : tensor<64x128x!block.ptr<bf16>>
  %dt = arith.truncf %d : tensor<64x128xf32> to tensor<64x128xbf16>
  block.store %c, %dt : tensor<64x128x!block.ptr<bf16>>
  return
}
func.func @warps2(%pa: !block.ptr<bf16>, %pb: !block.ptr<bf16>) attributes {block.kernel, block.num_warps = 2 : i32} {
  %a = block.splat %pa : tensor<64x32x!block.ptr<bf16>>
  %b = block.splat %pb : tensor<32x128x!block.ptr<bf16>>
  %at = block.load %a : tensor<64x32x!block.ptr<bf16>>
  %bt = block.load %b : tensor<32x128x!block.ptr<bf16>>
  %zero = arith.constant dense<0.0> : tensor<64x128xf32>
  %d = block.dot %at, %bt, %zero : tensor<64x32xbf16>, tensor<32x128xbf16> -> tensor<64x128xf32>
  %c = block.splat %pa : tensor<64x128x!block.ptr<bf16>>
  %dt = arith.truncf %d : tensor<64x128xf32> to tensor<64x128xbf16>
  block.store %c, %dt : tensor<64x128x!block.ptr<bf16>>
  return
}
}
