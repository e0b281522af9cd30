// block.print: one line per element with the program id, instances in grid
// order (kernels that print run on one thread), floats in their shortest
// exact form.
// RUN: block-run %s --grid=2 --arg=ptr:f16:4:file=%S/Inputs/halves.npy --arg=f32:0.1 2>&1 | FileCheck %s

// CHECK:      pid (0, 0, 0) start
// CHECK-NEXT: pid (0, 0, 0) scalar = 0
// CHECK-NEXT: pid (0, 0, 0) idx (0, 0) t = 0.1
// CHECK-NEXT: pid (0, 0, 0) idx (0, 1) t = 1.1
// CHECK-NEXT: pid (0, 0, 0) idx (1, 0) t = 2.1
// CHECK-NEXT: pid (0, 0, 0) idx (1, 1) t = 3.1
// CHECK-NEXT: pid (0, 0, 0) idx (0) (operand 0) pair: 0x00000000
// CHECK-NEXT: pid (0, 0, 0) idx (1) (operand 0) pair: 0x00000001
// CHECK-NEXT: pid (0, 0, 0) idx (0) (operand 1) pair: 0x01
// CHECK-NEXT: pid (0, 0, 0) idx (1) (operand 1) pair: 0x00
// CHECK-NEXT: pid (0, 0, 0) idx (0) half = 0.1
// CHECK-NEXT: pid (0, 0, 0) idx (1) half = -2.5
// CHECK-NEXT: pid (0, 0, 0) idx (2) half = 65504
// CHECK-NEXT: pid (0, 0, 0) idx (3) half = 6e-08
// CHECK-NEXT: pid (0, 0, 0) flags true
// CHECK-NEXT: pid (1, 0, 0) start
// CHECK-NEXT: pid (1, 0, 0) scalar = 1
// CHECK:      pid (1, 0, 0) idx (3) half = 6e-08
// CHECK-NEXT: pid (1, 0, 0) flags false
// CHECK-NOT:  pid

func.func @print(%h: !block.ptr<f16>, %tenth: f32) attributes {block.kernel} {
  %pid = block.program_id x
  block.print "start"
  block.print "scalar = " %pid : i32
  %r = block.arange 0, 4 : tensor<4xi32>
  %rf = arith.sitofp %r : tensor<4xi32> to tensor<4xf32>
  %tenths = block.splat %tenth : tensor<4xf32>
  %sum = arith.addf %rf, %tenths : tensor<4xf32>
  %t = block.reshape %sum : tensor<4xf32> -> tensor<2x2xf32>
  block.print "t = " %t : tensor<2x2xf32>
  %two = block.arange 0, 2 : tensor<2xi32>
  %zeros = arith.constant dense<0> : tensor<2xi32>
  %bools = arith.cmpi eq, %two, %zeros : tensor<2xi32>
  %bytes = arith.extui %bools : tensor<2xi1> to tensor<2xi8>
  block.print "pair: " hex %two, %bytes : tensor<2xi32>, tensor<2xi8>
  %hs = block.splat %h : tensor<4x!block.ptr<f16>>
  %hp = block.addptr %hs, %r : tensor<4x!block.ptr<f16>>, tensor<4xi32>
  %hv = block.load %hp : tensor<4x!block.ptr<f16>>
  block.print "half = " %hv : tensor<4xf16>
  %zero = arith.constant 0 : i32
  %first = arith.cmpi eq, %pid, %zero : i32
  block.print "flags " %first : i1
  return
}
