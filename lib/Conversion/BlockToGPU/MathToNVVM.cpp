//===- MathToNVVM.cpp - Fast PTX forms of scalar math functions -----------===//
//
// exp, exp2, log, log2 and rsqrt of f32 (and of f16/bf16, computed in f32)
// map to the PTX approximations ex2.approx, lg2.approx and rsqrt.approx, as
// GPU kernels usually want; the other math functions are left to
// convert-gpu-to-nvvm, which calls libdevice.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::block;

namespace {
/// How a math function maps to a PTX approximation: y = scale_out *
/// intrinsic(scale_in * x).
struct FastForm {
  StringRef intrinsic;
  double inputScale = 1.0;
  double outputScale = 1.0;
};
} // namespace

static std::optional<FastForm> getFastForm(Operation *op) {
  if (isa<math::ExpOp>(op))
    return FastForm{"llvm.nvvm.ex2.approx.f32", llvm::numbers::log2e, 1.0};
  if (isa<math::Exp2Op>(op))
    return FastForm{"llvm.nvvm.ex2.approx.f32"};
  if (isa<math::LogOp>(op))
    return FastForm{"llvm.nvvm.lg2.approx.f", 1.0, llvm::numbers::ln2};
  if (isa<math::Log2Op>(op))
    return FastForm{"llvm.nvvm.lg2.approx.f"};
  if (isa<math::RsqrtOp>(op))
    return FastForm{"llvm.nvvm.rsqrt.approx.f"};
  return std::nullopt;
}

bool mlir::block::hasFastNVVMForm(Operation *op) {
  if (op->getNumResults() != 1 || op->getNumOperands() != 1)
    return false;
  Type type = op->getResult(0).getType();
  return (type.isF32() || type.isF16() || type.isBF16()) &&
         getFastForm(op).has_value();
}

namespace {
struct MathToFastNVVM : RewritePattern {
  explicit MathToFastNVVM(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!hasFastNVVMForm(op))
      return failure();
    FastForm form = *getFastForm(op);
    Location loc = op->getLoc();
    Type type = op->getResult(0).getType();
    Type f32 = rewriter.getF32Type();
    Value x = op->getOperand(0);
    if (type != f32)
      x = arith::ExtFOp::create(rewriter, loc, f32, x);
    auto scale = [&](Value value, double factor) -> Value {
      if (factor == 1.0)
        return value;
      return arith::MulFOp::create(
          rewriter, loc, value,
          arith::ConstantOp::create(rewriter, loc,
                                    rewriter.getF32FloatAttr(factor)));
    };
    x = scale(x, form.inputScale);
    Value y = LLVM::CallIntrinsicOp::create(
                  rewriter, loc, f32, rewriter.getStringAttr(form.intrinsic),
                  ValueRange{x})
                  .getResult(0);
    y = scale(y, form.outputScale);
    if (type != f32)
      y = arith::TruncFOp::create(rewriter, loc, type, y);
    rewriter.replaceOp(op, y);
    return success();
  }
};
} // namespace

void mlir::block::populateMathToNVVMPatterns(RewritePatternSet &patterns) {
  patterns.add<MathToFastNVVM>(patterns.getContext());
}
