//===- AtomicOpToGPU.cpp - atomic_rmw and atomic_cas ----------------------===//
//
// One thread performs the atomic of each element: the owner of the element
// (thread 0 for a scalar), where the mask holds. When the old values are used
// and other threads hold copies of the element, the owner shares the old
// value through shared memory.
//
// Read-modify-writes are nvvm.inline_ptx `atom.<sem>.<scope>.global` (NVVM
// has no atom op): LLVM 22's NVPTX backend lowers llvm.atomicrmw as relaxed
// at GPU scope whatever its ordering and syncscope say, while it honours both
// for cmpxchg, which compare-and-swap therefore uses.
//
//===----------------------------------------------------------------------===//

#include "GlobalAccess.h"
#include "Patterns.h"
#include "Utility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::block;

static LLVM::AtomicOrdering toLLVMOrdering(MemSemantic sem) {
  switch (sem) {
  case MemSemantic::relaxed:
    return LLVM::AtomicOrdering::monotonic;
  case MemSemantic::acquire:
    return LLVM::AtomicOrdering::acquire;
  case MemSemantic::release:
    return LLVM::AtomicOrdering::release;
  case MemSemantic::acq_rel:
    return LLVM::AtomicOrdering::acq_rel;
  }
  llvm_unreachable("unknown memory semantic");
}

/// A failed compare-and-swap stores nothing, so it cannot release.
static LLVM::AtomicOrdering toFailureOrdering(MemSemantic sem) {
  switch (sem) {
  case MemSemantic::relaxed:
  case MemSemantic::release:
    return LLVM::AtomicOrdering::monotonic;
  case MemSemantic::acquire:
  case MemSemantic::acq_rel:
    return LLVM::AtomicOrdering::acquire;
  }
  llvm_unreachable("unknown memory semantic");
}

/// The NVPTX synchronisation scopes; the system scope is LLVM's default.
static StringRef toSyncScope(MemScope scope) {
  switch (scope) {
  case MemScope::cta:
    return "block";
  case MemScope::gpu:
    return "device";
  case MemScope::sys:
    return "";
  }
  llvm_unreachable("unknown memory scope");
}

/// The PTX operation and type of a read-modify-write of `type`.
static std::string getPTXOperation(RMWKind kind, Type type) {
  unsigned bits = type.getIntOrFloatBitWidth();
  std::string width = std::to_string(bits);
  switch (kind) {
  case RMWKind::add:
    return "add.u" + width;
  case RMWKind::fadd:
    if (bits == 16)
      return type.isBF16() ? "add.noftz.bf16" : "add.noftz.f16";
    return "add.f" + width;
  case RMWKind::max:
    return "max.s" + width;
  case RMWKind::min:
    return "min.s" + width;
  case RMWKind::umax:
    return "max.u" + width;
  case RMWKind::umin:
    return "min.u" + width;
  case RMWKind::bit_and:
    return "and.b" + width;
  case RMWKind::bit_or:
    return "or.b" + width;
  case RMWKind::bit_xor:
    return "xor.b" + width;
  case RMWKind::xchg:
    return "exch.b" + width;
  }
  llvm_unreachable("unknown read-modify-write kind");
}

/// The PTX builder takes 16-bit values as i16 only: halves travel as their
/// bits.
static Value emitAtomicRMW(OpBuilder &b, Location loc, AtomicRMWOp op,
                           Value ptr, Value value, Value predicate) {
  Type type = value.getType();
  Type registerType = type;
  if (type.getIntOrFloatBitWidth() == 16 && isa<FloatType>(type)) {
    registerType = b.getI16Type();
    value = arith::BitcastOp::create(b, loc, registerType, value);
  }
  std::string ptx = "atom." + stringifyEnum(op.getSem()).str() + "." +
                    stringifyEnum(op.getScope()).str() + ".global." +
                    getPTXOperation(op.getKind(), type) +
                    " {$w0}, [{$r0}], {$r1};";
  Value old = createPredicatedPtx(b, loc, registerType, ptx,
                                  ValueRange{ptr, value}, predicate)
                  .getResult(0);
  if (registerType != type)
    old = arith::BitcastOp::create(b, loc, type, old);
  return old;
}

/// Whether the old values of `op` must reach threads that did not perform
/// the atomic.
static bool needsBroadcast(Operation *op, Type ptrType) {
  if (op->getResult(0).use_empty())
    return false;
  std::optional<TensorDistribution> dist = getDistributionOf(ptrType);
  return !dist || dist->getReplicatingLaneMask() ||
         dist->getReplicatingWarpMask();
}

int64_t mlir::block::getAtomicScratchBytes(Operation *op) {
  Type ptrType = op->getOperand(0).getType();
  if (!needsBroadcast(op, ptrType))
    return 0;
  Type elementType = getElementTypeOrSelf(op->getResult(0).getType());
  std::optional<TensorDistribution> dist = getDistributionOf(ptrType);
  return (dist ? dist->getNumElements() : 1) * getMemoryBytes(elementType);
}

/// Runs `emitAtomic` where `predicate` (null: always) holds; elsewhere the
/// old value is undefined.
static Value emitPredicated(OpBuilder &b, Location loc, Value predicate,
                            Type type,
                            function_ref<Value(OpBuilder &, Location)> emitAtomic) {
  if (!predicate)
    return emitAtomic(b, loc);
  auto ifOp = scf::IfOp::create(
      b, loc, predicate,
      [&](OpBuilder &thenBuilder, Location thenLoc) {
        scf::YieldOp::create(thenBuilder, thenLoc,
                             emitAtomic(thenBuilder, thenLoc));
      },
      [&](OpBuilder &elseBuilder, Location elseLoc) {
        scf::YieldOp::create(elseBuilder, elseLoc,
                             Value(LLVM::PoisonOp::create(elseBuilder, elseLoc,
                                                          type)));
      });
  return ifOp.getResult(0);
}

/// Gives every thread the old values the owners obtained: owners write them
/// to shared memory at the elements' positions, everyone reads. (Replicated
/// data always has an owner predicate.)
static SmallVector<Value> emitBroadcastFromOwners(
    OpBuilder &b, Location loc, Operation *op, ArrayRef<Value> old,
    const std::optional<TensorDistribution> &dist, Value owner) {
  Type memoryType = getMemoryType(old.front().getType());
  Value base = emitScratchBase(b, loc, op);
  SmallVector<Value> positions;
  if (dist) {
    TensorDistribution flat = dist->flatten();
    SmallVector<Value> threadIndex =
        flat.emitThreadIndex(b, loc, emitThreadIds(b, loc));
    for (unsigned reg = 0, e = flat.getNumRegisters(); reg < e; ++reg)
      positions.push_back(flat.emitElementIndex(b, loc, threadIndex, reg)[0]);
  } else {
    positions.push_back(i32Constant(b, loc, 0));
  }
  scf::IfOp::create(b, loc, owner, [&](OpBuilder &thenBuilder, Location thenLoc) {
    for (auto [reg, value] : llvm::enumerate(old))
      if (!dist || dist->isFirstCopy(reg))
        LLVM::StoreOp::create(
            thenBuilder, thenLoc, toMemory(thenBuilder, thenLoc, value),
            emitElementAddress(thenBuilder, thenLoc, base, memoryType,
                               positions[reg]));
    scf::YieldOp::create(thenBuilder, thenLoc);
  });
  emitBarrier(b, loc);
  SmallVector<Value> results;
  for (auto [reg, value] : llvm::enumerate(old)) {
    Value loaded = LLVM::LoadOp::create(
        b, loc, memoryType,
        emitElementAddress(b, loc, base, memoryType, positions[reg]));
    results.push_back(fromMemory(b, loc, loaded, value.getType()));
  }
  return results;
}

namespace {
/// Shared structure of both atomics: per first copy of an element, the
/// owner performs the atomic where the mask holds.
template <typename SourceOp>
struct AtomicOpToGPU : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;
  using OneToNOpAdaptor = typename OpConversionPattern<SourceOp>::OneToNOpAdaptor;

  LogicalResult
  matchAndRewrite(SourceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type elementType = this->getTypeConverter()->convertType(
        getElementTypeOrSelf(op.getType()));
    std::optional<TensorDistribution> dist =
        getDistributionOf(op.getPtr().getType());
    Value owner = emitIsOwner(rewriter, loc, dist);
    ValueRange ptrs = adaptor.getPtr();
    SmallVector<Value> old(ptrs.size());
    for (unsigned reg = 0, e = ptrs.size(); reg < e; ++reg) {
      if (dist && !dist->isFirstCopy(reg)) {
        old[reg] = old[dist->getFirstCopy(reg)];
        continue;
      }
      Value predicate =
          andPredicates(rewriter, loc, owner, getMask(adaptor, reg));
      old[reg] = emitAtomic(rewriter, loc, op, adaptor, reg, predicate,
                            elementType);
    }
    if (needsBroadcast(op, op.getPtr().getType()))
      old = emitBroadcastFromOwners(rewriter, loc, op, old, dist, owner);
    rewriter.replaceOpWithMultiple(op, SmallVector<SmallVector<Value>>{old});
    return success();
  }

  static Value getMask(AtomicRMWOp::GenericAdaptor<ArrayRef<ValueRange>> adaptor,
                       unsigned reg) {
    ValueRange masks = adaptor.getMask();
    return masks.empty() ? Value() : masks[reg];
  }
  static Value getMask(AtomicCASOp::GenericAdaptor<ArrayRef<ValueRange>>,
                       unsigned) {
    return Value();
  }

  static Value emitAtomic(OpBuilder &b, Location loc, AtomicRMWOp op,
                          OneToNOpAdaptor adaptor, unsigned reg,
                          Value predicate, Type) {
    return emitAtomicRMW(b, loc, op, adaptor.getPtr()[reg],
                         adaptor.getValue()[reg], predicate);
  }

  /// cmpxchg compares integers: floats travel as their bits.
  static Value emitAtomic(OpBuilder &b, Location loc, AtomicCASOp op,
                          OneToNOpAdaptor adaptor, unsigned reg,
                          Value predicate, Type type) {
    return emitPredicated(b, loc, predicate, type,
                          [&](OpBuilder &ib, Location iloc) {
                            return emitCompareAndSwap(ib, iloc, op, adaptor,
                                                      reg);
                          });
  }

  static Value emitCompareAndSwap(OpBuilder &b, Location loc, AtomicCASOp op,
                                  OneToNOpAdaptor adaptor, unsigned reg) {
    Value cmp = adaptor.getCmp()[reg];
    Value value = adaptor.getValue()[reg];
    Type type = cmp.getType();
    if (isa<FloatType>(type)) {
      Type bits = b.getIntegerType(type.getIntOrFloatBitWidth());
      cmp = arith::BitcastOp::create(b, loc, bits, cmp);
      value = arith::BitcastOp::create(b, loc, bits, value);
    }
    auto cas = LLVM::AtomicCmpXchgOp::create(
        b, loc, adaptor.getPtr()[reg], cmp, value, toLLVMOrdering(op.getSem()),
        toFailureOrdering(op.getSem()), toSyncScope(op.getScope()));
    Value old = LLVM::ExtractValueOp::create(b, loc, cas, ArrayRef<int64_t>{0});
    if (old.getType() != type)
      old = arith::BitcastOp::create(b, loc, type, old);
    return old;
  }
};
} // namespace

void mlir::block::populateAtomicOpToGPUPatterns(const TypeConverter &converter,
                                                RewritePatternSet &patterns) {
  patterns.add<AtomicOpToGPU<AtomicRMWOp>, AtomicOpToGPU<AtomicCASOp>>(
      converter, patterns.getContext());
}
