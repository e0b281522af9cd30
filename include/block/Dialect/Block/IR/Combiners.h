//===- Combiners.h - Named combiners of reductions and scans ----*- C++ -*-===//
//
// block.reduce and block.scan carry their combiner as a region; the named
// combiners (CombinerKind) are regions this file builds and recognises, so
// that the short form `block.reduce add %x axis = 0` is only syntax.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_DIALECT_BLOCK_IR_COMBINERS_H
#define BLOCK_DIALECT_BLOCK_IR_COMBINERS_H

#include "block/Dialect/Block/IR/BlockDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Region.h"

namespace mlir::block {

/// Why `kind` cannot combine values of `elementTypes` (one per operand), or
/// an empty string if it can.
std::string whyNotCombinable(CombinerKind kind, TypeRange elementTypes);

/// Fills the empty `region` with the combiner `kind` of `elementTypes`, which
/// `whyNotCombinable` must accept.
void buildCombiner(OpBuilder &builder, Location loc, CombinerKind kind,
                   TypeRange elementTypes, Region &region);

/// The named combiner `region` is exactly (up to locations), if any.
std::optional<CombinerKind> matchCombiner(Region &region);

} // namespace mlir::block

#endif // BLOCK_DIALECT_BLOCK_IR_COMBINERS_H
