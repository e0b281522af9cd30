//===- DotOpToGPU.cpp - blockgpu.dot on the FMA path ----------------------===//
//
// The portable product: every thread computes the accumulator elements its
// layout gives it, one fused multiply-add per element and step of k, the
// steps unrolled in chunks. Per step a thread reads from the operand buffers
// one vector of a per run of consecutive rows it holds and one of b per run
// of consecutive columns; so block-assign-layouts gives accumulators tiles of
// rows x 4 columns. Where a buffer keeps what (k in rows, a swizzle) is its
// layout's, which blockgpu-materialize-shared-memory chose for these reads.
// It accepts any distributed accumulator layout but the tensor cores'
// (#block.mma: MmaDotOpToGPU.cpp).
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utility.h"

#include "block/Layout/TensorLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/MapVector.h"

#include <map>

using namespace mlir;
using namespace mlir::block;

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

/// `x` (f32) reduced to tf32 as the interpreter does: the 13 low bits of
/// the mantissa cleared, after adding half a unit of the last kept bit
/// where `round` (cvt.rna.tf32.f32's rounding); infinities and NaNs kept.
/// Bit operations rather than cvt.rna, which needs sm_80.
static Value emitToTF32(OpBuilder &b, Location loc, Value x, bool round) {
  Type i32 = b.getI32Type();
  // One statement per op: the IR's order must not depend on the order in
  // which the compiler evaluates arguments.
  Value bits = arith::BitcastOp::create(b, loc, i32, x);
  if (round) {
    Value half = i32Constant(b, loc, 0x1000);
    bits = arith::AddIOp::create(b, loc, bits, half);
  }
  Value kept = i32Constant(b, loc, int32_t(0xFFFFE000u));
  Value reduced = arith::AndIOp::create(b, loc, bits, kept);
  Value magnitude = math::AbsFOp::create(b, loc, x);
  Value infinity = arith::ConstantOp::create(
      b, loc, b.getF32FloatAttr(std::numeric_limits<float>::infinity()));
  Value finite = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                       magnitude, infinity);
  Value result = arith::BitcastOp::create(b, loc, x.getType(), reduced);
  return arith::SelectOp::create(b, loc, finite, result, x);
}

/// Reduces the elements of `values` to tf32 in place (truncated for tf32;
/// for tf32x3, rounded: their big parts) and returns, for tf32x3, their
/// small parts, tf32(x - big) rounded.
static DenseMap<int64_t, Value> emitTF32Parts(OpBuilder &b, Location loc,
                                              DenseMap<int64_t, Value> &values,
                                              DotPrecision precision) {
  DenseMap<int64_t, Value> small;
  for (auto &[offset, value] : values) {
    bool split = precision == DotPrecision::tf32x3;
    Value big = emitToTF32(b, loc, value, /*round=*/split);
    if (split)
      small[offset] = emitToTF32(
          b, loc, arith::SubFOp::create(b, loc, value, big), /*round=*/true);
    value = big;
  }
  return small;
}

/// The order of one step's multiply-adds, as indices into `computed`: the
/// rows in pairs, and for each pair the columns both ways in turn, each
/// column with both rows. Consecutive multiply-adds then share an operand
/// (which the hardware can keep in its operand reuse cache), the turn at the
/// end of a pair too. ptxas's registers and schedule follow this order
/// closely: on the H200 the example's product ran 3% faster than in register
/// order and than with the columns in pairs (docs/performance.md).
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
/// One operand in a buffer that keeps k in rows (of the operand's m or n
/// elements), read per step of k: for each run of `width` consecutive
/// elements the thread's accumulator holds along `dim` (m for a, n for b),
/// one vector at the run's offset in row 0, XOR the swizzle of the step's
/// row, plus the row's start. `get` fails for a buffer layout that is not of
/// this kind: offsets of m (n) within a row, rows of k at multiples of the
/// row length, a swizzle only within rows and only by the rows of one chunk
/// of steps (the chunk's rows then add a plain multiple of the row length).
class StagedOperand {
public:
  static FailureOr<StagedOperand> get(blockgpu::MemDescType buffer,
                                      unsigned dim, const LinearLayout &acc,
                                      int64_t kChunk) {
    std::optional<LinearLayout> offsets = buffer.toLinearLayout().invert();
    if (!offsets)
      return failure();
    std::string mnDim = getTensorDimName(dim);
    std::string kDim = getTensorDimName(1 - dim);
    StagedOperand staged;
    staged.memoryType = getMemoryType(buffer.getElementType());
    staged.stride = buffer.getShape()[dim];
    staged.ofRun = offsets->sublayout({mnDim}, {kOffset});
    staged.ofStep = offsets->sublayout({kDim}, {kOffset});
    int64_t inRow = staged.stride - 1;
    ArrayRef<LinearLayout::Basis> runBases = staged.ofRun.getBases(mnDim);
    ArrayRef<LinearLayout::Basis> kBases = staged.ofStep.getBases(kDim);
    if (llvm::any_of(runBases, [&](ArrayRef<int32_t> basis) {
          return basis[0] > inRow;
        }))
      return failure();
    for (auto [bit, basis] : llvm::enumerate(kBases))
      if ((basis[0] & ~inRow) != (int64_t(1) << bit) * staged.stride ||
          ((int64_t(1) << bit) >= kChunk && (basis[0] & inRow)))
        return failure();
    // A run is one vector where its offsets are consecutive and no swizzle
    // moves them off its alignment.
    auto isVector = [&](int64_t width) {
      for (auto [bit, basis] : llvm::enumerate(runBases))
        if ((int64_t(1) << bit) < width ? basis[0] != (int64_t(1) << bit)
                                        : (basis[0] & (width - 1)) != 0)
          return false;
      return llvm::all_of(kBases, [&](ArrayRef<int32_t> basis) {
        return (basis[0] & inRow & (width - 1)) == 0;
      });
    };
    staged.width = std::min<int64_t>(getElementRun(acc, dim),
                                     getSharedVectorElements(staged.memoryType));
    while (staged.width > 1 && !isVector(staged.width))
      staged.width /= 2;
    staged.ofThread = TensorDistribution::get(
        acc.sublayout({kRegister, kLane, kWarp}, {mnDim})
            .compose(staged.ofRun));
    return staged;
  }

  /// Emits, for the thread's runs, their offsets for each pattern the steps
  /// of a chunk give.
  void emitRunStarts(OpBuilder &b, Location loc, Value base,
                     const TensorDistribution &accDist, unsigned dim,
                     ThreadIds ids, int64_t kChunk) {
    this->base = base;
    SmallVector<Value> threadOffset = ofThread->emitThreadIndex(b, loc, ids);
    SmallVector<int64_t> blockShape{1, 1};
    blockShape[dim] = width;
    SmallVector<unsigned> startOf = accDist.getBlockRepresentatives(blockShape);
    for (unsigned reg = 0, e = accDist.getNumRegisters(); reg < e; ++reg) {
      int64_t offset = accDist.getRegisterIndex(startOf[reg])[dim];
      if (!accDist.isFirstCopy(reg) || runs.contains(offset))
        continue;
      Value start =
          ofThread->emitElementIndex(b, loc, threadOffset, startOf[reg])[0];
      for (int64_t step = 0; step < kChunk; ++step) {
        int64_t pattern = getStepPattern(step);
        if (!runs[offset].contains(pattern))
          runs[offset][pattern] = arith::XOrIOp::create(
              b, loc, start, i32Constant(b, loc, pattern));
      }
    }
  }

  /// The offset of row `kBase` (a multiple of the chunk), once per chunk.
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
  /// What the swizzle XORs into the offsets of row `step` of a chunk.
  int64_t getStepPattern(int64_t step) const {
    return ofStep.apply({int32_t(step)})[0] & (stride - 1);
  }

  Type memoryType;
  /// Offsets of the elements along `dim` in row 0, and of the rows of k.
  LinearLayout ofRun, ofStep;
  /// The thread's offsets of its accumulator elements' runs.
  std::optional<TensorDistribution> ofThread;
  /// Elements per row of k.
  int64_t stride = 0;
  int64_t width = 1;
  Value base;
  llvm::MapVector<int64_t, DenseMap<int64_t, Value>> runs;
};

/// The readers of `op`'s operand buffers, or failure.
static FailureOr<std::pair<StagedOperand, StagedOperand>>
getStagedOperands(blockgpu::DotOp op, const LinearLayout &acc) {
  blockgpu::MemDescType aType = op.getABuffer();
  if (!aType)
    return failure();
  int64_t kChunk =
      std::min(aType.getShape()[1], blockgpu::DotOp::kFMAUnrolledSteps);
  FailureOr<StagedOperand> a = StagedOperand::get(aType, 0, acc, kChunk);
  FailureOr<StagedOperand> b =
      StagedOperand::get(op.getB().getType(), 1, acc, kChunk);
  if (failed(a) || failed(b))
    return failure();
  return std::make_pair(*a, *b);
}

struct DotOpToFMA : OpConversionPattern<blockgpu::DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(blockgpu::DotOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<MmaLayoutAttr>(op.getType().getEncoding()))
      return rewriter.notifyMatchFailure(op, "a tensor-core product");
    Location loc = op.getLoc();
    int64_t k = cast<ShapedType>(op.getA().getType()).getShape()[1];
    int64_t kChunk = std::min(k, blockgpu::DotOp::kFMAUnrolledSteps);
    TensorDistribution accDist = getDistribution(op.getType());
    auto staged = getStagedOperands(op, accDist.getLinearLayout());
    if (failed(staged))
      return rewriter.notifyMatchFailure(
          op, "an operand buffer does not keep k in rows");
    auto &[aStaged, bStaged] = *staged;
    ThreadIds ids = emitThreadIds(rewriter, loc);
    aStaged.emitRunStarts(rewriter, loc, adaptor.getA().front(), accDist,
                           /*dim=*/0, ids, kChunk);
    bStaged.emitRunStarts(rewriter, loc, adaptor.getB().front(), accDist,
                           /*dim=*/1, ids, kChunk);

    SmallVector<unsigned> computed;
    SmallVector<Value> init;
    for (unsigned reg = 0, e = accDist.getNumRegisters(); reg < e; ++reg)
      if (accDist.isFirstCopy(reg)) {
        computed.push_back(reg);
        init.push_back(adaptor.getAcc()[reg]);
      }
    Type accType = init.front().getType();
    DotPrecision precision = op.getPrecision();
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
        DenseMap<int64_t, Value> aSmall, bSmall;
        if (precision != DotPrecision::ieee) {
          aSmall = emitTF32Parts(b, bodyLoc, aValues, precision);
          bSmall = emitTF32Parts(b, bodyLoc, bValues, precision);
        }
        for (unsigned i : fmaOrder) {
          ElementIndex offset = accDist.getRegisterIndex(computed[i]);
          Value x = aValues[offset[0]], y = bValues[offset[1]];
          if (precision == DotPrecision::tf32x3) {
            next[i] = emitMultiplyAdd(b, bodyLoc, aSmall[offset[0]], y,
                                      next[i]);
            next[i] = emitMultiplyAdd(b, bodyLoc, x, bSmall[offset[1]],
                                      next[i]);
          }
          next[i] = emitMultiplyAdd(b, bodyLoc, x, y, next[i]);
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

bool mlir::block::isFMADotLowerable(blockgpu::DotOp op) {
  return !isa<MmaLayoutAttr>(op.getType().getEncoding()) &&
         succeeded(
      getStagedOperands(op, getDistribution(op.getType()).getLinearLayout()));
}

void mlir::block::populateDotOpToGPUPatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<DotOpToFMA>(converter, patterns.getContext());
}
