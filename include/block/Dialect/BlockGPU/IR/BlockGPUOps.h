//===- BlockGPUOps.h - Shared-memory operations -----------------*- C++ -*-===//

#ifndef BLOCK_DIALECT_BLOCKGPU_IR_BLOCKGPUOPS_H
#define BLOCK_DIALECT_BLOCKGPU_IR_BLOCKGPUOPS_H

#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUDialect.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"

#include "block/Dialect/BlockGPU/IR/SharedScratchOpInterface.h.inc"

#define GET_OP_CLASSES
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h.inc"

#include <string>

namespace mlir::blockgpu {
/// The layout of a wgmma operand's buffer of `shape`, whose rows are its
/// last dimension (or, `transposed`, its second to last) of elements of
/// `elementBits`: slabs of the widest swizzle (128, 64 or 32 bytes) the
/// rows fill.
NVMMALayoutAttr getWgmmaOperandLayout(MLIRContext *context,
                                      ArrayRef<int64_t> shape,
                                      unsigned elementBits, bool transposed);

/// Why the copy engine (TMA) cannot copy a tile of `shape` with elements of
/// `elementBits` into a buffer of `layout`; empty if it can: the layout must
/// be NVMMA and not transposed (the engine writes slabs of the swizzle's
/// width, one box each), rows a multiple of 16 bytes and of the swizzle,
/// and a box at most 256 elements per dimension.
std::string getTileCopyProblem(ArrayRef<int64_t> shape, unsigned elementBits,
                               Attribute layout);
/// Whether a tensor-core product with the accumulator layout `acc` (wgmma
/// or mma.sync) can take `a` from registers: a 16-bit tensor whose threads
/// hold the instruction's A fragments (its layout relabels the registers of
/// #block.dot_operand<0, acc, 2>).
bool holdsOperandAFragments(RankedTensorType a, block::MmaLayoutAttr acc);
/// Whether the product `dot` with the accumulator layout `acc` reads its a,
/// `source` in the layout of `fragments`, from registers: where `fragments`
/// holds the A fragments, except that wgmma reads a `source` no loop around
/// the product changes (Q in attention) from shared memory, as FA3 does,
/// where the loop's accumulators take more than half of a thread's
/// registers: there, holding it through the whole loop would spill.
bool readsOperandAFromRegisters(Operation *dot, Value source,
                                RankedTensorType fragments,
                                block::MmaLayoutAttr acc);
} // namespace mlir::blockgpu

#endif // BLOCK_DIALECT_BLOCKGPU_IR_BLOCKGPUOPS_H
