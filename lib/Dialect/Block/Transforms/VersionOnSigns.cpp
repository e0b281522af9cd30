//===- VersionOnSigns.cpp - Kernels versioned on their offsets' signs -----===//
//
// `(s + arange) % n` is contiguous in aligned runs only when `s >= 0`:
// rounding towards zero breaks a run that starts at a negative multiple of
// `n`. Where a scalar's sign is all that keeps an access from vectors (the
// columns of Triton's tutorial matmul, wrapped with `% N` after signed
// tile arithmetic), the rest of the kernel runs in two copies under a
// branch on that sign, and the copy taken by every launch that stays in
// bounds sees the scalar as `max(s, 0)`, which the axis analysis knows is
// non-negative.
//
//===----------------------------------------------------------------------===//

#include "block/Analysis/AxisInfo.h"
#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Dialect/Block/Transforms/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::block {
#define GEN_PASS_DEF_BLOCKVERSIONONSIGNS
#include "block/Dialect/Block/Transforms/Passes.h.inc"
} // namespace mlir::block

using namespace mlir;
using namespace mlir::block;

/// Adds to `roots` the scalars of `body` whose being non-negative makes
/// `value` non-negative as the axis analysis sees it; false when some term
/// of `value` would still not be known non-negative.
static bool collectSignRoots(Value value, const AxisInfoAnalysis &analysis,
                             Block &body, llvm::SetVector<Value> &roots) {
  const AxisInfo *info = analysis.getAxisInfo(value);
  if (!info)
    return false;
  if (info->isNonNegative())
    return true;
  if (!isa<RankedTensorType>(value.getType())) {
    if (value.getParentBlock() != &body)
      return false;
    roots.insert(value);
    return true;
  }
  Operation *def = value.getDefiningOp();
  if (!def)
    return false;
  auto collect = [&](Value operand) {
    return collectSignRoots(operand, analysis, body, roots);
  };
  return TypeSwitch<Operation *, bool>(def)
      .Case<SplatOp, BroadcastOp, ExpandDimsOp>(
          [&](Operation *op) { return collect(op->getOperand(0)); })
      .Case([&](ArangeOp arange) {
        return !arange.getBase() || collect(arange.getBase());
      })
      .Case<arith::AddIOp, arith::MulIOp>([&](Operation *op) {
        return collect(op->getOperand(0)) && collect(op->getOperand(1));
      })
      .Default([](Operation *) { return false; });
}

/// Whether a non-negative dividend would give `op` (a tensor `arith.remsi`
/// or `arith.divsi`) longer runs than the axis analysis finds for it now.
static bool gainsFromSign(Operation *op, const AxisInfoAnalysis &analysis) {
  const AxisInfo *lhs = analysis.getAxisInfo(op->getOperand(0));
  const AxisInfo *rhs = analysis.getAxisInfo(op->getOperand(1));
  const AxisInfo *result = analysis.getAxisInfo(op->getResult(0));
  if (!lhs || !rhs || !result || lhs->isNonNegative())
    return false;
  for (unsigned d = 0, e = lhs->getRank(); d < e; ++d) {
    int64_t now = isa<arith::RemSIOp>(op) ? result->getContiguity(d)
                                          : result->getConstancy(d);
    if (getAlignedRunLength(*lhs, *rhs, d) > now)
      return true;
  }
  return false;
}

/// Whether `value` reaches the address or the mask of a memory access.
static bool reachesAccess(Value value) {
  SetVector<Operation *> slice;
  getForwardSlice(value, &slice);
  auto derived = [&](Value operand) {
    return operand && (operand == value || slice.contains(operand.getDefiningOp()));
  };
  return llvm::any_of(slice, [&](Operation *op) {
    return derived(getAccessedPointers(op)) || derived(getAccessMask(op));
  });
}

/// The scalars of `kernel`'s body whose signs decide the runs of some
/// index division or remainder that reaches a memory access.
static llvm::SetVector<Value> findSignRoots(func::FuncOp kernel) {
  AxisInfoAnalysis analysis(kernel);
  Block &body = kernel.getBody().front();
  llvm::SetVector<Value> roots;
  kernel.walk([&](Operation *op) {
    if (!isa<arith::RemSIOp, arith::DivSIOp>(op) ||
        !isa<RankedTensorType>(op->getResult(0).getType()))
      return;
    for (Operation *parent = op->getParentOp(); parent != kernel;
         parent = parent->getParentOp())
      if (parent->hasAttr(BlockDialect::getVersionedOnSignsAttrName()))
        return;
    llvm::SetVector<Value> found;
    if (gainsFromSign(op, analysis) && reachesAccess(op->getResult(0)) &&
        collectSignRoots(op->getOperand(0), analysis, body, found))
      roots.insert(found.begin(), found.end());
  });
  return roots;
}

/// Moves the ops of `kernel`'s body after the last definition of `roots`
/// into `scf.if` on all of them being non-negative, with a copy in the
/// `else` branch; the `then` branch reads each root as `max(root, 0)`.
static void versionOnSigns(func::FuncOp kernel, ArrayRef<Value> roots) {
  Block &body = kernel.getBody().front();
  Operation *last = nullptr;
  for (Value root : roots)
    if (Operation *def = root.getDefiningOp())
      if (!last || last->isBeforeInBlock(def))
        last = def;
  Block::iterator begin = last ? std::next(last->getIterator()) : body.begin();
  Operation *terminator = body.getTerminator();
  Location loc = begin->getLoc();

  OpBuilder builder(&body, begin);
  Value nonNegative;
  SmallVector<Value> zeros;
  for (Value root : roots) {
    Value zero = zeros.emplace_back(arith::ConstantOp::create(
        builder, loc, builder.getZeroAttr(root.getType())));
    Value sign = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge,
                                       root, zero);
    nonNegative = nonNegative
                      ? arith::AndIOp::create(builder, loc, nonNegative, sign)
                      : sign;
  }
  auto branch = scf::IfOp::create(builder, loc, TypeRange(), nonNegative,
                                  /*withElseRegion=*/true);
  branch->setAttr(BlockDialect::getVersionedOnSignsAttrName(), builder.getUnitAttr());
  Block *thenBlock = branch.thenBlock();
  thenBlock->getOperations().splice(
      thenBlock->getTerminator()->getIterator(), body.getOperations(),
      std::next(branch->getIterator()), terminator->getIterator());

  OpBuilder elseBuilder = branch.getElseBodyBuilder();
  IRMapping mapping;
  for (Operation &op : thenBlock->without_terminator())
    elseBuilder.clone(op, mapping);

  OpBuilder thenBuilder = OpBuilder::atBlockBegin(thenBlock);
  for (auto [root, zero] : llvm::zip_equal(roots, zeros)) {
    auto clamped = arith::MaxSIOp::create(thenBuilder, loc, root, zero);
    Value(root).replaceUsesWithIf(clamped, [&](OpOperand &use) {
      return use.getOwner() != clamped &&
             branch.getThenRegion().isAncestor(
                 use.getOwner()->getParentRegion());
    });
  }
}

namespace {
struct BlockVersionOnSignsPass
    : mlir::block::impl::BlockVersionOnSignsBase<BlockVersionOnSignsPass> {
  void runOnOperation() override {
    for (func::FuncOp kernel : getKernels(getOperation())) {
      if (kernel.isExternal())
        continue;
      llvm::SetVector<Value> roots = findSignRoots(kernel);
      if (!roots.empty())
        versionOnSigns(kernel, roots.getArrayRef());
    }
  }
};
} // namespace
