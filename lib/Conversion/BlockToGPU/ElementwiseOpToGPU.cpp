//===- ElementwiseOpToGPU.cpp - arith and math on tensors -----------------===//
//
// Operands and results of an element-wise operation share one layout (the
// contract), so register i of the result is the operation applied to
// register i of every tensor operand. Registers that hold copies of one
// element, or elements of a block over which the axis-info analysis proves
// the result constant (a mask `cols < n` with n divisible by 16), are
// computed once: fewer instructions, and fewer live predicates. A compare of
// an arange's elements with a bound per row subtracts the thread's offset
// from the bound instead, so that no register holds an arange element.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utility.h"

#include "block/Analysis/AxisInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::block;

static bool hasTensorType(TypeRange types) {
  return llvm::any_of(types, [](Type t) { return isa<RankedTensorType>(t); });
}

/// The dimension along which `value` counts as an arange without a base
/// does (the element at index i holds start + i[dim]) through the shape ops
/// that keep that, with the arange's start; only where `value` is the one
/// use of all of them (a mask's columns, not also addresses).
static std::optional<std::pair<unsigned, int64_t>> getCountingDim(Value value) {
  Operation *def = value.getDefiningOp();
  if (!def || !value.hasOneUse())
    return std::nullopt;
  if (auto arange = dyn_cast<ArangeOp>(def)) {
    if (arange.getBase())
      return std::nullopt;
    return std::make_pair(0u, int64_t(arange.getStart()));
  }
  if (auto convert = dyn_cast<ConvertLayoutOp>(def))
    return getCountingDim(convert.getSrc());
  if (auto expand = dyn_cast<ExpandDimsOp>(def)) {
    auto counting = getCountingDim(expand.getSrc());
    if (counting && expand.getAxis() <= counting->first)
      ++counting->first;
    return counting;
  }
  auto broadcast = dyn_cast<BroadcastOp>(def);
  if (!broadcast)
    return std::nullopt;
  auto counting = getCountingDim(broadcast.getSrc());
  if (!counting)
    return std::nullopt;
  int64_t size =
      cast<RankedTensorType>(broadcast.getSrc().getType()).getDimSize(
          counting->first);
  if (std::optional<ArrayRef<int32_t>> dims = broadcast.getDims())
    counting->first = (*dims)[counting->first];
  if (broadcast.getType().getDimSize(counting->first) != size)
    return std::nullopt;
  return counting;
}

/// The operands, register by register, of a signed or equality `cmpi` of
/// an arange's elements (getCountingDim) with a tensor whose registers hold
/// few distinct values (a bound per row broadcast along the row), where an
/// element's index is its thread's part plus its register's: the arange's
/// register r holds t + c_r (t the thread's part, c_r a constant), so the
/// compare takes c_r and, for the bound x, x - t, once per distinct x.
/// Otherwise each thread keeps every t + c_r in a register, which LLVM
/// hoists out of loops (64 for the columns of a 128 x 256 mask). As t and
/// c_r are non-negative, x - t only leaves the i32 range downwards, where the
/// saturating subtraction keeps every compare's result: t + c_r > x there,
/// and c_r > INT32_MIN. Registers not in `computed` are left null.
static std::optional<std::array<SmallVector<Value>, 2>>
emitOffsetCompareOperands(OpBuilder &b, Location loc, arith::CmpIOp cmp,
                          ArrayRef<ValueRange> operands,
                          const TensorDistribution &dist,
                          ArrayRef<unsigned> computed) {
  if (!dist.addsRegisterIndex())
    return std::nullopt;
  switch (cmp.getPredicate()) {
  case arith::CmpIPredicate::ult:
  case arith::CmpIPredicate::ule:
  case arith::CmpIPredicate::ugt:
  case arith::CmpIPredicate::uge:
    return std::nullopt;
  default:
    break;
  }
  for (unsigned side : {0u, 1u}) {
    std::optional<std::pair<unsigned, int64_t>> counting =
        getCountingDim(cmp->getOperand(side));
    if (!counting)
      continue;
    ValueRange bounds = operands[1 - side];
    llvm::SmallPtrSet<Value, 8> distinct;
    for (unsigned reg : computed)
      distinct.insert(registerOf(bounds, reg));
    if (2 * distinct.size() > computed.size())
      continue;
    auto [dim, start] = *counting;
    Value thread = dist.emitThreadIndex(b, loc, emitThreadIds(b, loc))[dim];
    DenseMap<Value, Value> shifted;
    std::array<SmallVector<Value>, 2> result;
    for (SmallVector<Value> &values : result)
      values.resize(dist.getNumRegisters());
    for (unsigned reg : computed) {
      result[side][reg] =
          i32Constant(b, loc, start + dist.getRegisterIndex(reg)[dim]);
      Value bound = registerOf(bounds, reg);
      Value &relative = shifted[bound];
      if (!relative)
        relative = LLVM::SSubSat::create(b, loc, bound, thread);
      result[1 - side][reg] = relative;
    }
    return result;
  }
  return std::nullopt;
}

namespace {
struct ElementwiseOpToGPU : ConversionPattern {
  ElementwiseOpToGPU(const TypeConverter &converter, MLIRContext *context,
                     const AxisInfoAnalysis &axisInfo)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context),
        axisInfo(axisInfo) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
        !mlir::OpTrait::hasElementwiseMappableTraits(op) ||
        !hasTensorType(op->getResultTypes()))
      return rewriter.notifyMatchFailure(op, "not an element-wise tensor op");
    SmallVector<Type> elementTypes;
    for (Type type : op->getResultTypes()) {
      Type element = typeConverter->convertType(
          cast<RankedTensorType>(type).getElementType());
      if (!element)
        return rewriter.notifyMatchFailure(op, "unconvertible element type");
      elementTypes.push_back(element);
    }
    TensorDistribution dist = getDistribution(op->getResultTypes().front());
    SmallVector<int64_t> block(dist.getRank(), 1);
    if (op->getNumResults() == 1)
      block = getConstantBlock(axisInfo, op->getResult(0));
    SmallVector<unsigned> representatives = dist.getBlockRepresentatives(block);
    std::optional<std::array<SmallVector<Value>, 2>> offsetCompare;
    if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
      SmallVector<unsigned> computed;
      for (auto [reg, same] : llvm::enumerate(representatives))
        if (same == reg)
          computed.push_back(reg);
      offsetCompare = emitOffsetCompareOperands(rewriter, op->getLoc(), cmp,
                                                operands, dist, computed);
    }
    SmallVector<SmallVector<Value>> results(op->getNumResults());
    bool pairs = isPairedTruncation(op);
    for (unsigned reg = 0, e = dist.getNumRegisters(); reg < e; ++reg) {
      if (unsigned same = representatives[reg]; same != reg) {
        for (SmallVector<Value> &result : results)
          result.push_back(result[same]);
        continue;
      }
      if (pairs && reg % 2 == 0 && reg + 1 < e &&
          representatives[reg + 1] == reg + 1) {
        llvm::append_range(results[0],
                           emitPairTruncation(rewriter, op->getLoc(),
                                              registerOf(operands[0], reg),
                                              registerOf(operands[0], reg + 1),
                                              elementTypes[0]));
        ++reg;
        continue;
      }
      SmallVector<Value> scalars;
      if (offsetCompare)
        scalars = {(*offsetCompare)[0][reg], (*offsetCompare)[1][reg]};
      else
        for (ValueRange values : operands)
          scalars.push_back(registerOf(values, reg));
      OperationState state(op->getLoc(), op->getName(), scalars, elementTypes,
                           op->getAttrs());
      Operation *scalarOp = rewriter.create(state);
      for (auto [result, value] : llvm::zip(results, scalarOp->getResults()))
        result.push_back(value);
    }
    rewriter.replaceOpWithMultiple(op, std::move(results));
    return success();
  }

private:
  /// Whether `op` rounds f32 to bf16 or f16 to nearest even: two registers
  /// at a time, one instruction on sm_80 and later (cvt.rn.bf16x2.f32),
  /// their halves packed as tensor-core operands take them.
  static bool isPairedTruncation(Operation *op) {
    auto trunc = dyn_cast<arith::TruncFOp>(op);
    if (!trunc || trunc.getRoundingmodeAttr() || trunc.getFastmathAttr())
      return false;
    Type from = getElementTypeOrSelf(trunc.getIn().getType());
    Type to = getElementTypeOrSelf(trunc.getType());
    return from.isF32() && (to.isBF16() || to.isF16());
  }

  static SmallVector<Value, 2> emitPairTruncation(OpBuilder &b, Location loc,
                                                  Value first, Value second,
                                                  Type to) {
    Value narrow = LLVM::FPTruncOp::create(b, loc, VectorType::get({2}, to),
                                           emitVector(b, loc, {first, second}));
    return {LLVM::ExtractElementOp::create(b, loc, narrow,
                                           i32Constant(b, loc, 0)),
            LLVM::ExtractElementOp::create(b, loc, narrow,
                                           i32Constant(b, loc, 1))};
  }

  const AxisInfoAnalysis &axisInfo;
};

/// A splat tensor constant is its scalar in every register. Any other
/// constant becomes a read-only global table, row-major, from which each
/// thread loads the elements it holds.
struct ConstantOpToGPU : OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "not a tensor constant");
    TensorDistribution dist = getDistribution(type);
    if (auto splat = dyn_cast<SplatElementsAttr>(op.getValue())) {
      Value scalar = arith::ConstantOp::create(
          rewriter, op.getLoc(),
          cast<TypedAttr>(splat.getSplatValue<Attribute>()));
      rewriter.replaceOpWithMultiple(
          op, SmallVector<SmallVector<Value>>{
                  SmallVector<Value>(dist.getNumRegisters(), scalar)});
      return success();
    }
    auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!dense)
      return rewriter.notifyMatchFailure(
          op, "the layout contract refuses constants that are not dense");
    Type elementType = type.getElementType();
    Type memoryType = getMemoryType(elementType);
    FailureOr<StringAttr> table = createTable(rewriter, op, dense, memoryType);
    if (failed(table))
      return failure();

    Location loc = op.getLoc();
    Value base = LLVM::AddressOfOp::create(
        rewriter, loc, getGlobalPointerType(getContext()), table->getValue());
    TensorDistribution flat = dist.flatten();
    SmallVector<Value> threadIndex =
        flat.emitThreadIndex(rewriter, loc, emitThreadIds(rewriter, loc));
    SmallVector<Value> values;
    for (unsigned reg = 0, e = flat.getNumRegisters(); reg < e; ++reg) {
      Value position = flat.emitElementIndex(rewriter, loc, threadIndex, reg)[0];
      Value loaded = LLVM::LoadOp::create(
          rewriter, loc, memoryType,
          emitElementAddress(rewriter, loc, base, memoryType, position),
          getMemoryBytes(memoryType));
      values.push_back(fromMemory(rewriter, loc, loaded, elementType));
    }
    rewriter.replaceOpWithMultiple(op, SmallVector<SmallVector<Value>>{values});
    return success();
  }

  /// Adds the global table holding `dense` (i1 as bytes) to the gpu.module.
  static FailureOr<StringAttr> createTable(OpBuilder &b, arith::ConstantOp op,
                                           DenseElementsAttr dense,
                                           Type memoryType) {
    auto module = op->getParentOfType<gpu::GPUModuleOp>();
    if (!module)
      return failure();
    int64_t n = dense.getNumElements();
    auto flatType = RankedTensorType::get({n}, memoryType);
    DenseElementsAttr flat;
    if (dense.getElementType().isInteger(1)) {
      SmallVector<APInt> bytes;
      for (bool bit : dense.getValues<bool>())
        bytes.emplace_back(8, bit);
      flat = DenseElementsAttr::get(flatType, bytes);
    } else {
      flat = dense.reshape(flatType);
    }
    std::string name;
    for (unsigned i = 0;; ++i) {
      name = "block_constant_" + std::to_string(i);
      if (!SymbolTable::lookupSymbolIn(module, name))
        break;
    }
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    LLVM::GlobalOp::create(b, op.getLoc(),
                           LLVM::LLVMArrayType::get(memoryType, n),
                           /*isConstant=*/true, LLVM::Linkage::Internal, name,
                           flat, /*alignment=*/16, /*addrSpace=*/1);
    return b.getStringAttr(name);
  }
};
} // namespace

void mlir::block::populateElementwiseOpToGPUPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns,
    const AxisInfoAnalysis &axisInfo) {
  patterns.add<ElementwiseOpToGPU>(converter, patterns.getContext(), axisInfo);
  patterns.add<ConstantOpToGPU>(converter, patterns.getContext());
}
