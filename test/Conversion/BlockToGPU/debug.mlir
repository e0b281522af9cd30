// RUN: block-opt %s --convert-block-to-gpu | FileCheck %s

// Each element is printed (or checked) once, by its owner, with the program
// id and its index; a scalar by thread 0. A failed assert prints its
// location and message, then traps.

#S = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>

// CHECK-LABEL: gpu.func @print
func.func @print(%p: !block.ptr<f16>, %n: i64) attributes {block.kernel, block.num_warps = 2 : i32} {
  %r = block.arange 0, 16 : tensor<16xi32, #S>
  %ps = block.splat %p : tensor<16x!block.ptr<f16>, #S>
  %pp = block.addptr %ps, %r : tensor<16x!block.ptr<f16>, #S>, tensor<16xi32, #S>
  %x = block.load %pp : tensor<16x!block.ptr<f16>, #S>
  // CHECK: %[[X:.*]] = llvm.load %{{.*}} : !llvm.ptr<1> -> f16
  // CHECK: %[[OWNER:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
  // CHECK: scf.if %[[OWNER]] {
  // CHECK:   %[[W:.*]] = arith.extf %[[X]] : f16 to f32
  // CHECK:   gpu.printf "pid (%d, %d, %d) idx (%d) x = %f\0A", %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[W]] : i32, i32, i32, i32, f32
  block.print "x = " %x : tensor<16xf16, #S>
  // CHECK: %[[FIRST:.*]] = arith.cmpi eq
  // CHECK: scf.if %[[FIRST]] {
  // CHECK:   gpu.printf "pid (%d, %d, %d) (operand 0) n = 0x%llx\0A"
  // CHECK:   gpu.printf "pid (%d, %d, %d) (operand 1) n = 0x%x\0A"
  %c = arith.constant 7 : i8
  block.print "n = " hex %n, %c : i64, i8
  // CHECK: gpu.printf "pid (%d, %d, %d) 100%% done\0A"
  block.print "100% done"
  return
}

// CHECK-LABEL: gpu.func @assert
func.func @assert(%n: i32) attributes {block.kernel, block.num_warps = 2 : i32} {
  %r = block.arange 0, 64 : tensor<64xi32, #S>
  %ns = block.splat %n : tensor<64xi32, #S>
  %ok = arith.cmpi slt, %r, %ns : tensor<64xi32, #S>
  // CHECK: %[[OK:.*]] = arith.cmpi slt
  // CHECK: %[[BAD:.*]] = arith.xori %[[OK]], %true : i1
  // CHECK: scf.if %[[BAD]] {
  // CHECK:   gpu.printf "pid (%d, %d, %d) idx (%d) block.assert failed: {{.*}}debug.mlir:[[@LINE+3]]: index in range\0A"
  // CHECK:   llvm.intr.trap
  // CHECK: }
  block.assert %ok, "index in range" : tensor<64xi1, #S>
  return
}
