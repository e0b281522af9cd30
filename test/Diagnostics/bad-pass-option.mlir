// A pass option out of range is refused with a message, not applied.
// RUN: not block-opt %s --block-kernel-defaults=num-warps=3 2>&1 | FileCheck %s

// CHECK: error: block-kernel-defaults: num-warps=3 must be a power of two from 1 to 32
func.func @k() attributes {block.kernel} {
  return
}
