//===- Combiners.cpp - Named combiners of reductions and scans ------------===//

#include "block/Dialect/Block/IR/Combiners.h"
#include "block/Dialect/Block/IR/BlockOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/OperationSupport.h"

using namespace mlir;
using namespace mlir::block;

namespace {
enum class Domain { Integer, Float, Any };
} // namespace

/// Which element types the single-operand combiner `kind` takes.
static Domain getDomain(CombinerKind kind) {
  switch (kind) {
  case CombinerKind::add:
  case CombinerKind::mul:
  case CombinerKind::argmax:
  case CombinerKind::argmin:
    return Domain::Any;
  case CombinerKind::maximumf:
  case CombinerKind::maxnumf:
  case CombinerKind::minimumf:
  case CombinerKind::minnumf:
    return Domain::Float;
  default:
    return Domain::Integer;
  }
}

static bool isArgKind(CombinerKind kind) {
  return kind == CombinerKind::argmax || kind == CombinerKind::argmin;
}

std::string mlir::block::whyNotCombinable(CombinerKind kind,
                                          TypeRange elementTypes) {
  std::string why;
  llvm::raw_string_ostream os(why);
  StringRef name = stringifyCombinerKind(kind);
  size_t arity = isArgKind(kind) ? 2 : 1;
  if (elementTypes.size() != arity) {
    os << "combiner '" << name << "' takes " << arity << " operand"
       << (arity == 1 ? "" : "s (a value and its index)") << ", not "
       << elementTypes.size();
    return why;
  }
  Type value = elementTypes.front();
  bool isInt = isa<IntegerType>(value), isFloat = isa<FloatType>(value);
  Domain domain = getDomain(kind);
  if ((domain == Domain::Integer && !isInt) ||
      (domain == Domain::Float && !isFloat) ||
      (domain == Domain::Any && !isInt && !isFloat))
    os << "combiner '" << name << "' combines "
       << (domain == Domain::Integer ? "integers"
           : domain == Domain::Float ? "floats"
                                     : "integers or floats")
       << ", not '" << value << "'";
  else if (isArgKind(kind) && !isa<IntegerType>(elementTypes[1]))
    os << "combiner '" << name << "' needs an integer index, not '"
       << elementTypes[1] << "'";
  return why;
}

/// `a op b` for the single-value combiner `kind`.
static Value combine(OpBuilder &b, Location loc, CombinerKind kind, Value lhs,
                     Value rhs) {
  bool isFloat = isa<FloatType>(lhs.getType());
  switch (kind) {
  case CombinerKind::add:
    return isFloat ? Value(arith::AddFOp::create(b, loc, lhs, rhs))
                   : Value(arith::AddIOp::create(b, loc, lhs, rhs));
  case CombinerKind::mul:
    return isFloat ? Value(arith::MulFOp::create(b, loc, lhs, rhs))
                   : Value(arith::MulIOp::create(b, loc, lhs, rhs));
  case CombinerKind::maxsi:
    return arith::MaxSIOp::create(b, loc, lhs, rhs);
  case CombinerKind::maxui:
    return arith::MaxUIOp::create(b, loc, lhs, rhs);
  case CombinerKind::minsi:
    return arith::MinSIOp::create(b, loc, lhs, rhs);
  case CombinerKind::minui:
    return arith::MinUIOp::create(b, loc, lhs, rhs);
  case CombinerKind::maximumf:
    return arith::MaximumFOp::create(b, loc, lhs, rhs);
  case CombinerKind::maxnumf:
    return arith::MaxNumFOp::create(b, loc, lhs, rhs);
  case CombinerKind::minimumf:
    return arith::MinimumFOp::create(b, loc, lhs, rhs);
  case CombinerKind::minnumf:
    return arith::MinNumFOp::create(b, loc, lhs, rhs);
  case CombinerKind::bit_and:
    return arith::AndIOp::create(b, loc, lhs, rhs);
  case CombinerKind::bit_or:
    return arith::OrIOp::create(b, loc, lhs, rhs);
  case CombinerKind::bit_xor:
    return arith::XOrIOp::create(b, loc, lhs, rhs);
  case CombinerKind::argmax:
  case CombinerKind::argmin:
    break;
  }
  llvm_unreachable("argmax and argmin combine pairs");
}

/// Whether the pair (a, ai) wins over (b, bi) in argmax (`isMax`) or argmin:
/// a is beyond b, or a is NaN and b is not, or they are equal (both NaN
/// included) and ai < bi.
static Value keepsFirstPair(OpBuilder &b, Location loc, bool isMax, Value a,
                            Value ai, Value bv, Value bi) {
  Value beyond, equal;
  if (isa<FloatType>(a.getType())) {
    beyond = arith::CmpFOp::create(
        b, loc, isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT,
        a, bv);
    equal = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, a, bv);
    Value aIsNaN =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, a, a);
    Value bIsNaN =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, bv, bv);
    // On i1, 1 >u 0 is "a is NaN and b is not".
    Value onlyAIsNaN = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ugt, aIsNaN, bIsNaN);
    beyond = arith::OrIOp::create(b, loc, beyond, onlyAIsNaN);
    Value bothNaN = arith::AndIOp::create(b, loc, aIsNaN, bIsNaN);
    equal = arith::OrIOp::create(b, loc, equal, bothNaN);
  } else {
    beyond = arith::CmpIOp::create(
        b, loc, isMax ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::slt,
        a, bv);
    equal = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, a, bv);
  }
  Value earlier =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, ai, bi);
  Value tie = arith::AndIOp::create(b, loc, equal, earlier);
  return arith::OrIOp::create(b, loc, beyond, tie);
}

void mlir::block::buildCombiner(OpBuilder &builder, Location loc,
                                CombinerKind kind, TypeRange elementTypes,
                                Region &region) {
  assert(whyNotCombinable(kind, elementTypes).empty() && "invalid combiner");
  OpBuilder::InsertionGuard guard(builder);
  SmallVector<Type> argTypes(elementTypes);
  argTypes.append(elementTypes.begin(), elementTypes.end());
  Block *body = builder.createBlock(
      &region, {}, argTypes, SmallVector<Location>(argTypes.size(), loc));
  SmallVector<Value> yielded;
  if (isArgKind(kind)) {
    Value a = body->getArgument(0), ai = body->getArgument(1);
    Value b = body->getArgument(2), bi = body->getArgument(3);
    Value keep = keepsFirstPair(builder, loc, kind == CombinerKind::argmax, a,
                                ai, b, bi);
    Value value = arith::SelectOp::create(builder, loc, keep, a, b);
    Value index = arith::SelectOp::create(builder, loc, keep, ai, bi);
    yielded = {value, index};
  } else {
    yielded = {combine(builder, loc, kind, body->getArgument(0),
                       body->getArgument(1))};
  }
  YieldOp::create(builder, loc, yielded);
}

std::optional<CombinerKind> mlir::block::matchCombiner(Region &region) {
  if (!region.hasOneBlock() || region.front().getNumArguments() % 2)
    return std::nullopt;
  Block &body = region.front();
  ValueRange firstHalf = body.getArguments().take_front(body.getNumArguments() / 2);
  TypeRange elementTypes = firstHalf.getTypes();
  OpBuilder builder(region.getContext());
  for (uint32_t i = 0; i <= getMaxEnumValForCombinerKind(); ++i) {
    CombinerKind kind = *symbolizeCombinerKind(i);
    if (!whyNotCombinable(kind, elementTypes).empty())
      continue;
    Region candidate;
    buildCombiner(builder, builder.getUnknownLoc(), kind, elementTypes,
                  candidate);
    if (OperationEquivalence::isRegionEquivalentTo(
            &candidate, &region, OperationEquivalence::IgnoreLocations))
      return kind;
  }
  return std::nullopt;
}
