//===- AxisInfo.cpp - Contiguity, divisibility and constancy --------------===//
//
// A sparse forward data-flow analysis over the AxisInfo lattice. Its join
// takes the weaker fact per dimension, so loop-carried values fall to what
// holds on every iteration. Constants of arith operations are those the
// constant propagation running in the same solver finds, so that they are
// exact.
//
//===----------------------------------------------------------------------===//

#include "block/Analysis/AxisInfo.h"
#include "block/Layout/TensorLayouts.h"

#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Dialect/Block/IR/BlockOps.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlow/Utils.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::block;

using DimVector = AxisInfo::DimVector;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static constexpr int64_t kMaxDivisibility = AxisInfo::kMaxDivisibility;

/// The largest power of two dividing `value` (capped; 0 gives the cap).
static int64_t powerOfTwoDividing(int64_t value) {
  uint64_t bits = value;
  if (bits == 0)
    return kMaxDivisibility;
  uint64_t lowest = bits & (~bits + 1);
  return lowest >= uint64_t(kMaxDivisibility) ? kMaxDivisibility
                                              : int64_t(lowest);
}

/// Product of two divisibilities, capped.
static int64_t multiplyDivisibility(int64_t a, int64_t b) {
  if (a >= kMaxDivisibility / b)
    return kMaxDivisibility;
  return a * b;
}

static int64_t gcd(int64_t a, int64_t b) { return std::gcd(a, b); }

unsigned mlir::block::getElementBytes(Type type) {
  if (isa<PointerType>(type))
    return 8;
  if (type.isIndex())
    return 8;
  if (type.isIntOrFloat())
    return std::max(1u, type.getIntOrFloatBitWidth() / 8);
  return 1;
}

/// Whether AxisInfo describes values of `type`: integers, indices and block
/// pointers, scalar or tensor.
static bool isTracked(Type type) {
  Type element = getElementTypeOrSelf(type);
  return isa<IntegerType, IndexType, PointerType>(element);
}

/// Distance in the values' units between consecutive elements of a run:
/// the pointee size for pointers, 1 for integers.
static int64_t getUnit(Type type) {
  if (auto ptr = dyn_cast<PointerType>(getElementTypeOrSelf(type)))
    return getElementBytes(ptr.getPointeeType());
  return 1;
}

/// The shape AxisInfo gives `type`: a scalar is a tensor of one element.
static SmallVector<int64_t> getAxisShape(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return SmallVector<int64_t>(tensor.getShape());
  return {1};
}

/// The integer `attr` holds (an integer or a splat of integers), read the way
/// AxisInfo stores constants: i1 zero-extended, wider types sign-extended.
static std::optional<int64_t> getIntegerConstant(Attribute attr) {
  if (auto splat = dyn_cast_or_null<SplatElementsAttr>(attr))
    attr = splat.getSplatValue<Attribute>();
  auto integer = dyn_cast_or_null<IntegerAttr>(attr);
  if (!integer || !isa<IntegerType, IndexType>(integer.getType()))
    return std::nullopt;
  const APInt &bits = integer.getValue();
  if (bits.getBitWidth() > 64)
    return std::nullopt;
  return bits.getBitWidth() == 1 ? int64_t(bits.getZExtValue())
                                 : bits.getSExtValue();
}

//===----------------------------------------------------------------------===//
// AxisInfo
//===----------------------------------------------------------------------===//

AxisInfo::AxisInfo(ArrayRef<int64_t> contiguity, ArrayRef<int64_t> divisibility,
                   ArrayRef<int64_t> constancy,
                   std::optional<int64_t> constantValue)
    : contiguity(contiguity), divisibility(divisibility), constancy(constancy),
      constantValue(constantValue),
      nonNegative(constantValue && *constantValue >= 0) {
  assert(contiguity.size() == divisibility.size() &&
         contiguity.size() == constancy.size() && "one entry per dimension");
}

int64_t AxisInfo::getDivisibilityAtStride(unsigned dim, int64_t stride,
                                          int64_t unit) const {
  if (stride >= getContiguity(dim))
    return getDivisibility(dim);
  return std::min(getDivisibility(dim), multiplyDivisibility(stride, unit));
}

AxisInfo AxisInfo::getPessimisticValueState(Value value) {
  SmallVector<int64_t> shape = getAxisShape(value.getType());
  DimVector ones(shape.size(), 1);
  DimVector divisibility(shape.size(), getUnit(value.getType()));
  return AxisInfo(ones, divisibility, ones);
}

AxisInfo AxisInfo::getConstantState(ArrayRef<int64_t> shape, int64_t value) {
  DimVector ones(shape.size(), 1);
  DimVector divisibility(shape.size(), powerOfTwoDividing(value));
  return AxisInfo(ones, divisibility, shape, value);
}

AxisInfo AxisInfo::join(const AxisInfo &lhs, const AxisInfo &rhs) {
  if (!lhs.isInitialized())
    return rhs;
  if (!rhs.isInitialized())
    return lhs;
  // Values of one type always agree on the rank; keep the join total anyway.
  if (lhs.getRank() != rhs.getRank()) {
    DimVector ones(lhs.getRank(), 1);
    return AxisInfo(ones, ones, ones);
  }
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0, e = lhs.getRank(); d < e; ++d) {
    contiguity.push_back(gcd(lhs.getContiguity(d), rhs.getContiguity(d)));
    constancy.push_back(gcd(lhs.getConstancy(d), rhs.getConstancy(d)));
    // Joined runs are shorter: use what holds at the shorter run's starts
    // (in steps of 1, which understates pointers' but stays true).
    divisibility.push_back(
        gcd(lhs.getDivisibilityAtStride(d, contiguity.back()),
            rhs.getDivisibilityAtStride(d, contiguity.back())));
  }
  std::optional<int64_t> constant;
  if (lhs.constantValue == rhs.constantValue)
    constant = lhs.constantValue;
  AxisInfo joined(contiguity, divisibility, constancy, constant);
  joined.setNonNegative(lhs.nonNegative && rhs.nonNegative);
  return joined;
}

static void printList(raw_ostream &os, ArrayRef<int64_t> values) {
  os << '[';
  llvm::interleaveComma(values, os);
  os << ']';
}

void AxisInfo::print(raw_ostream &os) const {
  if (!isInitialized()) {
    os << "<uninitialized>";
    return;
  }
  os << "contiguity = ";
  printList(os, contiguity);
  os << ", divisibility = ";
  printList(os, divisibility);
  os << ", constancy = ";
  printList(os, constancy);
  if (constantValue)
    os << ", constant = " << *constantValue;
}

//===----------------------------------------------------------------------===//
// Transfer functions
//===----------------------------------------------------------------------===//

namespace {
/// The per-dimension facts of a result under construction.
struct Facts {
  explicit Facts(unsigned rank)
      : contiguity(rank, 1), divisibility(rank, 1), constancy(rank, 1) {}
  AxisInfo get() const { return AxisInfo(contiguity, divisibility, constancy); }
  DimVector contiguity, divisibility, constancy;
};
} // namespace

/// The exact facts of a dense integer constant.
static AxisInfo getDenseConstantState(DenseIntElementsAttr attr) {
  if (attr.isSplat())
    return AxisInfo::getConstantState(
        attr.getType().getShape(),
        *getIntegerConstant(attr.getSplatValue<IntegerAttr>()));
  ArrayRef<int64_t> shape = attr.getType().getShape();
  SmallVector<int64_t> values;
  for (const APInt &value : attr.getValues<APInt>())
    values.push_back(value.getBitWidth() == 1 ? int64_t(value.getZExtValue())
                                              : value.getSExtValue());
  Facts facts(shape.size());
  int64_t stride = 1;
  for (int64_t d = shape.size() - 1; d >= 0; --d) {
    // A run may not cross index p along d where the rule breaks between p - 1
    // and p: runs are aligned, so their length must divide p.
    int64_t contiguity = shape[d], constancy = shape[d];
    for (int64_t i = 0, e = values.size(); i < e; ++i) {
      int64_t p = (i / stride) % shape[d];
      if (p == 0)
        continue;
      int64_t previous = values[i - stride];
      if (values[i] != previous + 1)
        contiguity = std::min(contiguity, powerOfTwoDividing(p));
      if (values[i] != previous)
        constancy = std::min(constancy, powerOfTwoDividing(p));
    }
    int64_t divisibility = kMaxDivisibility;
    for (int64_t i = 0, e = values.size(); i < e; ++i)
      if (((i / stride) % shape[d]) % contiguity == 0)
        divisibility = std::min(divisibility, powerOfTwoDividing(values[i]));
    facts.contiguity[d] = contiguity;
    facts.divisibility[d] = divisibility;
    facts.constancy[d] = constancy;
    stride *= shape[d];
  }
  AxisInfo info = facts.get();
  info.setNonNegative(llvm::all_of(values, [](int64_t v) { return v >= 0; }));
  return info;
}

/// Elementwise `lhs + rhs` (or `lhs - rhs`); `rhsScale` converts the units of
/// `rhs` into those of `lhs` (the pointee size for block.addptr).
static AxisInfo visitAdd(const AxisInfo &lhs, const AxisInfo &rhs, bool isSub,
                         int64_t unit, int64_t rhsScale) {
  Facts facts(lhs.getRank());
  for (unsigned d = 0, e = lhs.getRank(); d < e; ++d) {
    // A run plus a constant is a run; a constant minus a run is not.
    int64_t contiguity = gcd(lhs.getContiguity(d), rhs.getConstancy(d));
    if (!isSub)
      contiguity =
          std::max(contiguity, gcd(lhs.getConstancy(d), rhs.getContiguity(d)));
    facts.contiguity[d] = contiguity;
    facts.constancy[d] = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    facts.divisibility[d] =
        gcd(lhs.getDivisibilityAtStride(d, contiguity, unit),
            multiplyDivisibility(rhs.getDivisibilityAtStride(d, contiguity),
                                 rhsScale));
  }
  return facts.get();
}

static AxisInfo visitMul(const AxisInfo &lhs, const AxisInfo &rhs) {
  if (rhs.getConstantValue() == 1)
    return lhs;
  if (lhs.getConstantValue() == 1)
    return rhs;
  Facts facts(lhs.getRank());
  for (unsigned d = 0, e = lhs.getRank(); d < e; ++d) {
    facts.constancy[d] = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    facts.divisibility[d] = multiplyDivisibility(
        lhs.getDivisibilityAtStride(d, 1), rhs.getDivisibilityAtStride(d, 1));
  }
  return facts.get();
}

int64_t mlir::block::getAlignedRunLength(const AxisInfo &lhs,
                                         const AxisInfo &rhs, unsigned d) {
  return std::min({lhs.getContiguity(d), lhs.getDivisibility(d),
                   rhs.getConstancy(d), rhs.getDivisibilityAtStride(d, 1)});
}

/// `lhs / rhs` (rounding down when `isFloor`, else towards zero).
static AxisInfo visitDiv(const AxisInfo &lhs, const AxisInfo &rhs,
                         bool isFloor) {
  if (rhs.getConstantValue() == 1)
    return lhs;
  std::optional<int64_t> divisor = rhs.getConstantValue();
  Facts facts(lhs.getRank());
  for (unsigned d = 0, e = lhs.getRank(); d < e; ++d) {
    int64_t constancy = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    // Rounding towards zero breaks the groups of negative dividends.
    if (isFloor)
      constancy = std::max(constancy, getAlignedRunLength(lhs, rhs, d));
    facts.constancy[d] = constancy;
    int64_t dividend = lhs.getDivisibilityAtStride(d, 1);
    if (divisor && *divisor > 0 && llvm::isPowerOf2_64(*divisor) &&
        dividend % *divisor == 0)
      facts.divisibility[d] = dividend / *divisor;
  }
  return facts.get();
}

/// `lhs % rhs` (with a non-negative remainder when `isFloor`).
static AxisInfo visitRem(const AxisInfo &lhs, const AxisInfo &rhs,
                         bool isFloor) {
  Facts facts(lhs.getRank());
  for (unsigned d = 0, e = lhs.getRank(); d < e; ++d) {
    int64_t contiguity = isFloor ? getAlignedRunLength(lhs, rhs, d) : 1;
    facts.contiguity[d] = contiguity;
    facts.constancy[d] = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    facts.divisibility[d] = gcd(lhs.getDivisibilityAtStride(d, contiguity),
                                rhs.getDivisibilityAtStride(d, contiguity));
  }
  return facts.get();
}

/// `lhs & rhs`: masking a run with 2^n - 1 is `% 2^n`; clearing bits keeps
/// every factor of two.
static AxisInfo visitAnd(const AxisInfo &lhs, const AxisInfo &rhs) {
  auto isLowMask = [](const AxisInfo &info) {
    std::optional<int64_t> mask = info.getConstantValue();
    return mask && *mask > 0 && llvm::isPowerOf2_64(uint64_t(*mask) + 1);
  };
  Facts facts(lhs.getRank());
  for (unsigned d = 0, e = lhs.getRank(); d < e; ++d) {
    int64_t contiguity = 1;
    if (isLowMask(rhs))
      contiguity = std::min({lhs.getContiguity(d), lhs.getDivisibility(d),
                             *rhs.getConstantValue() + 1});
    else if (isLowMask(lhs))
      contiguity = std::min({rhs.getContiguity(d), rhs.getDivisibility(d),
                             *lhs.getConstantValue() + 1});
    facts.contiguity[d] = contiguity;
    facts.constancy[d] = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    facts.divisibility[d] =
        std::max(lhs.getDivisibilityAtStride(d, contiguity),
                 rhs.getDivisibilityAtStride(d, contiguity));
  }
  return facts.get();
}

/// `lhs | rhs`, `lhs ^ rhs`, `min`, `max`: each result bit pattern keeps the
/// factors of two both operands share.
static AxisInfo visitBitwiseOrSelectLike(const AxisInfo &lhs,
                                         const AxisInfo &rhs) {
  Facts facts(lhs.getRank());
  for (unsigned d = 0, e = lhs.getRank(); d < e; ++d) {
    facts.constancy[d] = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    facts.divisibility[d] = gcd(lhs.getDivisibilityAtStride(d, 1),
                                rhs.getDivisibilityAtStride(d, 1));
  }
  return facts.get();
}

static AxisInfo visitShiftLeft(const AxisInfo &lhs, const AxisInfo &rhs) {
  std::optional<int64_t> shift = rhs.getConstantValue();
  if (shift == 0)
    return lhs;
  Facts facts(lhs.getRank());
  for (unsigned d = 0, e = lhs.getRank(); d < e; ++d) {
    facts.constancy[d] = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    int64_t factor =
        shift && *shift > 0 && *shift < 62 ? int64_t(1) << *shift : 1;
    facts.divisibility[d] =
        multiplyDivisibility(lhs.getDivisibilityAtStride(d, 1), factor);
  }
  return facts.get();
}

/// A right shift by a constant is a division rounding down by 2^shift.
static AxisInfo visitShiftRight(const AxisInfo &lhs, const AxisInfo &rhs,
                                ArrayRef<int64_t> shape) {
  std::optional<int64_t> shift = rhs.getConstantValue();
  if (shift == 0)
    return lhs;
  if (!shift || *shift < 0 || *shift >= 62) {
    Facts facts(lhs.getRank());
    for (unsigned d = 0, e = lhs.getRank(); d < e; ++d)
      facts.constancy[d] = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    return facts.get();
  }
  AxisInfo divisor = AxisInfo::getConstantState(shape, int64_t(1) << *shift);
  return visitDiv(lhs, divisor, /*isFloor=*/true);
}

/// `cond ? lhs : rhs`; a scalar condition is uniform over a tensor.
static AxisInfo visitSelect(const AxisInfo &cond, bool condIsUniform,
                            const AxisInfo &lhs, const AxisInfo &rhs,
                            ArrayRef<int64_t> shape, int64_t unit) {
  if (std::optional<int64_t> value = cond.getConstantValue())
    return *value ? lhs : rhs;
  Facts facts(lhs.getRank());
  for (unsigned d = 0, e = lhs.getRank(); d < e; ++d) {
    int64_t condConstancy = condIsUniform ? shape[d] : cond.getConstancy(d);
    int64_t contiguity =
        std::min({condConstancy, lhs.getContiguity(d), rhs.getContiguity(d)});
    facts.contiguity[d] = contiguity;
    facts.constancy[d] =
        std::min({condConstancy, lhs.getConstancy(d), rhs.getConstancy(d)});
    facts.divisibility[d] =
        gcd(lhs.getDivisibilityAtStride(d, contiguity, unit),
            rhs.getDivisibilityAtStride(d, contiguity, unit));
  }
  return facts.get();
}

static AxisInfo visitCmp(arith::CmpIPredicate predicate, const AxisInfo &lhs,
                         const AxisInfo &rhs) {
  using arith::CmpIPredicate;
  // `run < value` and `run >= value` are uniform over aligned groups, and so
  // are `value > run` and `value <= run`.
  const AxisInfo *run = nullptr, *value = nullptr;
  switch (predicate) {
  case CmpIPredicate::slt:
  case CmpIPredicate::ult:
  case CmpIPredicate::sge:
  case CmpIPredicate::uge:
    run = &lhs, value = &rhs;
    break;
  case CmpIPredicate::sgt:
  case CmpIPredicate::ugt:
  case CmpIPredicate::sle:
  case CmpIPredicate::ule:
    run = &rhs, value = &lhs;
    break;
  default:
    break;
  }
  Facts facts(lhs.getRank());
  for (unsigned d = 0, e = lhs.getRank(); d < e; ++d) {
    int64_t constancy = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    if (run)
      constancy = std::max(constancy, getAlignedRunLength(*run, *value, d));
    facts.constancy[d] = constancy;
  }
  return facts.get();
}

static AxisInfo visitBroadcast(const AxisInfo &src, RankedTensorType srcType,
                               RankedTensorType resultType) {
  Facts facts(src.getRank());
  for (unsigned d = 0, e = src.getRank(); d < e; ++d) {
    facts.divisibility[d] = src.getDivisibility(d);
    if (srcType.getDimSize(d) == 1 && resultType.getDimSize(d) != 1) {
      facts.constancy[d] = resultType.getDimSize(d);
      continue;
    }
    facts.contiguity[d] = src.getContiguity(d);
    facts.constancy[d] = src.getConstancy(d);
  }
  return AxisInfo(facts.contiguity, facts.divisibility, facts.constancy,
                  src.getConstantValue());
}

/// The divisibility of every element: any dimension's stride-1 divisibility
/// holds for all of them, so take the best.
static int64_t getElementDivisibility(const AxisInfo &info, int64_t unit) {
  int64_t divisibility = 1;
  for (unsigned d = 0, e = info.getRank(); d < e; ++d)
    divisibility =
        std::max(divisibility, info.getDivisibilityAtStride(d, 1, unit));
  return divisibility;
}

static AxisInfo visitExpandDims(const AxisInfo &src, unsigned axis,
                                int64_t unit) {
  DimVector contiguity(src.getContiguity()),
      divisibility(src.getDivisibility()), constancy(src.getConstancy());
  contiguity.insert(contiguity.begin() + axis, 1);
  divisibility.insert(divisibility.begin() + axis,
                      getElementDivisibility(src, unit));
  constancy.insert(constancy.begin() + axis, 1);
  return AxisInfo(contiguity, divisibility, constancy, src.getConstantValue());
}

/// A row-major reshape keeps the order of the elements: runs along the last
/// dimension stay runs along the new last dimension, cut to its size.
static AxisInfo visitReshape(const AxisInfo &src, RankedTensorType srcType,
                             RankedTensorType resultType, int64_t unit) {
  if (std::optional<int64_t> value = src.getConstantValue())
    return AxisInfo::getConstantState(resultType.getShape(), *value);
  unsigned rank = resultType.getRank();
  Facts facts(rank);
  int64_t every = getElementDivisibility(src, unit);
  for (unsigned d = 0; d < rank; ++d)
    facts.divisibility[d] = every;
  unsigned srcLast = srcType.getRank() - 1;
  int64_t lastSize = resultType.getShape().back();
  int64_t contiguity = std::min(src.getContiguity(srcLast), lastSize);
  facts.contiguity[rank - 1] = contiguity;
  facts.constancy[rank - 1] = std::min(src.getConstancy(srcLast), lastSize);
  if (contiguity > 1)
    facts.divisibility[rank - 1] =
        src.getDivisibilityAtStride(srcLast, contiguity, unit);
  return facts.get();
}

static AxisInfo visitTrans(const AxisInfo &src, ArrayRef<int32_t> order) {
  Facts facts(src.getRank());
  for (auto [i, d] : llvm::enumerate(order)) {
    facts.contiguity[i] = src.getContiguity(d);
    facts.divisibility[i] = src.getDivisibility(d);
    facts.constancy[i] = src.getConstancy(d);
  }
  return AxisInfo(facts.contiguity, facts.divisibility, facts.constancy,
                  src.getConstantValue());
}

/// Reinterpreting the units of a run: a run stays a run only between types
/// of one element size; the address and its factors of two stay.
static AxisInfo visitUnitChange(const AxisInfo &src, int64_t fromUnit,
                                int64_t toUnit) {
  if (fromUnit == toUnit)
    return src;
  Facts facts(src.getRank());
  for (unsigned d = 0, e = src.getRank(); d < e; ++d) {
    facts.divisibility[d] = src.getDivisibilityAtStride(d, 1, fromUnit);
    facts.constancy[d] = src.getConstancy(d);
  }
  return facts.get();
}

/// Truncation keeps a run unless it may wrap around 2^width: a run whose start
/// is a multiple of its length (at most 2^width) does not.
static AxisInfo visitTrunc(const AxisInfo &src, unsigned width) {
  Facts facts(src.getRank());
  int64_t modulus = width >= 62 ? kMaxDivisibility : int64_t(1) << width;
  for (unsigned d = 0, e = src.getRank(); d < e; ++d) {
    int64_t contiguity = src.getContiguity(d);
    bool keepsRun = contiguity <= std::min(src.getDivisibility(d), modulus);
    facts.contiguity[d] = keepsRun ? contiguity : 1;
    facts.divisibility[d] = src.getDivisibilityAtStride(d, facts.contiguity[d]);
    facts.constancy[d] = src.getConstancy(d);
  }
  return facts.get();
}

/// The facts of the constant `attr` that constant propagation found for the
/// result of the arith operation `op`: dense tensors of an arith.constant
/// element by element, other constants when they are one integer.
static std::optional<AxisInfo> getConstantResultState(Operation *op,
                                                      Attribute attr) {
  if (auto dense = dyn_cast_or_null<DenseIntElementsAttr>(attr);
      dense && isa<arith::ConstantOp>(op) &&
      (dense.getElementType().isIndex() ||
       dense.getElementType().getIntOrFloatBitWidth() <= 64))
    return getDenseConstantState(dense);
  if (std::optional<int64_t> value = getIntegerConstant(attr))
    return AxisInfo::getConstantState(
        getAxisShape(op->getResult(0).getType()), *value);
  return std::nullopt;
}

/// Whether the single integer result of `op` is non-negative.
static bool isNonNegativeResult(Operation *op,
                                ArrayRef<const AxisInfo *> operands) {
  auto nonNegative = [&](unsigned i) { return operands[i]->isNonNegative(); };
  return TypeSwitch<Operation *, bool>(op)
      // The verifier keeps arange's bounds non-negative.
      .Case([&](ArangeOp arange) { return !arange.getBase() || nonNegative(0); })
      .Case<ProgramIdOp, NumProgramsOp, arith::ExtUIOp,
            arith::IndexCastUIOp, arith::CmpIOp, arith::ShRUIOp>(
          [](Operation *) { return true; })
      .Case<SplatOp, BroadcastOp, ExpandDimsOp, ReshapeOp, TransOp,
            ConvertLayoutOp, arith::ExtSIOp, arith::IndexCastOp, arith::ShRSIOp,
            arith::ShLIOp, arith::DivUIOp, arith::RemUIOp, arith::RemSIOp>(
          [&](Operation *) { return nonNegative(0); })
      .Case<arith::AddIOp, arith::MulIOp, arith::DivSIOp, arith::OrIOp,
            arith::XOrIOp, arith::MinSIOp, arith::MaxUIOp>(
          [&](Operation *) { return nonNegative(0) && nonNegative(1); })
      .Case<arith::AndIOp, arith::MaxSIOp, arith::MinUIOp>(
          [&](Operation *) { return nonNegative(0) || nonNegative(1); })
      .Case([&](arith::SelectOp) { return nonNegative(1) && nonNegative(2); })
      .Default([](Operation *) { return false; });
}

/// The facts about the single result of `op`, or nothing when only the
/// pessimistic state holds.
static std::optional<AxisInfo> visitOp(Operation *op,
                                       ArrayRef<const AxisInfo *> operands) {
  Value result = op->getResult(0);
  SmallVector<int64_t> shape = getAxisShape(result.getType());
  int64_t unit = getUnit(result.getType());
  auto operand = [&](unsigned i) -> const AxisInfo & { return *operands[i]; };
  auto tensorType = [](Value value) {
    return cast<RankedTensorType>(value.getType());
  };
  // The facts of a tensor of the result's shape equal to `scalar`.
  auto splat = [&](const AxisInfo &scalar) {
    DimVector ones(shape.size(), 1);
    DimVector divisibility(shape.size(), scalar.getDivisibility(0));
    return AxisInfo(ones, divisibility, shape, scalar.getConstantValue());
  };
  return TypeSwitch<Operation *, std::optional<AxisInfo>>(op)
      .Case([&](ArangeOp arange) {
        AxisInfo range({arange.getEnd() - arange.getStart()},
                       {powerOfTwoDividing(arange.getStart())}, {1});
        if (!arange.getBase())
          return range;
        return visitAdd(splat(operand(0)), range, /*isSub=*/false, 1, 1);
      })
      .Case([&](SplatOp) { return splat(operand(0)); })
      .Case([&](BroadcastOp broadcast) {
        // From a lower rank: expand_dims at each new dimension, then a
        // broadcast of one rank, as canonicalisation rewrites it.
        AxisInfo info = operand(0);
        RankedTensorType src = tensorType(broadcast.getSrc());
        if (std::optional<ArrayRef<int32_t>> dims = broadcast.getDims()) {
          SmallVector<int64_t> expanded(src.getShape());
          for (int64_t d = 0, e = shape.size(); d < e; ++d)
            if (!llvm::is_contained(*dims, d)) {
              expanded.insert(expanded.begin() + d, 1);
              info = visitExpandDims(info, d, unit);
            }
          src = RankedTensorType::get(expanded, src.getElementType());
        }
        return visitBroadcast(info, src, tensorType(broadcast.getResult()));
      })
      .Case([&](ExpandDimsOp expand) {
        return visitExpandDims(operand(0), expand.getAxis(), unit);
      })
      .Case([&](ReshapeOp reshape) {
        return visitReshape(operand(0), tensorType(reshape.getSrc()),
                            tensorType(reshape.getResult()), unit);
      })
      .Case([&](TransOp trans) {
        return visitTrans(operand(0), trans.getOrder());
      })
      .Case([&](ConvertLayoutOp) { return operand(0); })
      .Case([&](AddPtrOp addPtr) {
        // A scalar base with tensor offsets adds the splat of it.
        if (!isa<RankedTensorType>(addPtr.getPtr().getType()) && !shape.empty())
          return visitAdd(splat(operand(0)), operand(1), /*isSub=*/false, unit,
                          unit);
        return visitAdd(operand(0), operand(1), /*isSub=*/false, unit, unit);
      })
      .Case([&](BitcastOp bitcast) -> std::optional<AxisInfo> {
        if (!isa<PointerType>(getElementTypeOrSelf(bitcast.getType())))
          return std::nullopt;
        return visitUnitChange(operand(0), getUnit(bitcast.getSrc().getType()),
                               unit);
      })
      .Case([&](PtrToIntOp ptrToInt) {
        return visitUnitChange(operand(0), getUnit(ptrToInt.getPtr().getType()),
                               1);
      })
      .Case([&](IntToPtrOp) { return visitUnitChange(operand(0), 1, unit); })
      .Case([&](arith::AddIOp) {
        return visitAdd(operand(0), operand(1), /*isSub=*/false, 1, 1);
      })
      .Case([&](arith::SubIOp) {
        return visitAdd(operand(0), operand(1), /*isSub=*/true, 1, 1);
      })
      .Case([&](arith::MulIOp) { return visitMul(operand(0), operand(1)); })
      .Case([&](arith::DivUIOp) {
        return visitDiv(operand(0), operand(1), /*isFloor=*/true);
      })
      .Case([&](arith::DivSIOp) {
        return visitDiv(operand(0), operand(1),
                        /*isFloor=*/operand(0).isNonNegative());
      })
      .Case([&](arith::RemUIOp) {
        return visitRem(operand(0), operand(1), /*isFloor=*/true);
      })
      .Case([&](arith::RemSIOp) {
        return visitRem(operand(0), operand(1),
                        /*isFloor=*/operand(0).isNonNegative());
      })
      .Case([&](arith::AndIOp) { return visitAnd(operand(0), operand(1)); })
      .Case<arith::OrIOp, arith::XOrIOp, arith::MinSIOp, arith::MaxSIOp,
            arith::MinUIOp, arith::MaxUIOp>([&](Operation *) {
        return visitBitwiseOrSelectLike(operand(0), operand(1));
      })
      .Case(
          [&](arith::ShLIOp) { return visitShiftLeft(operand(0), operand(1)); })
      .Case<arith::ShRUIOp, arith::ShRSIOp>([&](Operation *) {
        return visitShiftRight(operand(0), operand(1), shape);
      })
      .Case<arith::ExtSIOp, arith::ExtUIOp, arith::IndexCastOp,
            arith::IndexCastUIOp>([&](Operation *) { return operand(0); })
      .Case([&](arith::TruncIOp trunc) {
        return visitTrunc(
            operand(0),
            getElementTypeOrSelf(trunc.getType()).getIntOrFloatBitWidth());
      })
      .Case([&](arith::SelectOp select) {
        return visitSelect(
            operand(0), !isa<RankedTensorType>(select.getCondition().getType()),
            operand(1), operand(2), shape, unit);
      })
      .Case([&](arith::CmpIOp cmp) {
        return visitCmp(cmp.getPredicate(), operand(0), operand(1));
      })
      .Default([](Operation *) { return std::nullopt; });
}

//===----------------------------------------------------------------------===//
// The data-flow analysis
//===----------------------------------------------------------------------===//

namespace {
using AxisInfoLattice = dataflow::Lattice<AxisInfo>;

class AxisInfoDataFlow
    : public dataflow::SparseForwardDataFlowAnalysis<AxisInfoLattice> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  LogicalResult visitOperation(Operation *op,
                               ArrayRef<const AxisInfoLattice *> operands,
                               ArrayRef<AxisInfoLattice *> results) override {
    // Wait until every operand has been reached.
    if (llvm::any_of(operands, [](const AxisInfoLattice *lattice) {
          return !lattice->getValue().isInitialized();
        }))
      return success();
    if (results.size() != 1 || !isTracked(op->getResult(0).getType())) {
      setAllToEntryStates(results);
      return success();
    }
    SmallVector<const AxisInfo *> infos;
    for (const AxisInfoLattice *lattice : operands)
      infos.push_back(&lattice->getValue());
    std::optional<AxisInfo> state;
    if (isa_and_nonnull<arith::ArithDialect>(op->getDialect())) {
      // The constant of an arith operation is what constant propagation
      // folded; wait until it has reached the operation.
      const auto *constant =
          getOrCreateFor<dataflow::Lattice<dataflow::ConstantValue>>(
              getProgramPointAfter(op), op->getResult(0));
      if (constant->getValue().isUninitialized())
        return success();
      state =
          getConstantResultState(op, constant->getValue().getConstantValue());
    }
    if (!state)
      state = visitOp(op, infos);
    AxisInfo info =
        state.value_or(AxisInfo::getPessimisticValueState(op->getResult(0)));
    info.setNonNegative(info.isNonNegative() || isNonNegativeResult(op, infos));
    propagateIfChanged(results.front(), results.front()->join(info));
    return success();
  }

  /// The induction variable of scf.for is a multiple of what divides both
  /// its lower bound and its step.
  void visitNonControlFlowArguments(Operation *op,
                                    const RegionSuccessor &successor,
                                    ArrayRef<AxisInfoLattice *> argLattices,
                                    unsigned firstIndex) override {
    auto forOp = dyn_cast<scf::ForOp>(op);
    if (!forOp || successor.getSuccessor() != &forOp.getRegion())
      return SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(
          op, successor, argLattices, firstIndex);
    ProgramPoint *point = getProgramPointBefore(forOp.getBody());
    const AxisInfo &lb =
        getLatticeElementFor(point, forOp.getLowerBound())->getValue();
    const AxisInfo &step =
        getLatticeElementFor(point, forOp.getStep())->getValue();
    if (lb.isInitialized() && step.isInitialized()) {
      AxisInfo iv({1}, {gcd(lb.getDivisibility(0), step.getDivisibility(0))},
                  {1});
      iv.setNonNegative(lb.isNonNegative() && step.isNonNegative());
      AxisInfoLattice *lattice = argLattices.front();
      propagateIfChanged(lattice, lattice->join(iv));
    }
    // The other arguments are the iteration arguments, set by control flow.
    // (Without any, the framework passes firstIndex = 0: do not trust it.)
  }

  /// Function arguments get their hints; everything else nothing.
  void setToEntryState(AxisInfoLattice *lattice) override {
    Value value = lattice->getAnchor();
    AxisInfo state = AxisInfo::getPessimisticValueState(value);
    if (auto arg = dyn_cast<BlockArgument>(value))
      if (std::optional<int64_t> hint = getArgumentHint(arg))
        state = AxisInfo({1}, {std::max(*hint, getUnit(arg.getType()))}, {1});
    propagateIfChanged(lattice, lattice->join(state));
  }

private:
  /// `block.divisibility` or `block.alignment` of a function argument.
  static std::optional<int64_t> getArgumentHint(BlockArgument arg) {
    auto func = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
    if (!func || arg.getOwner() != &func.getFunctionBody().front() ||
        isa<RankedTensorType>(arg.getType()))
      return std::nullopt;
    for (StringRef name : {BlockDialect::getDivisibilityAttrName(),
                           BlockDialect::getAlignmentAttrName()})
      if (auto hint =
              func.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(), name))
        if (hint.getInt() > 0 && llvm::isPowerOf2_64(hint.getInt()))
          return std::min(hint.getInt(), kMaxDivisibility);
    return std::nullopt;
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// AxisInfoAnalysis
//===----------------------------------------------------------------------===//

AxisInfoAnalysis::AxisInfoAnalysis(Operation *root)
    : solver(std::make_unique<DataFlowSolver>()) {
  dataflow::loadBaselineAnalyses(*solver);
  solver->load<AxisInfoDataFlow>();
  // A failure leaves values unreached, and getAxisInfo then answers null.
  (void)solver->initializeAndRun(root);
}

AxisInfoAnalysis::~AxisInfoAnalysis() = default;
AxisInfoAnalysis::AxisInfoAnalysis(AxisInfoAnalysis &&) noexcept = default;
AxisInfoAnalysis &
AxisInfoAnalysis::operator=(AxisInfoAnalysis &&) noexcept = default;

const AxisInfo *AxisInfoAnalysis::getAxisInfo(Value value) const {
  if (!value || !isTracked(value.getType()))
    return nullptr;
  const auto *lattice = solver->lookupState<AxisInfoLattice>(value);
  if (!lattice || !lattice->getValue().isInitialized())
    return nullptr;
  return &lattice->getValue();
}

unsigned AxisInfoAnalysis::getMostContiguousDim(Value ptr) const {
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type)
    return 0;
  unsigned best = type.getRank() - 1;
  const AxisInfo *info = getAxisInfo(ptr);
  if (!info)
    return best;
  for (unsigned d = 0, e = type.getRank(); d < e; ++d)
    if (info->getContiguity(d) >= info->getContiguity(best))
      best = d;
  return best;
}

unsigned
AxisInfoAnalysis::getVectorWidth(Value ptr, Value mask,
                                 unsigned elemsPerThreadContiguous) const {
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type)
    return 1;
  unsigned dim = type.getRank() - 1;
  if (auto layout = dyn_cast_or_null<DistributedLayoutAttr>(type.getEncoding()))
    dim = getLayoutOrder(layout.toLinearLayout(type.getShape())).front();
  return getVectorWidth(ptr, mask, elemsPerThreadContiguous, dim);
}

unsigned AxisInfoAnalysis::getVectorWidth(Value ptr, Value mask,
                                          unsigned elemsPerThreadContiguous,
                                          unsigned dim) const {
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  auto ptrType = type ? dyn_cast<PointerType>(type.getElementType()) : nullptr;
  const AxisInfo *info = getAxisInfo(ptr);
  if (!ptrType || !info || elemsPerThreadContiguous == 0 ||
      dim >= info->getRank())
    return 1;
  int64_t elemBytes = getElementBytes(ptrType.getPointeeType());
  int64_t width =
      std::min({info->getContiguity(dim),
                std::max<int64_t>(1, info->getDivisibility(dim) / elemBytes),
                std::max<int64_t>(1, 16 / elemBytes),
                int64_t(llvm::bit_floor(elemsPerThreadContiguous))});
  if (mask && isa<RankedTensorType>(mask.getType())) {
    const AxisInfo *maskInfo = getAxisInfo(mask);
    width = std::min(width, maskInfo && dim < maskInfo->getRank()
                                ? maskInfo->getConstancy(dim)
                                : int64_t(1));
  }
  return unsigned(std::max<int64_t>(1, width));
}
