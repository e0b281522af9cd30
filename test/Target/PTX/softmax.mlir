// Row reductions: butterfly shuffles within warps, then shared memory and
// barriers across the 16 warps; exp as ex2.approx. The first reduction needs
// no barrier before its shared-memory stores (blockgpu-insert-barriers puts
// none); the second does, as other warps may still read the first one's
// partials.
// The division allows a reciprocal: one rcp.rn.f32, then multiplies.
// RUN: rm -rf %t && mkdir -p %t/in && %add-hints %examples/softmax.mlir > %t/in/softmax.mlir
// RUN: block-compile %t/in/softmax.mlir -o %t --no-cubin
// RUN: FileCheck %s < %t/softmax.ptx

// CHECK: .extern .shared .align 16 .b8 block_shared_memory[];
// CHECK: .entry softmax(
// CHECK: .maxntid 512, 1, 1
// CHECK: ld.global.v4.f32
// CHECK: max.f32
// CHECK: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// CHECK-NOT: bar.sync
// CHECK: st.shared
// CHECK-NEXT: bar.sync 0;
// CHECK: ld.shared
// CHECK: ex2.approx.f32
// CHECK: shfl.sync.bfly.b32
// CHECK: bar.sync 0;
// CHECK-NEXT: st.shared
// CHECK-NEXT: bar.sync 0;
// CHECK-NOT: bar.sync
// CHECK-NOT: div.rn.f32
// CHECK: rcp.rn.f32
// CHECK-NOT: div.rn.f32
// CHECK: mul.rn.f32
// CHECK: st.global.v4.f32
