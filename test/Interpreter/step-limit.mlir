// A loop that never ends is an error, not a hang: a program instance may run
// --max-steps loop iterations (2^26 by default, far more than any test's
// loops), and a run --timeout seconds.
// RUN: not block-run %s --kernel=forever --grid=1 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: step-limit.mlir:[[@LINE+15]]:8: error: scf.while in program (0, 0, 0) reached the limit of loop iterations one program instance may run (block-run --max-steps): a loop that does not end?
// RUN: not block-run %s --kernel=forever --grid=1 --max-steps=1000 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: not block-run %s --kernel=forever --grid=1 --max-steps=0 --timeout=0.5 2>&1 | FileCheck %s --check-prefix=TIMEOUT
// TIMEOUT: step-limit.mlir:[[@LINE+12]]:8: error: scf.while in program (0, 0, 0) was still running when the run reached its time limit (block-run --timeout)
// Loops count together, nested ones each iteration: 10 x 10 + 10 = 110.
// RUN: block-run %s --kernel=nested --grid=1 --arg=ptr:i32:1:zeros --max-steps=110 --out=0:%t.npy
// RUN: not block-run %s --kernel=nested --grid=1 --arg=ptr:i32:1:zeros --max-steps=109 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: error: scf.for in program (0, 0, 0) reached the limit
// RUN: not block-run %s --kernel=nested --grid=1 --max-steps=-1 2>&1 | FileCheck %s --check-prefix=BAD-STEPS
// BAD-STEPS: block-run: error: invalid --max-steps '-1': expected a non-negative integer
// RUN: not block-run %s --kernel=nested --grid=1 --timeout=soon 2>&1 | FileCheck %s --check-prefix=BAD-TIMEOUT
// BAD-TIMEOUT: block-run: error: invalid --timeout 'soon': expected a number of seconds from 0 (no limit) to 1e9

func.func @forever() attributes {block.kernel, block.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %t = arith.constant true
    scf.condition(%t) %i : i32
  } do {
  ^bb0(%j: i32):
    scf.yield %j : i32
  }
  return
}

func.func @nested(%p: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  %s = scf.for %i = %c0 to %c10 step %c1 iter_args(%a = %c0) -> (i32) : i32 {
    %t = scf.for %j = %c0 to %c10 step %c1 iter_args(%b = %a) -> (i32) : i32 {
      %n = arith.addi %b, %c1 : i32
      scf.yield %n : i32
    }
    scf.yield %t : i32
  }
  block.store %p, %s : !block.ptr<i32>
  return
}
