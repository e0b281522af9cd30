//===- CastOpToGPU.cpp - ptr_to_int, int_to_ptr and bitcast ---------------===//
//
// A cast converts every register on its own: the threads hold the same
// elements before and after.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::block;

namespace {
/// Pointer casts and bitcasts, register by register.
template <typename SourceOp>
struct CastOpToGPU : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;
  using OneToNOpAdaptor =
      typename OpConversionPattern<SourceOp>::OneToNOpAdaptor;

  LogicalResult
  matchAndRewrite(SourceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = this->getTypeConverter()->convertType(
        getElementTypeOrSelf(op.getType()));
    SmallVector<Value> results;
    for (Value value : adaptor.getOperands().front())
      results.push_back(cast(rewriter, op.getLoc(), value, resultType));
    rewriter.replaceOpWithMultiple(op,
                                   SmallVector<SmallVector<Value>>{results});
    return success();
  }

  static Value cast(OpBuilder &b, Location loc, Value value, Type type) {
    if (std::is_same_v<SourceOp, PtrToIntOp>)
      return LLVM::PtrToIntOp::create(b, loc, type, value);
    if (std::is_same_v<SourceOp, IntToPtrOp>)
      return LLVM::IntToPtrOp::create(b, loc, type, value);
    // Pointers are opaque: a pointer bitcast changes nothing.
    if (value.getType() == type)
      return value;
    return arith::BitcastOp::create(b, loc, type, value);
  }
};
} // namespace

void mlir::block::populateCastOpToGPUPatterns(const TypeConverter &converter,
                                              RewritePatternSet &patterns) {
  patterns.add<CastOpToGPU<PtrToIntOp>, CastOpToGPU<IntToPtrOp>,
               CastOpToGPU<BitcastOp>>(converter, patterns.getContext());
}
