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

/// The tensor maps of a kernel (convert-block-to-gpu's description of its
/// hidden parameters, which follow the user's, for the manifest): an array
/// of {base, sizes, strides, box, swizzle}, sizes and strides as {arg = i}
/// or {value = v}, outermost first.
constexpr llvm::StringLiteral kGPUTensorMapsAttrName = "block_gpu.tensor_maps";
/// The number of its hidden parameter, on a block.make_tensor_desc while the
/// conversion runs.
constexpr llvm::StringLiteral kTensorMapParamAttrName =
    "block_gpu.tensor_map_param";

/// The dynamic shared memory all kernels of the gpu.module share.
constexpr llvm::StringLiteral kSharedMemorySymbolName = "block_shared_memory";

} // namespace mlir::block

#endif // BLOCK_CONVERSION_BLOCKTOGPU_BLOCKTOGPU_H
