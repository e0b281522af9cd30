// RUN: block-opt %s -block-version-on-signs -split-input-file | FileCheck %s
// RUN: block-opt %s -block-version-on-signs -block-version-on-signs -split-input-file | FileCheck %s --check-prefix=TWICE

// Triton's tutorial matmul wraps its columns with `% N` after signed tile
// arithmetic: the rest of the kernel after the column start runs twice,
// under its sign, and the first copy reads it as max(start, 0).

// CHECK-LABEL: func.func @wrapped_columns(
// CHECK-SAME: %[[N:[a-z0-9]+]]: i32 {block.divisibility = 16 : i64}, %[[G:[a-z0-9]+]]: i32
// CHECK: %[[PID:.+]] = block.program_id x
// CHECK: %[[TILE:.+]] = arith.divsi %[[PID]], %[[G]] : i32
// CHECK: %[[START:.+]] = arith.muli %[[TILE]], %{{.+}} : i32
// CHECK: %[[ZERO:.+]] = arith.constant 0 : i32
// CHECK: %[[SIGN:.+]] = arith.cmpi sge, %[[START]], %[[ZERO]] : i32
// CHECK: scf.if %[[SIGN]] {
// CHECK: %[[CLAMPED:.+]] = arith.maxsi %[[START]], %[[ZERO]] : i32
// CHECK: block.splat %[[CLAMPED]] : tensor<128xi32>
// CHECK: arith.remsi
// CHECK: block.load
// CHECK: } else {
// CHECK-NOT: arith.maxsi
// CHECK: block.splat %[[START]] : tensor<128xi32>
// CHECK: arith.remsi
// CHECK: block.load
// CHECK: } {block.versioned_on_signs}
// CHECK-NEXT: return
func.func @wrapped_columns(%b: !block.ptr<f16> {block.alignment = 16},
                           %n: i32 {block.divisibility = 16}, %g: i32)
    -> () attributes {block.kernel, block.num_warps = 4 : i32} {
  %c128 = arith.constant 128 : i32
  %pid = block.program_id x
  %tile = arith.divsi %pid, %g : i32
  %start = arith.muli %tile, %c128 : i32
  %range = block.arange 0, 128 : tensor<128xi32>
  %starts = block.splat %start : tensor<128xi32>
  %columns = arith.addi %starts, %range : tensor<128xi32>
  %ns = block.splat %n : tensor<128xi32>
  %wrapped = arith.remsi %columns, %ns : tensor<128xi32>
  %bs = block.splat %b : tensor<128x!block.ptr<f16>>
  %bp = block.addptr %bs, %wrapped : tensor<128x!block.ptr<f16>>, tensor<128xi32>
  %x = block.load %bp : tensor<128x!block.ptr<f16>>
  block.store %bp, %x : tensor<128x!block.ptr<f16>>
  return
}

// -----

// A dividend known non-negative (the program id) needs no branch.

// CHECK-LABEL: func.func @known_sign(
// CHECK-NOT: scf.if
// CHECK: return
func.func @known_sign(%b: !block.ptr<f16> {block.alignment = 16},
                      %n: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c128 = arith.constant 128 : i32
  %pid = block.program_id x
  %start = arith.muli %pid, %c128 : i32
  %range = block.arange 0, 128 : tensor<128xi32>
  %starts = block.splat %start : tensor<128xi32>
  %columns = arith.addi %starts, %range : tensor<128xi32>
  %ns = block.splat %n : tensor<128xi32>
  %wrapped = arith.remsi %columns, %ns : tensor<128xi32>
  %bs = block.splat %b : tensor<128x!block.ptr<f16>>
  %bp = block.addptr %bs, %wrapped : tensor<128x!block.ptr<f16>>, tensor<128xi32>
  %x = block.load %bp : tensor<128x!block.ptr<f16>>
  block.store %bp, %x : tensor<128x!block.ptr<f16>>
  return
}

// -----

// A divisor of unknown divisibility gives no runs whatever the sign: no
// branch.

// CHECK-LABEL: func.func @unknown_divisor(
// CHECK-NOT: scf.if
// CHECK: return
func.func @unknown_divisor(%b: !block.ptr<f16> {block.alignment = 16},
                           %n: i32, %g: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c128 = arith.constant 128 : i32
  %pid = block.program_id x
  %tile = arith.divsi %pid, %g : i32
  %start = arith.muli %tile, %c128 : i32
  %range = block.arange 0, 128 : tensor<128xi32>
  %starts = block.splat %start : tensor<128xi32>
  %columns = arith.addi %starts, %range : tensor<128xi32>
  %ns = block.splat %n : tensor<128xi32>
  %wrapped = arith.remsi %columns, %ns : tensor<128xi32>
  %bs = block.splat %b : tensor<128x!block.ptr<f16>>
  %bp = block.addptr %bs, %wrapped : tensor<128x!block.ptr<f16>>, tensor<128xi32>
  %x = block.load %bp : tensor<128x!block.ptr<f16>>
  block.store %bp, %x : tensor<128x!block.ptr<f16>>
  return
}

// -----

// A remainder that reaches no memory access (a value computed, not an
// address) needs no branch.

// CHECK-LABEL: func.func @not_an_address(
// CHECK-NOT: scf.if
// CHECK: return
func.func @not_an_address(%out: !block.ptr<i32> {block.alignment = 16},
                          %n: i32 {block.divisibility = 16}, %g: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c128 = arith.constant 128 : i32
  %pid = block.program_id x
  %tile = arith.divsi %pid, %g : i32
  %start = arith.muli %tile, %c128 : i32
  %range = block.arange 0, 128 : tensor<128xi32>
  %starts = block.splat %start : tensor<128xi32>
  %columns = arith.addi %starts, %range : tensor<128xi32>
  %ns = block.splat %n : tensor<128xi32>
  %wrapped = arith.remsi %columns, %ns : tensor<128xi32>
  %os = block.splat %out : tensor<128x!block.ptr<i32>>
  %op = block.addptr %os, %range : tensor<128x!block.ptr<i32>>, tensor<128xi32>
  block.store %op, %wrapped : tensor<128x!block.ptr<i32>>
  return
}

// -----

// Run twice, the pass leaves its own branch's else copy alone.

// TWICE-LABEL: func.func @once(
// TWICE-COUNT-1: scf.if
// TWICE-NOT: scf.if
func.func @once(%b: !block.ptr<f16> {block.alignment = 16},
                %n: i32 {block.divisibility = 16}, %g: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c128 = arith.constant 128 : i32
  %pid = block.program_id x
  %tile = arith.divsi %pid, %g : i32
  %start = arith.muli %tile, %c128 : i32
  %range = block.arange 0, 128 : tensor<128xi32>
  %starts = block.splat %start : tensor<128xi32>
  %columns = arith.addi %starts, %range : tensor<128xi32>
  %ns = block.splat %n : tensor<128xi32>
  %wrapped = arith.remsi %columns, %ns : tensor<128xi32>
  %bs = block.splat %b : tensor<128x!block.ptr<f16>>
  %bp = block.addptr %bs, %wrapped : tensor<128x!block.ptr<f16>>, tensor<128xi32>
  %x = block.load %bp : tensor<128x!block.ptr<f16>>
  block.store %bp, %x : tensor<128x!block.ptr<f16>>
  return
}
