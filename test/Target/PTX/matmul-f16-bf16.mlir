// The bf16 and f16 products (the same kernel but for the type) with their
// operands in flight through shared memory (blockgpu-pipeline-loops,
// block.num_stages = 4): the a and b tiles of a step of 64 through k are
// 16-byte cp.async copies (12 per thread: 4 of a, 8 of b). No global load
// is left in registers. Both chips assemble them without spills
// (examples-ptxas.test).
//
// On sm_90a the rings hold 4 stages (192 KiB): the copies of the first
// three steps before the loop and, in each iteration, those of the step
// three ahead, after a wait that leaves two groups in flight. Each of the
// two warpgroups (64 x 256 of the 128 x 256 accumulator) issues 4
// wgmma.mma_async.m64n256k16 per step (one per k16), both operands read
// through descriptors of their 128-byte-swizzled buffers (a k-major, b
// n-major: the last immediate, b's transpose, is 1), between a wgmma.fence
// and one commit group. The group stays in flight into the next step (a
// wait for all but one, the accumulators tied to it), and the loop ends
// waiting for all. Each thread fences its completed copies for the async
// proxy before the loop's first barrier; the second, after the wait for
// the previous step's product, frees the buffer it read for the copies.
//
// On sm_80 the rings hold the 3 stages that fit its 163 KiB (the copies
// two steps ahead, one group left in flight, the loop's one barrier), and
// each warp (of 2 x 4, 64 x 64 of the accumulator) reads its a
// fragments with 16 ldmatrix.x4 (4 tiles of m by 4 steps of k16) and its b
// fragments with 16 ldmatrix.x4.trans (b is n-major: 4 per step for its 8
// tiles of n), and issues 128 mma.sync (4 x 8 tiles by 4 steps).
// Counted on the generic kernel alone (--specialize=none), with pointer
// copies on sm_90a too (--tma=false: the f16 example's descriptors would
// go by TMA, tma.test's subject).
// RUN: rm -rf %t && mkdir -p %t
// RUN: for t in bf16 f16; do \
// RUN:   block-compile %examples/matmul_$t.mlir -o %t/$t-sm_90a --chip=sm_90a --tma=false --no-cubin --specialize=none && \
// RUN:   FileCheck %s --check-prefixes=CHECK,WGMMA -DT=$t -DPENDING=2 < %t/$t-sm_90a/matmul_$t.ptx && \
// RUN:   block-compile %examples/matmul_$t.mlir -o %t/$t-sm_80 --chip=sm_80 --no-cubin --specialize=none && \
// RUN:   FileCheck %s -DT=$t -DPENDING=1 < %t/$t-sm_80/matmul_$t.ptx && \
// RUN:   for chip in sm_90a sm_80; do \
// RUN:     p=%t/$t-$chip/matmul_$t.ptx && \
// RUN:     echo "$t $chip $(grep -c 'cp.async.cg.shared.global .*, 16, %r' $p) copies," \
// RUN:          "$(grep -c "wgmma.mma_async.sync.aligned.m64n256k16.f32.$t.$t" $p) wgmma," \
// RUN:          "$(grep -c 'fence.proxy.async.shared::cta' $p) proxy fences," \
// RUN:          "$(grep -c 'ldmatrix.sync.aligned.m8n8.x4.shared.b16' $p) ldmatrix," \
// RUN:          "$(grep -c 'ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16' $p) .trans," \
// RUN:          "$(grep -c "mma.sync.aligned.m16n8k16.row.col.f32.$t.$t.f32" $p) mma," \
// RUN:          "$(grep -c 'bar.sync' $p) barriers" || exit 1; \
// RUN:   done; done > %t/counts
// RUN: FileCheck %s --check-prefix=COUNTS < %t/counts

// CHECK: .entry matmul_[[T]](
// CHECK: .maxntid 256, 1, 1
// CHECK-NOT: ld.global
// CHECK: cp.async.wait_group [[PENDING]];
// WGMMA-NEXT: fence.proxy.async.shared::cta;
// CHECK: bar.sync 0;
// WGMMA: wgmma.fence.sync.aligned;
// WGMMA: wgmma.mma_async.sync.aligned.m64n256k16.f32.[[T]].[[T]] {{.*}}, p, 1, 1, 0, 1;
// WGMMA: wgmma.commit_group.sync.aligned;
// WGMMA-NOT: cp.async
// WGMMA: wgmma.wait_group.sync.aligned 1;
// WGMMA-NOT: cp.async
// WGMMA: bar.sync 0;
// WGMMA: cp.async.cg.shared.global
// CHECK-NOT: ld.global
// WGMMA: wgmma.wait_group.sync.aligned 0;
// CHECK: cp.async.wait_group 0;
// CHECK-NOT: ld.global
// CHECK: ret;

// Groups of 12 copies: on sm_90a four (the three steps before the loop and
// the one in it), the loop's two barriers and the epilogue's two around
// its conversion of c; on sm_80 three, and the loop's one barrier. On
// sm_90a LLVM peels the loop's first iteration (a fifth group, a second
// loop body's wgmma, fence and barriers): in the bf16 example, which
// advances its tiles' pointers through the loop, and in the f16 one, whose
// descriptor tiles' i64 offsets are computed in it.
// COUNTS: bf16 sm_90a 60 copies, 8 wgmma, 2 proxy fences, 0 ldmatrix, 0 .trans, 0 mma, 6 barriers
// COUNTS-NEXT: bf16 sm_80 36 copies, 0 wgmma, 0 proxy fences, 16 ldmatrix, 16 .trans, 128 mma, 3 barriers
// COUNTS-NEXT: f16 sm_90a 60 copies, 8 wgmma, 2 proxy fences, 0 ldmatrix, 0 .trans, 0 mma, 6 barriers
// COUNTS-NEXT: f16 sm_80 36 copies, 0 wgmma, 0 proxy fences, 16 ldmatrix, 16 .trans, 128 mma, 3 barriers
