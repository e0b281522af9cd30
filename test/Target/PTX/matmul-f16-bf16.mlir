// The bf16 and f16 products on mma.sync (the same kernel but for the type),
// per step of 32 through k: 16-byte global loads of the a and b tiles (a
// step ahead, as for the f32 example), stored in 16-byte vectors to the
// swizzled buffers; then each warp (of 2 x 4, 64 x 32 of the accumulator)
// reads its a fragments with 8 ldmatrix.x4 (4 tiles of m by 2 steps of k16)
// and its b fragments with 4 ldmatrix.x4.trans (b is n-major), and issues 32
// mma.sync (4 x 4 tiles by 2 steps). Both chips assemble them without
// spills (examples-ptxas.test).
// RUN: rm -rf %t && block-compile %examples/matmul_bf16.mlir -o %t/bf16-sm90 --no-cubin
// RUN: FileCheck %s -DT=bf16 < %t/bf16-sm90/matmul_bf16.ptx
// RUN: block-compile %examples/matmul_bf16.mlir -o %t/bf16-sm80 --chip=sm_80 --no-cubin
// RUN: FileCheck %s -DT=bf16 < %t/bf16-sm80/matmul_bf16.ptx
// RUN: block-compile %examples/matmul_f16.mlir -o %t/f16-sm90 --no-cubin
// RUN: FileCheck %s -DT=f16 < %t/f16-sm90/matmul_f16.ptx
// RUN: block-compile %examples/matmul_f16.mlir -o %t/f16-sm80 --chip=sm_80 --no-cubin
// RUN: FileCheck %s -DT=f16 < %t/f16-sm80/matmul_f16.ptx

// CHECK: .entry matmul_[[T]](
// CHECK: .maxntid 256, 1, 1
// CHECK: $L__BB0_2:
// CHECK-COUNT-4: st.shared.v4.b32
// CHECK: bar.sync 0;
// CHECK-COUNT-8: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NOT: st.shared
// CHECK-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK-NOT: ldmatrix
// CHECK-COUNT-32: mma.sync.aligned.m16n8k16.row.col.f32.[[T]].[[T]].f32
// CHECK-NOT: mma.sync
// CHECK: ret;
