//===- BlockDialect.td - The block dialect -----------------*- tablegen -*-===//
//
// The dialect of Triton-style block programs: a kernel is written for one
// program instance that works on whole tensors ("blocks") of data.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_DIALECT_BLOCK_IR_BLOCKDIALECT_TD
#define BLOCK_DIALECT_BLOCK_IR_BLOCKDIALECT_TD

include "mlir/IR/OpBase.td"

def Block_Dialect : Dialect {
  let name = "block";
  let cppNamespace = "::mlir::block";
  let summary = "Block programs for GPUs: one program instance, whole tensors";
  let description = [{
    A block program describes what one *program instance* of a grid computes.
    Values are statically shaped builtin `tensor`s whose dimensions are powers
    of two (at most 2^20 elements); `!block.ptr<T>` is a pointer to global
    memory and a tensor of pointers addresses a block of memory. Element-wise
    arithmetic is upstream `arith` and `math` on tensors.

    Kernels are `func.func` operations carrying the unit attribute
    `block.kernel`; `block.num_warps` sets the number of warps per program
    instance. Arguments may carry the hints `block.divisibility = N` (an
    integer argument is a multiple of N) and `block.alignment = N` (a pointer
    argument is aligned to N bytes). The compiler relies on the hints; the
    runtime checks every launch against them.

    A module may carry `block.target = "sm_90a"`: the chip it is compiled
    for (block-to-ptx sets it from its `chip` option, through
    block-kernel-defaults), which the layout passes read through
    `getTargetChip` to choose tensor-core layouts.

    `block.num_stages = N` on a kernel, or on an `scf.for` in one, sets how
    many buffers the ring of a loop's product operands in shared memory
    has, at most as many as the chip's shared memory holds: the copies run
    N - 1 iterations ahead (blockgpu-pipeline-loops,
    blockgpu-specialize-warps; 1 turns the pipelining off). The innermost
    setting applies.

    `block.warp_specialize = true` on a kernel, or on an `scf.for` in one,
    asks that a product loop's tile copies go to a producer warpgroup
    (blockgpu-specialize-warps, on chips with TMA); `false` keeps them in
    the kernel's warps. The innermost setting applies; where there is none,
    block-to-ptx's `warp-specialize` option decides.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();

    static constexpr ::llvm::StringLiteral getKernelAttrName() { return "block.kernel"; }
    static constexpr ::llvm::StringLiteral getNumWarpsAttrName() { return "block.num_warps"; }
    static constexpr ::llvm::StringLiteral getDivisibilityAttrName() { return "block.divisibility"; }
    static constexpr ::llvm::StringLiteral getAlignmentAttrName() { return "block.alignment"; }
    static constexpr ::llvm::StringLiteral getTargetAttrName() { return "block.target"; }
    static constexpr ::llvm::StringLiteral getNumStagesAttrName() { return "block.num_stages"; }
    static constexpr ::llvm::StringLiteral getWarpSpecializeAttrName() { return "block.warp_specialize"; }
    static constexpr ::llvm::StringLiteral getVersionedOnSignsAttrName() { return "block.versioned_on_signs"; }
  }];
}

#endif // BLOCK_DIALECT_BLOCK_IR_BLOCKDIALECT_TD
