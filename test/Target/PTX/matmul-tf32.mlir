// The tf32 product on mma.sync, per step of 16 through k: 16-byte global
// loads of the f32 tiles to the swizzled buffers; each warp (of 2 x 4, 64 x
// 32 of the accumulator) reads its a fragments with 8 ldmatrix.x4 (4 tiles
// of m by 2 steps of k8, a 32-bit element being a pair of b16) and its b
// fragments with 16 shared loads of one f32 (b is n-major and ldmatrix has
// no .trans for 32-bit elements), rounds each of the 48 registers to tf32
// with cvt.rna, and issues 32 mma.sync.m16n8k8 (4 x 4 tiles by 2 steps).
// RUN: rm -rf %t && block-compile %examples/matmul_tf32.mlir -o %t/sm90 --no-cubin
// RUN: FileCheck %s --implicit-check-not=.trans < %t/sm90/matmul_tf32.ptx
// RUN: block-compile %examples/matmul_tf32.mlir -o %t/sm80 --chip=sm_80 --no-cubin
// RUN: FileCheck %s --implicit-check-not=.trans < %t/sm80/matmul_tf32.ptx
// RUN: grep -c cvt.rna.tf32.f32 %t/sm90/matmul_tf32.ptx | FileCheck %s --check-prefix=CVT
// CVT: {{^}}48{{$}}

// CHECK: .entry matmul_tf32(
// CHECK: .maxntid 256, 1, 1
// CHECK: $L__BB0_2:
// CHECK-COUNT-4: st.shared.v4.b32
// CHECK: bar.sync 0;
// CHECK-COUNT-8: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-COUNT-16: ld.shared.b32
// CHECK-NOT: ldmatrix
// CHECK: cvt.rna.tf32.f32
// CHECK-COUNT-32: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// CHECK-NOT: mma.sync
// CHECK: ret;
