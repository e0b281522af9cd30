// RUN: block-opt %s --pass-pipeline='builtin.module(gpu.module(block-rematerialize-shared-addresses))' | FileCheck %s

// Shared addresses at constant offsets from the base, used in a loop nested
// in another loop, are computed again just before the innermost loop from a
// read of the base that LLVM cannot hoist; other uses are left alone.

gpu.module @kernels {
  llvm.mlir.global external @block_shared_memory() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>

  // CHECK-LABEL: gpu.func @nested
  // CHECK:         %[[BASE:.*]] = llvm.mlir.addressof @block_shared_memory
  // CHECK:         %[[BUF:.*]] = llvm.getelementptr %[[BASE]][1024]
  // CHECK:         scf.for
  // One level deep: the entry's address.
  // CHECK:           llvm.store %{{.*}}, %[[BUF]]
  // CHECK:           %[[READ:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "mov.u64 $0, block_shared_memory;", "=l"  : () -> i64
  // CHECK:           %[[BASE2:.*]] = llvm.inttoptr %[[READ]] : i64 to !llvm.ptr<3>
  // CHECK:           %[[BUF2:.*]] = llvm.getelementptr %[[BASE2]][1024]
  // CHECK-NOT:       llvm.inline_asm
  // CHECK:           scf.for
  // CHECK:             %[[STAGE:.*]] = llvm.getelementptr %[[BUF2]][%{{.*}}]
  // CHECK:             llvm.load %[[STAGE]]
  // CHECK:             llvm.load %[[BUF2]]
  // An address computed in the inner loop stays as it is.
  // CHECK:             %[[LOCAL:.*]] = llvm.mlir.addressof @block_shared_memory
  // CHECK:             llvm.load %[[LOCAL]]
  gpu.func @nested(%n: index, %out: !llvm.ptr<1>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %base = llvm.mlir.addressof @block_shared_memory : !llvm.ptr<3>
    %buffer = llvm.getelementptr %base[1024] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    scf.for %tile = %c0 to %n step %c1 {
      %zero = llvm.mlir.constant(0.0 : f32) : f32
      llvm.store %zero, %buffer : f32, !llvm.ptr<3>
      scf.for %i = %c0 to %n step %c1 {
        %i32 = arith.index_cast %i : index to i32
        %stage = llvm.getelementptr %buffer[%i32] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
        %x = llvm.load %stage : !llvm.ptr<3> -> f32
        %y = llvm.load %buffer : !llvm.ptr<3> -> f32
        %local = llvm.mlir.addressof @block_shared_memory : !llvm.ptr<3>
        %z = llvm.load %local : !llvm.ptr<3> -> f32
        %s = llvm.fadd %x, %y : f32
        %t = llvm.fadd %s, %z : f32
        llvm.store %t, %out : f32, !llvm.ptr<1>
      }
    }
    gpu.return
  }

  // Not a constant offset from the base: left alone.
  // CHECK-LABEL: gpu.func @dynamic_offset
  // CHECK-NOT:     llvm.inline_asm
  // CHECK:         gpu.return
  gpu.func @dynamic_offset(%n: index, %k: i32, %out: !llvm.ptr<1>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %base = llvm.mlir.addressof @block_shared_memory : !llvm.ptr<3>
    %buffer = llvm.getelementptr %base[%k] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    scf.for %tile = %c0 to %n step %c1 {
      scf.for %i = %c0 to %n step %c1 {
        %x = llvm.load %buffer : !llvm.ptr<3> -> f32
        llvm.store %x, %out : f32, !llvm.ptr<1>
      }
    }
    gpu.return
  }

  // A single loop: left alone (ptxas keeps the base uniform there).
  // CHECK-LABEL: gpu.func @single_loop
  // CHECK-NOT:     llvm.inline_asm
  // CHECK:         gpu.return
  gpu.func @single_loop(%n: index, %out: !llvm.ptr<1>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %base = llvm.mlir.addressof @block_shared_memory : !llvm.ptr<3>
    scf.for %i = %c0 to %n step %c1 {
      %x = llvm.load %base : !llvm.ptr<3> -> f32
      llvm.store %x, %out : f32, !llvm.ptr<1>
    }
    gpu.return
  }
}
