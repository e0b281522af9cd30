// RUN: block-opt %s -blockgpu-allocate-shared-memory -convert-block-to-gpu | FileCheck %s
// RUN: block-opt %s -blockgpu-allocate-shared-memory | FileCheck %s --check-prefix=ALLOC

// An await_turn after values: the first lane of each warp stores the values'
// registers, as 32-bit words four at a time (padded with zeros), into its
// warp's 16-byte slot, then awaits (bar.sync) as an await without values
// does. The slots (8 consumer warps x 16 bytes) lie past the buffers, at an
// offset nothing else uses; an await without values needs none.

#L = #block.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>

// ALLOC-LABEL: func.func @pinned
// ALLOC-SAME: blockgpu.shared_memory = 1152
// ALLOC: blockgpu.local_alloc {blockgpu.offset = 0 : i64}
// ALLOC: blockgpu.await_turn{{$}}
// ALLOC: blockgpu.await_turn after(%{{.+}}, %{{.+}}, %{{.+}} : tensor<512xf32, #{{.+}}>, i64, f16) {blockgpu.offset = 1024 : i64}

// CHECK-LABEL: gpu.func @pinned
// CHECK: nvvm.barrier id = %{{.+}} number_of_threads = %{{.+}}
// CHECK: %[[W0:.+]] = llvm.bitcast %{{.+}} : f32 to i32
// CHECK-NEXT: %[[W1:.+]] = llvm.bitcast %{{.+}} : f32 to i32
// CHECK-NEXT: %[[W2:.+]] = llvm.trunc %{{.+}} : i64 to i32
// CHECK-NEXT: %[[H:.+]] = llvm.bitcast %{{.+}} : f16 to i16
// CHECK-NEXT: %[[W3:.+]] = llvm.zext %[[H]] : i16 to i32
// CHECK: %[[TID:.+]] = arith.index_castui %{{.+}} : index to i32
// CHECK: %[[LANE:.+]] = arith.andi %[[TID]], %c31_i32
// CHECK: %[[WARP:.+]] = arith.shrui %[[TID]], %c5_i32
// CHECK: %[[FIRST:.+]] = arith.cmpi eq, %[[LANE]], %c0_i32
// CHECK: %[[AT:.+]] = arith.muli %[[WARP]], %c16_i32
// CHECK: %[[SLOTS:.+]] = llvm.getelementptr %{{.+}}[%c1024_i32] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: %[[SLOT:.+]] = llvm.getelementptr %[[SLOTS]][%[[AT]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: %[[ADDR:.+]] = llvm.ptrtoint %[[SLOT]] : !llvm.ptr<3> to i32
// CHECK-NEXT: nvvm.inline_ptx "st.volatile.shared.v4.b32 [{$r0}], {{[{][{]}}$r1}, {$r2}, {$r3}, {$r4}};" ro(%[[ADDR]], %[[W0]], %[[W1]], %[[W2]], %[[W3]] : i32, i32, i32, i32, i32), predicate = %[[FIRST]]
// CHECK-NOT: st.volatile
// CHECK: nvvm.barrier id = %{{.+}} number_of_threads = %{{.+}}
// CHECK-NOT: st.volatile
// CHECK: nvvm.barrier.arrive
func.func @pinned(%p: !block.ptr<f32>, %n: i64, %h: f16) attributes {block.kernel, block.num_warps = 8 : i32} {
  %buffer = blockgpu.local_alloc : !blockgpu.memdesc<256xf32, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable>
  blockgpu.warp_specialize warps(8, 4) registers(232, 40) {
    blockgpu.await_turn
    %ps = block.splat %p : tensor<512x!block.ptr<f32>, #L>
    %r = block.arange 0, 512 : tensor<512xi32, #L>
    %pp = block.addptr %ps, %r : tensor<512x!block.ptr<f32>, #L>, tensor<512xi32, #L>
    %x = block.load %pp : tensor<512x!block.ptr<f32>, #L>
    blockgpu.pass_turn
    blockgpu.await_turn after(%x, %n, %h : tensor<512xf32, #L>, i64, f16)
    blockgpu.pass_turn
  } producer {
  }
  return
}
