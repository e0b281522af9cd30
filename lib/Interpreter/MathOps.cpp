//===- MathOps.cpp - The math dialect on the interpreter ------------------===//
//
// Float functions call the C library in the element's compute type (expf
// for f32, exp for f64; f16 / bf16 through float). sqrt, fma, floor, ceil,
// trunc, round, roundeven, abs and copysign are exact; the transcendental
// functions are as accurate as the host's libm, which is not always what
// the GPU computes: compare them with a tolerance.
//
//===----------------------------------------------------------------------===//

#include "Compiler.h"
#include "Elements.h"
#include "Elementwise.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace mlir;
using namespace mlir::block::interpreter;
using namespace mlir::block::interpreter::detail;

namespace {
// One functor per libm function, generic over float and double (std::exp
// on a float calls expf).
#define BLOCK_UNARY_FN(NAME, EXPR)                                             \
  struct NAME {                                                                \
    template <typename C> static C apply(C x) { return EXPR; }                 \
  };
BLOCK_UNARY_FN(Exp, std::exp(x))
BLOCK_UNARY_FN(Exp2, std::exp2(x))
BLOCK_UNARY_FN(ExpM1, std::expm1(x))
BLOCK_UNARY_FN(Log, std::log(x))
BLOCK_UNARY_FN(Log2, std::log2(x))
BLOCK_UNARY_FN(Log10, std::log10(x))
BLOCK_UNARY_FN(Log1p, std::log1p(x))
BLOCK_UNARY_FN(Sqrt, std::sqrt(x))
BLOCK_UNARY_FN(Rsqrt, C(1) / std::sqrt(x))
BLOCK_UNARY_FN(Cbrt, std::cbrt(x))
BLOCK_UNARY_FN(Sin, std::sin(x))
BLOCK_UNARY_FN(Cos, std::cos(x))
BLOCK_UNARY_FN(Tan, std::tan(x))
BLOCK_UNARY_FN(Asin, std::asin(x))
BLOCK_UNARY_FN(Acos, std::acos(x))
BLOCK_UNARY_FN(Atan, std::atan(x))
BLOCK_UNARY_FN(Sinh, std::sinh(x))
BLOCK_UNARY_FN(Cosh, std::cosh(x))
BLOCK_UNARY_FN(Tanh, std::tanh(x))
BLOCK_UNARY_FN(Asinh, std::asinh(x))
BLOCK_UNARY_FN(Acosh, std::acosh(x))
BLOCK_UNARY_FN(Atanh, std::atanh(x))
BLOCK_UNARY_FN(Erf, std::erf(x))
BLOCK_UNARY_FN(Erfc, std::erfc(x))
BLOCK_UNARY_FN(AbsF, std::fabs(x))
BLOCK_UNARY_FN(Floor, std::floor(x))
BLOCK_UNARY_FN(Ceil, std::ceil(x))
BLOCK_UNARY_FN(Trunc, std::trunc(x))
BLOCK_UNARY_FN(Round, std::round(x))
BLOCK_UNARY_FN(RoundEven, std::nearbyint(x))
#undef BLOCK_UNARY_FN

struct Atan2 {
  template <typename C> static C apply(C y, C x) { return std::atan2(y, x); }
};
struct PowF {
  template <typename C> static C apply(C x, C y) { return std::pow(x, y); }
};
struct CopySign {
  template <typename C> static C apply(C x, C y) { return std::copysign(x, y); }
};
struct Fma {
  template <typename C> static C apply(C a, C b, C c) {
    return std::fma(a, b, c);
  }
};
/// clampf(x, min, max): NaN bounds are ignored, a NaN x propagates.
struct ClampF {
  template <typename C> static C apply(C x, C low, C high) {
    if (x < low)
      x = low;
    if (x > high)
      x = high;
    return x;
  }
};

struct IsNaN {
  template <typename C> static uint8_t apply(C x) { return std::isnan(x); }
};
struct IsInf {
  template <typename C> static uint8_t apply(C x) { return std::isinf(x); }
};
struct IsFinite {
  template <typename C> static uint8_t apply(C x) { return std::isfinite(x); }
};
struct IsNormal {
  template <typename C> static uint8_t apply(C x) { return std::isnormal(x); }
};

struct AbsI {
  template <unsigned W> static uint64_t apply(uint64_t a) {
    int64_t x = sext<W>(a);
    return x < 0 ? uint64_t(0) - a : a;
  }
};
struct CountLeadingZeros {
  template <unsigned W> static uint64_t apply(uint64_t a) {
    return a ? llvm::countl_zero(a) - (64 - W) : W;
  }
};
struct CountTrailingZeros {
  template <unsigned W> static uint64_t apply(uint64_t a) {
    return a ? llvm::countr_zero(a) : W;
  }
};
struct CtPop {
  template <unsigned W> static uint64_t apply(uint64_t a) {
    return llvm::popcount(a);
  }
};
/// ipowi by squaring, wrapping; a negative exponent gives 0 unless the base
/// is 1 or -1 (the integer part of the exact result), and 0 to a negative
/// power gives all ones, as for division by zero.
struct IPowI {
  template <unsigned W> static uint64_t apply(uint64_t base, uint64_t exp) {
    int64_t e = sext<W>(exp);
    int64_t b = sext<W>(base);
    if (e < 0) {
      if (b == 1)
        return 1;
      if (b == -1)
        return (e & 1) ? base : 1;
      return b == 0 ? ~uint64_t(0) : 0;
    }
    uint64_t result = 1;
    for (uint64_t x = base; e; e >>= 1, x *= x)
      if (e & 1)
        result *= x;
    return result;
  }
};
} // namespace

/// The i1 test `Op` of a float kind.
template <typename Op> static ExecFn selectFloatTest(ElementKind kind) {
  return visitFloatKind(kind, [](auto k) -> ExecFn {
    constexpr ElementKind K = decltype(k)::value;
    return &execUnary<typename FloatTraits<K>::Storage, uint8_t,
                      FloatTest<K, Op>>;
  });
}

namespace {
/// fpowi(x, n): x to an integer power, as pow does it in the compute type.
template <ElementKind K, unsigned W> struct FPowI {
  using T = FloatTraits<K>;
  using S = typename T::Storage;
  static S apply(S x, UIntOf<W> n) {
    using C = typename T::Compute;
    return T::store(std::pow(T::load(x), static_cast<C>(sext<W>(n))));
  }
};
} // namespace

template <typename X, typename N, typename R, typename Op>
static bool execMixedBinary(const Instr &instr, Frame &frame) {
  const X *x = frame.get<X>(instr.operands[0]);
  const N *n = frame.get<N>(instr.operands[1]);
  R *result = frame.get<R>(instr.results[0]);
  for (int64_t i = 0, e = frame.length(instr); i < e; ++i)
    result[i] = Op::apply(x[i], n[i]);
  return true;
}

static ExecFn selectFPowI(ElementKind floatKind, ElementKind intKind) {
  return visitFloatKind(floatKind, [&](auto k) -> ExecFn {
    return visitIntegerWidth(intKind, [](auto w) -> ExecFn {
      constexpr ElementKind K = decltype(k)::value;
      constexpr unsigned W = decltype(w)::value;
      using S = typename FloatTraits<K>::Storage;
      return &execMixedBinary<S, UIntOf<W>, S, FPowI<K, W>>;
    });
  });
}

template <typename Op, unsigned Arity>
static LogicalResult emitFloat(Compiler &c, Operation *op) {
  emitElementwise(c, op, selectFloatOp<Op, Arity>(kindOf(op->getResult(0))));
  return success();
}

template <typename Op>
static LogicalResult emitTest(Compiler &c, Operation *op) {
  emitElementwise(c, op, selectFloatTest<Op>(kindOf(op->getOperand(0))));
  return success();
}

template <typename Op, unsigned Arity>
static LogicalResult emitInt(Compiler &c, Operation *op) {
  emitElementwise(c, op, selectIntOp<Op, Arity>(kindOf(op->getResult(0))));
  return success();
}

LogicalResult mlir::block::interpreter::detail::compileMathOp(Compiler &c,
                                                              Operation *op) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case<math::ExpOp>([&](auto) { return emitFloat<Exp, 1>(c, op); })
      .Case<math::Exp2Op>([&](auto) { return emitFloat<Exp2, 1>(c, op); })
      .Case<math::ExpM1Op>([&](auto) { return emitFloat<ExpM1, 1>(c, op); })
      .Case<math::LogOp>([&](auto) { return emitFloat<Log, 1>(c, op); })
      .Case<math::Log2Op>([&](auto) { return emitFloat<Log2, 1>(c, op); })
      .Case<math::Log10Op>([&](auto) { return emitFloat<Log10, 1>(c, op); })
      .Case<math::Log1pOp>([&](auto) { return emitFloat<Log1p, 1>(c, op); })
      .Case<math::SqrtOp>([&](auto) { return emitFloat<Sqrt, 1>(c, op); })
      .Case<math::RsqrtOp>([&](auto) { return emitFloat<Rsqrt, 1>(c, op); })
      .Case<math::CbrtOp>([&](auto) { return emitFloat<Cbrt, 1>(c, op); })
      .Case<math::SinOp>([&](auto) { return emitFloat<Sin, 1>(c, op); })
      .Case<math::CosOp>([&](auto) { return emitFloat<Cos, 1>(c, op); })
      .Case<math::TanOp>([&](auto) { return emitFloat<Tan, 1>(c, op); })
      .Case<math::AsinOp>([&](auto) { return emitFloat<Asin, 1>(c, op); })
      .Case<math::AcosOp>([&](auto) { return emitFloat<Acos, 1>(c, op); })
      .Case<math::AtanOp>([&](auto) { return emitFloat<Atan, 1>(c, op); })
      .Case<math::SinhOp>([&](auto) { return emitFloat<Sinh, 1>(c, op); })
      .Case<math::CoshOp>([&](auto) { return emitFloat<Cosh, 1>(c, op); })
      .Case<math::TanhOp>([&](auto) { return emitFloat<Tanh, 1>(c, op); })
      .Case<math::AsinhOp>([&](auto) { return emitFloat<Asinh, 1>(c, op); })
      .Case<math::AcoshOp>([&](auto) { return emitFloat<Acosh, 1>(c, op); })
      .Case<math::AtanhOp>([&](auto) { return emitFloat<Atanh, 1>(c, op); })
      .Case<math::ErfOp>([&](auto) { return emitFloat<Erf, 1>(c, op); })
      .Case<math::ErfcOp>([&](auto) { return emitFloat<Erfc, 1>(c, op); })
      .Case<math::AbsFOp>([&](auto) { return emitFloat<AbsF, 1>(c, op); })
      .Case<math::FloorOp>([&](auto) { return emitFloat<Floor, 1>(c, op); })
      .Case<math::CeilOp>([&](auto) { return emitFloat<Ceil, 1>(c, op); })
      .Case<math::TruncOp>([&](auto) { return emitFloat<Trunc, 1>(c, op); })
      .Case<math::RoundOp>([&](auto) { return emitFloat<Round, 1>(c, op); })
      .Case<math::RoundEvenOp>(
          [&](auto) { return emitFloat<RoundEven, 1>(c, op); })
      .Case<math::Atan2Op>([&](auto) { return emitFloat<Atan2, 2>(c, op); })
      .Case<math::PowFOp>([&](auto) { return emitFloat<PowF, 2>(c, op); })
      .Case<math::CopySignOp>(
          [&](auto) { return emitFloat<CopySign, 2>(c, op); })
      .Case<math::FmaOp>([&](auto) { return emitFloat<Fma, 3>(c, op); })
      .Case<math::ClampFOp>([&](auto) { return emitFloat<ClampF, 3>(c, op); })
      .Case<math::IsNaNOp>([&](auto) { return emitTest<IsNaN>(c, op); })
      .Case<math::IsInfOp>([&](auto) { return emitTest<IsInf>(c, op); })
      .Case<math::IsFiniteOp>([&](auto) { return emitTest<IsFinite>(c, op); })
      .Case<math::IsNormalOp>([&](auto) { return emitTest<IsNormal>(c, op); })
      .Case<math::AbsIOp>([&](auto) { return emitInt<AbsI, 1>(c, op); })
      .Case<math::CountLeadingZerosOp>(
          [&](auto) { return emitInt<CountLeadingZeros, 1>(c, op); })
      .Case<math::CountTrailingZerosOp>(
          [&](auto) { return emitInt<CountTrailingZeros, 1>(c, op); })
      .Case<math::CtPopOp>([&](auto) { return emitInt<CtPop, 1>(c, op); })
      .Case<math::IPowIOp>([&](auto) { return emitInt<IPowI, 2>(c, op); })
      .Case([&](math::FPowIOp o) {
        emitElementwise(c, o,
                        selectFPowI(kindOf(o.getLhs()), kindOf(o.getRhs())));
        return success();
      })
      .Default([&](Operation *) { return emitUnsupported(op); });
}
