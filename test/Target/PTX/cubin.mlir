// REQUIRES: ptxas
// format=bin: gpu-module-to-binary assembles the PTX with ptxas.
// RUN: block-opt %examples/vector_add.mlir '--block-to-ptx=format=bin chip=sm_80' | FileCheck %s
// CHECK: gpu.binary @block_kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">
// CHECK-SAME: bin = "\7FELF
