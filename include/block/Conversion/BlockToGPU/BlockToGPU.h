//===- BlockToGPU.h - Lowering block kernels to gpu.func --------*- C++ -*-===//

#ifndef BLOCK_CONVERSION_BLOCKTOGPU_BLOCKTOGPU_H
#define BLOCK_CONVERSION_BLOCKTOGPU_BLOCKTOGPU_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::block {

/// Attaches SharedScratchOpInterface to the block operations whose lowering
/// needs scratch shared memory.
void registerSharedScratchInterfaces(DialectRegistry &registry);

/// Attributes convert-block-to-gpu puts on every gpu.func kernel it creates
/// (they survive the lowering to llvm.func): the warps per program instance
/// and the bytes of dynamic shared memory a launch must provide.
constexpr llvm::StringLiteral kGPUNumWarpsAttrName = "block_gpu.num_warps";
constexpr llvm::StringLiteral kGPUSharedMemoryBytesAttrName =
    "block_gpu.shared_memory_bytes";

/// The dynamic shared memory all kernels of the gpu.module share.
constexpr llvm::StringLiteral kSharedMemorySymbolName = "block_shared_memory";

} // namespace mlir::block

#endif // BLOCK_CONVERSION_BLOCKTOGPU_BLOCKTOGPU_H
