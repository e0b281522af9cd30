// RUN: block-opt %s -block-split-loops -split-input-file | FileCheck %s

// A branch on iv >= bound: the iterations before the first one at or past
// the bound take the else side, the rest the then side. The second loop
// starts where the first stops and from its results; both keep the loop's
// attributes, and neither tests anything.

// CHECK-LABEL: func.func @masked_tail(
// CHECK-SAME: %[[LB:[a-z0-9]+]]: i32, %[[UB:[a-z0-9]+]]: i32, %[[STEP:[a-z0-9]+]]: i32, %[[BOUND:[a-z0-9]+]]: i32
// CHECK: %[[LOW:.+]] = arith.maxsi %[[BOUND]], %[[LB]] : i32
// CHECK: %[[CLAMPED:.+]] = arith.minsi %[[LOW]], %[[UB]] : i32
// CHECK: %[[DISTANCE:.+]] = arith.subi %[[CLAMPED]], %[[LB]] : i32
// CHECK: %[[STEPS:.+]] = arith.ceildivsi %[[DISTANCE]], %[[STEP]] : i32
// CHECK: %[[OFFSET:.+]] = arith.muli %[[STEPS]], %[[STEP]] : i32
// CHECK: %[[AT:.+]] = arith.addi %[[LB]], %[[OFFSET]] : i32
// CHECK: %[[SPLIT:.+]] = arith.minsi %[[AT]], %[[UB]] : i32
// CHECK: %[[FIRST:.+]] = scf.for %[[I:.+]] = %[[LB]] to %[[SPLIT]] step %[[STEP]] iter_args(%[[X:.+]] = %{{.+}}) -> (f32) : i32 {
// CHECK-NOT: scf.if
// CHECK-NOT: arith.cmpi
// CHECK: %[[PLAIN:.+]] = arith.addf %[[X]], %[[X]] : f32
// CHECK: scf.yield %[[PLAIN]] : f32
// CHECK: } {block.num_stages = 3 : i32, block.warp_specialize = true}
// CHECK: %[[SECOND:.+]] = scf.for %{{.+}} = %[[SPLIT]] to %[[UB]] step %[[STEP]] iter_args(%[[Y:.+]] = %[[FIRST]]) -> (f32) : i32 {
// CHECK-NOT: scf.if
// CHECK-NOT: arith.cmpi
// CHECK: %[[MASKED:.+]] = arith.mulf %[[Y]], %[[Y]] : f32
// CHECK: scf.yield %[[MASKED]] : f32
// CHECK: } {block.num_stages = 3 : i32, block.warp_specialize = true}
// CHECK: return %[[SECOND]] : f32
func.func @masked_tail(%lb: i32, %ub: i32, %step: i32, %bound: i32) -> f32 {
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %lb to %ub step %step iter_args(%x = %zero) -> f32 : i32 {
    %masked = arith.cmpi sge, %i, %bound : i32
    %y = scf.if %masked -> f32 {
      %m = arith.mulf %x, %x : f32
      scf.yield %m : f32
    } else {
      %a = arith.addf %x, %x : f32
      scf.yield %a : f32
    }
    scf.yield %y : f32
  } {block.num_stages = 3 : i32, block.warp_specialize = true}
  return %r : f32
}

// -----

// iv < bound, written the other way round (bound > iv): the then side runs
// first. A branch without an else side disappears from the loop where it
// is not taken; the comparison's other uses become constants.

// CHECK-LABEL: func.func @guarded_head(
// CHECK-SAME: %[[P:[a-z0-9]+]]: !block.ptr<f32>, %[[N:[a-z0-9]+]]: index, %[[BOUND:[a-z0-9]+]]: index
// CHECK: arith.addi
// CHECK-NEXT: %[[SPLIT:.+]] = arith.minsi %{{.+}}, %[[N]] : index
// CHECK: scf.for %[[I:.+]] = %{{.+}} to %[[SPLIT]] step
// CHECK-NEXT: %[[TRUE:.+]] = arith.constant true
// CHECK-NEXT: %[[V:.+]] = arith.index_cast %[[I]] : index to i32
// CHECK-NEXT: %[[F:.+]] = arith.sitofp %[[V]] : i32 to f32
// CHECK-NEXT: block.store %[[P]], %[[F]] mask %[[TRUE]] : !block.ptr<f32>
// CHECK-NEXT: %[[Z:.+]] = arith.constant 0.0
// CHECK-NEXT: block.store %[[P]], %[[Z]] mask %[[TRUE]] : !block.ptr<f32>
// CHECK-NEXT: }
// CHECK: scf.for %{{.+}} = %[[SPLIT]] to %[[N]] step
// CHECK-NEXT: %[[FALSE:.+]] = arith.constant false
// CHECK-NEXT: %[[Z2:.+]] = arith.constant 0.0
// CHECK-NEXT: block.store %[[P]], %[[Z2]] mask %[[FALSE]] : !block.ptr<f32>
// CHECK-NEXT: }
func.func @guarded_head(%p: !block.ptr<f32>, %n: index, %bound: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %head = arith.cmpi sgt, %bound, %i : index
    scf.if %head {
      %v = arith.index_cast %i : index to i32
      %f = arith.sitofp %v : i32 to f32
      block.store %p, %f mask %head : !block.ptr<f32>
    }
    %z = arith.constant 0.0 : f32
    block.store %p, %z mask %head : !block.ptr<f32>
  }
  return
}

// -----

// Left alone: a bound the loop computes, a comparison the split point
// cannot be read from (iv > bound), an unsigned loop, and a branch below
// the loop's body.

// CHECK-LABEL: func.func @not_split(
// CHECK: scf.for
// CHECK: scf.if
// CHECK: scf.for
// CHECK: scf.if
// CHECK: scf.for unsigned
// CHECK: scf.if
// CHECK: scf.for
// CHECK: scf.if
// CHECK: scf.if
// CHECK-NOT: scf.for
func.func @not_split(%lb: i32, %ub: i32, %step: i32, %bound: i32, %p: !block.ptr<f32>) {
  %z = arith.constant 0.0 : f32
  %true = arith.constant true
  scf.for %i = %lb to %ub step %step : i32 {
    %moved = arith.addi %bound, %i : i32
    %c = arith.cmpi sge, %i, %moved : i32
    scf.if %c {
      block.store %p, %z : !block.ptr<f32>
    }
  }
  scf.for %i = %lb to %ub step %step : i32 {
    %c = arith.cmpi sgt, %i, %bound : i32
    scf.if %c {
      block.store %p, %z : !block.ptr<f32>
    }
  }
  scf.for unsigned %i = %lb to %ub step %step : i32 {
    %c = arith.cmpi sge, %i, %bound : i32
    scf.if %c {
      block.store %p, %z : !block.ptr<f32>
    }
  }
  scf.for %i = %lb to %ub step %step : i32 {
    scf.if %true {
      %c = arith.cmpi sge, %i, %bound : i32
      scf.if %c {
        block.store %p, %z : !block.ptr<f32>
      }
    }
  }
  return
}
