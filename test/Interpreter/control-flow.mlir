// scf control flow and calls on the interpreter.
// RUN: block-run %s --kernel=control --grid=2 --arg=i32:10 | FileCheck %s
// RUN: not block-run %s --kernel=zero_step --grid=1 --arg=i32:0 2>&1 | FileCheck %s --check-prefix=STEP

// CHECK:      pid (0, 0, 0) gcd = 21
// CHECK-NEXT: pid (0, 0, 0) fib = 55
// CHECK-NEXT: pid (0, 0, 0) (operand 0) swapped = 1
// CHECK-NEXT: pid (0, 0, 0) (operand 1) swapped = 0
// CHECK-NEXT: pid (0, 0, 0) index sum = 10
// CHECK-NEXT: pid (0, 0, 0) no trip = 7
// CHECK-NEXT: pid (0, 0, 0) idx (0) chosen = 0
// CHECK-NEXT: pid (0, 0, 0) idx (1) chosen = 1
// CHECK-NEXT: pid (0, 0, 0) squares = 144
// CHECK-NEXT: pid (0, 0, 0) region = 11
// CHECK-NEXT: pid (1, 0, 0) gcd = 21
// CHECK:      pid (1, 0, 0) idx (0) chosen = 10
// CHECK-NEXT: pid (1, 0, 0) idx (1) chosen = 11
// CHECK-NEXT: pid (1, 0, 0) squares = 169

func.func private @square(%x: i32) -> i32 {
  %y = arith.muli %x, %x : i32
  return %y : i32
}

func.func private @square_plus_one(%x: i32) -> i32 {
  %one = arith.constant 1 : i32
  %y = func.call @square(%x) : (i32) -> i32
  %z = arith.addi %y, %one : i32
  return %z : i32
}

func.func @control(%n: i32) attributes {block.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c7 = arith.constant 7 : i32
  %pid = block.program_id x

  // Euclid with scf.while.
  %a0 = arith.constant 1071 : i32
  %b0 = arith.constant 462 : i32
  %gcd:2 = scf.while (%a = %a0, %b = %b0) : (i32, i32) -> (i32, i32) {
    %more = arith.cmpi ne, %b, %c0 : i32
    scf.condition(%more) %a, %b : i32, i32
  } do {
  ^bb0(%a: i32, %b: i32):
    %r = arith.remsi %a, %b : i32
    scf.yield %b, %r : i32, i32
  }
  block.print "gcd = " %gcd#0 : i32

  // Fibonacci: the first yield is the second iteration argument.
  %fib:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %c0, %y = %c1) -> (i32, i32) : i32 {
    %s = arith.addi %x, %y : i32
    scf.yield %y, %s : i32, i32
  }
  block.print "fib = " %fib#0 : i32

  // (x, y) -> (y - 1, x), three times: (1, 3), (2, 1), (0, 2), (1, 0).
  %sw:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %c1, %y = %c3) -> (i32, i32) : i32 {
    %t = arith.subi %y, %c1 : i32
    scf.yield %t, %x : i32, i32
  }
  block.print "swapped = " %sw#0, %sw#1 : i32, i32

  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i5 = arith.constant 5 : index
  %isum = scf.for %i = %i0 to %i5 step %i1 iter_args(%acc = %c0) -> (i32) {
    %ii = arith.index_cast %i : index to i32
    %next = arith.addi %acc, %ii : i32
    scf.yield %next : i32
  }
  block.print "index sum = " %isum : i32

  %none = scf.for %i = %c3 to %c1 step %c1 iter_args(%acc = %c7) -> (i32) : i32 {
    %next = arith.addi %acc, %c1 : i32
    scf.yield %next : i32
  }
  block.print "no trip = " %none : i32

  %first = arith.cmpi eq, %pid, %c0 : i32
  %chosen = scf.if %first -> (tensor<2xi32>) {
    %r = block.arange 0, 2 : tensor<2xi32>
    scf.yield %r : tensor<2xi32>
  } else {
    %r = block.arange 10, 12 : tensor<2xi32>
    scf.yield %r : tensor<2xi32>
  }
  block.print "chosen = " %chosen : tensor<2xi32>

  // Calls are inlined, also nested ones: (pid + 12)^2 + 1 - 1 + (1 - 1).
  %base = arith.constant 12 : i32
  %v = arith.addi %pid, %base : i32
  %sq = func.call @square_plus_one(%v) : (i32) -> i32
  %sq1 = arith.subi %sq, %c1 : i32
  %sq2 = func.call @square(%c1) : (i32) -> i32
  %sq3 = arith.subi %sq2, %c1 : i32
  %squares = arith.addi %sq1, %sq3 : i32
  block.print "squares = " %squares : i32

  %region = scf.execute_region -> i32 {
    %e = arith.addi %c7, %c3 : i32
    %f = arith.addi %e, %c1 : i32
    scf.yield %f : i32
  }
  block.print "region = " %region : i32
  return
}

func.func @zero_step(%step: i32) attributes {block.kernel} {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  // STEP: control-flow.mlir:[[#@LINE+1]]:3: error: scf.for in program (0, 0, 0) has step 0, but a loop that runs needs a positive step
  scf.for %i = %c0 to %c4 step %step : i32 {
  }
  return
}
