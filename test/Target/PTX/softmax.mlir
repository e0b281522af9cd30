// Row reductions: butterfly shuffles within warps, then shared memory and
// barriers across the 8 warps; exp as ex2.approx.
// RUN: rm -rf %t && block-compile %examples/softmax.mlir -o %t --no-cubin
// RUN: FileCheck %s < %t/softmax.ptx

// CHECK: .extern .shared .align 16 .b8 block_shared_memory[];
// CHECK: .entry softmax(
// CHECK: .maxntid 256, 1, 1
// CHECK: ld.global.v4.f32
// CHECK: max.f32
// CHECK: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// CHECK: bar.sync 0;
// CHECK: st.shared
// CHECK: bar.sync 0;
// CHECK: ld.shared
// CHECK: ex2.approx.f32
// CHECK: shfl.sync.bfly.b32
// CHECK: bar.sync 0;
// CHECK: div.rn.f32
// CHECK: st.global.v4.f32
