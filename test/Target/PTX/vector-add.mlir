// The generic kernel, which assumes nothing of its arguments, moves one
// float per access; its variant for 16-byte aligned pointers and n divisible
// by 16 lets every thread move 4 floats per access.
// RUN: block-opt %examples/vector_add.mlir --block-to-ptx | FileCheck %s --check-prefix=BINARY
// RUN: rm -rf %t && block-compile %examples/vector_add.mlir -o %t/va --no-cubin
// RUN: FileCheck %s --check-prefix=NOHINTS < %t/va/vector_add.ptx
// RUN: FileCheck %s --check-prefix=HINTS < %t/va/vector_add.ptx

// BINARY: gpu.binary @block_kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">
// BINARY-SAME: assembly = "

// HINTS: .version 8.0
// HINTS: .target sm_90a
// HINTS: .entry vector_add__spec1(
// HINTS: .maxntid 128, 1, 1
// HINTS-COUNT-2: @%p{{[0-9]+}} ld.global.v4.f32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}];
// HINTS: add.rn.f32
// HINTS: @%p{{[0-9]+}} st.global.v4.f32 [%rd{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// HINTS-NOT: ld.global.f32
// HINTS-NOT: st.global.f32
// HINTS: .entry vector_add__spec2(

// NOHINTS: .entry vector_add(
// NOHINTS: @%p{{[0-9]+}} ld.global.f32 %r{{[0-9]+}}, [%rd{{[0-9]+}}];
// NOHINTS: @%p{{[0-9]+}} st.global.f32 [%rd{{[0-9]+}}], %r{{[0-9]+}};
// NOHINTS-NOT: .v4
// NOHINTS-NOT: .v2
// NOHINTS: .entry vector_add__spec1(
