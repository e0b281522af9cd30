// --check-uninitialized-reads: reading bytes of an --out / --ref buffer
// that the run has not written stops it; without the switch the same run
// succeeds, and writing before reading is fine.

// RUN: rm -rf %t && mkdir -p %t
// RUN: not block-run %s --kernel=accumulate --grid=2 --arg=ptr:f32:32:rand --arg=ptr:f32:32:zeros \
// RUN:   --out=1:%t/out.npy --check-uninitialized-reads 2>&1 | FileCheck %s --check-prefix=READ
// RUN: block-run %s --kernel=accumulate --grid=2 --arg=ptr:f32:32:rand --arg=ptr:f32:32:zeros \
// RUN:   --out=1:%t/out.npy 2>&1 | FileCheck %s --check-prefix=OK
// RUN: block-run %s --kernel=write_then_read --grid=2 --arg=ptr:f32:32:zeros --out=0:%t/out.npy \
// RUN:   --check-uninitialized-reads 2>&1 | FileCheck %s --check-prefix=OK
// Buffers not named by --out or --ref are inputs: initialized.
// RUN: block-run %s --kernel=accumulate --grid=2 --arg=ptr:f32:32:rand --arg=ptr:f32:32:zeros \
// RUN:   --check-uninitialized-reads 2>&1 | FileCheck %s --allow-empty --check-prefix=INPUTS
// OK-NOT: error
// OK: wrote argument
// INPUTS-NOT: error

// out[i] += x[i]: reads out before anything wrote it.
func.func @accumulate(%x: !block.ptr<f32>, %out: !block.ptr<f32>) attributes {block.kernel} {
  %c16 = arith.constant 16 : i32
  %pid = block.program_id x
  %start = arith.muli %pid, %c16 : i32
  %starts = block.splat %start : tensor<16xi32>
  %range = block.arange 0, 16 : tensor<16xi32>
  %offsets = arith.addi %starts, %range : tensor<16xi32>
  %xb = block.splat %x : tensor<16x!block.ptr<f32>>
  %xp = block.addptr %xb, %offsets : tensor<16x!block.ptr<f32>>, tensor<16xi32>
  %xv = block.load %xp : tensor<16x!block.ptr<f32>>
  %ob = block.splat %out : tensor<16x!block.ptr<f32>>
  %op = block.addptr %ob, %offsets : tensor<16x!block.ptr<f32>>, tensor<16xi32>
  // READ: uninitialized.mlir:[[#@LINE+1]]:9: error: block.load in program (0, 0, 0) at element 0 reads memory that nothing has written: element offset 0 of argument 1 (32 x f32)
  %ov = block.load %op : tensor<16x!block.ptr<f32>>
  %sum = arith.addf %ov, %xv : tensor<16xf32>
  block.store %op, %sum : tensor<16x!block.ptr<f32>>
  return
}

// Each instance writes its half, then reads back its neighbour's element
// written by the previous instance (instance 0 reads its own last one).
func.func @write_then_read(%out: !block.ptr<f32>) attributes {block.kernel} {
  %c16 = arith.constant 16 : i32
  %c15 = arith.constant 15 : i32
  %one = arith.constant dense<1.0> : tensor<16xf32>
  %pid = block.program_id x
  %start = arith.muli %pid, %c16 : i32
  %starts = block.splat %start : tensor<16xi32>
  %range = block.arange 0, 16 : tensor<16xi32>
  %offsets = arith.addi %starts, %range : tensor<16xi32>
  %ob = block.splat %out : tensor<16x!block.ptr<f32>>
  %op = block.addptr %ob, %offsets : tensor<16x!block.ptr<f32>>, tensor<16xi32>
  block.store %op, %one : tensor<16x!block.ptr<f32>>
  %zero = arith.constant 0 : i32
  %isfirst = arith.cmpi eq, %pid, %zero : i32
  %back = arith.subi %start, %c15 : i32
  %last = arith.addi %start, %c15 : i32
  %at = arith.select %isfirst, %last, %back : i32
  %p = block.addptr %out, %at : !block.ptr<f32>, i32
  %v = block.load %p : !block.ptr<f32>
  %twice = arith.addf %v, %v : f32
  block.store %p, %twice : !block.ptr<f32>
  return
}
