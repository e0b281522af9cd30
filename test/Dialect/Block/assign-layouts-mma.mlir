// RUN: block-opt %s -split-input-file -block-assign-layouts=max-mma-version=2 | FileCheck %s
// RUN: block-opt %s -split-input-file -block-assign-layouts | FileCheck %s --check-prefix=WGMMA
// RUN: block-opt %s -split-input-file -block-assign-layouts=max-mma-version=0 | FileCheck %s --check-prefix=FMA

// On sm_80 and later a bf16 product's accumulator gets an mma.sync layout
// (chooseDotAccumulatorLayout), and on sm_90a by default a wgmma layout (two
// warpgroups along M); max-mma-version caps the version. The operands keep the
// layouts their loads give them (blockgpu-materialize-shared-memory stages
// them for ldmatrix), the accumulator's layout spreads to its zero and
// through the loop, and the store converts it to its own.
// CHECK-DAG: #[[$MMA:.+]] = #block.mma<version = 2, warpsPerCTA = [2, 4], instrShape = [16, 8, 16]>
// CHECK-LABEL: func.func @loop
// CHECK: arith.constant dense<0.000000e+00> : tensor<128x128xf32, #[[$MMA]]>
// CHECK: scf.for {{.+}} -> (tensor<128x128xf32, #[[$MMA]]>)
// CHECK: %[[A:.+]] = block.load {{.+}} : tensor<128x32x!block.ptr<bf16>, #[[$AL:.+]]>
// CHECK: %[[B:.+]] = block.load {{.+}} : tensor<32x128x!block.ptr<bf16>, #[[$BL:.+]]>
// CHECK: block.dot %[[A]], %[[B]], %{{.+}} : tensor<128x32xbf16, #[[$AL]]>, tensor<32x128xbf16, #[[$BL]]> -> tensor<128x128xf32, #[[$MMA]]>
// CHECK: block.convert_layout %{{.+}} : tensor<128x128xf32, #[[$MMA]]> -> tensor<128x128xf32, #[[$CL:.+]]>
// CHECK: block.store {{.+}} : tensor<128x128x!block.ptr<f32>, #[[$CL]]>
// WGMMA-DAG: #[[$WG:.+]] = #block.mma<version = 3, warpsPerCTA = [8, 1], instrShape = [64, 128, 16]>
// WGMMA-LABEL: func.func @loop
// WGMMA: scf.for {{.+}} -> (tensor<128x128xf32, #[[$WG]]>)
// WGMMA: block.dot {{.+}} -> tensor<128x128xf32, #[[$WG]]>
// FMA-LABEL: func.func @loop
// FMA-NOT: #block.mma
// FMA: block.dot {{.+}} -> tensor<128x128xf32, #blocked{{[0-9]*}}>
module attributes {block.target = "sm_90a"} {
func.func @loop(%pa: !block.ptr<bf16> {block.alignment = 16}, %pb: !block.ptr<bf16> {block.alignment = 16}, %pc: !block.ptr<f32> {block.alignment = 16}, %k: i32) attributes {block.kernel, block.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %r128 = block.arange 0, 128 : tensor<128xi32>
  %r32 = block.arange 0, 32 : tensor<32xi32>
  // a: 128 x 32 at rows * 32 + columns; b: 32 x 128 at rows * 128 + columns.
  %s32 = arith.constant dense<32> : tensor<128x1xi32>
  %ar = block.expand_dims %r128, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %arm = arith.muli %ar, %s32 : tensor<128x1xi32>
  %arb = block.broadcast %arm : tensor<128x1xi32> -> tensor<128x32xi32>
  %ac = block.expand_dims %r32, 0 : tensor<32xi32> -> tensor<1x32xi32>
  %acb = block.broadcast %ac : tensor<1x32xi32> -> tensor<128x32xi32>
  %aoff = arith.addi %arb, %acb : tensor<128x32xi32>
  %s128 = arith.constant dense<128> : tensor<32x1xi32>
  %br = block.expand_dims %r32, 1 : tensor<32xi32> -> tensor<32x1xi32>
  %brm = arith.muli %br, %s128 : tensor<32x1xi32>
  %brb = block.broadcast %brm : tensor<32x1xi32> -> tensor<32x128xi32>
  %bc = block.expand_dims %r128, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %bcb = block.broadcast %bc : tensor<1x128xi32> -> tensor<32x128xi32>
  %boff = arith.addi %brb, %bcb : tensor<32x128xi32>
  %acc = scf.for %k0 = %c0 to %k step %c32 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %pak = block.addptr %pa, %k0 : !block.ptr<bf16>, i32
    %as = block.splat %pak : tensor<128x32x!block.ptr<bf16>>
    %ap = block.addptr %as, %aoff : tensor<128x32x!block.ptr<bf16>>, tensor<128x32xi32>
    %a = block.load %ap : tensor<128x32x!block.ptr<bf16>>
    %pbk = block.addptr %pb, %k0 : !block.ptr<bf16>, i32
    %bs = block.splat %pbk : tensor<32x128x!block.ptr<bf16>>
    %bp = block.addptr %bs, %boff : tensor<32x128x!block.ptr<bf16>>, tensor<32x128xi32>
    %b = block.load %bp : tensor<32x128x!block.ptr<bf16>>
    %d = block.dot %a, %b, %sum : tensor<128x32xbf16>, tensor<32x128xbf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  %cr = block.expand_dims %r128, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %s128c = arith.constant dense<128> : tensor<128x1xi32>
  %crm = arith.muli %cr, %s128c : tensor<128x1xi32>
  %crb = block.broadcast %crm : tensor<128x1xi32> -> tensor<128x128xi32>
  %ccb = block.broadcast %bc : tensor<1x128xi32> -> tensor<128x128xi32>
  %coff = arith.addi %crb, %ccb : tensor<128x128xi32>
  %cs = block.splat %pc : tensor<128x128x!block.ptr<f32>>
  %cp = block.addptr %cs, %coff : tensor<128x128x!block.ptr<f32>>, tensor<128x128xi32>
  block.store %cp, %acc : tensor<128x128x!block.ptr<f32>>
  return
}
}

// -----

// Before sm_80 (no mma.sync), and for exact f32, the FMA path.
// CHECK-LABEL: func.func @old_chip
// CHECK-NOT: #block.mma
// CHECK: block.dot {{.+}} -> tensor<64x64xf32, #blocked{{[0-9]*}}>
module attributes {block.target = "sm_75"} {
func.func @old_chip(%x: bf16, %p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  %a = block.splat %x : tensor<64x32xbf16>
  %b = block.splat %x : tensor<32x64xbf16>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = block.dot %a, %b, %z : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
  %ps = block.splat %p : tensor<64x64x!block.ptr<f32>>
  block.store %ps, %d : tensor<64x64x!block.ptr<f32>>
  return
}
}

// -----

// Products that share their accumulator's initial value keep the layouts
// their paths need (the zero is converted where they meet).
// CHECK-LABEL: func.func @precision
// CHECK: block.dot {{.+}} : tensor<64x32xf32, #{{.+}}>, tensor<32x64xf32, #{{.+}}> -> tensor<64x64xf32, #blocked{{[0-9]*}}>
// CHECK: block.dot {{.+}} precision = tf32 : tensor<64x32xf32, #{{.+}}>, tensor<32x64xf32, #{{.+}}> -> tensor<64x64xf32, #mma>
// CHECK: block.dot {{.+}} precision = tf32x3 : tensor<64x32xf32, #{{.+}}>, tensor<32x64xf32, #{{.+}}> -> tensor<64x64xf32, #mma>
module attributes {block.target = "sm_80"} {
func.func @precision(%x: f32, %p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  %a = block.splat %x : tensor<64x32xf32>
  %b = block.splat %x : tensor<32x64xf32>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = block.dot %a, %b, %z : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
  %e = block.dot %a, %b, %z precision = tf32 : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
  %f = block.dot %a, %b, %z precision = tf32x3 : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
  %ps = block.splat %p : tensor<64x64x!block.ptr<f32>>
  block.store %ps, %d : tensor<64x64x!block.ptr<f32>>
  block.store %ps, %e : tensor<64x64x!block.ptr<f32>>
  block.store %ps, %f : tensor<64x64x!block.ptr<f32>>
  return
}
}
