// Ops the interpreter cannot run are refused before the run, at their
// location, never by crashing.
// RUN: not block-run %s --kernel=extended --grid=1 2>&1 | FileCheck %s --check-prefix=OP
// RUN: not block-run %s --kernel=rounding --grid=1 --arg=f32:1 2>&1 | FileCheck %s --check-prefix=ROUNDING
// RUN: not block-run %s --kernel=recursive --grid=1 --arg=i32:1 2>&1 | FileCheck %s --check-prefix=RECURSIVE
// RUN: not block-run %s --kernel=transposed_view --grid=1 2>&1 | FileCheck %s --check-prefix=VIEW

func.func @extended() attributes {block.kernel} {
  %a = arith.constant 7 : i32
  // OP: unsupported.mlir:[[#@LINE+1]]:14: error: 'arith.mulsi_extended' op is not supported by the interpreter
  %lo, %hi = arith.mulsi_extended %a, %a : i32
  return
}

func.func @rounding(%x: f32) attributes {block.kernel} {
  // ROUNDING: unsupported.mlir:[[#@LINE+1]]:8: error: 'arith.truncf' op is not supported by the interpreter: only rounding to nearest even is
  %h = arith.truncf %x downward : f32 to f16
  return
}

func.func private @forever(%x: i32) -> i32 {
  // RECURSIVE: unsupported.mlir:[[#@LINE+1]]:8: error: 'func.call' op is recursive; the interpreter inlines calls and cannot run recursion
  %y = func.call @forever(%x) : (i32) -> i32
  return %y : i32
}

func.func @recursive(%x: i32) attributes {block.kernel} {
  %y = func.call @forever(%x) : (i32) -> i32
  return
}

// Buffers are row-major in their own shape here: only products read a
// transposed view (transposed as they read it).
func.func @transposed_view() attributes {block.kernel} {
  %b = blockgpu.local_alloc : !blockgpu.memdesc<16x32xf32, #blockgpu.nvmma<swizzle = 128>, mutable>
  // VIEW: unsupported.mlir:[[#@LINE+1]]:8: error: 'blockgpu.memdesc_trans' op is read by 'blockgpu.local_load': the interpreter runs transposed views read by blockgpu.dot only
  %t = blockgpu.memdesc_trans %b : !blockgpu.memdesc<16x32xf32, #blockgpu.nvmma<swizzle = 128>, mutable> -> !blockgpu.memdesc<32x16xf32, #blockgpu.nvmma<swizzle = 128, transposed = true>>
  %v = blockgpu.local_load %t : !blockgpu.memdesc<32x16xf32, #blockgpu.nvmma<swizzle = 128, transposed = true>> -> tensor<32x16xf32>
  return
}
