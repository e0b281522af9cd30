//===- InitAllBlock.h - Register everything Block provides ------*- C++ -*-===//
//
// One place that registers the block and blockgpu dialects, their passes and
// the pipelines, shared by block-opt, the mlir-opt plugin and embedding
// projects.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_INITALLBLOCK_H
#define BLOCK_INITALLBLOCK_H

namespace mlir {
class DialectRegistry;
namespace block {

/// Registers the block and blockgpu dialects and the interfaces the lowering
/// attaches to block operations (their shared-memory scratch). The upstream
/// dialects the passes create are loaded as the passes' dependent dialects.
void registerBlockDialects(DialectRegistry &registry);

/// Registers every block pass and pipeline with the global pass registry.
void registerAllBlockPasses();

} // namespace block
} // namespace mlir

#endif // BLOCK_INITALLBLOCK_H
