// block-pipeline-dot-operands keeps the meaning of a loop whose induction
// variable comes close to its type's maximum: the pipelined loop loads the
// next tiles at iv + step, which fits wherever the loop is defined (the last
// iteration's iv + step fits, docs/interpreter.md). Found with hi near
// INT_MAX: the interpreter stopped the input where iv + step wrapped, but ran
// the pipelined output into an out-of-bounds load; both are now refused.
// RUN: block-opt %s --block-pipeline-dot-operands -o %t.piped.mlir
// RUN: block-run %s --grid=1 --arg=ptr:f32:512:rand --arg=ptr:f32:256:zeros --arg=i32:2147483600 --arg=i32:2147483632 --out=1:%t.input.npy
// RUN: block-run %t.piped.mlir --grid=1 --arg=ptr:f32:512:rand --arg=ptr:f32:256:zeros --arg=i32:2147483600 --arg=i32:2147483632 --out=1:%t.piped.npy
// RUN: cmp %t.input.npy %t.piped.npy
// RUN: not block-run %s --grid=1 --arg=ptr:f32:512:rand --arg=ptr:f32:256:zeros --arg=i32:2147483627 --arg=i32:2147483647 2>&1 | FileCheck %s
// RUN: not block-run %t.piped.mlir --grid=1 --arg=ptr:f32:512:rand --arg=ptr:f32:256:zeros --arg=i32:2147483627 --arg=i32:2147483647 2>&1 | FileCheck %s

// CHECK: error: scf.for in program (0, 0, 0) steps its induction variable past 2147483647 after its last iteration (2147483643 + 16)
// CHECK-NOT: out-of-bounds

func.func @ovf(%a: !block.ptr<f32>, %c: !block.ptr<f32>, %lo: i32, %hi: i32) attributes {block.kernel, block.num_warps = 1 : i32} {
  %c16 = arith.constant 16 : i32
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %r = block.arange 0, 256 : tensor<256xi32>
  %off = block.reshape %r : tensor<256xi32> -> tensor<16x16xi32>
  %as = block.splat %a : tensor<16x16x!block.ptr<f32>>
  %acc = scf.for %iv = %lo to %hi step %c16 iter_args(%s = %zero) -> (tensor<16x16xf32>) : i32 {
    %base = arith.subi %iv, %lo : i32
    %b16 = arith.muli %base, %c16 : i32
    %bs = block.splat %b16 : tensor<16x16xi32>
    %o = arith.addi %off, %bs : tensor<16x16xi32>
    %p = block.addptr %as, %o : tensor<16x16x!block.ptr<f32>>, tensor<16x16xi32>
    %t = block.load %p : tensor<16x16x!block.ptr<f32>>
    %d = block.dot %t, %t, %s : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    scf.yield %d : tensor<16x16xf32>
  }
  %cs = block.splat %c : tensor<16x16x!block.ptr<f32>>
  %cp = block.addptr %cs, %off : tensor<16x16x!block.ptr<f32>>, tensor<16x16xi32>
  block.store %cp, %acc : tensor<16x16x!block.ptr<f32>>
  return
}
