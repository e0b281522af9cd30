// The fp8 product (f8E4M3FN, and the same program in f8E5M2) on sm_90a, per
// step of 128 through k: its operands in flight through shared memory
// (blockgpu-pipeline-loops: per stage 4 16-byte cp.async of a and 8 of b
// per thread, 4 stages, two groups left in flight), both k-major in
// 128-byte-swizzled buffers (wgmma reads 8-bit operands k-major only), and
// each of the two warpgroups issues 4 wgmma m64n256k32 into f32 per step,
// with input scales and no transposes (the fp8 form). Neither writes shared
// memory a byte at a time: the copies are 16 bytes wide. Counted on the
// generic kernel alone (--specialize=none).
// RUN: rm -rf %t && mkdir -p %t
// RUN: mkdir -p %t/src && sed 's/f8E4M3FN/f8E5M2/g' %examples/matmul_fp8.mlir > %t/src/matmul_fp8.mlir
// RUN: for t in e4m3:%examples/matmul_fp8.mlir e5m2:%t/src/matmul_fp8.mlir; do \
// RUN:   block-compile ${t#*:} -o %t/${t%%%%:*} --no-cubin --specialize=none && \
// RUN:   p=%t/${t%%%%:*}/matmul_fp8.ptx && \
// RUN:   FileCheck %s --implicit-check-not=ld.shared.b8 --implicit-check-not=st.shared.b8 < $p && \
// RUN:   echo "${t%%%%:*} $(grep -c 'cp.async.cg.shared.global .*, 16, %r' $p) copies," \
// RUN:        "$(grep -c "wgmma.mma_async.sync.aligned.m64n256k32.f32.${t%%%%:*}.${t%%%%:*} {[^}]*}, %rd[0-9]*, %rd[0-9]*, p, 1, 1;" $p) wgmma," \
// RUN:        "$(grep -c 'bar.sync' $p) barriers" || exit 1; \
// RUN: done > %t/counts
// RUN: FileCheck %s --check-prefix=COUNTS < %t/counts

// CHECK: .entry matmul_fp8(
// CHECK: .maxntid 256, 1, 1
// CHECK-NOT: ld.global
// CHECK: cp.async.wait_group 2;
// CHECK-NOT: ld.global
// CHECK: cp.async.wait_group 0;
// CHECK-NOT: ld.global
// CHECK: ret;

// COUNTS: e4m3 48 copies, 4 wgmma, 4 barriers
// COUNTS-NEXT: e5m2 48 copies, 4 wgmma, 4 barriers

// Only wgmma multiplies 8-bit floats, and nothing else computes on them.
// RUN: not block-compile %examples/matmul_fp8.mlir -o %t/sm80 --chip=sm_80 --no-cubin 2>&1 | FileCheck %s --check-prefix=SM80
// SM80: error: 'blockgpu.dot' op multiplies 'f8E4M3FN' operands, which only wgmma does (sm_90a, both operands loaded with k contiguous)
// RUN: not block-compile %S/Inputs/float8-add.mlir -o %t/add --no-cubin 2>&1 | FileCheck %s --check-prefix=ADD
// ADD: error: 'arith.addf' op computes on 'f8E5M2' values, which the GPU lowering does not: 8-bit floats are loaded, stored and multiplied (block.dot on wgmma, sm_90a) only
