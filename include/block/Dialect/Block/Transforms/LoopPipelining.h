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

/// The `block.warp_specialize` of `loop` or of the innermost operation
/// around it that has one; none where nothing says.
std::optional<bool> getWarpSpecialize(scf::ForOp loop);

/// Whether nothing in `loop` writes memory other than shared memory, so
/// that a load may move to an earlier iteration without reading anything
/// older than it would have.
bool writesOnlySharedMemory(scf::ForOp loop);

/// Whether `value` is the same in every iteration of `loop`: defined
/// outside it, or computed in its body (not in a region nested there) by
/// pure operations without regions from such values, as a front end writes
/// `BLOCK_K * stride` where the source advances the pointers.
bool isLoopInvariant(scf::ForOp loop, Value value);

/// Moves before `loop` the operations of its body that compute `value`,
/// which must be loop-invariant, so that it can be used before the loop.
void hoistLoopInvariant(scf::ForOp loop, Value value);

/// A loop-carried pointer (tensor) that each iteration advances by the
/// same offsets: the loop yields `block.addptr %arg, %step` for it, `%step`
/// loop-invariant (the way Triton's tutorials move their tiles). A
/// pipeliner that issues the copies of later iterations before the loop
/// hoists `%step` (hoistLoopInvariant) first.
struct AdvancedPointer {
  BlockArgument arg;
  Value step;
};

/// The advance of `arg`, a region iter_arg of `loop`, if it is one.
std::optional<AdvancedPointer> getAdvancedPointer(scf::ForOp loop,
                                                  BlockArgument arg);

/// Collects in `slice` the operations of the loop's body that `load`'s
/// operands (a block.load's pointers and mask, a block.desc_load's
/// coordinates) depend on. Fails where one of them cannot be computed for
/// another iteration: it has effects or regions, or it reads a loop-carried
/// value; with `advanced`, a loop-carried pointer that advances by the
/// same offsets every iteration is collected there instead.
LogicalResult
collectAddressSlice(Operation *load, scf::ForOp loop,
                    llvm::SetVector<Operation *> &slice,
                    SmallVectorImpl<AdvancedPointer> *advanced = nullptr);

/// `pointer` advanced `times` times by `step` (block.addptr of step * times).
Value emitAdvance(OpBuilder &builder, Location loc, Value pointer, Value step,
                  int64_t times);

/// `slice` in program order.
SmallVector<Operation *> sortInProgramOrder(llvm::SetVector<Operation *> slice);

/// `lhs < rhs` as the loop compares its bounds.
Value emitBelow(OpBuilder &builder, scf::ForOp loop, Value lhs, Value rhs);

/// `loop`'s lower bound plus `iterations` steps.
Value emitIterationValue(OpBuilder &builder, scf::ForOp loop, Value iv,
                         int64_t iterations);

} // namespace mlir::block

#endif // BLOCK_DIALECT_BLOCK_TRANSFORMS_LOOPPIPELINING_H
