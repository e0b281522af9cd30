// The int8 product on mma.sync, per step of 64 through k: both operands are
// k-contiguous (b is given transposed), so the 16-byte global loads go to
// the swizzled buffers as they are and every fragment comes from a plain
// ldmatrix, never .trans (8-bit operands have none) nor the byte-wise
// shared loads (ld.shared.b8) a b with n contiguous would need: each warp
// (of 2 x 4, 64 x 32 of the accumulator) reads a with 8 ldmatrix.x4 (4
// tiles of m by 2 steps of k32) and b with 4 (4 tiles of n8 by 2 steps,
// two per x4), and issues 32 mma.sync.m16n8k32 into i32.
// RUN: rm -rf %t && block-compile %examples/matmul_int8.mlir -o %t/sm90 --no-cubin
// RUN: FileCheck %s --implicit-check-not=.trans --implicit-check-not=ld.shared.b8 < %t/sm90/matmul_int8.ptx
// RUN: block-compile %examples/matmul_int8.mlir -o %t/sm80 --chip=sm_80 --no-cubin
// RUN: FileCheck %s --implicit-check-not=.trans --implicit-check-not=ld.shared.b8 < %t/sm80/matmul_int8.ptx

// CHECK: .entry matmul_int8(
// CHECK: .maxntid 256, 1, 1
// CHECK: $L__BB0_2:
// CHECK-COUNT-4: st.shared.v4.b32
// CHECK: bar.sync 0;
// CHECK-COUNT-12: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NOT: ld.shared
// CHECK-COUNT-32: mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
// CHECK-NOT: mma.sync
// CHECK-NOT: ldmatrix
// CHECK: ret;
