// f16 in and out: 8 halves per 16-byte access (ld.global.v4.b32); the
// statistics in f32, reduced across the block.
// RUN: rm -rf %t && mkdir -p %t/in && %add-hints %examples/layernorm.mlir > %t/in/layernorm.mlir
// RUN: block-compile %t/in/layernorm.mlir -o %t --no-cubin
// RUN: FileCheck %s < %t/layernorm.ptx
// The mask `cols < n` (n divisible by 16) is constant over each thread's runs
// of 8 columns: two compares per thread, not sixteen.
// RUN: grep -c setp.lt.s32 %t/layernorm.ptx | FileCheck %s --check-prefix=COMPARES
// COMPARES: {{^}}2{{$}}

// CHECK: .entry layernorm(
// CHECK: @%p{{[0-9]+}} ld.global.v4.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}];
// CHECK: cvt.f32.f16
// CHECK: shfl.sync.bfly.b32
// CHECK: bar.sync 0;
// CHECK: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: cvt.rn.f16{{(x2)?}}.f32
// CHECK: @%p{{[0-9]+}} st.global.v4.b32 [%rd{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// CHECK-NOT: ld.global.b16
// CHECK-NOT: st.global.b16
