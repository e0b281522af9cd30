// RUN: block-opt %s --convert-block-to-gpu | FileCheck %s
// RUN: %python %S/Inputs/simulate_scan.py block-opt

// A scan along an axis whose index bits come from registers, lanes and
// warps in any order, as the rows of an mma.sync accumulator do. The
// simulation (Inputs/simulate_scan.py) runs the lowered code of such
// layouts for every thread on the CPU and compares with a sequential scan.

// 64 rows of mma.sync m16n8 accumulators, two tiles per warp and two warps:
// lane id bits 2-4 give rows 1, 2, 4 (shuffles by 4, 8, 16 lanes), then a
// register row 8, the warp row 16, a register row 32. Rows 8-63 number 8
// segments (2 bits of registers, 1 of warps); each thread writes the totals
// of its 2 columns and 4 register segments and reads the 8 slots of its 2
// columns.
#R = #block.linear<register = [[0, 1], [8, 0], [32, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0]]>

// CHECK-LABEL: gpu.func @accumulator_rows
// CHECK-SAME: block_gpu.shared_memory_bytes = 256 : i32
// CHECK: gpu.shuffle up %{{.*}}, %c4_i32
// CHECK: gpu.shuffle up %{{.*}}, %c8_i32
// CHECK: gpu.shuffle up %{{.*}}, %c16_i32
// The lane before's total, for all but the first lane of the run.
// CHECK: gpu.shuffle up %{{.*}}, %c4_i32
// The warp's bit of the segment number is its bit 1.
// CHECK: %[[BIT:.+]] = arith.andi
// CHECK: %[[SHIFTED:.+]] = arith.shli %[[BIT]], %c1_i32
// CHECK: %[[SEGMENT:.+]] = arith.ori %{{.*}}, %[[SHIFTED]]
// CHECK-NOT: gpu.barrier
// CHECK: scf.if
// CHECK-COUNT-8: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK-COUNT-16: llvm.load {{.*}} : !llvm.ptr<3> -> f32
// CHECK: arith.cmpi eq, %[[SEGMENT]], %c2_i32
func.func @accumulator_rows(%v: f32, %p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 2 : i32} {
  %x = block.splat %v : tensor<64x8xf32, #R>
  %s = block.scan %x axis = 0 : (tensor<64x8xf32, #R>) -> tensor<64x8xf32, #R> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    block.yield %t : f32
  }
  %ps = block.splat %p : tensor<64x8x!block.ptr<f32>, #R>
  block.store %ps, %s : tensor<64x8x!block.ptr<f32>, #R>
  return
}
