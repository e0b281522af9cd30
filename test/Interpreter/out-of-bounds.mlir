// An unmasked access outside every buffer stops the run with the op's
// location, the program id, the element and where the address lies
// relative to the nearest buffer.

// RUN: not block-run %s --kernel=store_past_end --grid=4 --arg=ptr:f32:3082:zeros 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STORE
// RUN: not block-run %s --kernel=load_2d --grid=1,3 --arg=ptr:f32:100:iota --arg=ptr:f32:32:zeros 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOAD
// RUN: not block-run %s --kernel=scalar_before_start --grid=1 --arg=ptr:i32:8:zeros 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SCALAR
// RUN: not block-run %s --kernel=straddle --grid=1 --arg=ptr:f32:100:zeros 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STRADDLE
// RUN: not block-run %s --kernel=atomic --grid=2 --arg=ptr:i32:60:zeros 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ATOMIC
// Nothing is reported for the instances before the failing one, and the
// message is the same on any number of threads.
// RUN: not block-run %s --kernel=store_past_end --grid=4 --threads=3 --arg=ptr:f32:3082:zeros 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STORE

// Instances store 1024 elements each, unmasked: instance 3 starts at 3072,
// so its element 10 is the first past the end of 3082.
func.func @store_past_end(%out: !block.ptr<f32>) attributes {block.kernel} {
  %c1024 = arith.constant 1024 : i32
  %one = arith.constant dense<1.0> : tensor<1024xf32>
  %pid = block.program_id x
  %start = arith.muli %pid, %c1024 : i32
  %starts = block.splat %start : tensor<1024xi32>
  %range = block.arange 0, 1024 : tensor<1024xi32>
  %offsets = arith.addi %starts, %range : tensor<1024xi32>
  %base = block.splat %out : tensor<1024x!block.ptr<f32>>
  %ptrs = block.addptr %base, %offsets : tensor<1024x!block.ptr<f32>>, tensor<1024xi32>
  // STORE: out-of-bounds.mlir:[[#@LINE+2]]:3: error: out-of-bounds block.store in program (3, 0, 0) at element 10: the address is at element offset 3082 of argument 0 (3082 x f32), 0 elements past its end
  // STORE-NOT: error
  block.store %ptrs, %one : tensor<1024x!block.ptr<f32>>
  return
}

// Only instance (0, 2, 0) loads, a 4 x 8 tile at offset 79 of 100: element
// [2, 5] is the first past the end.
func.func @load_2d(%x: !block.ptr<f32>, %out: !block.ptr<f32>) attributes {block.kernel} {
  %c2 = arith.constant 2 : i32
  %c79 = arith.constant 79 : i32
  %pid = block.program_id y
  %mine = arith.cmpi eq, %pid, %c2 : i32
  %mask = block.splat %mine : tensor<4x8xi1>
  %range = block.arange 0, 32 : tensor<32xi32>
  %tile = block.reshape %range : tensor<32xi32> -> tensor<4x8xi32>
  %c79s = block.splat %c79 : tensor<4x8xi32>
  %offsets = arith.addi %tile, %c79s : tensor<4x8xi32>
  %base = block.splat %x : tensor<4x8x!block.ptr<f32>>
  %ptrs = block.addptr %base, %offsets : tensor<4x8x!block.ptr<f32>>, tensor<4x8xi32>
  // LOAD: out-of-bounds.mlir:[[#@LINE+1]]:8: error: out-of-bounds block.load in program (0, 2, 0) at element [2, 5]: the address is at element offset 100 of argument 0 (100 x f32), 0 elements past its end
  %v = block.load %ptrs mask %mask : tensor<4x8x!block.ptr<f32>>
  %flat = block.reshape %v : tensor<4x8xf32> -> tensor<32xf32>
  %obase = block.splat %out : tensor<32x!block.ptr<f32>>
  %optrs = block.addptr %obase, %range : tensor<32x!block.ptr<f32>>, tensor<32xi32>
  block.store %optrs, %flat : tensor<32x!block.ptr<f32>>
  return
}

func.func @scalar_before_start(%x: !block.ptr<i32>) attributes {block.kernel} {
  %minus3 = arith.constant -3 : i32
  %p = block.addptr %x, %minus3 : !block.ptr<i32>, i32
  // SCALAR: out-of-bounds.mlir:[[#@LINE+1]]:8: error: out-of-bounds block.load in program (0, 0, 0): the address is at element offset -3 of argument 0 (8 x i32), 3 elements before its start
  %v = block.load %p : !block.ptr<i32>
  block.store %x, %v : !block.ptr<i32>
  return
}

// An f32 two bytes before the end: half in the buffer, half outside.
func.func @straddle(%x: !block.ptr<f32>) attributes {block.kernel} {
  %c398 = arith.constant 398 : i32
  %bytes = block.bitcast %x : !block.ptr<f32> -> !block.ptr<i8>
  %q = block.addptr %bytes, %c398 : !block.ptr<i8>, i32
  %p = block.bitcast %q : !block.ptr<i8> -> !block.ptr<f32>
  // STRADDLE: out-of-bounds.mlir:[[#@LINE+1]]:8: error: out-of-bounds block.load in program (0, 0, 0): the address is at byte offset 398 of argument 0 (100 x f32), straddling its end
  %v = block.load %p : !block.ptr<f32>
  block.store %x, %v : !block.ptr<f32>
  return
}

// Instance 1 adds at 32..63 of 60: element 28 is the first outside.
func.func @atomic(%counts: !block.ptr<i32>) attributes {block.kernel} {
  %c32 = arith.constant 32 : i32
  %ones = arith.constant dense<1> : tensor<32xi32>
  %pid = block.program_id x
  %start = arith.muli %pid, %c32 : i32
  %starts = block.splat %start : tensor<32xi32>
  %range = block.arange 0, 32 : tensor<32xi32>
  %offsets = arith.addi %starts, %range : tensor<32xi32>
  %base = block.splat %counts : tensor<32x!block.ptr<i32>>
  %ptrs = block.addptr %base, %offsets : tensor<32x!block.ptr<i32>>, tensor<32xi32>
  // ATOMIC: out-of-bounds.mlir:[[#@LINE+1]]:10: error: out-of-bounds block.atomic_rmw in program (1, 0, 0) at element 28: the address is at element offset 60 of argument 0 (60 x i32), 0 elements past its end
  %old = block.atomic_rmw add, relaxed, gpu, %ptrs, %ones : tensor<32x!block.ptr<i32>>
  return
}
