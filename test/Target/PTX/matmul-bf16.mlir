// The bf16 product on mma.sync with its operands in flight through shared
// memory (blockgpu-pipeline-loops, 3 stages): the a and b tiles of a step
// of 32 through k are 16-byte cp.async copies (4 per thread: 2 of a, 2 of
// b), those of the first two steps before the loop and, in each iteration,
// those of the step two ahead, after a wait that leaves one group in
// flight and the one barrier of the loop. Each warp (of 2 x 4, 64 x 32 of
// the accumulator) reads its a fragments with 8 ldmatrix.x4 (4 tiles of m
// by 2 steps of k16) and its b fragments with 4 ldmatrix.x4.trans (b is
// n-major), and issues 32 mma.sync (4 x 4 tiles by 2 steps). No global
// load is left in registers. Both chips assemble it without spills
// (examples-ptxas.test).
// RUN: rm -rf %t && block-compile %examples/matmul_bf16.mlir -o %t/sm90 --no-cubin
// RUN: FileCheck %s < %t/sm90/matmul_bf16.ptx
// RUN: block-compile %examples/matmul_bf16.mlir -o %t/sm80 --chip=sm_80 --no-cubin
// RUN: FileCheck %s < %t/sm80/matmul_bf16.ptx
// RUN: grep -c 'cp.async.cg.shared.global .*, 16, %r' %t/sm90/matmul_bf16.ptx | FileCheck %s --check-prefix=COPIES
// RUN: grep -c 'ldmatrix.sync.aligned.m8n8.x4.shared.b16' %t/sm90/matmul_bf16.ptx | FileCheck %s --check-prefix=LDMATRIX
// RUN: grep -c 'ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16' %t/sm90/matmul_bf16.ptx | FileCheck %s --check-prefix=TRANS
// RUN: grep -c 'mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32' %t/sm90/matmul_bf16.ptx | FileCheck %s --check-prefix=MMA
// RUN: grep -c 'bar.sync' %t/sm90/matmul_bf16.ptx | FileCheck %s --check-prefix=BARRIERS

// CHECK: .entry matmul_bf16(
// CHECK: .maxntid 256, 1, 1
// CHECK-NOT: ld.global
// CHECK: cp.async.wait_group 1;
// CHECK: bar.sync 0;
// CHECK-NOT: ld.global
// CHECK: cp.async.wait_group 0;
// CHECK-NOT: ld.global
// CHECK: ret;

// Three groups of 4: the two steps before the loop and the one in it.
// COPIES: 12
// LDMATRIX: 8
// TRANS: 4
// MMA: 32
// The loop's, and the epilogue's two around its conversion of c.
// BARRIERS: 3
