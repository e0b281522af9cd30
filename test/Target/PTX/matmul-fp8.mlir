// The fp8 product (f8E4M3FN, and the same program in f8E5M2) on sm_90a, per
// step of 128 through k. As written (tensor descriptors, sm_90a's TMA): a's
// [128, 128] and bt's [256, 128] tiles copied by the copy engine into rings
// completing on mbarriers, through three tensor maps the runtime encodes
// (a, bt, c); b's tile is bt's read in place, k-major (wgmma reads 8-bit
// operands k-major only); each of the two warpgroups issues wgmma
// m64n256k32 into f32 with input scales and no transposes (the fp8 form);
// c's tile leaves by a TMA store. Counted on the generic kernel alone
// (--specialize=none).
// RUN: rm -rf %t && mkdir -p %t
// RUN: mkdir -p %t/src && sed 's/f8E4M3FN/f8E5M2/g' %examples/matmul_fp8.mlir > %t/src/matmul_fp8.mlir
// RUN: for t in e4m3:%examples/matmul_fp8.mlir e5m2:%t/src/matmul_fp8.mlir; do \
// RUN:   block-compile ${t#*:} -o %t/${t%%%%:*} --no-cubin --specialize=none && \
// RUN:   FileCheck %s --check-prefix=TMA --implicit-check-not=ld.global --implicit-check-not=ld.shared.b8 --implicit-check-not=st.shared.b8 < %t/${t%%%%:*}/matmul_fp8.ptx && \
// RUN:   echo "${t%%%%:*} $(grep -c "wgmma.mma_async.sync.aligned.m64n256k32.f32.${t%%%%:*}.${t%%%%:*} {[^}]*}, %rd[0-9]*, %rd[0-9]*, p, 1, 1;" %t/${t%%%%:*}/matmul_fp8.ptx) wgmma," \
// RUN:        "$(grep -c 'cp.async.bulk.tensor.2d.global.shared::cta.bulk_group' %t/${t%%%%:*}/matmul_fp8.ptx) stores" || exit 1; \
// RUN: done > %t/tma-counts
// RUN: FileCheck %s --check-prefix=TMA-COUNTS < %t/tma-counts

// TMA: .entry matmul_fp8(
// TMA: .param .align 64 .b8 matmul_fp8_param_6[128],
// TMA-NEXT: .param .align 64 .b8 matmul_fp8_param_7[128],
// TMA-NEXT: .param .align 64 .b8 matmul_fp8_param_8[128]
// TMA: .maxntid 256, 1, 1
// TMA: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// TMA: mbarrier.try_wait.parity.shared.b64
// TMA: wgmma.mma_async.sync.aligned.m64n256k32.f32
// TMA: wgmma.wait_group.sync.aligned 1;
// TMA: ret;

// LLVM peels the first step of the loop over k: twice the four products.
// c's tile leaves in four boxes of 64 columns (128-byte rows).
// TMA-COUNTS: e4m3 8 wgmma, 4 stores
// TMA-COUNTS-NEXT: e5m2 8 wgmma, 4 stores

// Without the copy engine (--tma=false: the descriptors become masked
// pointer accesses), the operands go through shared memory by cp.async
// (per stage 4 16-byte copies of a and 8 of b per thread, 4 stages, two
// groups left in flight), still k-major in 128-byte-swizzled buffers, and
// neither writes shared memory a byte at a time. LLVM peels this loop's
// first step too: its copies and products appear twice.
// RUN: for t in e4m3:%examples/matmul_fp8.mlir e5m2:%t/src/matmul_fp8.mlir; do \
// RUN:   block-compile ${t#*:} -o %t/${t%%%%:*}-ptr --no-cubin --specialize=none --tma=false && \
// RUN:   p=%t/${t%%%%:*}-ptr/matmul_fp8.ptx && \
// RUN:   FileCheck %s --implicit-check-not=ld.global --implicit-check-not=ld.shared.b8 --implicit-check-not=st.shared.b8 < $p && \
// RUN:   echo "${t%%%%:*} $(grep -c 'cp.async.cg.shared.global .*, 16, %r' $p) copies," \
// RUN:        "$(grep -c "wgmma.mma_async.sync.aligned.m64n256k32.f32.${t%%%%:*}.${t%%%%:*} {[^}]*}, %rd[0-9]*, %rd[0-9]*, p, 1, 1;" $p) wgmma" || exit 1; \
// RUN: done > %t/counts
// RUN: FileCheck %s --check-prefix=COUNTS < %t/counts

// CHECK: .entry matmul_fp8(
// CHECK: .maxntid 256, 1, 1
// CHECK-DAG: cp.async.wait_group 2;
// CHECK-DAG: cp.async.wait_group 0;
// CHECK: ret;

// COUNTS: e4m3 60 copies, 8 wgmma
// COUNTS-NEXT: e5m2 60 copies, 8 wgmma

// Only wgmma multiplies 8-bit floats, and nothing else computes on them.
// RUN: not block-compile %examples/matmul_fp8.mlir -o %t/sm80 --chip=sm_80 --no-cubin 2>&1 | FileCheck %s --check-prefix=SM80
// SM80: error: 'blockgpu.dot' op multiplies 'f8E4M3FN' operands, which only wgmma does (sm_90a, both operands loaded with k contiguous)
// RUN: not block-compile %S/Inputs/float8-add.mlir -o %t/add --no-cubin 2>&1 | FileCheck %s --check-prefix=ADD
// ADD: error: 'arith.addf' op computes on 'f8E5M2' values, which the GPU lowering does not: 8-bit floats are loaded, stored and multiplied (block.dot on wgmma, sm_90a) only
