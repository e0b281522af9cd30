//===- ReduceOpToGPU.cpp - Reductions along an axis -----------------------===//
//
// A reduction combines, in this order: the registers of a thread that hold
// elements of one result element; the lanes that differ only along the axis
// (butterfly shuffles, after which every such lane holds the warp's value);
// the warps that differ only along the axis, through shared memory, where
// every warp's value is read back by every thread. Copies of an element
// (replicated layouts) are combined once.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utility.h"

#include "block/Layout/TensorLayouts.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::block;

namespace {
/// How the elements of one reduction are spread over the thread dimensions.
struct ReductionPlan {
  /// Registers of the first copies, grouped by result element (keyed by its
  /// row-major position in the result).
  llvm::MapVector<int64_t, SmallVector<unsigned>> groups;
  /// Lane and warp id bits that move along the reduced axis only.
  SmallVector<unsigned> laneBits, warpBits;
  /// Number of result elements (1 for a rank-1 reduction).
  int64_t numResults = 1;
  TensorDistribution result;
  /// For each register of a tensor result, the group that computes it.
  SmallVector<unsigned> resultGroups;
};
} // namespace

/// The operand's distribution with the axis dropped: what each thread holds
/// of the result. A rank-1 reduction has a single result element.
static TensorDistribution dropAxis(const TensorDistribution &src,
                                   unsigned axis) {
  if (src.getRank() == 1)
    return src.remap({1}, [](ArrayRef<int64_t>) { return ElementIndex{0}; });
  SmallVector<int64_t> shape(src.getShape());
  shape.erase(shape.begin() + axis);
  return src.remap(shape, [&](ArrayRef<int64_t> index) {
    ElementIndex dropped(index);
    dropped.erase(dropped.begin() + axis);
    return dropped;
  });
}

static FailureOr<ReductionPlan> planReduction(ReduceOp op) {
  unsigned axis = op.getAxis();
  TensorDistribution src = getDistribution(op.getSrcs().front().getType());
  ReductionPlan plan{{}, {}, {}, 1, dropAxis(src, axis), {}};
  plan.numResults = plan.result.getNumElements();
  std::optional<SmallVector<unsigned>> laneBits =
      getAxisBits(src.getLinearLayout(), kLane, axis);
  std::optional<SmallVector<unsigned>> warpBits =
      getAxisBits(src.getLinearLayout(), kWarp, axis);
  if (!laneBits || !warpBits)
    return failure();
  plan.laneBits = std::move(*laneBits);
  plan.warpBits = std::move(*warpBits);
  for (unsigned reg = 0, e = src.getNumRegisters(); reg < e; ++reg)
    if (src.isFirstCopy(reg))
      plan.groups[plan.result.linearize(plan.result.getRegisterIndex(reg))]
          .push_back(reg);
  // The result registers are the groups, looked up by element: the result
  // layout must be the operand's without the axis.
  auto resultType = dyn_cast<RankedTensorType>(op.getResult(0).getType());
  if (!resultType)
    return plan;
  TensorDistribution result = getDistribution(resultType);
  if (result.getLaneBases() != plan.result.getLaneBases() ||
      result.getWarpBases() != plan.result.getWarpBases())
    return failure();
  for (unsigned reg = 0, e = result.getNumRegisters(); reg < e; ++reg) {
    auto group =
        plan.groups.find(result.linearize(result.getRegisterIndex(reg)));
    if (group == plan.groups.end())
      return failure();
    plan.resultGroups.push_back(group - plan.groups.begin());
  }
  return plan;
}

/// Bytes per operand of the warp exchange, 8-byte aligned.
static int64_t getExchangeBytes(const ReductionPlan &plan, Type elementType) {
  int64_t bytes = plan.numResults * (int64_t(1) << plan.warpBits.size()) *
                  getMemoryBytes(elementType);
  return llvm::alignTo(bytes, 8);
}

bool mlir::block::isReduceLowerable(ReduceOp op) {
  return succeeded(planReduction(op));
}

int64_t mlir::block::getReduceScratchBytes(ReduceOp op) {
  FailureOr<ReductionPlan> plan = planReduction(op);
  if (failed(plan) || plan->warpBits.empty())
    return 0;
  int64_t bytes = 0;
  for (Value src : op.getSrcs())
    bytes += getExchangeBytes(
        *plan, cast<RankedTensorType>(src.getType()).getElementType());
  return bytes;
}

/// The position of the current warp along the axis: its axis bits, packed.
static Value emitWarpPosition(OpBuilder &b, Location loc, Value warp,
                              ArrayRef<unsigned> warpBits) {
  SmallVector<IdBit> bits;
  for (auto [i, bit] : llvm::enumerate(warpBits))
    bits.push_back({warp, bit, unsigned(i)});
  return emitGatherBits(b, loc, bits);
}

namespace {
struct ReduceOpToGPU : OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReduceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<ReductionPlan> plan = planReduction(op);
    if (failed(plan))
      return rewriter.notifyMatchFailure(
          op, "the layout contract refuses these layouts");
    Region &combiner = op.getCombiner();
    unsigned numOperands = op.getSrcs().size();

    // One accumulator per group: its registers combined in the thread, then
    // the lanes along the axis.
    SmallVector<SmallVector<Value>> accumulators;
    for (auto &[position, registers] : plan->groups) {
      SmallVector<Value> acc = collect(adaptor.getSrcs(), registers.front());
      for (unsigned reg : ArrayRef(registers).drop_front())
        acc = emitCombine(rewriter, loc, combiner, acc,
                          collect(adaptor.getSrcs(), reg));
      for (unsigned bit : plan->laneBits) {
        SmallVector<Value> other;
        for (Value value : acc)
          other.push_back(emitShuffle(rewriter, loc, value,
                                      i32Constant(rewriter, loc, 1 << bit),
                                      gpu::ShuffleMode::XOR));
        acc = emitCombine(rewriter, loc, combiner, acc, other);
      }
      accumulators.push_back(std::move(acc));
    }
    if (!plan->warpBits.empty())
      combineWarps(rewriter, loc, op, *plan, combiner, numOperands,
                   accumulators);

    SmallVector<SmallVector<Value>> results(numOperands);
    if (!isa<RankedTensorType>(op.getResult(0).getType()))
      for (unsigned k = 0; k < numOperands; ++k)
        results[k].push_back(accumulators.front()[k]);
    for (unsigned group : plan->resultGroups)
      for (unsigned k = 0; k < numOperands; ++k)
        results[k].push_back(accumulators[group][k]);
    rewriter.replaceOpWithMultiple(op, std::move(results));
    return success();
  }

  static SmallVector<Value> collect(ArrayRef<ValueRange> srcs, unsigned reg) {
    SmallVector<Value> values;
    for (ValueRange src : srcs)
      values.push_back(src[reg]);
    return values;
  }

  /// Every warp writes its accumulators to shared memory, slot
  /// `element * numWarpPositions + warpPosition`; every thread then combines
  /// the slots of its elements.
  static void combineWarps(OpBuilder &b, Location loc, ReduceOp op,
                           const ReductionPlan &plan, Region &combiner,
                           unsigned numOperands,
                           SmallVector<SmallVector<Value>> &accumulators) {
    ThreadIds ids = emitThreadIds(b, loc);
    Value warpPosition = emitWarpPosition(b, loc, ids.warp, plan.warpBits);
    int64_t numPositions = int64_t(1) << plan.warpBits.size();
    SmallVector<Value> threadIndex = plan.result.emitThreadIndex(b, loc, ids);
    Value shared = emitScratchBase(b, loc, op);
    Type byteType = b.getI8Type();
    SmallVector<Value> bases;
    int64_t offset = 0;
    for (unsigned k = 0; k < numOperands; ++k) {
      bases.push_back(emitElementAddress(b, loc, shared, byteType,
                                         i32Constant(b, loc, offset)));
      offset += getExchangeBytes(plan, accumulators.front()[k].getType());
    }
    SmallVector<Value> slots;
    for (auto &[position, registers] : plan.groups) {
      Value element = plan.result.emitLinearize(
          b, loc,
          plan.result.emitElementIndex(b, loc, threadIndex, registers.front()));
      slots.push_back(arith::MulIOp::create(
          b, loc, element, i32Constant(b, loc, numPositions)));
    }

    for (auto [acc, slot] : llvm::zip(accumulators, slots)) {
      Value mine = arith::AddIOp::create(b, loc, slot, warpPosition);
      for (unsigned k = 0; k < numOperands; ++k) {
        Type memoryType = getMemoryType(acc[k].getType());
        LLVM::StoreOp::create(
            b, loc, toMemory(b, loc, acc[k]),
            emitElementAddress(b, loc, bases[k], memoryType, mine));
      }
    }
    emitBarrier(b, loc);
    for (auto [acc, slot] : llvm::zip(accumulators, slots)) {
      SmallVector<SmallVector<Value>> perWarp;
      for (int64_t w = 0; w < numPositions; ++w) {
        Value index =
            arith::AddIOp::create(b, loc, slot, i32Constant(b, loc, w));
        SmallVector<Value> values;
        for (unsigned k = 0; k < numOperands; ++k) {
          Type type = acc[k].getType();
          Type memoryType = getMemoryType(type);
          Value loaded = LLVM::LoadOp::create(
              b, loc, memoryType,
              emitElementAddress(b, loc, bases[k], memoryType, index));
          values.push_back(fromMemory(b, loc, loaded, type));
        }
        perWarp.push_back(std::move(values));
      }
      SmallVector<Value> combined = perWarp.front();
      for (ArrayRef<Value> values : ArrayRef(perWarp).drop_front())
        combined = emitCombine(b, loc, combiner, combined, values);
      acc = std::move(combined);
    }
  }
};
} // namespace

void mlir::block::populateReduceOpToGPUPatterns(const TypeConverter &converter,
                                                RewritePatternSet &patterns) {
  patterns.add<ReduceOpToGPU>(converter, patterns.getContext());
}
