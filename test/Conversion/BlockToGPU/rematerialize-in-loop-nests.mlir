// RUN: block-opt %s --pass-pipeline='builtin.module(gpu.module(block-rematerialize-in-loop-nests))' | FileCheck %s

// In a loop nest, the thread index and shared addresses at constant offsets
// from the base are read again through inline movs with side effects:
// before a loop nested in another loop, in place in a loop over loops'
// own body. Loops outside nests, and code outside loops, keep theirs.

gpu.module @kernels {
  llvm.mlir.global external @block_shared_memory() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>

  // CHECK-LABEL: gpu.func @nested
  // CHECK:         %[[BASE:.*]] = llvm.mlir.addressof @block_shared_memory
  // CHECK:         %[[BUF:.*]] = llvm.getelementptr %[[BASE]][1024]
  // CHECK:         llvm.load %[[BUF]]
  // CHECK:         scf.for
  // The outer loop's own use: read in place.
  // CHECK:           %[[READ1:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "mov.u64 $0, block_shared_memory;", "=l"  : () -> i64
  // CHECK:           %[[BASE1:.*]] = llvm.inttoptr %[[READ1]] : i64 to !llvm.ptr<3>
  // CHECK:           %[[BUF1:.*]] = llvm.getelementptr %[[BASE1]][1024]
  // CHECK:           llvm.store %{{.*}}, %[[BUF1]]
  // The inner loop's: read once before it.
  // CHECK:           %[[READ2:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "mov.u64 $0, block_shared_memory;", "=l"  : () -> i64
  // CHECK:           %[[BASE2:.*]] = llvm.inttoptr %[[READ2]] : i64 to !llvm.ptr<3>
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
    %first = llvm.load %buffer : !llvm.ptr<3> -> f32
    llvm.store %first, %out : f32, !llvm.ptr<1>
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

  // CHECK-LABEL: gpu.func @thread_index
  // CHECK:         nvvm.read.ptx.sreg.tid.x
  // CHECK:         scf.for
  // In the outer loop's body: read in place, in the index's type.
  // CHECK:           %[[READ1:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "mov.u32 $0, %tid.x;", "=r"  : () -> i32
  // CHECK:           %[[ID1:.*]] = arith.index_castui %[[READ1]] : i32 to index
  // CHECK:           arith.index_cast %[[ID1]]
  // In the inner loop (both reads): one read before it.
  // CHECK:           %[[READ2:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "mov.u32 $0, %tid.x;", "=r"  : () -> i32
  // CHECK-NOT:       llvm.inline_asm
  // CHECK-NOT:       nvvm.read.ptx.sreg.tid.x
  // CHECK:           scf.for
  // CHECK:             llvm.getelementptr %{{.*}}[%[[READ2]]]
  // CHECK:             llvm.getelementptr %{{.*}}[%[[READ2]]]
  // CHECK:         gpu.return
  gpu.func @thread_index(%n: index, %out: !llvm.ptr<1>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %entry = nvvm.read.ptx.sreg.tid.x : i32
    %p0 = llvm.getelementptr %out[%entry] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %zero = llvm.mlir.constant(0.0 : f32) : f32
    llvm.store %zero, %p0 : f32, !llvm.ptr<1>
    scf.for %tile = %c0 to %n step %c1 {
      %tid = gpu.thread_id x
      %tid32 = arith.index_cast %tid : index to i32
      %p1 = llvm.getelementptr %out[%tid32] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
      llvm.store %zero, %p1 : f32, !llvm.ptr<1>
      scf.for %i = %c0 to %n step %c1 {
        %a = nvvm.read.ptx.sreg.tid.x : i32
        %pa = llvm.getelementptr %out[%a] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
        %b = nvvm.read.ptx.sreg.tid.x : i32
        %pb = llvm.getelementptr %out[%b] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
        %x = llvm.load %pa : !llvm.ptr<1> -> f32
        llvm.store %x, %pb : f32, !llvm.ptr<1>
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

  // A loop outside nests: left alone (ptxas keeps the base uniform there,
  // and registers are not short across it).
  // CHECK-LABEL: gpu.func @single_loop
  // CHECK-NOT:     llvm.inline_asm
  // CHECK:         gpu.return
  gpu.func @single_loop(%n: index, %out: !llvm.ptr<1>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %base = llvm.mlir.addressof @block_shared_memory : !llvm.ptr<3>
    scf.for %i = %c0 to %n step %c1 {
      %x = llvm.load %base : !llvm.ptr<3> -> f32
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %p = llvm.getelementptr %out[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
      llvm.store %x, %p : f32, !llvm.ptr<1>
    }
    gpu.return
  }
}
