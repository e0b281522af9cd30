//===- LoopPipelining.cpp - What loop pipeliners share --------------------===//

#include "block/Dialect/Block/Transforms/LoopPipelining.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::block;

unsigned mlir::block::getNumStages(scf::ForOp loop) {
  for (Operation *op = loop; op; op = op->getParentOp())
    if (auto stages = op->getAttrOfType<IntegerAttr>(
            BlockDialect::getNumStagesAttrName()))
      return unsigned(stages.getInt());
  return kDefaultNumStages;
}

std::optional<bool> mlir::block::getWarpSpecialize(scf::ForOp loop) {
  for (Operation *op = loop; op; op = op->getParentOp())
    if (auto request = op->getAttrOfType<BoolAttr>(
            BlockDialect::getWarpSpecializeAttrName()))
      return request.getValue();
  return std::nullopt;
}

bool mlir::block::writesOnlySharedMemory(scf::ForOp loop) {
  WalkResult result = loop.getBody()->walk([](Operation *op) {
    if (isa<LoadOp, scf::YieldOp>(op) || op->getNumRegions() > 0)
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects)
      return WalkResult::interrupt();
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances)
      if (isa<MemoryEffects::Write>(instance.getEffect()) &&
          !isa<blockgpu::SharedMemory>(instance.getResource()))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !result.wasInterrupted();
}

/// Collects in `slice` the operations of `loop`'s body that compute
/// `value`; fails where `value` is not loop-invariant.
static LogicalResult
collectInvariantSlice(scf::ForOp loop, Value value,
                      llvm::SetVector<Operation *> &slice) {
  SmallVector<Value> worklist{value};
  while (!worklist.empty()) {
    Value next = worklist.pop_back_val();
    if (loop.isDefinedOutsideOfLoop(next))
      continue;
    Operation *def = next.getDefiningOp();
    if (!def || def->getBlock() != loop.getBody() ||
        def->getNumRegions() > 0 || !isPure(def))
      return failure();
    if (slice.insert(def))
      llvm::append_range(worklist, def->getOperands());
  }
  return success();
}

bool mlir::block::isLoopInvariant(scf::ForOp loop, Value value) {
  llvm::SetVector<Operation *> slice;
  return succeeded(collectInvariantSlice(loop, value, slice));
}

void mlir::block::hoistLoopInvariant(scf::ForOp loop, Value value) {
  llvm::SetVector<Operation *> slice;
  LogicalResult invariant = collectInvariantSlice(loop, value, slice);
  assert(succeeded(invariant) && "hoisting a value that varies in the loop");
  (void)invariant;
  for (Operation *op : sortInProgramOrder(std::move(slice)))
    op->moveBefore(loop);
}

std::optional<AdvancedPointer>
mlir::block::getAdvancedPointer(scf::ForOp loop, BlockArgument arg) {
  if (arg.getOwner() != loop.getBody() || arg == loop.getInductionVar())
    return std::nullopt;
  OpOperand *yielded = loop.getTiedLoopYieldedValue(arg);
  auto advance =
      yielded ? yielded->get().getDefiningOp<AddPtrOp>() : AddPtrOp();
  if (!advance || advance.getPtr() != arg ||
      !isLoopInvariant(loop, advance.getOffset()))
    return std::nullopt;
  return AdvancedPointer{arg, advance.getOffset()};
}

LogicalResult
mlir::block::collectAddressSlice(Operation *load, scf::ForOp loop,
                                 llvm::SetVector<Operation *> &slice,
                                 SmallVectorImpl<AdvancedPointer> *advanced) {
  Block *body = loop.getBody();
  SmallVector<Value> worklist(load->getOperands());
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (auto argument = dyn_cast<BlockArgument>(value)) {
      if (argument.getOwner() != body || argument == loop.getInductionVar())
        continue;
      std::optional<AdvancedPointer> pointer =
          advanced ? getAdvancedPointer(loop, argument) : std::nullopt;
      if (!pointer)
        return failure();
      if (llvm::none_of(*advanced, [&](const AdvancedPointer &known) {
            return known.arg == argument;
          }))
        advanced->push_back(*pointer);
      continue;
    }
    Operation *def = value.getDefiningOp();
    if (def->getBlock() != body || slice.contains(def))
      continue;
    if (def->getNumRegions() > 0 || !isMemoryEffectFree(def))
      return failure();
    slice.insert(def);
    llvm::append_range(worklist, def->getOperands());
  }
  return success();
}

SmallVector<Operation *>
mlir::block::sortInProgramOrder(llvm::SetVector<Operation *> slice) {
  SmallVector<Operation *> ordered = slice.takeVector();
  llvm::sort(ordered, [](Operation *a, Operation *b) {
    return a->isBeforeInBlock(b);
  });
  return ordered;
}

Value mlir::block::emitBelow(OpBuilder &builder, scf::ForOp loop, Value lhs,
                             Value rhs) {
  return arith::CmpIOp::create(builder, loop.getLoc(),
                               loop.getUnsignedCmp()
                                   ? arith::CmpIPredicate::ult
                                   : arith::CmpIPredicate::slt,
                               lhs, rhs);
}

Value mlir::block::emitIterationValue(OpBuilder &builder, scf::ForOp loop,
                                      Value iv, int64_t iterations) {
  if (iterations == 0)
    return iv;
  Location loc = loop.getLoc();
  Value count = arith::ConstantOp::create(
      builder, loc, builder.getIntegerAttr(iv.getType(), iterations));
  Value distance = arith::MulIOp::create(builder, loc, loop.getStep(), count);
  return arith::AddIOp::create(builder, loc, iv, distance);
}

Value mlir::block::emitAdvance(OpBuilder &builder, Location loc, Value pointer,
                               Value step, int64_t times) {
  if (times == 0)
    return pointer;
  Type type = step.getType();
  Type elementType = getElementTypeOrSelf(type);
  TypedAttr count = builder.getIntegerAttr(elementType, times);
  if (auto shaped = dyn_cast<ShapedType>(type))
    count = DenseElementsAttr::get(shaped, count);
  Value scaled = arith::MulIOp::create(
      builder, loc, step, arith::ConstantOp::create(builder, loc, count));
  return AddPtrOp::create(builder, loc, pointer.getType(), pointer, scaled);
}
