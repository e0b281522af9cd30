// RUN: block-opt %s --block-pipeline-dot-operands --split-input-file | FileCheck %s

// The loads of a and b move one iteration ahead: the first iteration's
// before the loop, masked off where the loop runs no iteration; in the loop,
// the next iteration's ahead of the product, at the last iteration again
// where there is no next one.

// CHECK-LABEL: func.func @product
// CHECK-SAME: (%[[PA:[^:]+]]: !block.ptr<f32>, %[[PB:[^:]+]]: !block.ptr<f32>, %{{[^:]+}}: !block.ptr<f32>, %[[K:[^:]+]]: i32)
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %[[C0:.*]], %[[K]] : i32
// CHECK: %[[RUNSA:.*]] = block.splat %[[RUNS]] : tensor<32x16xi1>
// CHECK: %[[MASKA:.*]] = arith.andi %{{.*}}, %[[RUNSA]] : tensor<32x16xi1>
// CHECK: %[[A0:.*]] = block.load %{{.*}} mask %[[MASKA]] other %{{.*}} : tensor<32x16x!block.ptr<f32>>
// CHECK: %[[RUNSB:.*]] = block.splat %[[RUNS]] : tensor<16x32xi1>
// CHECK: %[[B0:.*]] = block.load %{{.*}} mask %[[RUNSB]] : tensor<16x32x!block.ptr<f32>>
// CHECK: %[[SPAN:.*]] = arith.subi %{{.*}}, %c1_i32 : i32
// CHECK: %[[STEPS:.*]] = arith.divui %[[SPAN]], %[[C16:.*]] : i32
// CHECK: %[[OFFSET:.*]] = arith.muli %[[STEPS]], %[[C16]] : i32
// CHECK: %[[LAST:.*]] = arith.addi %[[C0]], %[[OFFSET]] : i32
// CHECK: %[[LOOP:.*]]:3 = scf.for %[[IV:.*]] = %[[C0]] to %[[K]] step %[[C16]] iter_args(%[[ACC:.*]] = %{{.*}}, %[[A:.*]] = %[[A0]], %[[B:.*]] = %[[B0]])
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[IV]], %[[C16]] : i32
// CHECK-NEXT: %[[HAS:.*]] = arith.cmpi slt, %[[NEXT]], %[[K]] : i32
// CHECK-NEXT: %[[AT:.*]] = arith.select %[[HAS]], %[[NEXT]], %[[LAST]] : i32
// CHECK-NEXT: %[[ATS:.*]] = block.splat %[[AT]] : tensor<32x16xi32>
// CHECK: %[[AN:.*]] = block.load %{{.*}} mask %{{.*}} other %{{.*}} : tensor<32x16x!block.ptr<f32>>
// CHECK: %[[BN:.*]] = block.load %{{.*}} : tensor<16x32x!block.ptr<f32>>
// CHECK-NEXT: %[[D:.*]] = block.dot %[[A]], %[[B]], %[[ACC]]
// CHECK-NEXT: scf.yield %[[D]], %[[AN]], %[[BN]]
// CHECK: block.store %{{.*}}, %[[LOOP]]#0
func.func @product(%pa: !block.ptr<f32>, %pb: !block.ptr<f32>, %pc: !block.ptr<f32>, %k: i32) attributes {block.kernel} {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %azero = arith.constant dense<0.0> : tensor<32x16xf32>
  %as = block.splat %pa : tensor<32x16x!block.ptr<f32>>
  %bs = block.splat %pb : tensor<16x32x!block.ptr<f32>>
  %ks = block.splat %k : tensor<32x16xi32>
  %sum = scf.for %i = %c0 to %k step %c16 iter_args(%acc = %zero) -> (tensor<32x32xf32>) : i32 {
    %is = block.splat %i : tensor<32x16xi32>
    %am = arith.cmpi slt, %is, %ks : tensor<32x16xi32>
    %ap = block.addptr %as, %is : tensor<32x16x!block.ptr<f32>>, tensor<32x16xi32>
    %a = block.load %ap mask %am other %azero : tensor<32x16x!block.ptr<f32>>
    %ib = block.splat %i : tensor<16x32xi32>
    %bp = block.addptr %bs, %ib : tensor<16x32x!block.ptr<f32>>, tensor<16x32xi32>
    %b = block.load %bp : tensor<16x32x!block.ptr<f32>>
    %d = block.dot %a, %b, %acc : tensor<32x16xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
    scf.yield %d : tensor<32x32xf32>
  }
  %cs = block.splat %pc : tensor<32x32x!block.ptr<f32>>
  block.store %cs, %sum : tensor<32x32x!block.ptr<f32>>
  return
}

// -----

// A loop that writes memory keeps its loads where they are: an earlier load
// could miss what the previous iteration stored.

// CHECK-LABEL: func.func @writes_memory
// CHECK: scf.for {{.*}} iter_args(%{{[^,]*}} = %{{[^,)]*}}) -> (tensor<32x32xf32>)
// CHECK-NEXT: block.splat
// CHECK-NEXT: block.addptr
// CHECK-NEXT: block.load
func.func @writes_memory(%pa: !block.ptr<f32>, %k: i32) attributes {block.kernel} {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %as = block.splat %pa : tensor<32x32x!block.ptr<f32>>
  %sum = scf.for %i = %c0 to %k step %c32 iter_args(%acc = %zero) -> (tensor<32x32xf32>) : i32 {
    %is = block.splat %i : tensor<32x32xi32>
    %ap = block.addptr %as, %is : tensor<32x32x!block.ptr<f32>>, tensor<32x32xi32>
    %a = block.load %ap : tensor<32x32x!block.ptr<f32>>
    %d = block.dot %a, %a, %acc : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
    block.store %ap, %d : tensor<32x32x!block.ptr<f32>>
    scf.yield %d : tensor<32x32xf32>
  }
  return
}

// -----

// Loads that stay: a volatile one, one whose tile is also used outside the
// product, one whose pointers come from a loop-carried value, and one that
// feeds the accumulator.

// CHECK-LABEL: func.func @stays
// CHECK: scf.for {{.*}} iter_args(%{{[^,]*}} = %{{[^,]*}}, %{{[^,]*}} = %{{[^,)]*}}) -> (tensor<32x32xf32>, tensor<32x32x!block.ptr<f32>>)
// CHECK: block.load %{{.*}} volatile
// CHECK: block.load
// CHECK: block.load
// CHECK: block.load
// CHECK: block.dot
// CHECK: block.dot
// CHECK: block.dot
func.func @stays(%pa: !block.ptr<f32>, %k: i32) attributes {block.kernel} {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %as = block.splat %pa : tensor<32x32x!block.ptr<f32>>
  %steps = block.splat %c32 : tensor<32x32xi32>
  %sum:2 = scf.for %i = %c0 to %k step %c32 iter_args(%acc = %zero, %ptrs = %as) -> (tensor<32x32xf32>, tensor<32x32x!block.ptr<f32>>) : i32 {
    %is = block.splat %i : tensor<32x32xi32>
    %ap = block.addptr %as, %is : tensor<32x32x!block.ptr<f32>>, tensor<32x32xi32>
    %volatile = block.load %ap volatile : tensor<32x32x!block.ptr<f32>>
    %shared = block.load %ap : tensor<32x32x!block.ptr<f32>>
    %twice = arith.addf %shared, %shared : tensor<32x32xf32>
    %carried = block.load %ptrs : tensor<32x32x!block.ptr<f32>>
    %addend = block.load %ap : tensor<32x32x!block.ptr<f32>>
    %d0 = block.dot %volatile, %shared, %addend : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
    %d1 = block.dot %carried, %twice, %d0 : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
    %d2 = block.dot %d1, %d1, %acc : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
    %next = block.addptr %ptrs, %steps : tensor<32x32x!block.ptr<f32>>, tensor<32x32xi32>
    scf.yield %d2, %next : tensor<32x32xf32>, tensor<32x32x!block.ptr<f32>>
  }
  return
}

// -----

// A product the chip runs on tensor cores is left to blockgpu-pipeline-loops,
// which brings its operands through shared memory, unless the loop says one
// stage.
// CHECK-LABEL: func.func @tensor_cores
// CHECK: scf.for
// CHECK-NEXT: block.addptr
// CHECK: block.load
// CHECK: scf.for
// CHECK-SAME: iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}})
module attributes {block.target = "sm_80"} {
func.func @tensor_cores(%p: !block.ptr<bf16>, %n: i32) attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %q = block.splat %p : tensor<32x64x!block.ptr<bf16>>
  %acc = scf.for %k = %c0 to %n step %c32 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %pk = block.addptr %p, %k : !block.ptr<bf16>, i32
    %ap = block.splat %pk : tensor<64x32x!block.ptr<bf16>>
    %a = block.load %ap : tensor<64x32x!block.ptr<bf16>>
    %b = block.load %q : tensor<32x64x!block.ptr<bf16>>
    %d = block.dot %a, %b, %s : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  %one = scf.for %k = %c0 to %n step %c32 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %pk = block.addptr %p, %k : !block.ptr<bf16>, i32
    %ap = block.splat %pk : tensor<64x32x!block.ptr<bf16>>
    %a = block.load %ap : tensor<64x32x!block.ptr<bf16>>
    %b = block.load %q : tensor<32x64x!block.ptr<bf16>>
    %d = block.dot %a, %b, %s : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  } {block.num_stages = 1 : i32}
  return
}
}
