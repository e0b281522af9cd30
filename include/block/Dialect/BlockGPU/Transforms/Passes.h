//===- Passes.h - Passes on shared memory -----------------------*- C++ -*-===//

#ifndef BLOCK_DIALECT_BLOCKGPU_TRANSFORMS_PASSES_H
#define BLOCK_DIALECT_BLOCKGPU_TRANSFORMS_PASSES_H

#include "block/Dialect/BlockGPU/IR/BlockGPUDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir::blockgpu {

#define GEN_PASS_DECL
#include "block/Dialect/BlockGPU/Transforms/Passes.h.inc"

/// Shared memory one program instance of the chip `op` is compiled for
/// (block.target) may use, or sm_90's 227 KiB where none is set: the
/// allocator's limit, and what the pipeliner's rings must fit.
int64_t getMaxSharedMemoryBytes(Operation *op);

/// Gives the buffers and scratch of `kernel` offsets and records the total
/// (see blockgpu-allocate-shared-memory); fails, with a diagnostic, when
/// the kernel needs more than `maxBytes`.
FailureOr<int64_t> allocateSharedMemory(func::FuncOp kernel, int64_t maxBytes);

/// The shared memory the buffers and scratch of `kernel` would span as
/// blockgpu-allocate-shared-memory places them.
int64_t getSharedMemoryPeak(func::FuncOp kernel);

/// Rewrites the block operations of `kernel` that move data through shared
/// memory into blockgpu operations (see blockgpu-materialize-shared-memory).
void materializeSharedMemory(func::FuncOp kernel);
/// Copies the tensor-core product operands of `kernel`'s loops into rings
/// of buffers ahead of their use (see blockgpu-pipeline-loops).
void pipelineLoops(func::FuncOp kernel);
/// Lets the wgmma products of `kernel` run until their results are needed
/// (see blockgpu-defer-product-waits).
void deferProductWaits(func::FuncOp kernel);
/// Splits the warps of `kernel` into consumers and a TMA producer where
/// its products read tiles copied in one loop that asks for it, or with
/// `all` does not refuse it, its consumer warpgroups taking turns with
/// `turns` (see blockgpu-specialize-warps).
void specializeWarps(func::FuncOp kernel, bool all, bool turns);
/// Inserts the barriers the allocated shared memory of `kernel` needs (see
/// blockgpu-insert-barriers).
void insertBarriers(func::FuncOp kernel);

#define GEN_PASS_REGISTRATION
#include "block/Dialect/BlockGPU/Transforms/Passes.h.inc"

} // namespace mlir::blockgpu

#endif // BLOCK_DIALECT_BLOCKGPU_TRANSFORMS_PASSES_H
