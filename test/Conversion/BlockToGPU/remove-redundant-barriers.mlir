// RUN: block-opt %s --pass-pipeline='builtin.module(gpu.module(gpu.func(block-remove-redundant-barriers)))' | FileCheck %s

// A barrier orders the shared-memory accesses and the writes before it
// against those after it; with none since the kernel's entry or the previous
// barrier it orders nothing and goes.

gpu.module @kernels {
  llvm.mlir.global external @smem() {addr_space = 3 : i32} : !llvm.array<0 x i8>

  // Only global reads (plain, and predicated inline PTX marked
  // blockgpu.global_load) and arithmetic before the first barrier: it goes;
  // the one after the shared store stays.
  // CHECK-LABEL: gpu.func @first_user
  // CHECK: llvm.load
  // CHECK: nvvm.inline_ptx
  // CHECK: llvm.call_intrinsic "llvm.maxnum"
  // CHECK-NOT: gpu.barrier
  // CHECK: llvm.store
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: llvm.load
  // CHECK-NOT: gpu.barrier
  // CHECK: gpu.return
  gpu.func @first_user(%g: !llvm.ptr<1>, %p: i1) kernel {
    %s = llvm.mlir.addressof @smem : !llvm.ptr<3>
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %y = nvvm.inline_ptx "@{$r1} ld.global.f32 {$w0}, [{$r0}];" ro(%g, %p : !llvm.ptr<1>, i1) {blockgpu.global_load} -> f32
    %m = llvm.call_intrinsic "llvm.maxnum"(%x, %y) : (f32, f32) -> f32
    gpu.barrier
    llvm.store %m, %s : f32, !llvm.ptr<3>
    gpu.barrier
    %r = llvm.load %s : !llvm.ptr<3> -> f32
    llvm.store %r, %g : f32, !llvm.ptr<1>
    gpu.return
  }

  // A shared read before a barrier: it stays (other threads write after it).
  // Of two barriers in a row the second goes.
  // CHECK-LABEL: gpu.func @back_to_back
  // CHECK: llvm.load
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: llvm.store
  gpu.func @back_to_back(%g: !llvm.ptr<1>) kernel {
    %s = llvm.mlir.addressof @smem : !llvm.ptr<3>
    %r = llvm.load %s : !llvm.ptr<3> -> f32
    gpu.barrier
    gpu.barrier
    llvm.store %r, %s : f32, !llvm.ptr<3>
    gpu.return
  }

  // A global write, a generic-pointer read, an unknown call and inline PTX
  // without the mark (whatever its text) all count.
  // CHECK-LABEL: gpu.func @writes_and_unknowns
  // CHECK: llvm.store {{.*}} !llvm.ptr<1>
  // CHECK-NEXT: gpu.barrier
  // CHECK: nvvm.inline_ptx
  // CHECK-NEXT: gpu.barrier
  // CHECK: llvm.load {{.*}} !llvm.ptr ->
  // CHECK-NEXT: gpu.barrier
  // CHECK: llvm.call @opaque
  // CHECK-NEXT: gpu.barrier
  // CHECK: llvm.call_intrinsic "llvm.nvvm.barrier0"
  // CHECK-NEXT: gpu.barrier
  llvm.func @opaque()
  gpu.func @writes_and_unknowns(%g: !llvm.ptr<1>, %q: !llvm.ptr, %v: f32) kernel {
    llvm.store %v, %g : f32, !llvm.ptr<1>
    gpu.barrier
    %w = nvvm.inline_ptx "ld.global.f32 {$w0}, [{$r0}];" ro(%g : !llvm.ptr<1>) -> f32
    gpu.barrier
    %x = llvm.load %q : !llvm.ptr -> f32
    gpu.barrier
    llvm.call @opaque() : () -> ()
    gpu.barrier
    llvm.call_intrinsic "llvm.nvvm.barrier0"() : () -> ()
    gpu.barrier
    gpu.return
  }

  // A loop body follows its previous iteration: its first barrier stays,
  // and so does the one after the loop. A barrier at the top of a
  // conditional with nothing pending goes.
  // CHECK-LABEL: gpu.func @regions
  // CHECK: scf.if
  // CHECK-NOT: gpu.barrier
  // CHECK: llvm.store
  // CHECK: scf.for
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: llvm.store
  // CHECK: }
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: gpu.return
  gpu.func @regions(%c: i1, %v: f32) kernel {
    %s = llvm.mlir.addressof @smem : !llvm.ptr<3>
    scf.if %c {
      gpu.barrier
      llvm.store %v, %s : f32, !llvm.ptr<3>
    }
    %lb = arith.constant 0 : index
    %ub = arith.constant 4 : index
    %one = arith.constant 1 : index
    scf.for %i = %lb to %ub step %one {
      gpu.barrier
      llvm.store %v, %s : f32, !llvm.ptr<3>
    }
    gpu.barrier
    gpu.return
  }

  // What a conditional's region did is pending after it.
  // CHECK-LABEL: gpu.func @after_conditional
  // CHECK: scf.if
  // CHECK: }
  // CHECK-NEXT: gpu.barrier
  gpu.func @after_conditional(%c: i1, %v: f32) kernel {
    %s = llvm.mlir.addressof @smem : !llvm.ptr<3>
    scf.if %c {
      llvm.store %v, %s : f32, !llvm.ptr<3>
    }
    gpu.barrier
    gpu.return
  }
}
