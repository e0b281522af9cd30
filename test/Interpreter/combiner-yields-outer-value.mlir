// RUN: block-run %s --grid=1 --arg=ptr:i32:1:zeros | FileCheck %s
//
// Found by block-fuzz-opt (test/Fuzz/Inputs/opt/interpreter-combiner-yields-outer-value.mlir):
// a combiner that yields a value from outside it ran batched, and the
// interpreter copied a whole batch of lanes out of that value's one-element
// slot: a heap-buffer-overflow. It now runs one pair at a time, as for other
// values from outside (docs/interpreter.md).

// CHECK: r = 16
// CHECK-COUNT-8: rows = 16
// CHECK: idx (0) scan sums = 2032
// CHECK: idx (1) scan sums = 2160
func.func @k(%out: !block.ptr<i32>) attributes {block.kernel} {
  %c16 = arith.constant 16 : i32
  %r = block.arange 0, 1024 : tensor<1024xi32>
  %s = block.reduce %r axis = 0 : (tensor<1024xi32>) -> i32 {
  ^bb0(%a: i32, %b: i32):
    block.yield %c16 : i32
  }
  block.print "r = " %s : i32
  %r2 = block.reshape %r : tensor<1024xi32> -> tensor<8x128xi32>
  %s2 = block.reduce %r2 axis = 1 : (tensor<8x128xi32>) -> tensor<8xi32> {
  ^bb0(%a: i32, %b: i32):
    %m = arith.maxsi %a, %c16 : i32
    block.yield %c16 : i32
  }
  block.print "rows = " %s2 : tensor<8xi32>
  %sc = block.scan %r2 axis = 1 : (tensor<8x128xi32>) -> tensor<8x128xi32> {
  ^bb0(%a: i32, %b: i32):
    block.yield %c16 : i32
  }
  %t = block.reduce %sc axis = 1 : (tensor<8x128xi32>) -> tensor<8xi32> {
  ^bb0(%a: i32, %b: i32):
    %x = arith.addi %a, %b : i32
    block.yield %x : i32
  }
  block.print "scan sums = " %t : tensor<8xi32>
  block.store %out, %s : !block.ptr<i32>
  return
}
