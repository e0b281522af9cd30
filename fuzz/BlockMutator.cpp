//===- BlockMutator.cpp - Structure-aware mutation of block programs ------===//

#include "BlockMutator.h"
#include "FuzzMlir.h"

#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Dialect/Block/IR/BlockOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>

extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

using namespace mlir;

namespace blockfuzz {
namespace {

using Rng = std::mt19937;

template <typename T> T &pick(Rng &rng, SmallVectorImpl<T> &list) {
  return list[std::uniform_int_distribution<size_t>(0, list.size() - 1)(rng)];
}
template <typename T, size_t N> const T &pick(Rng &rng, const T (&list)[N]) {
  return list[std::uniform_int_distribution<size_t>(0, N - 1)(rng)];
}
bool chance(Rng &rng, unsigned percent) { return rng() % 100 < percent; }

/// The context mutants are parsed into; renewed now and then so that the
/// attributes and types it uniques do not pile up.
MLIRContext &getMutatorContext() {
  static std::unique_ptr<FuzzContext> fuzz;
  static unsigned uses = 0;
  if (!fuzz || ++uses % 256 == 0) {
    fuzz.reset();
    fuzz = std::make_unique<FuzzContext>();
    fuzz->context.loadDialect<arith::ArithDialect, math::MathDialect,
                              scf::SCFDialect, func::FuncDialect,
                              mlir::block::BlockDialect>();
  }
  return fuzz->context;
}

//===----------------------------------------------------------------------===//
// Text mutations
//===----------------------------------------------------------------------===//

/// Decimal numbers that are sizes: not part of an identifier (%c32, i32,
/// sm_90, #blocked1), not part of a float. Returns [begin, end) pairs.
SmallVector<std::pair<size_t, size_t>> findSizeNumbers(StringRef text) {
  SmallVector<std::pair<size_t, size_t>> numbers;
  for (size_t i = 0; i < text.size();) {
    if (!isdigit(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && isdigit(static_cast<unsigned char>(text[end])))
      ++end;
    char before = i ? text[i - 1] : ' ';
    char after = end < text.size() ? text[end] : ' ';
    bool dimSeparator =
        before == 'x' && i >= 2 && isdigit(static_cast<unsigned char>(text[i - 2]));
    bool identifier = (isalpha(static_cast<unsigned char>(before)) &&
                       !dimSeparator) ||
                      strchr("_%#@^.$-", before);
    bool partOfFloat = after == '.' || after == 'e' || after == 'E';
    bool followedByIdentifier =
        (isalpha(static_cast<unsigned char>(after)) && after != 'x') ||
        after == '_';
    if (!identifier && !partOfFloat && !followedByIdentifier)
      numbers.push_back({i, end});
    i = end;
  }
  return numbers;
}

/// Replaces every occurrence of one power-of-two size by its double or half
/// (or a random power of two), keeping the program's shapes consistent.
bool scaleSize(std::string &text, Rng &rng) {
  SmallVector<std::pair<size_t, size_t>> numbers = findSizeNumbers(text);
  SmallVector<uint64_t> sizes;
  for (auto [b, e] : numbers) {
    uint64_t value = 0;
    if (e - b > 8 || StringRef(text).slice(b, e).getAsInteger(10, value))
      continue;
    if (value >= 2 && llvm::isPowerOf2_64(value))
      sizes.push_back(value);
  }
  if (sizes.empty())
    return false;
  uint64_t from = pick(rng, sizes);
  uint64_t to;
  switch (rng() % 4) {
  case 0:
    to = from * 2;
    break;
  case 1:
  case 2:
    to = from / 2;
    break;
  default:
    to = uint64_t(1) << (rng() % 13);
    break;
  }
  std::string fromText = std::to_string(from), toText = std::to_string(to);
  std::string out;
  size_t last = 0;
  for (auto [b, e] : numbers) {
    if (StringRef(text).slice(b, e) != fromText)
      continue;
    out += text.substr(last, b - last);
    out += toText;
    last = e;
  }
  out += text.substr(last);
  text = std::move(out);
  return true;
}

/// Replaces an element type token (f32, i32, ...) everywhere.
bool swapElementType(std::string &text, Rng &rng) {
  static const char *const floats[] = {"f16", "bf16", "f32", "f64"};
  static const char *const ints[] = {"i8", "i16", "i32", "i64", "i1"};
  bool isFloat = rng() % 2;
  std::string from = isFloat ? pick(rng, floats) : pick(rng, ints);
  std::string to = isFloat ? pick(rng, floats) : pick(rng, ints);
  if (from == to)
    return false;
  std::string out;
  bool changed = false;
  for (size_t i = 0; i < text.size();) {
    if (text.compare(i, from.size(), from) == 0) {
      char before = i ? text[i - 1] : ' ';
      char after = i + from.size() < text.size() ? text[i + from.size()] : ' ';
      if (!isalnum(static_cast<unsigned char>(before)) && before != '_' &&
          before != '%' && before != '@' && before != '#' &&
          !isalnum(static_cast<unsigned char>(after)) && after != '_') {
        out += to;
        i += from.size();
        changed = true;
        continue;
      }
      // "xf32" in a shape: the x is a separator.
      if (before == 'x' && i >= 2 &&
          isdigit(static_cast<unsigned char>(text[i - 2])) &&
          !isalnum(static_cast<unsigned char>(after))) {
        out += to;
        i += from.size();
        changed = true;
        continue;
      }
    }
    out += text[i++];
  }
  text = std::move(out);
  return changed;
}

std::string randomBlockedLayout(unsigned rank, Rng &rng) {
  // threadsPerWarp multiplies to 32; warpsPerCTA to a power of two <= 32.
  SmallVector<unsigned> size(rank, 1), threads(rank, 1), warps(rank, 1);
  for (unsigned log = 0; log < 5; ++log)
    threads[rng() % rank] *= 2;
  unsigned warpLog = rng() % 4;
  for (unsigned log = 0; log < warpLog; ++log)
    warps[rng() % rank] *= 2;
  for (unsigned &s : size)
    s = 1u << (rng() % 3);
  SmallVector<unsigned> order = llvm::to_vector(llvm::seq<unsigned>(0, rank));
  std::shuffle(order.begin(), order.end(), rng);
  if (chance(rng, 5)) // Occasionally an invalid one.
    threads[0] *= 2;
  std::string s;
  llvm::raw_string_ostream os(s);
  auto list = [&](ArrayRef<unsigned> v) {
    os << "[";
    llvm::interleaveComma(v, os);
    os << "]";
  };
  os << "#block.blocked<sizePerThread = ";
  list(size);
  os << ", threadsPerWarp = ";
  list(threads);
  os << ", warpsPerCTA = ";
  list(warps);
  os << ", order = ";
  list(order);
  os << ">";
  return s;
}

/// Attaches one random blocked layout to every tensor type of one shape.
bool attachLayout(std::string &text, Rng &rng) {
  // Find "tensor<" shapes without an encoding.
  SmallVector<std::string> shapes;
  for (size_t pos = text.find("tensor<"); pos != std::string::npos;
       pos = text.find("tensor<", pos + 1)) {
    size_t close = text.find('>', pos);
    if (close == std::string::npos)
      break;
    StringRef body = StringRef(text).slice(pos + 7, close);
    if (body.contains(',') || body.contains('<'))
      continue;
    size_t lastX = body.rfind('x');
    if (lastX == StringRef::npos)
      continue;
    shapes.push_back(body.take_front(lastX + 1).str()); // "32x64x"
  }
  if (shapes.empty())
    return false;
  std::string shape = pick(rng, shapes);
  unsigned rank = llvm::count(shape, 'x');
  std::string layout = randomBlockedLayout(rank, rng);
  std::string out;
  bool changed = false;
  size_t last = 0;
  std::string needle = "tensor<" + shape;
  for (size_t pos = text.find(needle); pos != std::string::npos;
       pos = text.find(needle, pos + 1)) {
    size_t close = text.find('>', pos);
    if (close == std::string::npos)
      break;
    StringRef body = StringRef(text).slice(pos + needle.size(), close);
    // Only "<shape><elementtype>" with a plain element type.
    if (body.empty() || body.contains(',') || body.contains('<') ||
        body.contains('x'))
      continue;
    out += text.substr(last, close - last);
    out += ", " + layout;
    last = close;
    changed = true;
  }
  out += text.substr(last);
  text = std::move(out);
  return changed;
}

//===----------------------------------------------------------------------===//
// IR mutations
//===----------------------------------------------------------------------===//

/// Operations inside function bodies, not functions or terminators.
SmallVector<Operation *> bodyOps(ModuleOp module) {
  SmallVector<Operation *> ops;
  module.walk([&](Operation *op) {
    if (isa<ModuleOp, func::FuncOp>(op) ||
        op->hasTrait<OpTrait::IsTerminator>())
      return;
    ops.push_back(op);
  });
  return ops;
}

/// Values (results and block arguments) that dominate `user`, of type `type`.
SmallVector<Value> valuesOfType(ModuleOp module, Type type, Operation *user,
                                DominanceInfo &dom) {
  SmallVector<Value> values;
  module.walk([&](Block *block) {
    for (BlockArgument arg : block->getArguments())
      if (arg.getType() == type && dom.properlyDominates(arg, user))
        values.push_back(arg);
    for (Operation &op : *block)
      for (Value result : op.getResults())
        if (result.getType() == type && dom.properlyDominates(result, user))
          values.push_back(result);
  });
  return values;
}

bool rewireOperand(ModuleOp module, Rng &rng) {
  SmallVector<OpOperand *> operands;
  module.walk([&](Operation *op) {
    if (!isa<ModuleOp, func::FuncOp>(op))
      for (OpOperand &operand : op->getOpOperands())
        operands.push_back(&operand);
  });
  if (operands.empty())
    return false;
  OpOperand *operand = pick(rng, operands);
  DominanceInfo dom(module);
  SmallVector<Value> candidates = valuesOfType(
      module, operand->get().getType(), operand->getOwner(), dom);
  llvm::erase(candidates, operand->get());
  if (candidates.empty())
    return false;
  operand->set(pick(rng, candidates));
  return true;
}

const char *const intBinary[] = {
    "arith.addi",  "arith.subi",  "arith.muli",   "arith.andi",
    "arith.ori",   "arith.xori",  "arith.maxsi",  "arith.minsi",
    "arith.maxui", "arith.minui", "arith.divsi",  "arith.divui",
    "arith.remsi", "arith.remui", "arith.shli",   "arith.shrsi",
    "arith.shrui", "arith.ceildivsi", "arith.floordivsi"};
const char *const floatBinary[] = {
    "arith.addf",     "arith.subf",     "arith.mulf",    "arith.divf",
    "arith.maximumf", "arith.minimumf", "arith.maxnumf", "arith.minnumf",
    "arith.remf",     "math.powf",      "math.atan2",    "math.copysign"};
const char *const floatUnary[] = {
    "math.exp",   "math.exp2", "math.log",  "math.log2",  "math.sqrt",
    "math.rsqrt", "math.sin",  "math.cos",  "math.tanh",  "math.absf",
    "math.floor", "math.ceil", "math.erf",  "arith.negf", "math.round",
    "math.trunc", "math.log1p", "math.expm1"};
const char *const intUnary[] = {"math.absi", "math.ctlz", "math.cttz",
                                "math.ctpop"};

template <size_t N>
bool contains(const char *const (&list)[N], StringRef name) {
  return llvm::any_of(list, [&](const char *s) { return name == s; });
}

Operation *replaceByName(Operation *op, StringRef name) {
  OpBuilder b(op);
  OperationState state(op->getLoc(), name);
  state.addOperands(op->getOperands());
  state.addTypes(op->getResultTypes());
  Operation *replacement = b.create(state);
  op->replaceAllUsesWith(replacement);
  op->erase();
  return replacement;
}

bool swapOpKind(ModuleOp module, Rng &rng) {
  SmallVector<Operation *> ops;
  for (Operation *op : bodyOps(module)) {
    StringRef name = op->getName().getStringRef();
    if (contains(intBinary, name) || contains(floatBinary, name) ||
        contains(floatUnary, name) || contains(intUnary, name) ||
        isa<arith::CmpIOp, arith::CmpFOp, mlir::block::AtomicRMWOp>(op))
      ops.push_back(op);
  }
  if (ops.empty())
    return false;
  Operation *op = pick(rng, ops);
  StringRef name = op->getName().getStringRef();
  if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
    cmp.setPredicate(static_cast<arith::CmpIPredicate>(rng() % 10));
    return true;
  }
  if (auto cmp = dyn_cast<arith::CmpFOp>(op)) {
    cmp.setPredicate(static_cast<arith::CmpFPredicate>(rng() % 16));
    return true;
  }
  if (auto rmw = dyn_cast<mlir::block::AtomicRMWOp>(op)) {
    rmw.setKind(static_cast<mlir::block::RMWKind>(rng() % 10));
    return true;
  }
  if (contains(intBinary, name))
    replaceByName(op, pick(rng, intBinary));
  else if (contains(floatBinary, name))
    replaceByName(op, pick(rng, floatBinary));
  else if (contains(floatUnary, name))
    replaceByName(op, pick(rng, floatUnary));
  else
    replaceByName(op, pick(rng, intUnary));
  return true;
}

/// A constant splat (or scalar) of `type` with an interesting value.
Value makeConstant(OpBuilder &b, Location loc, Type type, Rng &rng) {
  Type element = getElementTypeOrSelf(type);
  TypedAttr value;
  if (auto integer = dyn_cast<IntegerType>(element)) {
    const int64_t choices[] = {0, 1, -1, 2, 3, 16, 31, 32, 1024, INT32_MAX,
                               INT32_MIN, INT64_MAX};
    value = IntegerAttr::get(integer, APInt(integer.getWidth(),
                                            pick(rng, choices),
                                            /*isSigned=*/true,
                                            /*implicitTrunc=*/true));
  } else if (auto fp = dyn_cast<FloatType>(element)) {
    const double choices[] = {0.0, -0.0, 1.0, -1.0, 0.5, 1e30, -1e30, 1e-40,
                              65504.0, 1e300};
    double v = pick(rng, choices);
    if (chance(rng, 10))
      v = std::numeric_limits<double>::quiet_NaN();
    else if (chance(rng, 10))
      v = std::numeric_limits<double>::infinity();
    value = FloatAttr::get(fp, v);
  } else {
    return {};
  }
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return arith::ConstantOp::create(b, loc,
                                     DenseElementsAttr::get(tensor, value));
  return arith::ConstantOp::create(b, loc, value);
}

/// The combiner region of a reduce or scan: add, max or min.
void buildCombiner(OpBuilder &b, Location loc, Region &region, Type element,
                   Rng &rng) {
  OpBuilder::InsertionGuard guard(b);
  Block *body = b.createBlock(&region, {}, {element, element}, {loc, loc});
  Value x = body->getArgument(0), y = body->getArgument(1);
  Value result;
  bool isFloat = isa<FloatType>(element);
  switch (rng() % 3) {
  case 0:
    result = isFloat ? arith::AddFOp::create(b, loc, x, y).getResult()
                     : arith::AddIOp::create(b, loc, x, y).getResult();
    break;
  case 1:
    result = isFloat ? arith::MaxNumFOp::create(b, loc, x, y).getResult()
                     : arith::MaxSIOp::create(b, loc, x, y).getResult();
    break;
  default:
    result = isFloat ? arith::MinimumFOp::create(b, loc, x, y).getResult()
                     : arith::MinUIOp::create(b, loc, x, y).getResult();
    break;
  }
  mlir::block::YieldOp::create(b, loc, ValueRange{result});
}

/// Inserts, after the definition of a value `v`, ops that compute a value of
/// the same type from it, and makes the later users use that value.
bool insertComputation(ModuleOp module, Rng &rng) {
  SmallVector<Value> values;
  module.walk([&](Block *block) {
    if (isa<ModuleOp>(block->getParentOp()))
      return;
    for (BlockArgument arg : block->getArguments())
      values.push_back(arg);
    for (Operation &op : *block)
      for (Value result : op.getResults())
        values.push_back(result);
  });
  llvm::erase_if(values, [](Value v) {
    Type element = getElementTypeOrSelf(v.getType());
    return !element.isIntOrFloat();
  });
  if (values.empty())
    return false;
  Value v = pick(rng, values);
  Type type = v.getType();
  Type element = getElementTypeOrSelf(type);
  bool isFloat = isa<FloatType>(element);
  auto tensor = dyn_cast<RankedTensorType>(type);
  OpBuilder b(module.getContext());
  if (auto arg = dyn_cast<BlockArgument>(v))
    b.setInsertionPointToStart(arg.getOwner());
  else
    b.setInsertionPointAfter(v.getDefiningOp());
  // A value defined by a terminator-less position (e.g. after the last op of
  // a block with a terminator) is fine: setInsertionPointAfter puts us
  // before the terminator's successor position.
  Location loc = v.getLoc();
  Block *insertBlock = b.getInsertionBlock();
  Block::iterator start = b.getInsertionPoint();
  bool atStart = start == insertBlock->begin();
  Operation *before = atStart ? nullptr : &*std::prev(start);

  auto binary = [&](Value x, Value y) -> Value {
    if (isFloat)
      return arith::AddFOp::create(b, loc, x, y);
    return arith::XOrIOp::create(b, loc, x, y);
  };

  Value result;
  unsigned choice = rng() % 9;
  if (!tensor)
    choice = 5 + rng() % 2; // Scalars: constants and splat/reduce.
  switch (choice) {
  case 0: { // Reduce along an axis, broadcast back, combine.
    unsigned axis = rng() % tensor.getRank();
    Type reduced = mlir::block::ReduceOp::getReducedType(tensor, axis);
    auto reduce = mlir::block::ReduceOp::create(b, loc, TypeRange{reduced},
                                          ValueRange{v}, axis);
    buildCombiner(b, loc, reduce.getCombiner(), element, rng);
    Value r = reduce.getResult(0);
    Value back;
    if (tensor.getRank() == 1) {
      back = mlir::block::SplatOp::create(b, loc, tensor, r);
    } else {
      SmallVector<int64_t> shape(tensor.getShape());
      shape[axis] = 1;
      auto expanded = RankedTensorType::get(shape, element,
                                            tensor.getEncoding());
      Value e = mlir::block::ExpandDimsOp::create(b, loc, expanded, r, axis);
      back = mlir::block::BroadcastOp::create(b, loc, tensor, e);
    }
    result = binary(v, back);
    break;
  }
  case 1: { // Scan.
    unsigned axis = rng() % tensor.getRank();
    auto scan = mlir::block::ScanOp::create(b, loc, TypeRange{tensor}, ValueRange{v},
                                      axis, /*reverse=*/rng() % 2 == 0);
    buildCombiner(b, loc, scan.getCombiner(), element, rng);
    result = scan.getResult(0);
    break;
  }
  case 2: { // expand_dims + reshape back.
    unsigned axis = rng() % (tensor.getRank() + 1);
    SmallVector<int64_t> shape(tensor.getShape());
    shape.insert(shape.begin() + axis, 1);
    auto expanded = RankedTensorType::get(shape, element);
    Value e = mlir::block::ExpandDimsOp::create(b, loc, expanded, v, axis);
    result = mlir::block::ReshapeOp::create(b, loc, tensor, e);
    break;
  }
  case 3: { // Transpose there and back (or reshape for rank 1).
    if (tensor.getRank() < 2) {
      int64_t n = tensor.getNumElements();
      SmallVector<int64_t> shape = {n > 1 ? n / 2 : 1, n > 1 ? 2 : 1};
      Value r = mlir::block::ReshapeOp::create(
          b, loc, RankedTensorType::get(shape, element), v);
      result = mlir::block::ReshapeOp::create(b, loc, tensor, r);
      break;
    }
    SmallVector<int32_t> order = llvm::to_vector(llvm::seq<int32_t>(0, tensor.getRank()));
    std::shuffle(order.begin(), order.end(), rng);
    SmallVector<int64_t> shape;
    for (int32_t d : order)
      shape.push_back(tensor.getDimSize(d));
    SmallVector<int32_t> inverse(order.size());
    for (auto [i, d] : llvm::enumerate(order))
      inverse[d] = i;
    Value t = mlir::block::TransOp::create(b, loc, RankedTensorType::get(shape, element),
                                     v, order);
    result = mlir::block::TransOp::create(b, loc, tensor, t, inverse);
    break;
  }
  case 4: { // A dot of square tiles.
    if (tensor.getRank() != 2 || tensor.getDimSize(0) != tensor.getDimSize(1) ||
        !(element.isF32() || element.isF64()))
      return false;
    result = mlir::block::DotOp::create(b, loc, tensor, v, v, v);
    break;
  }
  case 5: { // Combine with a constant.
    Value c = makeConstant(b, loc, type, rng);
    if (!c)
      return false;
    result = binary(v, c);
    break;
  }
  case 6: { // Splat a scalar, reduce it back.
    if (tensor) {
      result = mlir::block::ConvertLayoutOp::create(b, loc, tensor, v);
      break;
    }
    int64_t n = int64_t(1) << (rng() % 11);
    auto splatType = RankedTensorType::get({n}, element);
    Value s = mlir::block::SplatOp::create(b, loc, splatType, v);
    auto reduce = mlir::block::ReduceOp::create(b, loc, TypeRange{element},
                                          ValueRange{s}, 0);
    buildCombiner(b, loc, reduce.getCombiner(), element, rng);
    result = reduce.getResult(0);
    break;
  }
  case 7: { // select(cmp(v, c), v, c).
    Value c = makeConstant(b, loc, type, rng);
    if (!c)
      return false;
    Value cond = isFloat
                     ? arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                             v, c)
                           .getResult()
                     : arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                             v, c)
                           .getResult();
    result = arith::SelectOp::create(b, loc, cond, v, c);
    break;
  }
  default: { // A cast round trip.
    if (isFloat && !element.isF64()) {
      Value wide = arith::ExtFOp::create(
          b, loc, tensor.clone(Float64Type::get(b.getContext())), v);
      result = arith::TruncFOp::create(b, loc, tensor, wide);
    } else if (auto integer = dyn_cast<IntegerType>(element);
               integer && integer.getWidth() < 64) {
      Value wide = arith::ExtSIOp::create(
          b, loc, tensor.clone(IntegerType::get(b.getContext(), 64)), v);
      result = arith::TruncIOp::create(b, loc, tensor, wide);
    } else {
      return false;
    }
    break;
  }
  }
  // The ops just created: from after `before` up to the result's definer.
  SmallPtrSet<Operation *, 8> created;
  for (Operation &op : llvm::make_range(
           before ? std::next(before->getIterator()) : insertBlock->begin(),
           std::next(result.getDefiningOp()->getIterator())))
    created.insert(&op);
  v.replaceAllUsesExcept(result, created);
  return true;
}

bool tweakAttribute(ModuleOp module, Rng &rng) {
  MLIRContext *ctx = module.getContext();
  Builder b(ctx);
  SmallVector<Operation *> ops;
  module.walk([&](Operation *op) {
    if (isa<func::FuncOp, mlir::block::ArangeOp, mlir::block::LoadOp, mlir::block::StoreOp,
            mlir::block::ReduceOp, mlir::block::ScanOp, mlir::block::TransOp, arith::ConstantOp,
            mlir::block::ProgramIdOp, mlir::block::NumProgramsOp, mlir::block::AtomicRMWOp,
            mlir::block::AtomicCASOp, mlir::block::ExpandDimsOp>(op))
      ops.push_back(op);
  });
  if (ops.empty())
    return false;
  Operation *op = pick(rng, ops);
  auto pow2 = [&](unsigned maxLog) { return int64_t(1) << (rng() % (maxLog + 1)); };
  if (auto func = dyn_cast<func::FuncOp>(op)) {
    if (func.getNumArguments() == 0 || chance(rng, 40)) {
      static const int64_t invalid[] = {0, 3, 64};
      int64_t warps = chance(rng, 90) ? pow2(5) : pick(rng, invalid);
      func->setAttr(mlir::block::BlockDialect::getNumWarpsAttrName(),
                    b.getI32IntegerAttr(warps));
      if (chance(rng, 10))
        func->removeAttr(mlir::block::BlockDialect::getKernelAttrName());
      return true;
    }
    unsigned index = rng() % func.getNumArguments();
    Type argType = func.getArgumentTypes()[index]; // Also for declarations.
    StringRef name = isa<mlir::block::PointerType>(argType)
                         ? mlir::block::BlockDialect::getAlignmentAttrName()
                         : mlir::block::BlockDialect::getDivisibilityAttrName();
    if (chance(rng, 30))
      func.removeArgAttr(index, name);
    else
      func.setArgAttr(index, name, b.getI64IntegerAttr(pow2(chance(rng, 90) ? 6 : 30)));
    return true;
  }
  if (auto arange = dyn_cast<mlir::block::ArangeOp>(op)) {
    int64_t start = arange.getStart(), end = arange.getEnd();
    const int64_t shifts[] = {-start, 1, 16, 1 << 20, INT32_MAX - end, -1};
    int64_t shift = pick(rng, shifts);
    arange.setStart(static_cast<int32_t>(std::clamp<int64_t>(
        start + shift, INT32_MIN, INT32_MAX)));
    arange.setEnd(static_cast<int32_t>(
        std::clamp<int64_t>(end + shift, INT32_MIN, INT32_MAX)));
    return true;
  }
  if (auto load = dyn_cast<mlir::block::LoadOp>(op)) {
    switch (rng() % 4) {
    case 0:
      load.setCache(static_cast<mlir::block::CacheModifier>(rng() % 7));
      break;
    case 1:
      load.setEvict(static_cast<mlir::block::EvictionPolicy>(rng() % 3));
      break;
    case 2:
      load.setIsVolatile(!load.getIsVolatile());
      break;
    default: { // Drop or add the mask.
      if (load.getMask()) {
        load.getOtherMutable().clear();
        if (chance(rng, 50))
          load.getMaskMutable().clear();
        return true;
      }
      OpBuilder ob(load);
      Type maskType = mlir::block::getBoolTypeLike(load.getPtr().getType());
      Value mask = makeConstant(ob, load.getLoc(), maskType, rng);
      load.getMaskMutable().assign(mask);
      if (chance(rng, 50))
        if (Value other = makeConstant(ob, load.getLoc(), load.getType(), rng))
          load.getOtherMutable().assign(other);
      return true;
    }
    }
    return true;
  }
  if (auto store = dyn_cast<mlir::block::StoreOp>(op)) {
    switch (rng() % 4) {
    case 0:
      store.setCache(static_cast<mlir::block::CacheModifier>(rng() % 7));
      break;
    case 1:
      store.setEvict(static_cast<mlir::block::EvictionPolicy>(rng() % 3));
      break;
    case 2:
      store.erase();
      break;
    default:
      if (store.getMask()) {
        store.getMaskMutable().clear();
      } else {
        OpBuilder ob(store);
        Type maskType = mlir::block::getBoolTypeLike(store.getPtr().getType());
        store.getMaskMutable().assign(
            makeConstant(ob, store.getLoc(), maskType, rng));
      }
      break;
    }
    return true;
  }
  if (auto reduce = dyn_cast<mlir::block::ReduceOp>(op)) {
    reduce.setAxis(rng() % 3);
    return true;
  }
  if (auto scan = dyn_cast<mlir::block::ScanOp>(op)) {
    if (chance(rng, 50))
      scan.setReverse(!scan.getReverse());
    else
      scan.setAxis(rng() % 3);
    return true;
  }
  if (auto trans = dyn_cast<mlir::block::TransOp>(op)) {
    SmallVector<int32_t> order(trans.getOrder());
    std::shuffle(order.begin(), order.end(), rng);
    trans.setOrder(order);
    return true;
  }
  if (auto expand = dyn_cast<mlir::block::ExpandDimsOp>(op)) {
    expand.setAxis(rng() % 3);
    return true;
  }
  if (auto pid = dyn_cast<mlir::block::ProgramIdOp>(op)) {
    pid.setDim(static_cast<mlir::block::ProgramDim>(rng() % 3));
    return true;
  }
  if (auto num = dyn_cast<mlir::block::NumProgramsOp>(op)) {
    num.setDim(static_cast<mlir::block::ProgramDim>(rng() % 3));
    return true;
  }
  if (auto rmw = dyn_cast<mlir::block::AtomicRMWOp>(op)) {
    rmw.setSem(static_cast<mlir::block::MemSemantic>(rng() % 4));
    rmw.setScope(static_cast<mlir::block::MemScope>(rng() % 3));
    return true;
  }
  if (auto cas = dyn_cast<mlir::block::AtomicCASOp>(op)) {
    cas.setSem(static_cast<mlir::block::MemSemantic>(rng() % 4));
    cas.setScope(static_cast<mlir::block::MemScope>(rng() % 3));
    return true;
  }
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    OpBuilder ob(constant);
    Value replacement = makeConstant(ob, constant.getLoc(), constant.getType(), rng);
    if (!replacement)
      return false;
    constant.replaceAllUsesWith(replacement);
    constant.erase();
    return true;
  }
  return false;
}

/// Erases an op whose results are unused, or clones one.
bool eraseOrClone(ModuleOp module, Rng &rng) {
  SmallVector<Operation *> ops = bodyOps(module);
  if (ops.empty())
    return false;
  Operation *op = pick(rng, ops);
  if (chance(rng, 50)) {
    if (!op->use_empty())
      return false;
    op->erase();
    return true;
  }
  OpBuilder b(op->getContext());
  b.setInsertionPointAfter(op);
  Operation *clone = b.clone(*op);
  for (auto [old, fresh] : llvm::zip(op->getResults(), clone->getResults()))
    old.replaceAllUsesExcept(fresh, clone);
  return true;
}

bool mutateIR(ModuleOp module, Rng &rng) {
  switch (rng() % 10) {
  case 0:
  case 1:
    return rewireOperand(module, rng);
  case 2:
  case 3:
    return swapOpKind(module, rng);
  case 4:
  case 5:
  case 6:
    return insertComputation(module, rng);
  case 7:
  case 8:
    return tweakAttribute(module, rng);
  default:
    return eraseOrClone(module, rng);
  }
}

bool mutateText(std::string &text, Rng &rng) {
  switch (rng() % 4) {
  case 0:
  case 1:
    return scaleSize(text, rng);
  case 2:
    return swapElementType(text, rng);
  default:
    return attachLayout(text, rng);
  }
}

size_t store(const std::string &text, uint8_t *data, size_t maxSize) {
  if (text.size() > maxSize)
    return 0;
  memcpy(data, text.data(), text.size());
  return text.size();
}

} // namespace

size_t mutateBlockProgram(uint8_t *data, size_t size, size_t maxSize,
                          unsigned seed) {
  static const bool bytesOnly = std::getenv("BLOCK_FUZZ_BYTES_ONLY") != nullptr;
  Rng rng(seed);
  if (bytesOnly || chance(rng, 20))
    return LLVMFuzzerMutate(data, size, maxSize);

  std::string original(reinterpret_cast<const char *>(data), size);
  MLIRContext &ctx = getMutatorContext();
  DiagnosticCollector quiet(ctx);
  // Several tries at a mutant that verifies; an invalid one is kept now and
  // then, for the verifier's sake.
  for (unsigned attempt = 0; attempt < 6; ++attempt) {
    std::string text = original;
    bool textual = chance(rng, 30);
    if (textual) {
      if (!mutateText(text, rng))
        continue;
      OwningOpRef<ModuleOp> module =
          parseSourceString<ModuleOp>(text, ParserConfig(&ctx));
      if (module || chance(rng, 10))
        if (size_t n = store(text, data, maxSize))
          return n;
      continue;
    }
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(text, ParserConfig(&ctx));
    if (!module)
      break; // Not a program: byte mutations.
    unsigned steps = 1 + rng() % 3;
    bool changed = false;
    for (unsigned i = 0; i < steps; ++i)
      changed |= mutateIR(*module, rng);
    if (!changed)
      continue;
    bool valid = succeeded(verify(*module));
    if (!valid && !chance(rng, 10))
      continue;
    std::string printed;
    llvm::raw_string_ostream os(printed);
    // An invalid module prints in generic form; a valid one in custom form.
    module->print(os, OpPrintingFlags().assumeVerified(false));
    if (size_t n = store(printed, data, maxSize))
      return n;
  }
  return LLVMFuzzerMutate(data, size, maxSize);
}

} // namespace blockfuzz
