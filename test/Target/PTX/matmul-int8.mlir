// The int8 product on mma.sync, per step of 32 through k, its operands in
// flight through shared memory (blockgpu-pipeline-loops, 3 stages: one
// 16-byte cp.async of a and one of b per thread and step). Both operands
// are k-contiguous (b is given transposed), so every fragment comes from a
// plain ldmatrix, never .trans (8-bit operands have none) nor the
// byte-wise shared loads (ld.shared.b8) a b with n contiguous would need:
// each warp (of 2 x 4, 64 x 32 of the accumulator) reads a with 4
// ldmatrix.x4 (4 tiles of m) and b with 2 (4 tiles of n8, two per x4), and
// issues 16 mma.sync.m16n8k32 into i32. The only other shared loads are
// the epilogue's, which converts c for its store.
// Counted on the generic kernel alone (--specialize=none).
// RUN: rm -rf %t && mkdir -p %t
// RUN: for chip in sm_90a sm_80; do \
// RUN:   block-compile %examples/matmul_int8.mlir -o %t/$chip --chip=$chip --no-cubin --specialize=none && \
// RUN:   FileCheck %s --implicit-check-not=.trans --implicit-check-not=ld.shared.b8 < %t/$chip/matmul_int8.ptx && \
// RUN:   p=%t/$chip/matmul_int8.ptx && \
// RUN:   echo "$chip $(grep -c 'cp.async.cg.shared.global .*, 16, %r' $p) copies," \
// RUN:        "$(grep -c 'ldmatrix.sync.aligned.m8n8.x4.shared.b16' $p) ldmatrix," \
// RUN:        "$(grep -c 'mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32' $p) mma," \
// RUN:        "$(grep -c 'bar.sync' $p) barriers" || exit 1; \
// RUN: done > %t/counts
// RUN: FileCheck %s --check-prefix=COUNTS < %t/counts

// CHECK: .entry matmul_int8(
// CHECK: .maxntid 256, 1, 1
// CHECK-NOT: ld.global
// CHECK: cp.async.wait_group 1;
// CHECK-NOT: ld.global
// CHECK: cp.async.wait_group 0;
// CHECK-NOT: ld.global
// CHECK: ret;

// COUNTS: sm_90a 6 copies, 6 ldmatrix, 16 mma, 3 barriers
// COUNTS-NEXT: sm_80 6 copies, 6 ldmatrix, 16 mma, 3 barriers
