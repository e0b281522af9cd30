//===- MathToNVVM.cpp - Scalar math the NVPTX backend does itself ---------===//
//
// convert-gpu-to-nvvm calls libdevice for most float functions, even for
// those PTX has instructions for, and libdevice is linked only where the CUDA
// toolkit is found. So, on scalars:
//  - absf, sqrt, floor, ceil, trunc, round, roundeven, fma, copysign,
//    maxnumf and minnumf become calls of the LLVM intrinsics, which the
//    backend turns into exact PTX (abs, sqrt.rn, cvt.rmi, fma.rn, max, ...);
//  - exp, exp2, log, log2 and rsqrt of f32 (and of f16/bf16, computed in
//    f32) become the PTX approximations ex2.approx, lg2.approx and
//    rsqrt.approx, as GPU kernels usually want; with fastmath<afn> (or
//    fast), exp, exp2, log and log2 take the .ftz forms, which flush
//    subnormal arguments and results to zero and are one instruction each
//    (ptxas scales around subnormals otherwise: three more);
// and the other math functions (tanh, sin, pow, erf, ...) stay for libdevice.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::block;

namespace {
/// How a math function maps to a PTX approximation: y = scale_out *
/// intrinsic(scale_in * x).
struct Approximation {
  StringRef intrinsic;
  double inputScale = 1.0;
  double outputScale = 1.0;
};
} // namespace

/// Whether `op` allows approximations that flush subnormals (afn).
static bool allowsFlushToZero(Operation *op) {
  auto fastmath = dyn_cast<arith::ArithFastMathInterface>(op);
  arith::FastMathFlagsAttr flags =
      fastmath ? fastmath.getFastMathFlagsAttr() : nullptr;
  return flags && arith::bitEnumContainsAll(flags.getValue(),
                                            arith::FastMathFlags::afn);
}

static std::optional<Approximation> getApproximation(Operation *op) {
  Type type = op->getResultTypes().front();
  if (!type.isF32() && !type.isF16() && !type.isBF16())
    return std::nullopt;
  bool ftz = allowsFlushToZero(op);
  StringRef ex2 =
      ftz ? "llvm.nvvm.ex2.approx.ftz.f32" : "llvm.nvvm.ex2.approx.f32";
  StringRef lg2 = ftz ? "llvm.nvvm.lg2.approx.ftz.f" : "llvm.nvvm.lg2.approx.f";
  if (isa<math::ExpOp>(op))
    return Approximation{ex2, llvm::numbers::log2e, 1.0};
  if (isa<math::Exp2Op>(op))
    return Approximation{ex2};
  if (isa<math::LogOp>(op))
    return Approximation{lg2, 1.0, llvm::numbers::ln2};
  if (isa<math::Log2Op>(op))
    return Approximation{lg2};
  if (isa<math::RsqrtOp>(op))
    return Approximation{"llvm.nvvm.rsqrt.approx.f"};
  return std::nullopt;
}

/// The LLVM intrinsic an exact float operation maps to. Called through
/// llvm.call_intrinsic: convert-gpu-to-nvvm would turn the dedicated LLVM
/// dialect operations (llvm.intr.fabs, ...) into libdevice calls again.
static StringRef getIntrinsic(Operation *op) {
  return llvm::TypeSwitch<Operation *, StringRef>(op)
      .Case([](math::AbsFOp) { return "llvm.fabs"; })
      .Case([](math::SqrtOp) { return "llvm.sqrt"; })
      .Case([](math::FloorOp) { return "llvm.floor"; })
      .Case([](math::CeilOp) { return "llvm.ceil"; })
      .Case([](math::TruncOp) { return "llvm.trunc"; })
      .Case([](math::RoundOp) { return "llvm.round"; })
      .Case([](math::RoundEvenOp) { return "llvm.roundeven"; })
      .Case([](math::FmaOp) { return "llvm.fma"; })
      .Case([](math::CopySignOp) { return "llvm.copysign"; })
      .Case([](arith::MaxNumFOp) { return "llvm.maxnum"; })
      .Case([](arith::MinNumFOp) { return "llvm.minnum"; })
      .Default([](Operation *) { return StringRef(); });
}

bool mlir::block::hasNVVMLowering(Operation *op) {
  if (op->getNumResults() != 1 || !isa<FloatType>(op->getResult(0).getType()))
    return false;
  return !getIntrinsic(op).empty() || getApproximation(op).has_value();
}

namespace {
struct MathToNVVM : RewritePattern {
  explicit MathToNVVM(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!hasNVVMLowering(op))
      return failure();
    if (StringRef intrinsic = getIntrinsic(op); !intrinsic.empty()) {
      rewriter.replaceOpWithNewOp<LLVM::CallIntrinsicOp>(
          op, op->getResultTypes(), rewriter.getStringAttr(intrinsic),
          op->getOperands(), LLVM::FastmathFlagsAttr());
      return success();
    }
    Approximation form = *getApproximation(op);
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
  patterns.add<MathToNVVM>(patterns.getContext());
}
