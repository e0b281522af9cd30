//===- ScanOpToGPU.cpp - Inclusive scans along an axis --------------------===//
//
// The axis index of an element decomposes, for the layouts this lowering
// accepts, as  chunk + lane * C + warp * C * L + repetition * C * L * W:
// a thread holds chunks of C consecutive elements, consecutive lanes (a run
// of lane id bits) hold consecutive chunks, then the warps, then the
// repetitions of the whole tile. The scan runs in that order: sequentially
// in each chunk, Hillis-Steele over the lanes with shuffles, and through
// shared memory over warps and repetitions. A reverse scan is the same on
// mirrored positions.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::block;

namespace {
struct ScanPlan {
  int64_t chunk = 1;              // C
  unsigned laneShift = 0;         // first lane id bit along the axis
  int64_t numLanes = 1;           // L
  SmallVector<unsigned> warpBits; // warp id bits along the axis, in order
  int64_t numReps = 1;            // repetitions along the axis
  /// Per row (elements with one index off the axis): registers indexed by
  /// [repetition][position in the chunk].
  llvm::MapVector<int64_t, SmallVector<SmallVector<unsigned>>> rows;
  /// Registers holding copies, and the register they copy.
  SmallVector<std::pair<unsigned, unsigned>> copies;
  TensorDistribution rowDist;

  int64_t numWarps() const { return int64_t(1) << warpBits.size(); }
  int64_t numRows() const { return rowDist.getNumElements(); }
};
} // namespace

/// The axis components of the bases that move along the axis, which must
/// move along it only.
static LogicalResult axisSteps(ArrayRef<ElementIndex> bases, unsigned axis,
                               SmallVectorImpl<std::pair<int64_t, unsigned>> &steps) {
  for (auto [bit, basis] : llvm::enumerate(bases)) {
    if (basis[axis] == 0)
      continue;
    for (auto [d, c] : llvm::enumerate(basis))
      if (d != axis && c != 0)
        return failure();
    steps.push_back({basis[axis], bit});
  }
  llvm::sort(steps);
  return success();
}

static FailureOr<ScanPlan> planScan(ScanOp op) {
  unsigned axis = op.getAxis();
  TensorDistribution src = getDistribution(op.getSrcs().front().getType());
  SmallVector<int64_t> rowShape(src.getShape());
  rowShape[axis] = 1;
  ScanPlan plan{1, 0, 1, {}, 1, {}, {},
                src.remap(rowShape, [&](ArrayRef<int64_t> index) {
                  ElementIndex row(index);
                  row[axis] = 0;
                  return row;
                })};
  SmallVector<std::pair<int64_t, unsigned>> regSteps, laneSteps, warpSteps;
  if (failed(axisSteps(src.getRegisterBases(), axis, regSteps)) ||
      failed(axisSteps(src.getLaneBases(), axis, laneSteps)) ||
      failed(axisSteps(src.getWarpBases(), axis, warpSteps)))
    return failure();
  // Registers: the chunk, then (after lanes and warps) the repetitions.
  size_t next = 0;
  while (next < regSteps.size() && regSteps[next].first == plan.chunk) {
    plan.chunk *= 2;
    ++next;
  }
  int64_t step = plan.chunk;
  for (auto [i, laneStep] : llvm::enumerate(laneSteps)) {
    if (laneStep.first != step ||
        laneStep.second != laneSteps.front().second + i)
      return failure();
    step *= 2;
  }
  if (!laneSteps.empty())
    plan.laneShift = laneSteps.front().second;
  plan.numLanes = int64_t(1) << laneSteps.size();
  for (auto [warpStep, bit] : warpSteps) {
    if (warpStep != step)
      return failure();
    plan.warpBits.push_back(bit);
    step *= 2;
  }
  for (; next < regSteps.size(); ++next) {
    if (regSteps[next].first != step)
      return failure();
    plan.numReps *= 2;
    step *= 2;
  }

  int64_t tile = plan.chunk * plan.numLanes * plan.numWarps();
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
      table.assign(plan.numReps, SmallVector<unsigned>(plan.chunk, 0));
    table[position / tile][position % plan.chunk] = reg;
  }
  return plan;
}

static int64_t getExchangeBytes(const ScanPlan &plan, Type elementType) {
  return llvm::alignTo(plan.numRows() * plan.numReps * plan.numWarps() *
                           getMemoryBytes(elementType),
                       8);
}

bool mlir::block::isScanLowerable(ScanOp op) {
  return succeeded(planScan(op));
}

int64_t mlir::block::getScanScratchBytes(ScanOp op) {
  FailureOr<ScanPlan> plan = planScan(op);
  if (failed(plan) || (plan->numWarps() == 1 && plan->numReps == 1))
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

    // 3. Warps and repetitions, through shared memory.
    if (plan->numWarps() > 1 || plan->numReps > 1)
      combineThroughSharedMemory(rewriter, loc, *plan, ids, lanePos, reverse,
                                 numOperands, totals, values, combine, select);

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
  void combineThroughSharedMemory(OpBuilder &b, Location loc,
                                  const ScanPlan &plan, ThreadIds ids,
                                  Value lanePos, bool reverse,
                                  unsigned numOperands,
                                  ArrayRef<SmallVector<Values>> totals,
                                  SmallVector<Values> &values,
                                  CombineFn combine, SelectFn select) const {
    int64_t numWarps = plan.numWarps(), numSlots = plan.numReps * numWarps;
    Value warpPos = i32Constant(b, loc, 0);
    for (auto [i, bit] : llvm::enumerate(plan.warpBits)) {
      Value set = arith::AndIOp::create(
          b, loc, arith::ShRUIOp::create(b, loc, ids.warp, i32Constant(b, loc, bit)),
          i32Constant(b, loc, 1));
      warpPos = arith::OrIOp::create(
          b, loc, warpPos, arith::ShLIOp::create(b, loc, set, i32Constant(b, loc, i)));
    }
    Value shared = emitSharedMemoryBase(b, loc);
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

    // The last lane of each warp holds the warp's total of each repetition.
    Value isLast = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lanePos,
                                         i32Constant(b, loc, plan.numLanes - 1));
    emitBarrier(b, loc);
    scf::IfOp::create(b, loc, isLast, [&](OpBuilder &then, Location thenLoc) {
      for (auto [rowSlot, rowTotals] : llvm::zip(rowSlots, totals))
        for (auto [rep, total] : llvm::enumerate(rowTotals)) {
          Value slot = arith::AddIOp::create(
              then, thenLoc, rowSlot,
              arith::AddIOp::create(then, thenLoc, warpPos,
                                    i32Constant(then, thenLoc, rep * numWarps)));
          for (unsigned k = 0; k < numOperands; ++k)
            LLVM::StoreOp::create(then, thenLoc, toMemory(then, thenLoc, total[k]),
                                  address(k, total[k].getType(), slot));
        }
      scf::YieldOp::create(then, thenLoc);
    });
    emitBarrier(b, loc);

    // Inclusive prefixes over the slots in scan order; each chunk then takes
    // the prefix of the slot before its own.
    Value logicalWarp =
        reverse ? Value(arith::SubIOp::create(b, loc,
                                              i32Constant(b, loc, numWarps - 1),
                                              warpPos))
                : warpPos;
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
      for (int64_t rep = 0; rep < plan.numReps; ++rep) {
        int64_t logicalRep = reverse ? plan.numReps - 1 - rep : rep;
        // The slot before (logicalRep, logicalWarp) is
        // logicalRep * numWarps + logicalWarp - 1.
        Values before = prefix[std::max<int64_t>(0, logicalRep * numWarps - 1)];
        for (int64_t w = 1; w < numWarps; ++w) {
          Value isW = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            logicalWarp, i32Constant(b, loc, w));
          before = select(isW, prefix[logicalRep * numWarps + w - 1], before);
        }
        Value hasBefore =
            logicalRep > 0
                ? Value(arith::ConstantIntOp::create(b, loc, 1, 1))
                : Value(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                              logicalWarp, i32Constant(b, loc, 0)));
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
