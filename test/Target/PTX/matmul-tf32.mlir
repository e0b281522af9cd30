// The tf32 product on mma.sync, per step of 16 through k, its operands in
// flight through shared memory (blockgpu-pipeline-loops, 4 stages: two
// 16-byte cp.async of a and four of b per thread and step). Each warp (of
// 2 x 4, 64 x 64 of the 128 x 256 accumulator) reads its a fragments with 8
// ldmatrix.x4 (4 tiles of m by 2 steps of k8, a 32-bit element being a
// pair of b16) and its b fragments with 32 shared loads of one f32 (b is
// n-major and ldmatrix has no .trans for 32-bit elements), rounds each of
// the 64 registers to tf32 with cvt.rna, and issues 64 mma.sync.m16n8k8 (4
// x 8 tiles by 2 steps).
// Counted on the generic kernel alone (--specialize=none).
// RUN: rm -rf %t && mkdir -p %t
// RUN: for chip in sm_90a sm_80; do \
// RUN:   block-compile %examples/matmul_tf32.mlir -o %t/$chip --chip=$chip --no-cubin --specialize=none && \
// RUN:   FileCheck %s --implicit-check-not=.trans < %t/$chip/matmul_tf32.ptx && \
// RUN:   p=%t/$chip/matmul_tf32.ptx && \
// RUN:   echo "$chip $(grep -c 'cp.async.cg.shared.global .*, 16, %r' $p) copies," \
// RUN:        "$(grep -c 'ldmatrix.sync.aligned.m8n8.x4.shared.b16' $p) ldmatrix," \
// RUN:        "$(grep -c 'ld.shared.b32' $p) ld.shared.b32," \
// RUN:        "$(grep -c 'cvt.rna.tf32.f32' $p) cvt," \
// RUN:        "$(grep -c 'mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32' $p) mma" || exit 1; \
// RUN: done > %t/counts
// RUN: FileCheck %s --check-prefix=COUNTS < %t/counts

// CHECK: .entry matmul_tf32(
// CHECK: .maxntid 256, 1, 1
// CHECK-NOT: ld.global
// CHECK: cp.async.wait_group 2;
// CHECK-NOT: ld.global
// CHECK: cp.async.wait_group 0;
// CHECK-NOT: ld.global
// CHECK: ret;

// COUNTS: sm_90a 24 copies, 8 ldmatrix, 32 ld.shared.b32, 64 cvt, 64 mma
// COUNTS-NEXT: sm_80 24 copies, 8 ldmatrix, 32 ld.shared.b32, 64 cvt, 64 mma
