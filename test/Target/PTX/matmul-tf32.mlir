// The tf32 product, per step of 32 through k, both operands k-major (b's
// tile is bt's, read transposed in place). On sm_90a, as written (tensor
// descriptors, TMA): a's [128, 32] and bt's [256, 32] tiles copied by the
// copy engine into rings completing on mbarriers, and each of the two
// warpgroups issues wgmma m64n256k8 with f32 operands read as tf32 from
// their buffers (input scales, no transpositions: the 32-bit form), with
// no conversion anywhere; c's tile leaves by TMA stores (eight boxes of 32
// f32 columns, 128-byte rows). Without the copy engine (--tma=false) the
// same products read buffers that cp.async fills (4 16-byte copies of a
// and 8 of bt per thread and stage). On sm_80 each warp (of 2 x 4) issues
// mma.sync.m16n8k8 and reads both operands with ldmatrix (a 32-bit
// element being a pair of b16, k-major so without .trans); the f32 bits go
// to the instruction as they are (no cvt: the tensor cores truncate).
// Counted on the generic kernel alone (--specialize=none).
// RUN: rm -rf %t && mkdir -p %t
// RUN: for v in sm_90a:sm_90a:--tma=true sm_90a-ptr:sm_90a:--tma=false sm_80:sm_80:--tma=true; do \
// RUN:   IFS=: read dir chip tma <<< "$v" && \
// RUN:   block-compile %examples/matmul_tf32.mlir -o %t/$dir --chip=$chip $tma --no-cubin --specialize=none && \
// RUN:   p=%t/$dir/matmul_tf32.ptx && \
// RUN:   FileCheck %s --implicit-check-not=.trans --implicit-check-not=cvt.rna --implicit-check-not=ld.global < $p && \
// RUN:   echo "$dir $(grep -c 'cp.async.bulk.tensor.2d.shared::cluster' $p) TMA loads," \
// RUN:        "$(grep -c 'cp.async.bulk.tensor.2d.global.shared::cta.bulk_group' $p) TMA stores," \
// RUN:        "$(grep -c 'cp.async.cg.shared.global .*, 16, %r' $p) copies," \
// RUN:        "$(grep -c 'wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {[^}]*}, %rd[0-9]*, %rd[0-9]*, p, 1, 1;' $p) wgmma," \
// RUN:        "$(grep -c 'ldmatrix.sync.aligned.m8n8.x4.shared.b16' $p) ldmatrix," \
// RUN:        "$(grep -c 'mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32' $p) mma" || exit 1; \
// RUN: done > %t/counts
// RUN: FileCheck %s --check-prefix=COUNTS < %t/counts

// CHECK: .entry matmul_tf32(
// CHECK: .maxntid 256, 1, 1
// CHECK: ret;

// LLVM peels the first step of the loop over k (TMA and, since the
// descriptors are one add a product, cp.async): twice the four products.
// COUNTS: sm_90a 10 TMA loads, 8 TMA stores, 0 copies, 8 wgmma, 0 ldmatrix, 0 mma
// COUNTS-NEXT: sm_90a-ptr 0 TMA loads, 0 TMA stores, 60 copies, 8 wgmma, 0 ldmatrix, 0 mma
// COUNTS-NEXT: sm_80 0 TMA loads, 0 TMA stores, 36 copies, 0 wgmma, 32 ldmatrix, 128 mma
