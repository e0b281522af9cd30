// REQUIRES: ptxas
// format=bin: gpu-module-to-binary assembles the PTX with ptxas.
// RUN: block-opt %examples/vector_add.mlir '--block-to-ptx=format=bin chip=sm_80' | FileCheck %s
// A cubin is no PTX for block-print-ptx to print (nor the op, a whole cubin).
// RUN: not block-opt %examples/vector_add.mlir '--block-to-ptx=format=bin chip=sm_80' --block-print-ptx 2>&1 | FileCheck %s --check-prefix=PRINT
// PRINT: error: gpu.binary @block_kernels holds no PTX to print (block-to-ptx writes PTX with format=isa)
// PRINT-NOT: see current operation
// CHECK: gpu.binary @block_kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">
// CHECK-SAME: bin = "\7FELF
