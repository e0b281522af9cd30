//===- ElementwiseOpToGPU.cpp - arith and math on tensors -----------------===//
//
// Operands and results of an element-wise operation share one layout (the
// contract), so register i of the result is the operation applied to
// register i of every tensor operand.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::block;

static bool hasTensorType(TypeRange types) {
  return llvm::any_of(types, [](Type t) { return isa<RankedTensorType>(t); });
}

namespace {
struct ElementwiseOpToGPU : ConversionPattern {
  ElementwiseOpToGPU(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context) {}

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
    unsigned numRegisters =
        getDistribution(op->getResultTypes().front()).getNumRegisters();
    SmallVector<SmallVector<Value>> results(op->getNumResults());
    for (unsigned reg = 0; reg < numRegisters; ++reg) {
      SmallVector<Value> scalars;
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
};

/// A splat tensor constant is its scalar in every register. Other constants
/// would need each thread's element indices at compile time.
struct ConstantOpToGPU : OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "not a tensor constant");
    auto splat = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!splat)
      return op.emitOpError("non-splat tensor constants are not supported by "
                            "the GPU lowering yet");
    Value scalar = arith::ConstantOp::create(
        rewriter, op.getLoc(), cast<TypedAttr>(splat.getSplatValue<Attribute>()));
    unsigned numRegisters = getDistribution(type).getNumRegisters();
    rewriter.replaceOpWithMultiple(
        op, SmallVector<SmallVector<Value>>{
                SmallVector<Value>(numRegisters, scalar)});
    return success();
  }
};
} // namespace

void mlir::block::populateElementwiseOpToGPUPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ElementwiseOpToGPU, ConstantOpToGPU>(converter,
                                                    patterns.getContext());
}
