//===- RematerializeSharedAddresses.cpp - Shared bases read in loops ------===//
//
// Shared-memory addresses used in loops nested in loops are computed where
// they are used, from a read of the base that LLVM cannot hoist: ptxas then
// keeps them on the uniform datapath (see the pass's description).
//
//===----------------------------------------------------------------------===//

#include "block/Conversion/BlockToGPU/BlockToGPU.h"
#include "block/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::block {
#define GEN_PASS_DEF_BLOCKREMATERIALIZESHAREDADDRESSES
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

/// The loops around `op`, innermost first.
static SmallVector<LoopLikeOpInterface> getEnclosingLoops(Operation *op) {
  SmallVector<LoopLikeOpInterface> loops;
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (auto loop = dyn_cast<LoopLikeOpInterface>(parent))
      loops.push_back(loop);
  return loops;
}

/// `address` (isConstantSharedAddress) computed again at `b`'s insertion
/// point from a fresh read of the base.
static Value rematerialize(OpBuilder &b, Value address) {
  Operation *def = address.getDefiningOp();
  if (auto gep = dyn_cast<LLVM::GEPOp>(def)) {
    IRMapping mapping;
    mapping.map(gep.getBase(), rematerialize(b, gep.getBase()));
    return b.clone(*gep, mapping)->getResult(0);
  }
  Location loc = def->getLoc();
  std::string ptx =
      ("mov.u64 $0, " + block::kSharedMemorySymbolName + ";").str();
  Value base =
      LLVM::InlineAsmOp::create(
          b, loc, b.getI64Type(), ValueRange(), ptx, "=l",
          /*has_side_effects=*/true, /*is_align_stack=*/false,
          LLVM::tailcallkind::TailCallKind::None,
          LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
          /*operand_attrs=*/ArrayAttr())
          .getResult(0);
  return LLVM::IntToPtrOp::create(b, loc, address.getType(), base);
}

namespace {
struct BlockRematerializeSharedAddresses
    : block::impl::BlockRematerializeSharedAddressesBase<
          BlockRematerializeSharedAddresses> {
  void runOnOperation() override {
    // The uses to redirect, each with the innermost loop around it.
    SmallVector<std::pair<OpOperand *, Operation *>> uses;
    getOperation().walk([&](Operation *op) {
      SmallVector<LoopLikeOpInterface> loops = getEnclosingLoops(op);
      if (loops.size() < 2)
        return;
      for (OpOperand &operand : op->getOpOperands()) {
        Value value = operand.get();
        if (isConstantSharedAddress(value) &&
            !loops.front()->isAncestor(value.getDefiningOp()))
          uses.push_back({&operand, loops.front()});
      }
    });
    // One copy of each address an innermost loop uses, just before the
    // loop: live across that loop only, as in a kernel without nesting.
    DenseMap<std::pair<Operation *, Value>, Value> copies;
    for (auto [use, loop] : uses) {
      Value &copy = copies[{loop, use->get()}];
      if (!copy) {
        OpBuilder b(loop);
        copy = rematerialize(b, use->get());
      }
      use->set(copy);
    }
  }
};
} // namespace
