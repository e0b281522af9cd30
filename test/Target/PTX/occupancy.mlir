// block-compile asks ptxas for more CTAs per SM (.minnctapersm) while it fits
// them without spilling: layernorm (8 warps) goes from 5 to 6 resident CTAs,
// the limit of 40 registers; 7 would spill, so the search stops at 6. With
// --raise-occupancy=false the PTX keeps ptxas's own choice.
// REQUIRES: ptxas
// RUN: rm -rf %t && block-compile %examples/layernorm.mlir -o %t/raised -v 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s --check-prefix=RAISED < %t/raised/layernorm.ptx
// RUN: %ptxas -arch=sm_90a -v %t/raised/layernorm.ptx -o %t/raised.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: block-compile %examples/layernorm.mlir -o %t/plain --raise-occupancy=false -v 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: FileCheck %s --check-prefix=PLAIN < %t/plain/layernorm.ptx

// REPORT: layernorm: {{[0-9]+}} -> {{[0-9]+}} registers, 5 -> 6 CTAs per SM
// RAISED: .maxntid 256, 1, 1
// RAISED-NEXT: .minnctapersm 6
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// PTXAS: Used {{(3[3-9]|40)}} registers
// QUIET-NOT: CTAs per SM
// PLAIN-NOT: .minnctapersm

// A kernel already at the thread limit (vector_add: 16 CTAs of 128 threads)
// is left alone.
// RUN: block-compile %examples/vector_add.mlir -o %t/va -v 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: FileCheck %s --check-prefix=PLAIN < %t/va/vector_add.ptx
// FULL: vector_add: [[R:[0-9]+]] -> [[R]] registers, 16 -> 16 CTAs per SM
