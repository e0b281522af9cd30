// A false block.assert stops the run with the op's location, the program
// id, the first false element and the message; a true one does nothing.

// RUN: not block-run %s --kernel=check_bound --grid=4 --arg=ptr:i32:64:iota --arg=i32:37 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FAIL
// RUN: block-run %s --kernel=check_bound --grid=4 --arg=ptr:i32:64:iota --arg=i32:64 2>&1 \
// RUN:   | FileCheck %s --allow-empty --check-prefix=PASS
// RUN: not block-run %s --kernel=check_scalar --grid=3 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SCALAR
// PASS-NOT: error

// Instance i checks the values 16 i ... 16 i + 15 of an iota against n:
// with n = 37 the first false one is element 5 of instance 2.
func.func @check_bound(%x: !block.ptr<i32>, %n: i32) attributes {block.kernel} {
  %c16 = arith.constant 16 : i32
  %pid = block.program_id x
  %start = arith.muli %pid, %c16 : i32
  %starts = block.splat %start : tensor<16xi32>
  %range = block.arange 0, 16 : tensor<16xi32>
  %offsets = arith.addi %starts, %range : tensor<16xi32>
  %base = block.splat %x : tensor<16x!block.ptr<i32>>
  %ptrs = block.addptr %base, %offsets : tensor<16x!block.ptr<i32>>, tensor<16xi32>
  %v = block.load %ptrs : tensor<16x!block.ptr<i32>>
  %ns = block.splat %n : tensor<16xi32>
  %ok = arith.cmpi slt, %v, %ns : tensor<16xi32>
  // FAIL: assert.mlir:[[#@LINE+2]]:3: error: assertion failed in program (2, 0, 0) at element 5: value below n
  // FAIL-NOT: error
  block.assert %ok, "value below n" : tensor<16xi1>
  return
}

func.func @check_scalar() attributes {block.kernel} {
  %c2 = arith.constant 2 : i32
  %pid = block.program_id x
  %ok = arith.cmpi ne, %pid, %c2 : i32
  // SCALAR: assert.mlir:[[#@LINE+1]]:3: error: assertion failed in program (2, 0, 0): not the third
  block.assert %ok, "not the third" : i1
  return
}
