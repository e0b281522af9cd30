// The int8 product, per step of 128 through k, its operands in flight
// through shared memory (blockgpu-pipeline-loops: per stage 4 16-byte
// cp.async of a and 8 of b per thread; 4 stages on sm_90a, the 3 that fit
// on sm_80, one and two groups left in flight). Both operands are k-contiguous (b
// is given transposed): on sm_90a both go k-major into 128-byte-swizzled
// buffers, which is how wgmma reads 8-bit operands, and each of the two
// warpgroups issues 4 wgmma m64n256k32 into i32 per step (no input scales,
// no transposes in the integer form); on sm_80 every fragment comes from a
// plain ldmatrix, never .trans (8-bit operands have none) nor the
// byte-wise shared loads (ld.shared.b8) a b with n contiguous would need:
// each warp (of 2 x 4, 64 x 64 of the accumulator) reads a with 16
// ldmatrix.x4 and b with 16, and issues 128 mma.sync.m16n8k32 into i32.
// Neither writes shared memory a byte at a time (st.shared.b8): the
// copies are 16 bytes wide.
// Counted on the generic kernel alone (--specialize=none). On sm_90a LLVM
// peels the loop's first step: its copies, products and barriers appear
// twice.
// RUN: rm -rf %t && mkdir -p %t
// RUN: for chip in sm_90a sm_80; do \
// RUN:   block-compile %examples/matmul_int8.mlir -o %t/$chip --chip=$chip --no-cubin --specialize=none && \
// RUN:   FileCheck %s --implicit-check-not=.trans --implicit-check-not=ld.shared.b8 --implicit-check-not=st.shared.b8 -DPENDING=$([ $chip = sm_90a ] && echo 2 || echo 1) < %t/$chip/matmul_int8.ptx && \
// RUN:   p=%t/$chip/matmul_int8.ptx && \
// RUN:   echo "$chip $(grep -c 'cp.async.cg.shared.global .*, 16, %r' $p) copies," \
// RUN:        "$(grep -c 'wgmma.mma_async.sync.aligned.m64n256k32.s32.s8.s8 {[^}]*}, %rd[0-9]*, %rd[0-9]*, p;' $p) wgmma," \
// RUN:        "$(grep -c 'ldmatrix.sync.aligned.m8n8.x4.shared.b16' $p) ldmatrix," \
// RUN:        "$(grep -c 'mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32' $p) mma," \
// RUN:        "$(grep -c 'bar.sync' $p) barriers" || exit 1; \
// RUN: done > %t/counts
// RUN: FileCheck %s --check-prefix=COUNTS < %t/counts

// CHECK: .entry matmul_int8(
// CHECK: .maxntid 256, 1, 1
// CHECK-NOT: ld.global
// CHECK: cp.async.wait_group [[PENDING]];
// CHECK-NOT: ld.global
// CHECK: cp.async.wait_group 0;
// CHECK-NOT: ld.global
// CHECK: ret;

// COUNTS: sm_90a 60 copies, 8 wgmma, 0 ldmatrix, 0 mma, 6 barriers
// COUNTS-NEXT: sm_80 36 copies, 0 wgmma, 32 ldmatrix, 128 mma, 3 barriers
