//===- DotOpToGPU.cpp - block.dot on the FMA path -------------------------===//
//
// The portable product: both operands go to shared memory (row-major), and
// every thread computes the accumulator elements its layout gives it, one
// fused multiply-add per element and step of k, the steps unrolled 32 at a
// time. Per step a thread reads one vector of b per run of consecutive
// columns it holds, and per row its elements of a in vectors along k; so
// block-assign-layouts gives accumulators tiles of rows x 4 columns. It
// accepts any distributed layouts. Tensor-core lowerings (mma.sync, wgmma) will be further patterns
// for accumulators with an mma layout and take precedence over this one.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/MapVector.h"

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

/// Elements of `memoryType` in one 16-byte shared-memory access.
static unsigned getVectorElements(Type memoryType) {
  return std::max<unsigned>(1, 16 / getMemoryBytes(memoryType));
}

/// Writes the registers of a tensor to shared memory at their row-major
/// positions, a vector per run of registers holding consecutive elements.
static void emitStage(OpBuilder &b, Location loc, ValueRange values,
                      const TensorDistribution &dist, Value base,
                      ThreadIds ids) {
  TensorDistribution flat = dist.flatten();
  SmallVector<Value> threadIndex = flat.emitThreadIndex(b, loc, ids);
  Type memoryType = getMemoryType(values.front().getType());
  unsigned width = std::min(flat.getContiguousRegisters(0),
                            getVectorElements(memoryType));
  for (unsigned reg = 0, e = flat.getNumRegisters(); reg < e; reg += width) {
    if (!flat.isFirstCopy(reg))
      continue;
    Value position = flat.emitElementIndex(b, loc, threadIndex, reg)[0];
    Value address = emitElementAddress(b, loc, base, memoryType, position);
    if (width == 1) {
      LLVM::StoreOp::create(b, loc, toMemory(b, loc, values[reg]), address);
      continue;
    }
    auto vectorType = VectorType::get({int64_t(width)}, memoryType);
    Value vector = LLVM::PoisonOp::create(b, loc, vectorType);
    for (unsigned i = 0; i < width; ++i)
      vector = LLVM::InsertElementOp::create(
          b, loc, vector, toMemory(b, loc, values[reg + i]),
          i32Constant(b, loc, i));
    LLVM::StoreOp::create(b, loc, vector, address,
                          width * getMemoryBytes(memoryType));
  }
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

namespace {
struct DotOpToFMA : OpConversionPattern<DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    int64_t k = aType.getDimSize(1), n = bType.getDimSize(1);
    TensorDistribution accDist = getDistribution(op.getType());
    ThreadIds ids = emitThreadIds(rewriter, loc);

    Value shared = emitSharedMemoryBase(rewriter, loc);
    Type aMemory = getMemoryType(adaptor.getA().front().getType());
    Type bMemory = getMemoryType(adaptor.getB().front().getType());
    Value aBase = shared;
    Value bBase = emitElementAddress(
        rewriter, loc, shared, rewriter.getI8Type(),
        i32Constant(rewriter, loc, getOperandBytes(op.getA())));
    emitBarrier(rewriter, loc);
    emitStage(rewriter, loc, adaptor.getA(), getDistribution(aType), aBase, ids);
    emitStage(rewriter, loc, adaptor.getB(), getDistribution(bType), bBase, ids);
    emitBarrier(rewriter, loc);

    // The rows of the thread's accumulator elements, and the first columns
    // of its runs of consecutive columns: one shared-memory vector of b each.
    unsigned nRun = std::min<unsigned>(accDist.getContiguousRegisters(1),
                                       getVectorElements(bMemory));
    SmallVector<Value> threadIndex =
        accDist.emitThreadIndex(rewriter, loc, ids);
    llvm::MapVector<int64_t, Value> rowStarts, columnRuns;
    SmallVector<unsigned> computed;
    for (unsigned reg = 0, e = accDist.getNumRegisters(); reg < e; ++reg) {
      if (!accDist.isFirstCopy(reg))
        continue;
      computed.push_back(reg);
      unsigned runStart = reg & ~(nRun - 1);
      ElementIndex offset = accDist.getRegisterIndex(runStart);
      SmallVector<Value> index =
          accDist.emitElementIndex(rewriter, loc, threadIndex, runStart);
      if (!rowStarts.contains(offset[0]))
        rowStarts[offset[0]] = arith::MulIOp::create(
            rewriter, loc, index[0], i32Constant(rewriter, loc, k));
      columnRuns.try_emplace(offset[1], index[1]);
    }

    // Steps of k are unrolled in chunks; a thread reads each of its rows of
    // a in vectors along k.
    int64_t kChunk = std::min<int64_t>(k, kUnrolledSteps);
    unsigned kRun = std::min<unsigned>(getVectorElements(aMemory), kChunk);
    SmallVector<Value> init;
    for (unsigned reg : computed)
      init.push_back(adaptor.getAcc()[reg]);
    Type accType = init.front().getType();
    auto emitChunk = [&](OpBuilder &b, Location bodyLoc, Value kBase,
                         ValueRange acc) {
      SmallVector<Value> next(acc);
      for (int64_t k0 = 0; k0 < kChunk; k0 += kRun) {
        Value kStart = arith::AddIOp::create(b, bodyLoc, kBase,
                                             i32Constant(b, bodyLoc, k0));
        DenseMap<int64_t, SmallVector<Value>> aRuns;
        for (auto &[offset, rowStart] : rowStarts)
          aRuns[offset] = emitSharedRun(
              b, bodyLoc, aBase, aMemory,
              arith::AddIOp::create(b, bodyLoc, rowStart, kStart), kRun,
              accType);
        for (unsigned j = 0; j < kRun; ++j) {
          Value kk = arith::AddIOp::create(b, bodyLoc, kStart,
                                           i32Constant(b, bodyLoc, j));
          Value bRow = arith::MulIOp::create(b, bodyLoc, kk,
                                             i32Constant(b, bodyLoc, n));
          DenseMap<int64_t, Value> bValues;
          for (auto &[offset, column] : columnRuns) {
            SmallVector<Value> run = emitSharedRun(
                b, bodyLoc, bBase, bMemory,
                arith::AddIOp::create(b, bodyLoc, bRow, column), nRun,
                accType);
            for (unsigned i = 0; i < nRun; ++i)
              bValues[offset + i] = run[i];
          }
          for (auto [i, reg] : llvm::enumerate(computed)) {
            ElementIndex offset = accDist.getRegisterIndex(reg);
            next[i] = emitMultiplyAdd(b, bodyLoc, aRuns[offset[0]][j],
                                      bValues[offset[1]], next[i]);
          }
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
