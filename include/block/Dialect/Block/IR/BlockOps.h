//===- BlockOps.h - Operations of the block dialect -------------*- C++ -*-===//

#ifndef BLOCK_DIALECT_BLOCK_IR_BLOCKOPS_H
#define BLOCK_DIALECT_BLOCK_IR_BLOCKOPS_H

#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Dialect/Block/IR/BlockTraits.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "block/Dialect/Block/IR/BlockOps.h.inc"

namespace mlir::block {
/// Checks `op`'s product `a * b + acc` (a: MxK, b: KxN, acc: MxN) against
/// block.dot's rules of shapes, element types and precision; the rules of every op that
/// multiplies block matrices.
LogicalResult verifyDotOperands(Operation *op, ShapedType a, ShapedType b,
                                ShapedType acc, DotPrecision precision);

/// Adds the patterns that rewrite the short forms (block.broadcast from a
/// lower rank, block.addptr of a scalar base, loads, stores and atomics at
/// `%base[%offsets]`, block.arange from a base, block.interleave) to the
/// core operations. Canonicalisation has them; passes that run before it on
/// their own (block-assign-layouts) apply them first.
void populateShortFormPatterns(RewritePatternSet &patterns);

/// Whether `op` is written in one of those short forms.
bool isShortForm(Operation *op);

/// `load` of the transposed pointers (and mask and `other`), which is the
/// transposition of `load`'s result by `order`: the load of a transposed
/// tile keeps the addresses contiguous along the dimension they are (a
/// layout then reads along it, a staged operand copies it as it is
/// stored). Tensors without layouts only.
LoadOp createTransposedLoad(OpBuilder &b, LoadOp load, ArrayRef<int32_t> order);

/// Whether `access` is the shape `tile` with none or some (not all) of its
/// leading size-1 dimensions left out: the shapes a tile of a descriptor may be
/// read or written as (a 1 x M x K tile of a rank-3 descriptor as M x K).
bool isTileWithoutLeadingUnits(ArrayRef<int64_t> tile,
                               ArrayRef<int64_t> access);

/// A value the runtime computes at launch from a kernel's arguments: a
/// positive constant `factor` times the integer arguments `args` (numbered
/// as the kernel's; none for a constant), in their type.
struct LaunchProduct {
  SmallVector<unsigned> args;
  int64_t factor = 1;
};

/// `value` as a LaunchProduct where it is a positive constant, an argument
/// of the kernel around it, or an arith.muli of such values (a tensor
/// descriptor's stride over a batch of matrices, rows * columns); nullopt
/// otherwise.
std::optional<LaunchProduct> getLaunchProduct(Value value);

/// The pointers a load, store or atomic `op` accesses; null for other ops.
Value getAccessedPointers(Operation *op);

/// The mask of a load, store or atomic read-modify-write `op`; null where it
/// has none or is another op.
Value getAccessMask(Operation *op);
} // namespace mlir::block

#endif // BLOCK_DIALECT_BLOCK_IR_BLOCKOPS_H
