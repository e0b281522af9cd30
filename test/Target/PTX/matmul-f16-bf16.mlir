// The bf16 and f16 products on mma.sync (the same kernel but for the type)
// with their operands in flight through shared memory
// (blockgpu-pipeline-loops, 3 stages): the a and b tiles of a step of 64
// through k are 16-byte cp.async copies (12 per thread: 4 of a, 8 of b),
// those of the first two steps before the loop and, in each iteration,
// those of the step two ahead, after a wait that leaves one group in
// flight and the one barrier of the loop. Each warp (of 2 x 4, 64 x 64 of
// the 128 x 256 accumulator) reads its a fragments with 16 ldmatrix.x4 (4
// tiles of m by 4 steps of k16) and its b fragments with 16
// ldmatrix.x4.trans (b is n-major: 4 per step for its 8 tiles of n), and
// issues 128 mma.sync (4 x 8 tiles by 4 steps). No global load is left in
// registers. Both chips assemble them without spills (examples-ptxas.test).
// Counted on the generic kernel alone (--specialize=none).
// RUN: rm -rf %t && mkdir -p %t
// RUN: for t in bf16 f16; do for chip in sm_90a sm_80; do \
// RUN:   block-compile %examples/matmul_$t.mlir -o %t/$t-$chip --chip=$chip --no-cubin --specialize=none && \
// RUN:   FileCheck %s -DT=$t < %t/$t-$chip/matmul_$t.ptx && \
// RUN:   p=%t/$t-$chip/matmul_$t.ptx && \
// RUN:   echo "$t $chip $(grep -c 'cp.async.cg.shared.global .*, 16, %r' $p) copies," \
// RUN:        "$(grep -c 'ldmatrix.sync.aligned.m8n8.x4.shared.b16' $p) ldmatrix," \
// RUN:        "$(grep -c 'ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16' $p) .trans," \
// RUN:        "$(grep -c "mma.sync.aligned.m16n8k16.row.col.f32.$t.$t.f32" $p) mma," \
// RUN:        "$(grep -c 'bar.sync' $p) barriers" || exit 1; \
// RUN: done; done > %t/counts
// RUN: FileCheck %s --check-prefix=COUNTS < %t/counts

// CHECK: .entry matmul_[[T]](
// CHECK: .maxntid 256, 1, 1
// CHECK-NOT: ld.global
// CHECK: cp.async.wait_group 1;
// CHECK: bar.sync 0;
// CHECK-NOT: ld.global
// CHECK: cp.async.wait_group 0;
// CHECK-NOT: ld.global
// CHECK: ret;

// Three groups of 12 copies (the two steps before the loop and the one in
// it); the loop's barrier and the epilogue's two around its conversion of c.
// COUNTS: bf16 sm_90a 36 copies, 16 ldmatrix, 16 .trans, 128 mma, 3 barriers
// COUNTS-NEXT: bf16 sm_80 36 copies, 16 ldmatrix, 16 .trans, 128 mma, 3 barriers
// COUNTS-NEXT: f16 sm_90a 36 copies, 16 ldmatrix, 16 .trans, 128 mma, 3 barriers
// COUNTS-NEXT: f16 sm_80 36 copies, 16 ldmatrix, 16 .trans, 128 mma, 3 barriers
