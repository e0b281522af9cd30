//===- InitAllBlock.h - Register everything Block provides ------*- C++ -*-===//
//
// One place that registers the block dialect, its passes and its pipelines,
// shared by block-opt, the mlir-opt plugin and embedding projects.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_INITALLBLOCK_H
#define BLOCK_INITALLBLOCK_H

namespace mlir {
class DialectRegistry;
namespace block {

/// Registers the block dialect and the upstream dialects and interfaces its
/// passes create (gpu, nvvm, llvm, ...).
void registerBlockDialects(DialectRegistry &registry);

/// Registers every block pass and pipeline with the global pass registry.
void registerAllBlockPasses();

} // namespace block
} // namespace mlir

#endif // BLOCK_INITALLBLOCK_H
