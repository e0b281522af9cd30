// RUN: block-opt %s -split-input-file '-block-kernel-defaults=chip=sm_90a' | FileCheck %s
// RUN: block-opt %s -split-input-file -block-kernel-defaults | FileCheck %s --check-prefix=NONE
// RUN: not block-opt %s -split-input-file '-block-kernel-defaults=chip=gfx90a' 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: block-opt %s -split-input-file '--block-to-ptx=chip=sm_80' -mlir-print-ir-after=block-kernel-defaults -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE

// The chip reaches the module as block.target, where the layout passes read
// it (getTargetChip; test-block-dot-layouts shows it in use). A module that
// names its chip keeps it.

// CHECK: module attributes {block.target = "sm_90a"}
// NONE: module {
// NONE-NOT: block.target
// BAD: block-kernel-defaults: chip=gfx90a is not a chip name sm_<capability>[a|f] (e.g. sm_90a)
// PIPELINE: module attributes {block.target = "sm_80"}
func.func @k(%p: !block.ptr<f32>) attributes {block.kernel} {
  return
}

// -----

// CHECK: module attributes {block.target = "sm_80"}
// NONE: module attributes {block.target = "sm_80"}
// PIPELINE: module attributes {block.target = "sm_80"}
module attributes {block.target = "sm_80"} {
  func.func @k(%p: !block.ptr<f32>) attributes {block.kernel} {
    return
  }
}
