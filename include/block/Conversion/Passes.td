//===- Passes.td - Conversions out of the block dialect -----*- tablegen -*-===//

#ifndef BLOCK_CONVERSION_PASSES_TD
#define BLOCK_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertBlockToGPU : Pass<"convert-block-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Lower layout-annotated block kernels to gpu.func kernels";
  let description = [{
    Moves every kernel (`func.func` with `block.kernel`) into one `gpu.module`
    as a `gpu.func` kernel with a known block size of 32 x `block.num_warps`
    threads, and lowers its body to per-thread code: every tensor becomes the
    elements its layout (`DistributedLayoutAttr`) gives each thread, one
    scalar SSA value per element. Element-wise `arith` and `math` operations
    apply per element; memory operations become predicated, vectorised global
    accesses; reductions and scans combine in registers, then across lanes
    with warp shuffles, then across warps through shared memory; layout
    conversions go through shared memory.

    The input must satisfy the layout contract that `block-assign-layouts`
    establishes: every tensor has a distributed layout, element-wise and
    memory operations see one layout on all their tensors, `expand_dims`
    operands and `reduce` results are slices of the other side's layout.
    Violations are reported, never miscompiled.

    Each kernel gets `block_gpu.num_warps` and `block_gpu.shared_memory_bytes`
    (the dynamic shared memory a launch must provide), read back for the
    bundle manifest.
  }];
  let options = [
    Option<"gpuModuleName", "gpu-module-name", "std::string", /*default=*/"\"\"",
           "Name of the gpu.module (default: the module's name, else "
           "'block_kernels')">,
    Option<"asyncCopies", "async-copies", "bool", /*default=*/"false",
           "Lower blockgpu.async_copy to cp.async (sm_80 and later; "
           "block-to-ptx sets it from the chip). Otherwise copies complete "
           "at once and commit groups and waits vanish, which the semantics "
           "allow">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::blockgpu::BlockGPUDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::math::MathDialect",
    "::mlir::NVVM::NVVMDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def BlockFinalizeKernelParams
    : Pass<"block-finalize-kernel-params", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Make tensor-map parameters 64-byte aligned grid constants";
  let description = [{
    Runs on the `llvm.func` kernels convert-gpu-to-nvvm made: the last
    parameters, one per tensor map `block_gpu.tensor_maps` describes, each
    become a 128-byte copy passed by value (`llvm.byval =
    !llvm.array<128 x i8>`), 64-byte aligned, that the kernel reads where
    the launch put it (`nvvm.grid_constant`): PTX `.param .align 64 .b8
    name[128]`, nvcc's `__grid_constant__ const CUtensorMap`. This cannot
    happen earlier: convert-gpu-to-nvvm drops `llvm.byval` (and any other
    parameter attribute but LLVM's alignment) from `gpu.func` arguments, and
    the NVVM verifier refuses `nvvm.grid_constant` there.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def BlockRematerializeInLoopNests
    : Pass<"block-rematerialize-in-loop-nests", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Read the thread index and shared-memory base again in loop nests";
  let description = [{
    Runs on the kernels convert-block-to-gpu made. To LLVM, the thread
    index and the shared-memory base (`block_shared_memory`) are the same
    everywhere in a kernel, so LICM hoists every address computed from them
    to the kernel's entry, and the addresses stay live through every loop.
    Across a loop over loops (a persistent kernel's loop over tiles) that
    costs registers where the inner loops need them most: ptxas spills
    per-thread addresses, or holds the shared base in a vector register and
    computes the inner loop's stage addresses and wgmma descriptors on the
    vector pipes (docs/performance.md).

    So, where a loop is nested in another loop, a thread-index read in it
    and a use of a shared address at a constant offset from the base
    defined outside it read their value again just before that loop (once
    an iteration of the outer loop); in the body of a loop over loops,
    outside its inner loops, they read it again in place. The reads are
    inline `mov`s (of `%tid.x`, of the symbol) with side effects, which LLVM
    neither hoists nor merges. Kernels without nested loops are left as
    they are.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def BlockPrintPTX : Pass<"block-print-ptx", "::mlir::ModuleOp"> {
  let summary = "Write the PTX of every gpu.binary as text";
  let description = [{
    Writes the PTX that `block-to-ptx` (with `format=isa`, its default) put
    into each `gpu.binary`, as text, to `output` (`-`, the default, is
    standard output), so that it can be read without `block-compile`:

    ```sh
    block-opt kernel.mlir --block-to-ptx --block-print-ptx -o /dev/null
    ```

    The module is left as it is. A module without a `gpu.binary`, or whose
    binaries hold cubins or fat binaries rather than PTX, is an error.
  }];
  let options = [
    Option<"output", "output", "std::string", /*default=*/"\"-\"",
           "File the PTX is written to ('-' for standard output)">
  ];
}

#endif // BLOCK_CONVERSION_PASSES_TD
