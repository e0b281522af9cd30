//===- DotOpToGPU.cpp - block.dot on the FMA path -------------------------===//
//
// The portable product: both operands go to shared memory, b row-major and a
// transposed, and every thread computes the accumulator elements its layout
// gives it, one fused multiply-add per element and step of k, the steps
// unrolled 32 at a time. Per step a thread reads one vector of a per run of
// consecutive rows it holds and one of b per run of consecutive columns; so
// block-assign-layouts gives accumulators tiles of rows x 4 columns. The
// stores are swizzled so that the lanes of one store meet different banks
// (a's lanes walk down k, which is a's row in shared memory). It accepts any
// distributed layouts. Tensor-core lowerings (mma.sync, wgmma) will be
// further patterns for accumulators with an mma layout and take precedence
// over this one.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/MapVector.h"

#include <map>

using namespace mlir;
using namespace mlir::block;

static int64_t getOperandBytes(Value operand) {
  auto type = cast<RankedTensorType>(operand.getType());
  return llvm::alignTo(type.getNumElements() *
                           getMemoryBytes(type.getElementType()),
                       16);
}

int64_t mlir::block::getDotScratchBytes(DotOp op) {
  return getOperandBytes(op.getA()) + getOperandBytes(op.getB());
}

/// An operand element in the accumulator's type.
static Value emitExtend(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  if (isa<FloatType>(type))
    return arith::ExtFOp::create(b, loc, type, value);
  return arith::ExtSIOp::create(b, loc, type, value);
}

static Value emitMultiplyAdd(OpBuilder &b, Location loc, Value x, Value y,
                             Value acc) {
  if (isa<FloatType>(acc.getType()))
    return math::FmaOp::create(b, loc, x, y, acc);
  return arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, x, y),
                               acc);
}

/// Steps of k computed per iteration of the product's loop, unrolled.
static constexpr int64_t kUnrolledSteps = 32;

/// Loads `width` consecutive elements of `memoryType` at `position` of the
/// shared `base` (a multiple of `width`) in one access, in `type`.
static SmallVector<Value> emitSharedRun(OpBuilder &b, Location loc, Value base,
                                        Type memoryType, Value position,
                                        unsigned width, Type type) {
  Value address = emitElementAddress(b, loc, base, memoryType, position);
  if (width == 1)
    return {emitExtend(b, loc, LLVM::LoadOp::create(b, loc, memoryType, address),
                       type)};
  unsigned bytes = width * getMemoryBytes(memoryType);
  Value vector = LLVM::LoadOp::create(
      b, loc, VectorType::get({int64_t(width)}, memoryType), address, bytes);
  SmallVector<Value> elements;
  for (unsigned i = 0; i < width; ++i)
    elements.push_back(emitExtend(
        b, loc,
        LLVM::ExtractElementOp::create(b, loc, vector, i32Constant(b, loc, i)),
        type));
  return elements;
}

/// The order of one step's multiply-adds, as indices into `computed`: the
/// rows in pairs, and for each pair the columns both ways in turn, each
/// column with both rows. Consecutive multiply-adds then share an operand
/// (which the hardware can keep in its operand reuse cache), the turn at the
/// end of a pair too. ptxas's registers and schedule follow this order
/// closely: on the H200 the example's product ran 3% faster than in register
/// order and than with the columns in pairs (docs/performance.md,
/// 2026-12-04).
static SmallVector<unsigned>
getMultiplyAddOrder(const TensorDistribution &accDist,
                    ArrayRef<unsigned> computed) {
  std::map<int64_t, std::map<int64_t, unsigned>> byRow;
  for (auto [i, reg] : llvm::enumerate(computed)) {
    ElementIndex offset = accDist.getRegisterIndex(reg);
    byRow[offset[0]][offset[1]] = i;
  }
  SmallVector<SmallVector<unsigned>> rows;
  for (auto &[row, columns] : byRow)
    rows.push_back(llvm::to_vector(llvm::make_second_range(columns)));
  size_t width = rows.front().size();
  if (llvm::any_of(rows, [&](auto &columns) { return columns.size() != width; }))
    return llvm::to_vector(llvm::seq<unsigned>(0, computed.size()));
  SmallVector<unsigned> order;
  for (size_t pair = 0; pair < rows.size(); pair += 2) {
    size_t end = std::min(pair + 2, rows.size());
    for (size_t step = 0; step < width; ++step) {
      size_t column = (pair / 2) % 2 ? width - 1 - step : step;
      for (size_t row = pair; row < end; ++row)
        order.push_back(rows[row][column]);
    }
  }
  return order;
}

namespace {
/// One operand in shared memory as a row-major matrix of k rows (b, and a
/// transposed), read per step of k in one vector per run of consecutive
/// elements that threads hold along dimension `dim` of the accumulator.
class StagedOperand {
public:
  StagedOperand(OpBuilder &b, Location loc, const TensorDistribution &accDist,
                ArrayRef<Value> threadIndex, unsigned dim,
                const TensorDistribution &staged, ValueRange values,
                Value base, int64_t kChunk)
      : base(base), memoryType(getMemoryType(values.front().getType())),
        stride(staged.getShape()[1]),
        width(std::min(accDist.getElementRun(dim),
                       getSharedVectorElements(memoryType))),
        flat(staged.flatten()) {
    BankSwizzle swizzle(flat, getMemoryBytes(memoryType),
                        std::max(width, getSharedAccessWidth(flat, memoryType)));
    // Reads add the position of the step's row to a swizzled run start,
    // which the bits of that position the swizzle reads select: so those
    // bits must lie below the chunk of steps (the loop's steps of k add none)
    // and the bits it writes inside one row. Otherwise no swizzle.
    auto below = [](ArrayRef<unsigned> bits, int64_t limit) {
      return llvm::all_of(bits, [&](unsigned bit) {
        return (int64_t(1) << bit) < limit;
      });
    };
    if (below(swizzle.getSourceBits(), kChunk * stride) &&
        (int64_t(1) << (swizzle.getTargetBit() +
                        swizzle.getSourceBits().size())) <= stride)
      this->swizzle = swizzle;
    flat = this->swizzle.apply(flat);

    // The thread's runs, by the offset of their first element in the
    // registers (the thread adds the same to every element).
    SmallVector<int64_t> blockShape{1, 1};
    blockShape[dim] = width;
    SmallVector<unsigned> startOf = accDist.getBlockRepresentatives(blockShape);
    for (unsigned reg = 0, e = accDist.getNumRegisters(); reg < e; ++reg) {
      int64_t offset = accDist.getRegisterIndex(startOf[reg])[dim];
      if (!accDist.isFirstCopy(reg) || runs.contains(offset))
        continue;
      Value start = this->swizzle.emit(
          b, loc,
          accDist.emitElementIndex(b, loc, threadIndex, startOf[reg])[dim]);
      // The swizzled start for each pattern the steps give.
      for (int64_t step = 0; step < kChunk; ++step) {
        int64_t pattern = getStepPattern(step);
        if (!runs[offset].contains(pattern))
          runs[offset][pattern] = arith::XOrIOp::create(
              b, loc, start, i32Constant(b, loc, pattern));
      }
    }
  }

  void emitStore(OpBuilder &b, Location loc, ValueRange values,
                 ThreadIds ids) const {
    emitSharedStore(b, loc, values, flat, base, ids);
  }

  /// The position of row `kBase` (a multiple of the chunk), once per chunk.
  Value emitChunkRow(OpBuilder &b, Location loc, Value kBase) const {
    return arith::MulIOp::create(b, loc, kBase, i32Constant(b, loc, stride));
  }

  /// The elements of the thread's runs at step `step` of the chunk starting
  /// at `chunkRow` (emitChunkRow), by their offset, in `type`.
  DenseMap<int64_t, Value> emitLoads(OpBuilder &b, Location loc, Value chunkRow,
                                     int64_t step, Type type) const {
    Value row = arith::AddIOp::create(b, loc, chunkRow,
                                      i32Constant(b, loc, step * stride));
    DenseMap<int64_t, Value> elements;
    for (auto &[offset, starts] : runs) {
      Value start = starts.lookup(getStepPattern(step));
      SmallVector<Value> run =
          emitSharedRun(b, loc, base, memoryType,
                        arith::AddIOp::create(b, loc, row, start), width, type);
      for (unsigned i = 0; i < width; ++i)
        elements[offset + i] = run[i];
    }
    return elements;
  }

private:
  /// What the swizzle XORs into a position of the row of `step`.
  int64_t getStepPattern(int64_t step) const {
    return swizzle.apply(step * stride) ^ (step * stride);
  }

  Value base;
  Type memoryType;
  int64_t stride;
  unsigned width;
  TensorDistribution flat;
  BankSwizzle swizzle;
  llvm::MapVector<int64_t, DenseMap<int64_t, Value>> runs;
};

struct DotOpToFMA : OpConversionPattern<DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    int64_t m = aType.getDimSize(0), k = aType.getDimSize(1);
    TensorDistribution accDist = getDistribution(op.getType());
    ThreadIds ids = emitThreadIds(rewriter, loc);

    SmallVector<Value> threadIndex =
        accDist.emitThreadIndex(rewriter, loc, ids);
    int64_t kChunk = std::min<int64_t>(k, kUnrolledSteps);
    Value shared = emitScratchBase(rewriter, loc, op);
    auto transpose = [](ArrayRef<int64_t> index) {
      return ElementIndex{index[1], index[0]};
    };
    StagedOperand aStaged(rewriter, loc, accDist, threadIndex, /*dim=*/0,
                          getDistribution(aType).remap({k, m}, transpose),
                          adaptor.getA(), shared, kChunk);
    StagedOperand bStaged(
        rewriter, loc, accDist, threadIndex, /*dim=*/1, getDistribution(bType),
        adaptor.getB(),
        emitElementAddress(rewriter, loc, shared, rewriter.getI8Type(),
                           i32Constant(rewriter, loc,
                                       getOperandBytes(op.getA()))),
        kChunk);
    aStaged.emitStore(rewriter, loc, adaptor.getA(), ids);
    bStaged.emitStore(rewriter, loc, adaptor.getB(), ids);
    emitBarrier(rewriter, loc);

    SmallVector<unsigned> computed;
    SmallVector<Value> init;
    for (unsigned reg = 0, e = accDist.getNumRegisters(); reg < e; ++reg)
      if (accDist.isFirstCopy(reg)) {
        computed.push_back(reg);
        init.push_back(adaptor.getAcc()[reg]);
      }
    Type accType = init.front().getType();
    SmallVector<unsigned> fmaOrder = getMultiplyAddOrder(accDist, computed);
    auto emitChunk = [&](OpBuilder &b, Location bodyLoc, Value kBase,
                         ValueRange acc) {
      SmallVector<Value> next(acc);
      Value aRow = aStaged.emitChunkRow(b, bodyLoc, kBase);
      Value bRow = bStaged.emitChunkRow(b, bodyLoc, kBase);
      for (int64_t step = 0; step < kChunk; ++step) {
        DenseMap<int64_t, Value> aValues =
            aStaged.emitLoads(b, bodyLoc, aRow, step, accType);
        DenseMap<int64_t, Value> bValues =
            bStaged.emitLoads(b, bodyLoc, bRow, step, accType);
        for (unsigned i : fmaOrder) {
          ElementIndex offset = accDist.getRegisterIndex(computed[i]);
          next[i] = emitMultiplyAdd(b, bodyLoc, aValues[offset[0]],
                                    bValues[offset[1]], next[i]);
        }
      }
      return next;
    };
    SmallVector<Value> sums;
    if (kChunk == k) {
      sums = emitChunk(rewriter, loc, i32Constant(rewriter, loc, 0), init);
    } else {
      auto loop = scf::ForOp::create(
          rewriter, loc, i32Constant(rewriter, loc, 0),
          i32Constant(rewriter, loc, k), i32Constant(rewriter, loc, kChunk),
          init, [&](OpBuilder &b, Location bodyLoc, Value kBase,
                    ValueRange acc) {
            scf::YieldOp::create(b, bodyLoc,
                                 emitChunk(b, bodyLoc, kBase, acc));
          });
      sums.assign(loop.getResults().begin(), loop.getResults().end());
    }

    SmallVector<Value> results(accDist.getNumRegisters());
    for (auto [reg, value] : llvm::zip(computed, sums))
      results[reg] = value;
    for (unsigned reg = 0, e = accDist.getNumRegisters(); reg < e; ++reg)
      results[reg] = results[accDist.getFirstCopy(reg)];
    rewriter.replaceOpWithMultiple(op, SmallVector<SmallVector<Value>>{results});
    return success();
  }
};
} // namespace

void mlir::block::populateDotOpToGPUPatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<DotOpToFMA>(converter, patterns.getContext());
}
