// The product on the FMA path, per step of 16 through k: 16-byte global
// loads of the a and b tiles (block-pipeline-dot-operands issues them a step
// ahead: the first step's before the loop, the next step's at the top of
// each iteration, ahead of the product they do not feed), then (behind a
// barrier) a stored transposed in scalars at swizzled positions (the lanes
// of a row of a, 4 elements of k apart, meet different banks) and b in
// vectors; then 16 unrolled steps of 4 vectors of a (16 rows) and 1 of b (4
// columns) from shared memory for 64 FMAs each.
// RUN: rm -rf %t && block-compile %examples/matmul.mlir -o %t --no-cubin
// RUN: FileCheck %s < %t/matmul.ptx

// CHECK: .entry matmul(
// CHECK: .maxntid 256, 1, 1
// CHECK-COUNT-4: ld.global.v4.f32
// CHECK: xor.b32
// CHECK: $L__BB0_2:
// CHECK-COUNT-4: ld.global.v4.f32
// CHECK-NOT: fma.rn.f32
// CHECK: bar.sync 0;
// CHECK-NEXT: st.shared.b32
// CHECK-COUNT-7: st.shared.b32
// CHECK-COUNT-2: st.shared.v4.b32
// CHECK-NEXT: bar.sync 0;
// CHECK-COUNT-80: ld.shared.v4.b32
// CHECK-NOT: ld.shared
// CHECK-NOT: bar.sync
// CHECK-NOT: ld.global
// CHECK: bra $L__BB0_2;
