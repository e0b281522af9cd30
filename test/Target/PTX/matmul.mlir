// The product on the FMA path, per iteration of k: 16-byte global loads of
// the a and b tiles, then (behind a barrier) a stored transposed in scalars at
// swizzled positions (the 8 lanes of a row of a, 4 steps of k apart, meet
// different banks) and b in vectors; then 32 unrolled steps of 2 vectors of a
// and 1 of b from shared memory for 32 FMAs each.
// RUN: rm -rf %t && block-compile %examples/matmul.mlir -o %t --no-cubin
// RUN: FileCheck %s < %t/matmul.ptx

// CHECK: .entry matmul(
// CHECK: .maxntid 128, 1, 1
// CHECK: xor.b32
// CHECK: $L__BB0_2:
// CHECK-COUNT-8: ld.global.v4.f32
// CHECK: bar.sync 0;
// CHECK-NEXT: st.shared.b32
// CHECK-COUNT-15: st.shared.b32
// CHECK-COUNT-4: st.shared.v4.b32
// CHECK-NEXT: bar.sync 0;
// CHECK-COUNT-96: ld.shared.v4.b32
// CHECK-NOT: ld.shared
// CHECK-NOT: bar.sync
// CHECK: bra $L__BB0_2;
