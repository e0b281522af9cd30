// RUN: block-opt %s --convert-block-to-gpu | FileCheck %s
// RUN: block-opt %s --convert-block-to-gpu --convert-nvvm-to-llvm | FileCheck %s --check-prefix=LLVM

// Each thread accesses the elements it holds: runs of consecutive elements
// that the axis-info analysis proves adjacent and aligned (and uniformly
// masked) move in one access of up to 16 bytes. Masked or cache-hinted
// accesses are predicated nvvm.inline_ptx; the others plain LLVM
// loads/stores. A load names its
// predicate in the PTX (LLVM 22 numbers the predicate operand of an op with
// results wrongly), a store has it as its predicate operand; both become the
// same llvm.inline_asm.

#L4 = #block.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#L8 = #block.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#S = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>
#S1 = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// CHECK-LABEL: gpu.func @masked
func.func @masked(%x: !block.ptr<f32> {block.alignment = 16}, %y: !block.ptr<f32> {block.alignment = 16},
                  %n: i32 {block.divisibility = 16}) attributes {block.kernel, block.num_warps = 1 : i32} {
  %r = block.arange 0, 128 : tensor<128xi32, #L4>
  %ns = block.splat %n : tensor<128xi32, #L4>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32, #L4>
  %zero = arith.constant dense<0.0> : tensor<128xf32, #L4>
  %xs = block.splat %x : tensor<128x!block.ptr<f32>, #L4>
  %xp = block.addptr %xs, %r : tensor<128x!block.ptr<f32>, #L4>, tensor<128xi32, #L4>
  // CHECK: %[[M0:.*]] = arith.cmpi slt
  // CHECK: %[[P0:.*]] = llvm.getelementptr %arg0[
  // CHECK: %[[V:.*]]:4 = nvvm.inline_ptx "@{$r1} ld.global.v4.f32 {{[{][{]}}$w0}, {$w1}, {$w2}, {$w3}}, [{$r0}];" ro(%[[P0]], %[[M0]] : !llvm.ptr<1>, i1) -> f32, f32, f32, f32
  // CHECK: arith.select %[[M0]], %[[V]]#0, %{{.*}} : f32
  // LLVM-LABEL: gpu.func @masked
  // LLVM: %[[M0:.*]] = arith.cmpi slt
  // LLVM: %[[P0:.*]] = llvm.getelementptr %arg0[
  // LLVM: %[[V:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "@$5 ld.global.v4.f32 {$0, $1, $2, $3}, [$4];", "=f,=f,=f,=f,l,b" %[[P0]], %[[M0]] : (!llvm.ptr<1>, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  // LLVM: %[[V0:.*]] = llvm.extractvalue %[[V]][0]
  // LLVM: arith.select %[[M0]], %[[V0]], %{{.*}} : f32
  %v = block.load %xp mask %m other %zero : tensor<128x!block.ptr<f32>, #L4>
  %ys = block.splat %y : tensor<128x!block.ptr<f32>, #L4>
  %yp = block.addptr %ys, %r : tensor<128x!block.ptr<f32>, #L4>, tensor<128xi32, #L4>
  // CHECK: nvvm.inline_ptx "st.global.v4.f32 [{$r0}], {{[{][{]}}$r1}, {$r2}, {$r3}, {$r4}};" ro(%{{.*}} : !llvm.ptr<1>, f32, f32, f32, f32), predicate = %[[M0]]
  // LLVM: "@$5 st.global.v4.f32 [$0], {$1, $2, $3, $4};", "l,f,f,f,f,b" {{.*}}, %[[M0]] :
  block.store %yp, %v mask %m : tensor<128x!block.ptr<f32>, #L4>
  // Unmasked and without hints: a plain vector load.
  // CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
  %w = block.load %yp : tensor<128x!block.ptr<f32>, #L4>
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
  block.store %xp, %w : tensor<128x!block.ptr<f32>, #L4>
  return
}

// Without hints nothing proves alignment: one element per access.
// CHECK-LABEL: gpu.func @no_hints
// CHECK-COUNT-4: nvvm.inline_ptx "@{$r1} ld.global.f32 {$w0}, [{$r0}];" ro(%{{.*}} : !llvm.ptr<1>, i1) -> f32
// LLVM-LABEL: gpu.func @no_hints
// LLVM-COUNT-4: "@$2 ld.global.f32 $0, [$1];", "=f,l,b"
// CHECK-NOT: ld.global.v
func.func @no_hints(%x: !block.ptr<f32>, %n: i32) attributes {block.kernel, block.num_warps = 1 : i32} {
  %r = block.arange 0, 128 : tensor<128xi32, #L4>
  %ns = block.splat %n : tensor<128xi32, #L4>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32, #L4>
  %xs = block.splat %x : tensor<128x!block.ptr<f32>, #L4>
  %xp = block.addptr %xs, %r : tensor<128x!block.ptr<f32>, #L4>, tensor<128xi32, #L4>
  %v = block.load %xp mask %m : tensor<128x!block.ptr<f32>, #L4>
  block.store %xp, %v : tensor<128x!block.ptr<f32>, #L4>
  return
}

// Eight f16 travel as four 32-bit words; cache operators are spelled out in
// the PTX, an L2 eviction policy is made by its own createpolicy.
// CHECK-LABEL: gpu.func @halves
func.func @halves(%x: !block.ptr<f16> {block.alignment = 16}) attributes {block.kernel, block.num_warps = 1 : i32} {
  %r = block.arange 0, 256 : tensor<256xi32, #L8>
  %xs = block.splat %x : tensor<256x!block.ptr<f16>, #L8>
  %xp = block.addptr %xs, %r : tensor<256x!block.ptr<f16>, #L8>, tensor<256xi32, #L8>
  // CHECK: %[[POLICY:.*]] = nvvm.inline_ptx "createpolicy.fractional.L2::evict_first.b64 {$w0}, 1.0;" -> i64
  // CHECK: %[[H:.*]]:4 = nvvm.inline_ptx "ld.global.cg.L2::cache_hint.v4.b32 {{[{][{]}}$w0}, {$w1}, {$w2}, {$w3}}, [{$r0}], {$r1};" ro(%{{.*}}, %[[POLICY]] : !llvm.ptr<1>, i64) -> i32, i32, i32, i32
  // CHECK: %[[PAIR:.*]] = llvm.bitcast %[[H]]#0 : i32 to vector<2xf16>
  // LLVM-LABEL: gpu.func @halves
  // LLVM: %[[POLICY:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "createpolicy.fractional.L2::evict_first.b64 $0, 1.0;", "=l"
  // LLVM: llvm.inline_asm has_side_effects asm_dialect = att "ld.global.cg.L2::cache_hint.v4.b32 {$0, $1, $2, $3}, [$4], $5;", "=r,=r,=r,=r,l,l" %{{.*}}, %[[POLICY]]
  // LLVM: "st.global.cs.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r"
  // CHECK: llvm.extractelement %[[PAIR]]
  %v = block.load %xp cache = cg evict = evict_first : tensor<256x!block.ptr<f16>, #L8>
  // CHECK: llvm.bitcast %{{.*}} : vector<2xf16> to i32
  // CHECK: nvvm.inline_ptx "st.global.cs.v4.b32 [{$r0}], {{[{][{]}}$r1}, {$r2}, {$r3}, {$r4}};" ro(%{{.*}} : !llvm.ptr<1>, i32, i32, i32, i32){{$}}
  block.store %xp, %v cache = cs : tensor<256x!block.ptr<f16>, #L8>
  // CHECK: nvvm.inline_ptx "ld.volatile.global.v4.b32 {{[{][{]}}$w0}, {$w1}, {$w2}, {$w3}}, [{$r0}];" ro(%{{.*}} : !llvm.ptr<1>)
  %u = block.load %xp volatile : tensor<256x!block.ptr<f16>, #L8>
  block.store %xp, %u : tensor<256x!block.ptr<f16>, #L8>
  return
}

// 16 elements over 64 threads: threads 16..63 hold copies, which load but
// never store. i1 is a byte in memory.
// CHECK-LABEL: gpu.func @replicated
func.func @replicated(%b: !block.ptr<i1>) attributes {block.kernel, block.num_warps = 2 : i32} {
  %r = block.arange 0, 16 : tensor<16xi32, #S>
  %bs = block.splat %b : tensor<16x!block.ptr<i1>, #S>
  %bp = block.addptr %bs, %r : tensor<16x!block.ptr<i1>, #S>, tensor<16xi32, #S>
  // CHECK: %[[P:.*]] = llvm.getelementptr %arg0[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
  // CHECK: %[[BYTE:.*]] = llvm.load %[[P]] {alignment = 1 : i64} : !llvm.ptr<1> -> i8
  // CHECK: %[[FLAG:.*]] = arith.cmpi ne, %[[BYTE]], %{{.*}} : i8
  %v = block.load %bp : tensor<16x!block.ptr<i1>, #S>
  // CHECK: %[[LANE:.*]] = arith.andi %{{.*}}, %c31_i32
  // CHECK: %[[WARP:.*]] = arith.shrui
  // CHECK: %[[COPY:.*]] = arith.andi %[[LANE]], %{{.*}} : i32
  // CHECK: %[[OWNLANE:.*]] = arith.cmpi eq, %[[COPY]], %{{.*}} : i32
  // CHECK: %[[WCOPY:.*]] = arith.andi %[[WARP]], %{{.*}} : i32
  // CHECK: %[[OWNWARP:.*]] = arith.cmpi eq, %[[WCOPY]], %{{.*}} : i32
  // CHECK: %[[OWNER:.*]] = arith.andi %[[OWNLANE]], %[[OWNWARP]] : i1
  // CHECK: %[[OUT:.*]] = arith.extui %[[FLAG]] : i1 to i8
  // CHECK: %[[WORD:.*]] = arith.extui %[[OUT]] : i8 to i32
  // CHECK: nvvm.inline_ptx "st.global.u8 [{$r0}], {$r1};" ro(%[[P]], %[[WORD]] : !llvm.ptr<1>, i32), predicate = %[[OWNER]]
  // LLVM-LABEL: gpu.func @replicated
  // LLVM: "@$2 st.global.u8 [$0], $1;", "l,r,b"
  block.store %bp, %v : tensor<16x!block.ptr<i1>, #S>
  return
}

// CHECK-LABEL: gpu.func @casts
func.func @casts(%p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 1 : i32} {
  %r = block.arange 0, 32 : tensor<32xi32, #S1>
  %ps = block.splat %p : tensor<32x!block.ptr<f32>, #S1>
  %pp = block.addptr %ps, %r : tensor<32x!block.ptr<f32>, #S1>, tensor<32xi32, #S1>
  // CHECK: %[[A:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
  %a = block.ptr_to_int %pp : tensor<32x!block.ptr<f32>, #S1>
  // CHECK: %[[Q:.*]] = llvm.inttoptr %[[A]] : i64 to !llvm.ptr<1>
  %q = block.int_to_ptr %a : tensor<32x!block.ptr<i32>, #S1>
  %v = block.load %pp : tensor<32x!block.ptr<f32>, #S1>
  // CHECK: %[[I:.*]] = arith.bitcast %{{.*}} : f32 to i32
  %i = block.bitcast %v : tensor<32xf32, #S1> -> tensor<32xi32, #S1>
  // CHECK: llvm.store %[[I]], %[[Q]]
  block.store %q, %i : tensor<32x!block.ptr<i32>, #S1>
  return
}
