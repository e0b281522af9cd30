// An scf.for whose induction variable, stepped past its last iteration, does
// not fit in its type is undefined: compiled code computes iv + step, which
// wraps, and compares it with the bound, so the loop runs on (about 2^28
// more iterations here). The interpreter refuses such a loop before its
// first iteration instead of stopping where the compiled code would not.
// RUN: not block-run %s --kernel=signed --grid=1 --arg=i32:2147483627 --arg=i32:2147483647 2>&1 | FileCheck %s --check-prefix=SIGNED
// RUN: block-run %s --kernel=signed --grid=1 --arg=i32:2147483600 --arg=i32:2147483632 | FileCheck %s --check-prefix=EDGE
// RUN: not block-run %s --kernel=unsigned --grid=1 --arg=i32:-20 --arg=i32:-1 2>&1 | FileCheck %s --check-prefix=UNSIGNED
// RUN: not block-run %s --kernel=index --grid=1 --arg=i32:2147483647 2>&1 | FileCheck %s --check-prefix=INDEX

// SIGNED: for-overflow.mlir:[[@LINE+8]]:3: error: scf.for in program (0, 0, 0) steps its induction variable past 2147483647 after its last iteration (2147483643 + 16), where compiled code wraps around and runs on: a loop must keep iv + step within its type
// SIGNED-NOT: pid

// The last iteration's iv + step may reach the type's maximum.
// EDGE: iv = 2147483600
// EDGE-NEXT: iv = 2147483616
func.func @signed(%lo: i32, %hi: i32) attributes {block.kernel, block.num_warps = 1 : i32} {
  %c16 = arith.constant 16 : i32
  scf.for %iv = %lo to %hi step %c16 : i32 {
    block.print "iv = " %iv : i32
  }
  return
}

// UNSIGNED: error: scf.for in program (0, 0, 0) steps its induction variable past 4294967295 after its last iteration (4294967292 + 16)
func.func @unsigned(%lo: i32, %hi: i32) attributes {block.kernel, block.num_warps = 1 : i32} {
  %c16 = arith.constant 16 : i32
  scf.for unsigned %iv = %lo to %hi step %c16 : i32 {
    block.print "iv = " %iv : i32
  }
  return
}

// index is 32 bits in compiled code.
// INDEX: error: scf.for in program (0, 0, 0) steps its induction variable past 2147483647 after its last iteration (2147483646 + 2)
func.func @index(%n: i32) attributes {block.kernel, block.num_warps = 1 : i32} {
  %c2 = arith.constant 2 : index
  %lo = arith.constant 2147483640 : index
  %hi = arith.index_cast %n : i32 to index
  scf.for %iv = %lo to %hi step %c2 {
    %x = arith.index_cast %iv : index to i32
    block.print "iv = " %x : i32
  }
  return
}
