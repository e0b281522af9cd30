//===- LoopPipelining.h - What loop pipeliners share ------------*- C++ -*-===//
//
// Both pipeliners issue a loop's operand loads for a later iteration: the
// register one (block-pipeline-dot-operands) one iteration ahead, the
// shared-memory one (blockgpu-pipeline-loops) num_stages - 1 ahead. They
// agree on which loads can move and how a load's address is computed for
// another iteration.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_DIALECT_BLOCK_TRANSFORMS_LOOPPIPELINING_H
#define BLOCK_DIALECT_BLOCK_TRANSFORMS_LOOPPIPELINING_H

#include "block/Dialect/Block/IR/BlockOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::block {

/// Loop iterations whose operands are in flight at once where a program
/// says nothing (block.num_stages).
inline constexpr unsigned kDefaultNumStages = 3;

/// The `block.num_stages` of `loop` or of the innermost operation around it
/// that has one, else kDefaultNumStages.
unsigned getNumStages(scf::ForOp loop);

/// Whether nothing in `loop` writes memory other than shared memory, so
/// that a load may move to an earlier iteration without reading anything
/// older than it would have.
bool writesOnlySharedMemory(scf::ForOp loop);

/// Collects in `slice` the operations of the loop's body that `load`'s
/// operands depend on. Fails where one of them cannot be computed for
/// another iteration: it has effects or regions, or it reads a loop-carried
/// value.
LogicalResult collectAddressSlice(LoadOp load, scf::ForOp loop,
                                  llvm::SetVector<Operation *> &slice);

/// `slice` in program order.
SmallVector<Operation *> sortInProgramOrder(llvm::SetVector<Operation *> slice);

/// `lhs < rhs` as the loop compares its bounds.
Value emitBelow(OpBuilder &builder, scf::ForOp loop, Value lhs, Value rhs);

/// `loop`'s lower bound plus `iterations` steps.
Value emitIterationValue(OpBuilder &builder, scf::ForOp loop, Value iv,
                         int64_t iterations);

} // namespace mlir::block

#endif // BLOCK_DIALECT_BLOCK_TRANSFORMS_LOOPPIPELINING_H
