//===- ArithOps.cpp - The arith dialect on the interpreter ----------------===//
//
// Where arith leaves a result undefined (poison or UB), the interpreter
// picks what the GPU's instructions do, so that no input crashes it:
// division by zero gives all ones (remainder: the dividend), signed
// overflow of division wraps, shifts by the bit width or more give 0 (or
// the sign for shrsi), and float-to-integer conversions saturate, NaN
// giving 0.
//
//===----------------------------------------------------------------------===//

#include "Compiler.h"
#include "Elements.h"
#include "Elementwise.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>
#include <limits>
#include <utility>

using namespace mlir;
using namespace mlir::block::interpreter;
using namespace mlir::block::interpreter::detail;

//===----------------------------------------------------------------------===//
// Integer ops
//===----------------------------------------------------------------------===//

namespace {
constexpr uint64_t allOnes = ~uint64_t(0);

struct AddI {
  template <unsigned W> static uint64_t apply(uint64_t a, uint64_t b) {
    return a + b;
  }
};
struct SubI {
  template <unsigned W> static uint64_t apply(uint64_t a, uint64_t b) {
    return a - b;
  }
};
struct MulI {
  template <unsigned W> static uint64_t apply(uint64_t a, uint64_t b) {
    return a * b;
  }
};
struct DivUI {
  template <unsigned W> static uint64_t apply(uint64_t a, uint64_t b) {
    return b ? a / b : allOnes;
  }
};
struct RemUI {
  template <unsigned W> static uint64_t apply(uint64_t a, uint64_t b) {
    return b ? a % b : a;
  }
};
struct CeilDivUI {
  template <unsigned W> static uint64_t apply(uint64_t a, uint64_t b) {
    return b ? a / b + (a % b != 0) : allOnes;
  }
};
/// The signed `W`-bit quotient a / b rounded toward zero (`Round` 0), up
/// (1) or down (-1). Division by 0 gives all ones; by -1 it wraps for the
/// smallest value, as the GPU does.
template <unsigned W, int Round> uint64_t divideSigned(uint64_t a, uint64_t b) {
  int64_t x = sext<W>(a), y = sext<W>(b);
  if (y == 0)
    return allOnes;
  if (y == -1)
    return uint64_t(0) - static_cast<uint64_t>(x);
  int64_t q = x / y, r = x % y;
  // Truncation dropped r / y, which is positive where r and y have one sign.
  if (Round != 0 && r != 0 && ((r > 0) == (y > 0)) == (Round > 0))
    q += Round;
  return static_cast<uint64_t>(q);
}
struct DivSI {
  template <unsigned W> static uint64_t apply(uint64_t a, uint64_t b) {
    return divideSigned<W, 0>(a, b);
  }
};
struct RemSI {
  template <unsigned W> static uint64_t apply(uint64_t a, uint64_t b) {
    int64_t x = sext<W>(a), y = sext<W>(b);
    if (y == 0)
      return a;
    if (y == -1)
      return 0;
    return static_cast<uint64_t>(x % y);
  }
};
struct CeilDivSI {
  template <unsigned W> static uint64_t apply(uint64_t a, uint64_t b) {
    return divideSigned<W, 1>(a, b);
  }
};
struct FloorDivSI {
  template <unsigned W> static uint64_t apply(uint64_t a, uint64_t b) {
    return divideSigned<W, -1>(a, b);
  }
};
struct AndI {
  template <unsigned W> static uint64_t apply(uint64_t a, uint64_t b) {
    return a & b;
  }
};
struct OrI {
  template <unsigned W> static uint64_t apply(uint64_t a, uint64_t b) {
    return a | b;
  }
};
struct XOrI {
  template <unsigned W> static uint64_t apply(uint64_t a, uint64_t b) {
    return a ^ b;
  }
};
struct ShLI {
  template <unsigned W> static uint64_t apply(uint64_t a, uint64_t b) {
    return b >= W ? 0 : a << b;
  }
};
struct ShRUI {
  template <unsigned W> static uint64_t apply(uint64_t a, uint64_t b) {
    return b >= W ? 0 : a >> b;
  }
};
struct ShRSI {
  template <unsigned W> static uint64_t apply(uint64_t a, uint64_t b) {
    int64_t x = sext<W>(a);
    return static_cast<uint64_t>(b >= W ? (x < 0 ? -1 : 0) : x >> b);
  }
};
struct MaxSI {
  template <unsigned W> static uint64_t apply(uint64_t a, uint64_t b) {
    return sext<W>(a) >= sext<W>(b) ? a : b;
  }
};
struct MinSI {
  template <unsigned W> static uint64_t apply(uint64_t a, uint64_t b) {
    return sext<W>(a) <= sext<W>(b) ? a : b;
  }
};
struct MaxUI {
  template <unsigned W> static uint64_t apply(uint64_t a, uint64_t b) {
    return a >= b ? a : b;
  }
};
struct MinUI {
  template <unsigned W> static uint64_t apply(uint64_t a, uint64_t b) {
    return a <= b ? a : b;
  }
};

template <unsigned W, arith::CmpIPredicate P> struct CmpI {
  using U = UIntOf<W>;
  static uint8_t apply(U a, U b) {
    using Pred = arith::CmpIPredicate;
    int64_t x = sext<W>(a), y = sext<W>(b);
    switch (P) {
    case Pred::eq:
      return a == b;
    case Pred::ne:
      return a != b;
    case Pred::slt:
      return x < y;
    case Pred::sle:
      return x <= y;
    case Pred::sgt:
      return x > y;
    case Pred::sge:
      return x >= y;
    case Pred::ult:
      return a < b;
    case Pred::ule:
      return a <= b;
    case Pred::ugt:
      return a > b;
    case Pred::uge:
      return a >= b;
    }
    return 0;
  }
};
} // namespace

template <typename Op>
static LogicalResult emitIntOp(Compiler &c, Operation *op) {
  emitElementwise(c, op, selectIntOp<Op, 2>(kindOf(op->getResult(0))));
  return success();
}

/// Calls `fn(std::integral_constant<Pred, P>)` for the runtime `predicate`
/// P, one of `Values` (every value of the enum): each predicate instantiates
/// its own comparison.
template <typename Pred, unsigned... Values, typename Fn>
static ExecFn visitPredicate(Pred predicate, Fn &&fn,
                             std::integer_sequence<unsigned, Values...>) {
  ExecFn exec = nullptr;
  ((static_cast<unsigned>(predicate) == Values
        ? void(exec = fn(std::integral_constant<Pred, Pred(Values)>()))
        : void()),
   ...);
  return exec;
}

static ExecFn selectCmpI(arith::CmpIPredicate predicate, ElementKind kind) {
  return visitPredicate(
      predicate,
      [&](auto p) {
        return visitIntegerWidth(kind, [](auto w) -> ExecFn {
          constexpr unsigned W = decltype(w)::value;
          return &execBinary<UIntOf<W>, uint8_t, CmpI<W, decltype(p)::value>>;
        });
      },
      std::make_integer_sequence<unsigned,
                                 arith::getMaxEnumValForCmpIPredicate() + 1>());
}

//===----------------------------------------------------------------------===//
// Float ops
//===----------------------------------------------------------------------===//

namespace {
struct AddF {
  template <typename C> static C apply(C a, C b) { return a + b; }
};
struct SubF {
  template <typename C> static C apply(C a, C b) { return a - b; }
};
struct MulF {
  template <typename C> static C apply(C a, C b) { return a * b; }
};
struct DivF {
  template <typename C> static C apply(C a, C b) { return a / b; }
};
struct RemF {
  template <typename C> static C apply(C a, C b) { return std::fmod(a, b); }
};
struct NegF {
  template <typename C> static C apply(C a) { return -a; }
};
/// IEEE 754-2019 maximum: NaN if either is NaN, and -0 < +0.
struct MaximumF {
  template <typename C> static C apply(C a, C b) {
    if (std::isnan(a) || std::isnan(b))
      return a + b;
    if (a == b)
      return std::signbit(a) ? b : a;
    return a > b ? a : b;
  }
};
struct MinimumF {
  template <typename C> static C apply(C a, C b) {
    if (std::isnan(a) || std::isnan(b))
      return a + b;
    if (a == b)
      return std::signbit(a) ? a : b;
    return a < b ? a : b;
  }
};
/// IEEE 754-2019 maximumNumber: a NaN operand is ignored, and -0 < +0.
struct MaxNumF {
  template <typename C> static C apply(C a, C b) {
    if (std::isnan(a))
      return b;
    if (std::isnan(b))
      return a;
    return MaximumF::apply(a, b);
  }
};
struct MinNumF {
  template <typename C> static C apply(C a, C b) {
    if (std::isnan(a))
      return b;
    if (std::isnan(b))
      return a;
    return MinimumF::apply(a, b);
  }
};

template <arith::CmpFPredicate P> struct CmpF {
  template <typename C> static uint8_t apply(C a, C b) {
    using Pred = arith::CmpFPredicate;
    bool unordered = std::isnan(a) || std::isnan(b);
    switch (P) {
    case Pred::AlwaysFalse:
      return false;
    case Pred::OEQ:
      return !unordered && a == b;
    case Pred::OGT:
      return !unordered && a > b;
    case Pred::OGE:
      return !unordered && a >= b;
    case Pred::OLT:
      return !unordered && a < b;
    case Pred::OLE:
      return !unordered && a <= b;
    case Pred::ONE:
      return !unordered && a != b;
    case Pred::ORD:
      return !unordered;
    case Pred::UEQ:
      return unordered || a == b;
    case Pred::UGT:
      return unordered || a > b;
    case Pred::UGE:
      return unordered || a >= b;
    case Pred::ULT:
      return unordered || a < b;
    case Pred::ULE:
      return unordered || a <= b;
    case Pred::UNE:
      return unordered || a != b;
    case Pred::UNO:
      return unordered;
    case Pred::AlwaysTrue:
      return true;
    }
    return false;
  }
};
} // namespace

template <typename Op, unsigned Arity>
static LogicalResult emitFloatOp(Compiler &c, Operation *op) {
  emitElementwise(c, op, selectFloatOp<Op, Arity>(kindOf(op->getResult(0))));
  return success();
}

static ExecFn selectCmpF(arith::CmpFPredicate predicate, ElementKind kind) {
  return visitPredicate(
      predicate,
      [&](auto p) {
        return visitFloatKind(kind, [](auto k) -> ExecFn {
          constexpr ElementKind K = decltype(k)::value;
          using S = typename FloatTraits<K>::Storage;
          return &execBinary<S, uint8_t,
                             FloatTest<K, CmpF<decltype(p)::value>>>;
        });
      },
      std::make_integer_sequence<unsigned,
                                 arith::getMaxEnumValForCmpFPredicate() + 1>());
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

namespace {
template <unsigned From, unsigned To, bool Signed> struct IntCast {
  static UIntOf<To> apply(UIntOf<From> a) {
    uint64_t value = Signed ? static_cast<uint64_t>(sext<From>(a)) : a;
    return static_cast<UIntOf<To>>(wrap<To>(value));
  }
};

/// Rounds an integer to f16 / bf16 once, through APFloat: the slow path
/// for magnitudes of 2^24 and more, where float is no longer exact.
uint16_t roundIntegerToHalf(bool bfloat, uint64_t bits, bool isSigned) {
  llvm::APFloat value(bfloat ? llvm::APFloat::BFloat()
                             : llvm::APFloat::IEEEhalf());
  value.convertFromAPInt(llvm::APInt(64, bits), isSigned,
                         llvm::APFloat::rmNearestTiesToEven);
  return static_cast<uint16_t>(value.bitcastToAPInt().getZExtValue());
}

template <unsigned From, ElementKind To, bool Signed> struct IntToFloat {
  using T = FloatTraits<To>;
  static typename T::Storage apply(UIntOf<From> a) {
    uint64_t bits = Signed ? static_cast<uint64_t>(sext<From>(a)) : a;
    int64_t asSigned = static_cast<int64_t>(bits);
    if constexpr (To == ElementKind::F32 || To == ElementKind::F64) {
      using C = typename T::Compute;
      return Signed ? static_cast<C>(asSigned) : static_cast<C>(bits);
    } else {
      constexpr uint64_t exact = uint64_t(1) << 24;
      bool small =
          Signed ? (asSigned > -int64_t(exact) && asSigned < int64_t(exact))
                 : bits < exact;
      if (small)
        return T::store(Signed ? static_cast<float>(asSigned)
                               : static_cast<float>(bits));
      return roundIntegerToHalf(To == ElementKind::BF16, bits, Signed);
    }
  }
};

/// Truncates towards zero and saturates; NaN gives 0.
template <ElementKind From, unsigned To, bool Signed> struct FloatToInt {
  using T = FloatTraits<From>;
  static UIntOf<To> apply(typename T::Storage a) {
    double value = static_cast<double>(T::load(a));
    if (std::isnan(value))
      return 0;
    if constexpr (Signed) {
      double low = static_cast<double>(signedMin<To>());
      if (value <= low)
        return static_cast<UIntOf<To>>(wrap<To>(signedMin<To>()));
      if (value >= -low)
        return static_cast<UIntOf<To>>(wrap<To>(-(signedMin<To>() + 1)));
      return static_cast<UIntOf<To>>(
          wrap<To>(static_cast<uint64_t>(static_cast<int64_t>(value))));
    } else {
      if (value <= 0)
        return 0;
      if (value >= std::ldexp(1.0, To))
        return static_cast<UIntOf<To>>(wrap<To>(allOnes));
      return static_cast<UIntOf<To>>(static_cast<uint64_t>(value));
    }
  }
};

/// Through double, which holds every f16, bf16 and f32 exactly; the
/// narrowing rounds once.
template <ElementKind From, ElementKind To> struct FloatCast {
  static typename FloatTraits<To>::Storage
  apply(typename FloatTraits<From>::Storage a) {
    return FloatTraits<To>::storeDouble(
        static_cast<double>(FloatTraits<From>::load(a)));
  }
};
} // namespace

template <bool Signed>
static ExecFn selectIntCast(ElementKind from, ElementKind to) {
  return visitIntegerWidth(from, [&](auto f) -> ExecFn {
    return visitIntegerWidth(to, [](auto t) -> ExecFn {
      constexpr unsigned F = decltype(f)::value, T = decltype(t)::value;
      return &execUnary<UIntOf<F>, UIntOf<T>, IntCast<F, T, Signed>>;
    });
  });
}

template <bool Signed>
static ExecFn selectIntToFloat(ElementKind from, ElementKind to) {
  return visitIntegerWidth(from, [&](auto f) -> ExecFn {
    return visitFloatKind(to, [](auto t) -> ExecFn {
      constexpr unsigned F = decltype(f)::value;
      constexpr ElementKind T = decltype(t)::value;
      return &execUnary<UIntOf<F>, typename FloatTraits<T>::Storage,
                        IntToFloat<F, T, Signed>>;
    });
  });
}

template <bool Signed>
static ExecFn selectFloatToInt(ElementKind from, ElementKind to) {
  return visitFloatKind(from, [&](auto f) -> ExecFn {
    return visitIntegerWidth(to, [](auto t) -> ExecFn {
      constexpr ElementKind F = decltype(f)::value;
      constexpr unsigned T = decltype(t)::value;
      return &execUnary<typename FloatTraits<F>::Storage, UIntOf<T>,
                        FloatToInt<F, T, Signed>>;
    });
  });
}

static ExecFn selectFloatCast(ElementKind from, ElementKind to) {
  return visitFloatKind(from, [&](auto f) -> ExecFn {
    return visitFloatKind(to, [](auto t) -> ExecFn {
      constexpr ElementKind F = decltype(f)::value, T = decltype(t)::value;
      return &execUnary<typename FloatTraits<F>::Storage,
                        typename FloatTraits<T>::Storage, FloatCast<F, T>>;
    });
  });
}

static LogicalResult emitCast(Compiler &c, Operation *op, ExecFn exec) {
  emitElementwise(c, op, exec);
  return success();
}

//===----------------------------------------------------------------------===//
// Select and constants
//===----------------------------------------------------------------------===//

/// `ScalarCondition`: one i1 chooses between whole tensors.
template <unsigned Size, bool ScalarCondition>
static bool execSelect(const Instr &instr, Frame &frame) {
  using T = UIntOf<Size * 8>;
  const uint8_t *condition = frame.get<uint8_t>(instr.operands[0]);
  const T *a = frame.get<T>(instr.operands[1]);
  const T *b = frame.get<T>(instr.operands[2]);
  T *result = frame.get<T>(instr.results[0]);
  int64_t n = frame.length(instr);
  for (int64_t i = 0; i < n; ++i)
    result[i] = (ScalarCondition ? condition[0] : condition[i]) ? a[i] : b[i];
  return true;
}

static LogicalResult compileSelect(Compiler &c, arith::SelectOp op) {
  bool scalarCondition = !isa<RankedTensorType>(op.getCondition().getType()) &&
                         isa<RankedTensorType>(op.getType());
  unsigned size = getElementKindSize(kindOf(op.getResult()));
  ExecFn exec = visitElementSize(size, [&](auto s) -> ExecFn {
    constexpr unsigned S = decltype(s)::value;
    return scalarCondition ? &execSelect<S, true> : &execSelect<S, false>;
  });
  emitElementwise(c, op, exec);
  return success();
}

/// The element bits of `value`: an IntegerAttr, FloatAttr or dense
/// elements; nullopt for anything else.
static std::optional<uint64_t> getBits(Attribute value) {
  if (auto integer = dyn_cast<IntegerAttr>(value))
    return integer.getValue().getZExtValue();
  if (auto real = dyn_cast<FloatAttr>(value))
    return real.getValue().bitcastToAPInt().getZExtValue();
  return std::nullopt;
}

static LogicalResult compileConstant(Compiler &c, arith::ConstantOp op) {
  Type type = op.getType();
  unsigned size = getElementKindSize(kindOf(op.getResult()));
  std::vector<char> bytes;
  auto append = [&](uint64_t bits) {
    const char *raw = reinterpret_cast<const char *>(&bits);
    bytes.insert(bytes.end(), raw, raw + size);
  };
  Attribute value = op.getValue();
  if (std::optional<uint64_t> bits = getBits(value)) {
    append(*bits);
  } else if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    if (dense.isSplat()) {
      std::optional<uint64_t> bits = getBits(dense.getSplatValue<Attribute>());
      for (int64_t i = 0, e = getNumElements(type); i < e; ++i)
        append(*bits);
    } else if (isa<FloatType>(dense.getElementType())) {
      for (const APFloat &element : dense.getValues<APFloat>())
        append(element.bitcastToAPInt().getZExtValue());
    } else {
      for (const APInt &element : dense.getValues<APInt>())
        append(element.getZExtValue());
    }
  } else {
    return emitUnsupported(op, "only integer, float and dense elements "
                               "constants are");
  }
  c.defineConstant(op.getResult(), bytes);
  return success();
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

/// f16 / bf16 / f32 / f64 narrowing: only the default rounding.
static LogicalResult checkRounding(arith::TruncFOp op) {
  if (auto mode = op.getRoundingmode();
      mode && *mode != arith::RoundingMode::to_nearest_even)
    return emitUnsupported(op, "only rounding to nearest even is");
  return success();
}

LogicalResult mlir::block::interpreter::detail::compileArithOp(Compiler &c,
                                                               Operation *op) {
  auto in = [](Operation *op) { return kindOf(op->getOperand(0)); };
  auto out = [](Operation *op) { return kindOf(op->getResult(0)); };
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](arith::ConstantOp o) { return compileConstant(c, o); })
      .Case([&](arith::SelectOp o) { return compileSelect(c, o); })
      .Case<arith::AddIOp>([&](auto) { return emitIntOp<AddI>(c, op); })
      .Case<arith::SubIOp>([&](auto) { return emitIntOp<SubI>(c, op); })
      .Case<arith::MulIOp>([&](auto) { return emitIntOp<MulI>(c, op); })
      .Case<arith::DivUIOp>([&](auto) { return emitIntOp<DivUI>(c, op); })
      .Case<arith::DivSIOp>([&](auto) { return emitIntOp<DivSI>(c, op); })
      .Case<arith::RemUIOp>([&](auto) { return emitIntOp<RemUI>(c, op); })
      .Case<arith::RemSIOp>([&](auto) { return emitIntOp<RemSI>(c, op); })
      .Case<arith::CeilDivUIOp>(
          [&](auto) { return emitIntOp<CeilDivUI>(c, op); })
      .Case<arith::CeilDivSIOp>(
          [&](auto) { return emitIntOp<CeilDivSI>(c, op); })
      .Case<arith::FloorDivSIOp>(
          [&](auto) { return emitIntOp<FloorDivSI>(c, op); })
      .Case<arith::AndIOp>([&](auto) { return emitIntOp<AndI>(c, op); })
      .Case<arith::OrIOp>([&](auto) { return emitIntOp<OrI>(c, op); })
      .Case<arith::XOrIOp>([&](auto) { return emitIntOp<XOrI>(c, op); })
      .Case<arith::ShLIOp>([&](auto) { return emitIntOp<ShLI>(c, op); })
      .Case<arith::ShRUIOp>([&](auto) { return emitIntOp<ShRUI>(c, op); })
      .Case<arith::ShRSIOp>([&](auto) { return emitIntOp<ShRSI>(c, op); })
      .Case<arith::MaxSIOp>([&](auto) { return emitIntOp<MaxSI>(c, op); })
      .Case<arith::MinSIOp>([&](auto) { return emitIntOp<MinSI>(c, op); })
      .Case<arith::MaxUIOp>([&](auto) { return emitIntOp<MaxUI>(c, op); })
      .Case<arith::MinUIOp>([&](auto) { return emitIntOp<MinUI>(c, op); })
      .Case([&](arith::CmpIOp o) {
        emitElementwise(c, o, selectCmpI(o.getPredicate(), in(o)));
        return success();
      })
      .Case<arith::AddFOp>([&](auto) { return emitFloatOp<AddF, 2>(c, op); })
      .Case<arith::SubFOp>([&](auto) { return emitFloatOp<SubF, 2>(c, op); })
      .Case<arith::MulFOp>([&](auto) { return emitFloatOp<MulF, 2>(c, op); })
      .Case<arith::DivFOp>([&](auto) { return emitFloatOp<DivF, 2>(c, op); })
      .Case<arith::RemFOp>([&](auto) { return emitFloatOp<RemF, 2>(c, op); })
      .Case<arith::NegFOp>([&](auto) { return emitFloatOp<NegF, 1>(c, op); })
      .Case<arith::MaximumFOp>(
          [&](auto) { return emitFloatOp<MaximumF, 2>(c, op); })
      .Case<arith::MinimumFOp>(
          [&](auto) { return emitFloatOp<MinimumF, 2>(c, op); })
      .Case<arith::MaxNumFOp>(
          [&](auto) { return emitFloatOp<MaxNumF, 2>(c, op); })
      .Case<arith::MinNumFOp>(
          [&](auto) { return emitFloatOp<MinNumF, 2>(c, op); })
      .Case([&](arith::CmpFOp o) {
        emitElementwise(c, o, selectCmpF(o.getPredicate(), in(o)));
        return success();
      })
      .Case<arith::ExtSIOp, arith::TruncIOp, arith::IndexCastOp>([&](auto) {
        return emitCast(c, op, selectIntCast<true>(in(op), out(op)));
      })
      .Case<arith::ExtUIOp, arith::IndexCastUIOp>([&](auto) {
        return emitCast(c, op, selectIntCast<false>(in(op), out(op)));
      })
      .Case<arith::SIToFPOp>([&](auto) {
        return emitCast(c, op, selectIntToFloat<true>(in(op), out(op)));
      })
      .Case<arith::UIToFPOp>([&](auto) {
        return emitCast(c, op, selectIntToFloat<false>(in(op), out(op)));
      })
      .Case<arith::FPToSIOp>([&](auto) {
        return emitCast(c, op, selectFloatToInt<true>(in(op), out(op)));
      })
      .Case<arith::FPToUIOp>([&](auto) {
        return emitCast(c, op, selectFloatToInt<false>(in(op), out(op)));
      })
      .Case<arith::ExtFOp>([&](auto) {
        return emitCast(c, op, selectFloatCast(in(op), out(op)));
      })
      .Case([&](arith::TruncFOp o) {
        if (failed(checkRounding(o)))
          return failure();
        return emitCast(c, op, selectFloatCast(in(op), out(op)));
      })
      .Case([&](arith::BitcastOp o) {
        // Same bits, same width: a view.
        return c.view(o.getResult(), o.getIn());
      })
      .Default([&](Operation *) { return emitUnsupported(op); });
}
