//===- Passes.h - Transformations of block programs -------------*- C++ -*-===//

#ifndef BLOCK_DIALECT_BLOCK_TRANSFORMS_PASSES_H
#define BLOCK_DIALECT_BLOCK_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::block {

#define GEN_PASS_DECL
#include "block/Dialect/Block/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "block/Dialect/Block/Transforms/Passes.h.inc"

} // namespace mlir::block

#endif // BLOCK_DIALECT_BLOCK_TRANSFORMS_PASSES_H
