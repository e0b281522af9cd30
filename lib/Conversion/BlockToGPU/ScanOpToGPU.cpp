//===- ScanOpToGPU.cpp - Inclusive scans along an axis --------------------===//
//
// Each bit of an element's axis index comes from one bit of its register
// number, lane id or warp id, in any order (the rows of an mma accumulator
// interleave them). From the lowest: the register bits below the first
// other bit make chunks of C consecutive elements per thread; the lane bits
// that follow, a run of consecutive lane id bits, make L consecutive chunks;
// all higher bits, of registers, lanes and warps in any order, number
// segments of C * L consecutive elements. The scan runs in that order:
// sequentially in each chunk, Hillis-Steele over the lanes with shuffles,
// and through shared memory over the segments, each of which finds its
// total in a slot of its number. A reverse scan is the same on mirrored
// positions.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utility.h"

#include "block/Layout/TensorLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::block;

namespace {
enum class IdKind { Register, Lane, Warp };

/// A lane or warp id bit that numbers segments: the bit of the segment
/// number it gives.
struct SegmentBit {
  IdKind kind;
  unsigned idBit;
  unsigned segmentBit;
};

struct ScanPlan {
  int64_t chunk = 1;      // C
  unsigned laneShift = 0; // first lane id bit of the lanes' run
  int64_t numLanes = 1;   // L
  /// The register bits that number segments, as segment number bits: the
  /// repetitions, in order.
  SmallVector<unsigned> repBits;
  /// The lane and warp id bits that number segments.
  SmallVector<SegmentBit> threadBits;
  /// Per row (elements with one index off the axis): registers indexed by
  /// [repetition][position in the chunk].
  llvm::MapVector<int64_t, SmallVector<SmallVector<unsigned>>> rows;
  /// Registers holding copies, and the register they copy.
  SmallVector<std::pair<unsigned, unsigned>> copies;
  TensorDistribution rowDist;

  int64_t numReps() const { return int64_t(1) << repBits.size(); }
  int64_t numThreadSegments() const { return int64_t(1) << threadBits.size(); }
  int64_t numSegments() const { return numReps() * numThreadSegments(); }
  int64_t numRows() const { return rowDist.getNumElements(); }

  /// The part of a segment number that repetition `rep` gives.
  int64_t getRepSegment(int64_t rep) const { return spreadBits(rep, repBits); }
  /// The part of a segment number that the `t`-th combination of the
  /// thread bits gives.
  int64_t getThreadSegment(int64_t t) const {
    return spreadBits(t, llvm::map_to_vector(threadBits, [](SegmentBit bit) {
                        return bit.segmentBit;
                      }));
  }
};
} // namespace

/// Which register, lane or warp bit gives each bit of the axis index, lowest
/// first; fails unless each bit comes from exactly one basis that moves
/// along the axis only.
static FailureOr<SmallVector<std::pair<IdKind, unsigned>>>
getAxisBitSources(const TensorDistribution &src, unsigned axis) {
  const LinearLayout &layout = src.getLinearLayout();
  std::string axisName = getTensorDimName(axis);
  unsigned numBits = llvm::Log2_64(src.getShape()[axis]);
  SmallVector<std::optional<std::pair<IdKind, unsigned>>> sources(numBits);
  for (auto [kind, inDim] : {std::pair{IdKind::Register, kRegister},
                             {IdKind::Lane, kLane},
                             {IdKind::Warp, kWarp}}) {
    std::optional<SmallVector<unsigned>> bits =
        getAxisBits(layout, inDim, axis);
    if (!bits)
      return failure();
    for (unsigned bit : *bits) {
      int32_t step = layout.getBasis(inDim, bit, axisName);
      if (!llvm::isPowerOf2_32(step))
        return failure();
      std::optional<std::pair<IdKind, unsigned>> &source =
          sources[llvm::Log2_32(step)];
      if (source)
        return failure();
      source = {kind, bit};
    }
  }
  SmallVector<std::pair<IdKind, unsigned>> result;
  for (std::optional<std::pair<IdKind, unsigned>> &source : sources) {
    if (!source)
      return failure();
    result.push_back(*source);
  }
  return result;
}

static FailureOr<ScanPlan> planScan(ScanOp op) {
  unsigned axis = op.getAxis();
  TensorDistribution src = getDistribution(op.getSrcs().front().getType());
  FailureOr<SmallVector<std::pair<IdKind, unsigned>>> sources =
      getAxisBitSources(src, axis);
  if (failed(sources))
    return failure();
  SmallVector<int64_t> rowShape(src.getShape());
  rowShape[axis] = 1;
  ScanPlan plan{1, 0, 1, {}, {}, {}, {},
                src.remap(rowShape, [&](ArrayRef<int64_t> index) {
                  ElementIndex row(index);
                  row[axis] = 0;
                  return row;
                })};
  size_t next = 0, numBits = sources->size();
  auto isNext = [&](IdKind kind) {
    return next < numBits && (*sources)[next].first == kind;
  };
  for (; isNext(IdKind::Register); ++next)
    plan.chunk *= 2;
  if (isNext(IdKind::Lane))
    plan.laneShift = (*sources)[next].second;
  for (unsigned i = 0;
       isNext(IdKind::Lane) && (*sources)[next].second == plan.laneShift + i;
       ++i, ++next)
    plan.numLanes *= 2;
  unsigned segmentShift = next;
  for (; next < numBits; ++next) {
    auto [kind, bit] = (*sources)[next];
    if (kind == IdKind::Register)
      plan.repBits.push_back(next - segmentShift);
    else
      plan.threadBits.push_back({kind, bit, unsigned(next - segmentShift)});
  }

  for (unsigned reg = 0, e = src.getNumRegisters(); reg < e; ++reg) {
    if (!src.isFirstCopy(reg)) {
      plan.copies.push_back({reg, src.getFirstCopy(reg)});
      continue;
    }
    int64_t row =
        plan.rowDist.linearize(plan.rowDist.getRegisterIndex(reg));
    int64_t position = src.getRegisterIndex(reg)[axis];
    auto &table = plan.rows[row];
    if (table.empty())
      table.assign(plan.numReps(), SmallVector<unsigned>(plan.chunk, 0));
    // The repetition: the register bits of the segment number, packed.
    int64_t rep = packBits(position >> segmentShift, plan.repBits);
    table[rep][position % plan.chunk] = reg;
  }
  return plan;
}

static int64_t getExchangeBytes(const ScanPlan &plan, Type elementType) {
  return llvm::alignTo(
      plan.numRows() * plan.numSegments() * getMemoryBytes(elementType), 8);
}

bool mlir::block::isScanLowerable(ScanOp op) { return succeeded(planScan(op)); }

int64_t mlir::block::getScanScratchBytes(ScanOp op) {
  FailureOr<ScanPlan> plan = planScan(op);
  if (failed(plan) || plan->numSegments() == 1)
    return 0;
  int64_t bytes = 0;
  for (Value src : op.getSrcs())
    bytes += getExchangeBytes(
        *plan, cast<RankedTensorType>(src.getType()).getElementType());
  return bytes;
}

namespace {
using Values = SmallVector<Value>;

struct ScanOpToGPU : OpConversionPattern<ScanOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ScanOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<ScanPlan> plan = planScan(op);
    if (failed(plan))
      return rewriter.notifyMatchFailure(
          op, "the layout contract refuses this layout");
    Location loc = op.getLoc();
    bool reverse = op.getReverse();
    Region &combiner = op.getCombiner();
    unsigned numOperands = op.getSrcs().size();
    unsigned numRegisters = adaptor.getSrcs().front().size();
    // values[reg] = the operands' values of register `reg`.
    SmallVector<Values> values(numRegisters);
    for (unsigned reg = 0; reg < numRegisters; ++reg)
      for (ValueRange src : adaptor.getSrcs())
        values[reg].push_back(src[reg]);
    auto combine = [&](ValueRange acc, ValueRange next) {
      return emitCombine(rewriter, loc, combiner, acc, next);
    };
    auto select = [&](Value cond, ValueRange a, ValueRange b) {
      Values chosen;
      for (auto [x, y] : llvm::zip(a, b))
        chosen.push_back(arith::SelectOp::create(rewriter, loc, cond, x, y));
      return chosen;
    };

    // Logical positions run backwards in a reverse scan.
    auto inOrder = [&](int64_t n, int64_t i) { return reverse ? n - 1 - i : i; };
    ThreadIds ids = emitThreadIds(rewriter, loc);
    Value laneField = ids.lane;
    if (plan->laneShift)
      laneField = arith::ShRUIOp::create(
          rewriter, loc, laneField, i32Constant(rewriter, loc, plan->laneShift));
    Value lanePos = arith::AndIOp::create(
        rewriter, loc, laneField,
        i32Constant(rewriter, loc, plan->numLanes - 1));
    if (reverse)
      lanePos = arith::SubIOp::create(
          rewriter, loc, i32Constant(rewriter, loc, plan->numLanes - 1), lanePos);

    // 1. Each chunk, sequentially; 2. chunk totals over the lanes.
    // totals[row][rep] = the inclusive scan of chunk totals over the lanes.
    SmallVector<SmallVector<Values>> totals;
    for (auto &[row, table] : plan->rows) {
      SmallVector<Values> rowTotals;
      for (SmallVector<unsigned> &chunk : table) {
        for (int64_t i = 1; i < plan->chunk; ++i) {
          unsigned prev = chunk[inOrder(plan->chunk, i - 1)];
          unsigned reg = chunk[inOrder(plan->chunk, i)];
          values[reg] = combine(values[prev], values[reg]);
        }
        Values total = values[chunk[inOrder(plan->chunk, plan->chunk - 1)]];
        for (int64_t d = 1; d < plan->numLanes; d *= 2) {
          Values shifted =
              shuffle(rewriter, loc, total, d << plan->laneShift, reverse);
          Value valid = arith::CmpIOp::create(rewriter, loc,
                                              arith::CmpIPredicate::uge, lanePos,
                                              i32Constant(rewriter, loc, d));
          total = select(valid, combine(shifted, total), total);
        }
        if (plan->numLanes > 1) {
          Values before =
              shuffle(rewriter, loc, total, 1 << plan->laneShift, reverse);
          Value hasBefore = arith::CmpIOp::create(
              rewriter, loc, arith::CmpIPredicate::ne, lanePos,
              i32Constant(rewriter, loc, 0));
          for (unsigned reg : chunk)
            values[reg] = select(hasBefore, combine(before, values[reg]),
                                 values[reg]);
        }
        rowTotals.push_back(std::move(total));
      }
      totals.push_back(std::move(rowTotals));
    }

    // 3. Segments, through shared memory.
    if (plan->numSegments() > 1)
      combineThroughSharedMemory(rewriter, loc, op, *plan, ids, lanePos,
                                 reverse, numOperands, totals, values, combine,
                                 select);

    for (auto [reg, original] : plan->copies)
      values[reg] = values[original];
    SmallVector<SmallVector<Value>> results(numOperands);
    for (unsigned reg = 0; reg < numRegisters; ++reg)
      for (unsigned k = 0; k < numOperands; ++k)
        results[k].push_back(values[reg][k]);
    rewriter.replaceOpWithMultiple(op, std::move(results));
    return success();
  }

  /// The values of the lane `laneDistance` lanes earlier along the scan.
  Values shuffle(OpBuilder &b, Location loc, ValueRange values,
                 int64_t laneDistance, bool reverse) const {
    Values shuffled;
    Value offset = i32Constant(b, loc, laneDistance);
    for (Value value : values)
      shuffled.push_back(emitShuffle(
          b, loc, value, offset,
          reverse ? gpu::ShuffleMode::DOWN : gpu::ShuffleMode::UP));
    return shuffled;
  }

  template <typename CombineFn, typename SelectFn>
  void combineThroughSharedMemory(OpBuilder &b, Location loc, ScanOp op,
                                  const ScanPlan &plan, ThreadIds ids,
                                  Value lanePos, bool reverse,
                                  unsigned numOperands,
                                  ArrayRef<SmallVector<Values>> totals,
                                  SmallVector<Values> &values,
                                  CombineFn combine, SelectFn select) const {
    int64_t numThreadSegments = plan.numThreadSegments(),
            numSlots = plan.numSegments();
    // The part of the segment number that the thread gives.
    SmallVector<IdBit> bits;
    for (SegmentBit bit : plan.threadBits)
      bits.push_back({bit.kind == IdKind::Warp ? ids.warp : ids.lane, bit.idBit,
                      bit.segmentBit});
    Value threadSegment = emitGatherBits(b, loc, bits);
    Value shared = emitScratchBase(b, loc, op);
    SmallVector<Value> bases;
    int64_t offset = 0;
    for (unsigned k = 0; k < numOperands; ++k) {
      bases.push_back(emitElementAddress(b, loc, shared, b.getI8Type(),
                                         i32Constant(b, loc, offset)));
      offset += getExchangeBytes(plan, totals.front().front()[k].getType());
    }
    SmallVector<Value> threadIndex = plan.rowDist.emitThreadIndex(b, loc, ids);
    SmallVector<Value> rowSlots;
    for (auto &[row, table] : plan.rows) {
      Value position = plan.rowDist.emitLinearize(
          b, loc,
          plan.rowDist.emitElementIndex(b, loc, threadIndex, table[0][0]));
      rowSlots.push_back(
          arith::MulIOp::create(b, loc, position, i32Constant(b, loc, numSlots)));
    }
    auto address = [&](unsigned k, Type type, Value slot) {
      return emitElementAddress(b, loc, bases[k], getMemoryType(type), slot);
    };

    // The last lane of the lanes' run holds its segment's total.
    Value isLast = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lanePos,
                                         i32Constant(b, loc, plan.numLanes - 1));
    scf::IfOp::create(b, loc, isLast, [&](OpBuilder &then, Location thenLoc) {
      for (auto [rowSlot, rowTotals] : llvm::zip(rowSlots, totals))
        for (auto [rep, total] : llvm::enumerate(rowTotals)) {
          Value slot = arith::AddIOp::create(
              then, thenLoc, rowSlot,
              arith::AddIOp::create(
                  then, thenLoc, threadSegment,
                  i32Constant(then, thenLoc, plan.getRepSegment(rep))));
          for (unsigned k = 0; k < numOperands; ++k)
            LLVM::StoreOp::create(then, thenLoc, toMemory(then, thenLoc, total[k]),
                                  address(k, total[k].getType(), slot));
        }
      scf::YieldOp::create(then, thenLoc);
    });
    emitBarrier(b, loc);

    // Inclusive prefixes over the slots in scan order; each chunk then takes
    // the prefix of the slot before its own.
    Value logicalThread =
        reverse ? Value(arith::SubIOp::create(
                      b, loc,
                      i32Constant(b, loc,
                                  plan.getThreadSegment(numThreadSegments - 1)),
                      threadSegment))
                : threadSegment;
    for (auto [rowIndex, rowSlot] : llvm::enumerate(rowSlots)) {
      const SmallVector<SmallVector<unsigned>> &table =
          (plan.rows.begin() + rowIndex)->second;
      SmallVector<Values> prefix;
      for (int64_t j = 0; j < numSlots; ++j) {
        int64_t physical = reverse ? numSlots - 1 - j : j;
        Value slot = arith::AddIOp::create(b, loc, rowSlot,
                                           i32Constant(b, loc, physical));
        Values loaded;
        for (unsigned k = 0; k < numOperands; ++k) {
          Type type = totals.front().front()[k].getType();
          Value value = LLVM::LoadOp::create(b, loc, getMemoryType(type),
                                             address(k, type, slot));
          loaded.push_back(fromMemory(b, loc, value, type));
        }
        prefix.push_back(j == 0 ? loaded : combine(prefix.back(), loaded));
      }
      for (int64_t rep = 0, numReps = plan.numReps(); rep < numReps; ++rep) {
        // The slot before the logical segment repSegment + logicalThread.
        int64_t repSegment =
            plan.getRepSegment(reverse ? numReps - 1 - rep : rep);
        Values before = prefix[std::max<int64_t>(0, repSegment - 1)];
        for (int64_t t = 1; t < numThreadSegments; ++t) {
          int64_t threadPart = plan.getThreadSegment(t);
          Value isT = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            logicalThread,
                                            i32Constant(b, loc, threadPart));
          before = select(isT, prefix[repSegment + threadPart - 1], before);
        }
        Value hasBefore =
            repSegment > 0
                ? Value(arith::ConstantIntOp::create(b, loc, 1, 1))
                : Value(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                              logicalThread,
                                              i32Constant(b, loc, 0)));
        for (unsigned reg : table[rep])
          values[reg] = select(hasBefore, combine(before, values[reg]),
                               values[reg]);
      }
    }
  }
};
} // namespace

void mlir::block::populateScanOpToGPUPatterns(const TypeConverter &converter,
                                              RewritePatternSet &patterns) {
  patterns.add<ScanOpToGPU>(converter, patterns.getContext());
}
