// RUN: block-opt %s --convert-block-to-gpu | FileCheck %s
// RUN: block-opt %s --convert-block-to-gpu=gpu-module-name=bundle | FileCheck %s --check-prefix=NAMED

// Kernels move into one gpu.module as gpu.func kernels of 32 x num_warps
// threads, with one parameter per argument: pointers become !llvm.ptr<1>
// (alignment hints become llvm.align), scalars stay. Program ids and grid
// sizes are the block ids and grid dimensions, as i32.

// CHECK: module attributes {gpu.container_module}
// Functions that are not kernels stay where they are.
// CHECK: func.func @helper
// CHECK: gpu.module @block_kernels
// NAMED: gpu.module @bundle
// CHECK-NOT: block_shared_memory
// CHECK-LABEL: gpu.func @ids(
// CHECK-SAME: %[[P:.*]]: !llvm.ptr<1> {llvm.align = 16 : i64}, %[[N:.*]]: i32, %[[F:.*]]: f16, %[[Q:.*]]: !llvm.ptr<1>)
// CHECK-SAME: kernel
// CHECK-SAME: block_gpu.num_warps = 8 : i32
// CHECK-SAME: block_gpu.shared_memory_bytes = 0 : i32
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>
func.func @ids(%p: !block.ptr<i32> {block.alignment = 16}, %n: i32 {block.divisibility = 16},
               %f: f16, %q: !block.ptr<f16>)
    attributes {block.kernel, block.num_warps = 8 : i32} {
  // CHECK: %[[X:.*]] = gpu.block_id x
  // CHECK: arith.index_castui %[[X]] : index to i32
  // CHECK: %[[Y:.*]] = gpu.block_id y
  // CHECK: arith.index_castui %[[Y]] : index to i32
  // CHECK: %[[Z:.*]] = gpu.grid_dim z
  // CHECK: arith.index_castui %[[Z]] : index to i32
  %x = block.program_id x
  %y = block.program_id y
  %nz = block.num_programs z
  %s = arith.addi %x, %y : i32
  %t = arith.addi %s, %nz : i32
  %u = arith.addi %t, %n : i32
  // A scalar lives in every thread; thread 0 stores it.
  // CHECK: %[[TID:.*]] = gpu.thread_id x
  // CHECK: %[[T:.*]] = arith.index_castui %[[TID]] : index to i32
  // CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[T]], %{{.*}} : i32
  // CHECK: nvvm.inline_ptx "st.global.b32 [{$r0}], {$r1};" ro(%[[P]], %{{.*}} : !llvm.ptr<1>, i32), predicate = %[[FIRST]]
  block.store %p, %u : !block.ptr<i32>
  block.store %q, %f : !block.ptr<f16>
  // CHECK: gpu.return
  return
}

func.func @helper(%a: i32) -> i32 {
  return %a : i32
}
