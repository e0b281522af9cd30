//===- DotOpToGPU.cpp - block.dot on the FMA path -------------------------===//
//
// The portable product: both operands go to shared memory (row-major), and
// every thread computes the accumulator elements its layout gives it, one
// fused multiply-add per element and step of k. It accepts any distributed
// layouts. Tensor-core lowerings (mma.sync, wgmma) will be further patterns
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

/// Writes the registers of a tensor to shared memory at their row-major
/// positions.
static void emitStage(OpBuilder &b, Location loc, ValueRange values,
                      const TensorDistribution &dist, Value base,
                      ThreadIds ids) {
  TensorDistribution flat = dist.flatten();
  SmallVector<Value> threadIndex = flat.emitThreadIndex(b, loc, ids);
  for (unsigned reg = 0, e = flat.getNumRegisters(); reg < e; ++reg) {
    if (!flat.isFirstCopy(reg))
      continue;
    Value value = toMemory(b, loc, values[reg]);
    Value position = flat.emitElementIndex(b, loc, threadIndex, reg)[0];
    LLVM::StoreOp::create(
        b, loc, value,
        emitElementAddress(b, loc, base, value.getType(), position));
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

    // The rows and columns of the thread's accumulator elements.
    SmallVector<Value> threadIndex =
        accDist.emitThreadIndex(rewriter, loc, ids);
    llvm::MapVector<int64_t, Value> rows, columns;
    SmallVector<unsigned> computed;
    for (unsigned reg = 0, e = accDist.getNumRegisters(); reg < e; ++reg) {
      if (!accDist.isFirstCopy(reg))
        continue;
      computed.push_back(reg);
      ElementIndex offset = accDist.getRegisterIndex(reg);
      SmallVector<Value> index =
          accDist.emitElementIndex(rewriter, loc, threadIndex, reg);
      rows.try_emplace(offset[0], index[0]);
      columns.try_emplace(offset[1], index[1]);
    }

    SmallVector<Value> init;
    for (unsigned reg : computed)
      init.push_back(adaptor.getAcc()[reg]);
    Type accType = init.front().getType();
    auto loop = scf::ForOp::create(
        rewriter, loc, i32Constant(rewriter, loc, 0),
        i32Constant(rewriter, loc, k), i32Constant(rewriter, loc, 1), init,
        [&](OpBuilder &b, Location bodyLoc, Value kk, ValueRange acc) {
          DenseMap<int64_t, Value> aValues, bValues;
          for (auto &[offset, row] : rows) {
            Value position = arith::AddIOp::create(
                b, bodyLoc,
                arith::MulIOp::create(b, bodyLoc, row,
                                      i32Constant(b, bodyLoc, k)),
                kk);
            Value loaded = LLVM::LoadOp::create(
                b, bodyLoc, aMemory,
                emitElementAddress(b, bodyLoc, aBase, aMemory, position));
            aValues[offset] = emitExtend(b, bodyLoc, loaded, accType);
          }
          for (auto &[offset, column] : columns) {
            Value position = arith::AddIOp::create(
                b, bodyLoc,
                arith::MulIOp::create(b, bodyLoc, kk,
                                      i32Constant(b, bodyLoc, n)),
                column);
            Value loaded = LLVM::LoadOp::create(
                b, bodyLoc, bMemory,
                emitElementAddress(b, bodyLoc, bBase, bMemory, position));
            bValues[offset] = emitExtend(b, bodyLoc, loaded, accType);
          }
          SmallVector<Value> next;
          for (auto [reg, value] : llvm::zip(computed, acc)) {
            ElementIndex offset = accDist.getRegisterIndex(reg);
            next.push_back(emitMultiplyAdd(b, bodyLoc, aValues[offset[0]],
                                           bValues[offset[1]], value));
          }
          scf::YieldOp::create(b, bodyLoc, next);
        });

    SmallVector<Value> results(accDist.getNumRegisters());
    for (auto [reg, value] : llvm::zip(computed, loop.getResults()))
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
