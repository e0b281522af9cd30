//===- RematerializeInLoopNests.cpp - Invariants read again in loop nests -===//
//
// The thread index and the shared-memory base are read again inside loop
// nests, through reads LLVM cannot hoist, so that the addresses computed
// from them are not kept live across a whole loop over loops (see the
// pass's description).
//
//===----------------------------------------------------------------------===//

#include "block/Conversion/BlockToGPU/BlockToGPU.h"
#include "block/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::block {
#define GEN_PASS_DEF_BLOCKREMATERIALIZEINLOOPNESTS
#include "block/Conversion/Passes.h.inc"
} // namespace mlir::block

using namespace mlir;

/// Whether `value` is the shared-memory base or a constant offset from it.
static bool isConstantSharedAddress(Value value) {
  Operation *def = value.getDefiningOp();
  if (auto addressOf = dyn_cast_or_null<LLVM::AddressOfOp>(def))
    return addressOf.getGlobalName() == block::kSharedMemorySymbolName;
  auto gep = dyn_cast_or_null<LLVM::GEPOp>(def);
  if (!gep || !llvm::all_of(gep.getDynamicIndices(), [](Value index) {
        return matchPattern(index, m_Constant());
      }))
    return false;
  return isConstantSharedAddress(gep.getBase());
}

static bool isThreadIndexX(Operation *op) {
  if (auto id = dyn_cast<gpu::ThreadIdOp>(op))
    return id.getDimension() == gpu::Dimension::x;
  return isa<NVVM::ThreadIdXOp>(op);
}

static Operation *getEnclosingLoop(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (isa<LoopLikeOpInterface>(parent))
      return parent;
  return nullptr;
}

static bool containsLoop(Operation *loop) {
  return loop
      ->walk([&](LoopLikeOpInterface inner) {
        return inner.getOperation() == loop ? WalkResult::advance()
                                            : WalkResult::interrupt();
      })
      .wasInterrupted();
}

/// Where a value `user` reads inside `loop` (its innermost enclosing loop)
/// is read again: before `loop` where it is nested in another loop, at
/// `user` where `loop` holds loops itself; nowhere in a loop outside nests.
/// The anchor keys the copies that share one read.
struct ReadPoint {
  Operation *insertBefore;
  void *anchor;
};
static std::optional<ReadPoint> getReadPoint(Operation *user,
                                             Operation *loop) {
  if (getEnclosingLoop(loop))
    return ReadPoint{loop, loop};
  if (containsLoop(loop))
    return ReadPoint{user, user->getBlock()};
  return std::nullopt;
}

/// `ptx` (one output, `constraint`) as inline asm with side effects.
static Value emitOpaqueRead(OpBuilder &b, Location loc, Type type,
                            StringRef ptx, StringRef constraint) {
  return LLVM::InlineAsmOp::create(
             b, loc, type, ValueRange(), ptx, constraint,
             /*has_side_effects=*/true, /*is_align_stack=*/false,
             LLVM::tailcallkind::TailCallKind::None,
             LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
             /*operand_attrs=*/ArrayAttr())
      .getResult(0);
}

/// `address` (isConstantSharedAddress) computed again at `b`'s insertion
/// point from a fresh read of the base.
static Value rereadSharedAddress(OpBuilder &b, Value address) {
  Operation *def = address.getDefiningOp();
  if (auto gep = dyn_cast<LLVM::GEPOp>(def)) {
    IRMapping mapping;
    mapping.map(gep.getBase(), rereadSharedAddress(b, gep.getBase()));
    return b.clone(*gep, mapping)->getResult(0);
  }
  Location loc = def->getLoc();
  Value base = emitOpaqueRead(
      b, loc, b.getI64Type(),
      ("mov.u64 $0, " + block::kSharedMemorySymbolName + ";").str(), "=l");
  return LLVM::IntToPtrOp::create(b, loc, address.getType(), base);
}

/// The thread index `id` (isThreadIndexX) read again at `b`'s insertion
/// point, in `id`'s type.
static Value rereadThreadIndex(OpBuilder &b, Operation *id) {
  Location loc = id->getLoc();
  Value index =
      emitOpaqueRead(b, loc, b.getI32Type(), "mov.u32 $0, %tid.x;", "=r");
  Type type = id->getResult(0).getType();
  if (type.isIndex())
    return arith::IndexCastUIOp::create(b, loc, type, index);
  return index;
}

namespace {
struct BlockRematerializeInLoopNests
    : block::impl::BlockRematerializeInLoopNestsBase<
          BlockRematerializeInLoopNests> {
  void runOnOperation() override {
    // Collected first: the reads added below are not visited.
    SmallVector<std::pair<OpOperand *, ReadPoint>> addressUses;
    SmallVector<std::pair<Operation *, ReadPoint>> threadIndices;
    getOperation().walk([&](Operation *op) {
      Operation *loop = getEnclosingLoop(op);
      if (!loop)
        return;
      if (isThreadIndexX(op)) {
        if (std::optional<ReadPoint> point = getReadPoint(op, loop))
          threadIndices.push_back({op, *point});
        return;
      }
      for (OpOperand &operand : op->getOpOperands()) {
        Value value = operand.get();
        if (!isConstantSharedAddress(value) ||
            loop->isAncestor(value.getDefiningOp()))
          continue;
        if (std::optional<ReadPoint> point = getReadPoint(op, loop))
          addressUses.push_back({&operand, *point});
      }
    });
    DenseMap<std::pair<void *, Value>, Value> addresses;
    for (auto [use, point] : addressUses) {
      Value &copy = addresses[{point.anchor, use->get()}];
      if (!copy) {
        OpBuilder b(point.insertBefore);
        copy = rereadSharedAddress(b, use->get());
      }
      use->set(copy);
    }
    DenseMap<std::pair<void *, Type>, Value> indices;
    for (auto [id, point] : threadIndices) {
      Value &copy = indices[{point.anchor, id->getResult(0).getType()}];
      if (!copy) {
        OpBuilder b(point.insertBefore);
        copy = rereadThreadIndex(b, id);
      }
      id->getResult(0).replaceAllUsesWith(copy);
      id->erase();
    }
  }
};
} // namespace
