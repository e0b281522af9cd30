//===- BlockOps.cpp - Operations of the block dialect ---------------------===//

#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Dialect/Block/IR/Combiners.h"
#include "block/Layout/TensorLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::block;

//===----------------------------------------------------------------------===//
// Custom assembly: `%value mask %m other %o`
//===----------------------------------------------------------------------===//

// The declarative form `(`mask` $mask^)?` would accept `mask` with no operand
// after it and silently drop the mask; this requires the operand.
static ParseResult
parseKeywordOperand(OpAsmParser &parser, StringRef keyword,
                    std::optional<OpAsmParser::UnresolvedOperand> &operand) {
  if (failed(parser.parseOptionalKeyword(keyword)))
    return success();
  operand.emplace();
  return parser.parseOperand(*operand);
}

static ParseResult
parseMaskedOperand(OpAsmParser &parser, OpAsmParser::UnresolvedOperand &value,
                   std::optional<OpAsmParser::UnresolvedOperand> &mask) {
  if (parser.parseOperand(value))
    return failure();
  return parseKeywordOperand(parser, "mask", mask);
}

static void printMaskedOperand(OpAsmPrinter &printer, Operation *, Value value,
                               Value mask) {
  printer << value;
  if (mask)
    printer << " mask " << mask;
}

/// `%ptr` or `%base[%offsets]`.
static ParseResult
parseAddress(OpAsmParser &parser, OpAsmParser::UnresolvedOperand &ptr,
             std::optional<OpAsmParser::UnresolvedOperand> &offsets) {
  if (parser.parseOperand(ptr))
    return failure();
  if (failed(parser.parseOptionalLSquare()))
    return success();
  offsets.emplace();
  return failure(parser.parseOperand(*offsets) || parser.parseRSquare());
}

static void printAddress(OpAsmPrinter &printer, Operation *, Value ptr,
                         Value offsets) {
  printer << ptr;
  if (offsets)
    printer << "[" << offsets << "]";
}

static ParseResult
parseMaskedAddress(OpAsmParser &parser, OpAsmParser::UnresolvedOperand &ptr,
                   std::optional<OpAsmParser::UnresolvedOperand> &offsets,
                   std::optional<OpAsmParser::UnresolvedOperand> &mask,
                   std::optional<OpAsmParser::UnresolvedOperand> &other) {
  if (parseAddress(parser, ptr, offsets) ||
      parseKeywordOperand(parser, "mask", mask))
    return failure();
  return parseKeywordOperand(parser, "other", other);
}

static void printMaskedAddress(OpAsmPrinter &printer, Operation *op, Value ptr,
                               Value offsets, Value mask, Value other) {
  printAddress(printer, op, ptr, offsets);
  if (mask)
    printer << " mask " << mask;
  if (other)
    printer << " other " << other;
}

//===----------------------------------------------------------------------===//
// Custom assembly: the types of a load, store or atomic, `: pointer-type` or,
// for `%base[%offsets]`, `: pointer-type, offsets-type`; the value, mask and
// other types follow from them
//===----------------------------------------------------------------------===//

/// The pointers an access with `offsets` (or none) addresses.
static Type getAddressType(Type ptr, Type offsets) {
  auto shape = dyn_cast_or_null<RankedTensorType>(offsets);
  if (!shape)
    return ptr;
  return RankedTensorType::get(shape.getShape(), ptr, shape.getEncoding());
}

static Type getAddressType(Value ptr, Value offsets) {
  return getAddressType(ptr.getType(), offsets ? offsets.getType() : Type());
}

using OptionalOperand = std::optional<OpAsmParser::UnresolvedOperand>;

/// Gives the mask and `other` (load) types only where the operands are
/// present: the parser pairs each type with an operand.
static ParseResult parseAccessTypes(OpAsmParser &parser,
                                    OptionalOperand offsets,
                                    OptionalOperand mask, OptionalOperand other,
                                    Type &ptrType, Type &offsetsType,
                                    Type &valueType, Type &maskType,
                                    Type *otherType) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(ptrType))
    return failure();
  if (offsets) {
    if (parser.parseComma() || parser.parseType(offsetsType))
      return failure();
    if (!isa<PointerType>(ptrType) || !isa<RankedTensorType>(offsetsType))
      return parser.emitError(loc)
             << "`%base[%offsets]` takes a scalar pointer and a tensor of "
                "offsets, not "
             << ptrType << " and " << offsetsType;
  }
  Type address = getAddressType(ptrType, offsetsType);
  if (!isa<PointerType>(getElementTypeOrSelf(address)))
    return parser.emitError(loc)
           << "expected a pointer or a tensor of pointers, not " << ptrType;
  valueType = getPointeeType(address);
  if (mask)
    maskType = getBoolTypeLike(address);
  if (other)
    *otherType = valueType;
  return success();
}

static ParseResult parseAccessTypes(OpAsmParser &parser,
                                    OptionalOperand offsets,
                                    OptionalOperand mask, OptionalOperand other,
                                    Type &ptrType, Type &offsetsType,
                                    Type &valueType, Type &maskType,
                                    Type &otherType) {
  return parseAccessTypes(parser, offsets, mask, other, ptrType, offsetsType,
                          valueType, maskType, &otherType);
}

static ParseResult parseAccessTypes(OpAsmParser &parser,
                                    OptionalOperand offsets,
                                    OptionalOperand mask, Type &ptrType,
                                    Type &offsetsType, Type &valueType,
                                    Type &maskType) {
  return parseAccessTypes(parser, offsets, mask, std::nullopt, ptrType,
                          offsetsType, valueType, maskType, nullptr);
}

/// An atomic's: its result has the value's type.
static ParseResult parseAccessTypes(OpAsmParser &parser,
                                    OptionalOperand offsets,
                                    OptionalOperand mask, Type &ptrType,
                                    Type &offsetsType, Type &valueType,
                                    Type &maskType, Type &resultType) {
  if (parseAccessTypes(parser, offsets, mask, std::nullopt, ptrType,
                       offsetsType, valueType, maskType, nullptr))
    return failure();
  resultType = valueType;
  return success();
}

static void printPointerTypes(OpAsmPrinter &printer, Type ptrType,
                              Type offsetsType) {
  printer << ptrType;
  if (offsetsType)
    printer << ", " << offsetsType;
}

/// A load's.
static void printAccessTypes(OpAsmPrinter &printer, Operation *, Value, Value,
                             Value, Type ptrType, Type offsetsType, Type, Type,
                             Type) {
  printPointerTypes(printer, ptrType, offsetsType);
}

/// A store's or (with its result type) an atomic's.
static void printAccessTypes(OpAsmPrinter &printer, Operation *, Value, Value,
                             Type ptrType, Type offsetsType, Type, Type,
                             Type = {}) {
  printPointerTypes(printer, ptrType, offsetsType);
}

/// The rules the assembly's types follow, for ops built otherwise: the
/// value (`what`) has the pointee type and the mask is i1, of the address
/// type's shape; `%base[%offsets]` takes a scalar pointer.
static LogicalResult verifyAccessTypes(Operation *op, Value ptr,
                                       Value offsets, Type valueType,
                                       StringRef what, Value mask) {
  if (offsets && isa<RankedTensorType>(ptr.getType()))
    return op->emitOpError("takes offsets only with a scalar pointer, not ")
           << ptr.getType();
  Type address = getAddressType(ptr, offsets);
  if (valueType != getPointeeType(address))
    return op->emitOpError() << what << " has type " << valueType
                             << ", but the pointee type of " << address
                             << " is " << getPointeeType(address);
  if (mask && mask.getType() != getBoolTypeLike(address))
    return op->emitOpError() << "mask has type " << mask.getType()
                             << ", but the pointers' mask type is "
                             << getBoolTypeLike(address);
  return success();
}

//===----------------------------------------------------------------------===//
// Custom assembly: the integer type of a tensor descriptor's sizes and
// strides, `, i64` after the pointer type, nothing for i32
//===----------------------------------------------------------------------===//

static ParseResult
parseDescIndexType(OpAsmParser &parser,
                   ArrayRef<OpAsmParser::UnresolvedOperand> shape,
                   ArrayRef<OpAsmParser::UnresolvedOperand> strides,
                   SmallVectorImpl<Type> &shapeTypes,
                   SmallVectorImpl<Type> &strideTypes) {
  Type type = parser.getBuilder().getI32Type();
  if (succeeded(parser.parseOptionalComma()) && parser.parseType(type))
    return failure();
  shapeTypes.assign(shape.size(), type);
  strideTypes.assign(strides.size(), type);
  return success();
}

static void printDescIndexType(OpAsmPrinter &printer, Operation *,
                               OperandRange, OperandRange, TypeRange shapeTypes,
                               TypeRange) {
  if (!shapeTypes.empty() && !shapeTypes.front().isInteger(32))
    printer << ", " << shapeTypes.front();
}

#define GET_OP_CLASSES
#include "block/Dialect/Block/IR/BlockOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// If `value` is a constant splat (or scalar constant), returns its element.
static Attribute getSplatElement(Attribute attr) {
  if (auto splat = dyn_cast_or_null<SplatElementsAttr>(attr))
    return splat.getSplatValue<Attribute>();
  return {};
}

/// The splat constant of type `type` with the element of splat `attr`, or
/// null if `attr` is no splat.
static Attribute reshapeSplat(Attribute attr, Type type) {
  auto splat = dyn_cast_or_null<SplatElementsAttr>(attr);
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!splat || !tensor)
    return {};
  return SplatElementsAttr::get(tensor, splat.getSplatValue<Attribute>());
}

/// Whether `mask` is a constant whose every element is `value`.
static bool isConstantMask(Value mask, bool value) {
  if (!mask)
    return false;
  Attribute attr;
  if (!matchPattern(mask, m_Constant(&attr)))
    return false;
  if (auto element = getSplatElement(attr))
    attr = element;
  auto boolean = dyn_cast<IntegerAttr>(attr);
  return boolean && boolean.getValue().getBoolValue() == value;
}

static LogicalResult verifySameShape(Operation *op, Type a, StringRef aName,
                                     Type b, StringRef bName) {
  auto ta = dyn_cast<RankedTensorType>(a);
  auto tb = dyn_cast<RankedTensorType>(b);
  if (bool(ta) != bool(tb) || (ta && ta.getShape() != tb.getShape()))
    return op->emitOpError() << aName << " (" << a << ") and " << bName
                             << " (" << b << ") must have the same shape";
  return success();
}

/// The distributed layout of `type`, if it is a tensor that has one.
static DistributedLayoutAttr getLayoutOf(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor ? dyn_cast_or_null<DistributedLayoutAttr>(tensor.getEncoding())
                : nullptr;
}

/// The linear layout of `type`, if it is a tensor of a valid shape with a
/// distributed layout of its rank (other cases have their own diagnostics).
static std::optional<LinearLayout> getLinearLayoutOf(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  DistributedLayoutAttr layout = getLayoutOf(type);
  if (!layout || layout.getRank() != tensor.getRank() ||
      !tensor.hasStaticShape() || tensor.getNumElements() > kMaxTensorElements ||
      llvm::any_of(tensor.getShape(),
                   [](int64_t size) { return !llvm::isPowerOf2_64(size); }))
    return std::nullopt;
  return layout.toLinearLayout(tensor.getShape());
}

/// Whether `a` and `b` (of one shape), where both have layouts, place every
/// element in the same register of the same thread.
static bool placeElementsAlike(Type a, Type b) {
  std::optional<LinearLayout> la = getLinearLayoutOf(a);
  std::optional<LinearLayout> lb = getLinearLayoutOf(b);
  return !la || !lb || *la == *lb;
}

static LogicalResult verifySameLayout(Operation *op, Type a, StringRef aName,
                                      Type b, StringRef bName) {
  if (!placeElementsAlike(a, b))
    return op->emitOpError() << aName << " layout " << Attribute(getLayoutOf(a))
                             << " and " << bName << " layout "
                             << Attribute(getLayoutOf(b)) << " must be the same";
  return success();
}

/// Whether both or neither of `a` and `b` have layouts, and they agree.
static bool haveSameLayout(Type a, Type b) {
  return bool(getLayoutOf(a)) == bool(getLayoutOf(b)) &&
         placeElementsAlike(a, b);
}

/// Where the operand and the result of a shape operation both have layouts,
/// every thread must hold the result's elements (`result` mapped to the
/// operand's indices) in its own registers: the operation moves no data.
static bool isRegisterRelabel(const std::optional<LinearLayout> &src,
                              const std::optional<LinearLayout> &result) {
  return !src || !result || getRegisterRelabel(*src, *result);
}

//===----------------------------------------------------------------------===//
// ArangeOp
//===----------------------------------------------------------------------===//

LogicalResult ArangeOp::verify() {
  // The attributes are i32, the accessors unsigned: read them signed, so that
  // a negative bound is named as written.
  int64_t start = static_cast<int32_t>(getStart());
  int64_t end = static_cast<int32_t>(getEnd());
  auto type = getType();
  if (start < 0 || end < 0)
    return emitOpError() << "needs non-negative bounds, but the range is ["
                         << start << ", " << end << ")";
  if (end <= start)
    return emitOpError() << "needs start < end, but the range is [" << start
                         << ", " << end << ")";
  if (type.getRank() != 1 || type.getDimSize(0) != end - start)
    return emitOpError() << "result type " << Type(type)
                         << " must be a 1-D tensor of " << end - start
                         << " elements (end - start)";
  return success();
}

void ArangeOp::build(OpBuilder &builder, OperationState &state, Type result,
                     int32_t start, int32_t end) {
  build(builder, state, result, /*base=*/Value(), start, end);
}

OpFoldResult ArangeOp::fold(FoldAdaptor) {
  if (getBase() || getEnd() - getStart() != 1)
    return {};
  return SplatElementsAttr::get(
      getType(), IntegerAttr::get(getType().getElementType(), getStart()));
}

namespace {
/// arange(%base + s, e) = splat(%base) + arange(s, e).
struct ExpandArangeBase : OpRewritePattern<ArangeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ArangeOp op,
                                PatternRewriter &rewriter) const override {
    Value base = op.getBase();
    if (!base)
      return failure();
    Location loc = op.getLoc();
    Value range = ArangeOp::create(rewriter, loc, op.getType(), op.getStart(),
                                   op.getEnd());
    Value splat = SplatOp::create(rewriter, loc, op.getType(), base);
    rewriter.replaceOpWithNewOp<arith::AddIOp>(op, splat, range);
    return success();
  }
};
} // namespace

void ArangeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<ExpandArangeBase>(context);
}

//===----------------------------------------------------------------------===//
// Shape operations
//===----------------------------------------------------------------------===//

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  Attribute src = adaptor.getSrc();
  if (!isa_and_nonnull<IntegerAttr, FloatAttr>(src))
    return {};
  return SplatElementsAttr::get(cast<ShapedType>(getType()), src);
}

/// The rules of a broadcast from a lower rank: `dims` names, in increasing
/// order, the result dimension of each operand dimension, which has its size
/// or 1; there are no layouts, as canonicalisation expands it.
static LogicalResult verifyRankExtendingBroadcast(BroadcastOp op,
                                                  RankedTensorType src,
                                                  RankedTensorType result,
                                                  ArrayRef<int32_t> dims) {
  if (int64_t(dims.size()) != src.getRank())
    return op.emitOpError() << "dims has " << dims.size()
                            << " entries, but the operand has rank "
                            << src.getRank();
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (d < 0 || d >= result.getRank() || (i > 0 && d <= dims[i - 1]))
      return op.emitOpError() << "dims must be increasing result dimensions "
                                 "in [0, "
                              << result.getRank() << ")";
    if (src.getDimSize(i) != 1 && src.getDimSize(i) != result.getDimSize(d))
      return op.emitOpError()
             << "operand dimension " << i << " (" << src.getDimSize(i)
             << ") must be 1 or the size of result dimension " << d << " ("
             << result.getDimSize(d) << ")";
  }
  if (getLayoutOf(src) || getLayoutOf(result))
    return op.emitOpError("a broadcast from a lower rank takes no layouts: "
                          "canonicalisation expands it to block.expand_dims "
                          "and block.broadcast first");
  return success();
}

LogicalResult BroadcastOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto result = cast<RankedTensorType>(getType());
  if (std::optional<ArrayRef<int32_t>> dims = getDims()) {
    if (src.getRank() >= result.getRank())
      return emitOpError() << "dims names where a lower-rank operand goes, "
                              "but the operand "
                           << Type(src) << " has the rank of the result "
                           << Type(result) << " or more";
    return verifyRankExtendingBroadcast(*this, src, result, *dims);
  }
  if (src.getRank() != result.getRank())
    return emitOpError() << "operand " << Type(src) << " and result "
                         << Type(result)
                         << " must have the same rank, or dims must name "
                            "the result dimensions of the operand's";
  for (int64_t d = 0; d < src.getRank(); ++d)
    if (src.getDimSize(d) != 1 && src.getDimSize(d) != result.getDimSize(d))
      return emitOpError() << "can only broadcast dimensions of size 1, but "
                              "dimension "
                           << d << " is " << src.getDimSize(d) << " -> "
                           << result.getDimSize(d);
  // Each thread holds the operand element its result elements repeat.
  std::optional<LinearLayout> resultLayout = getLinearLayoutOf(result);
  if (resultLayout)
    for (int64_t d = 0; d < src.getRank(); ++d)
      if (src.getDimSize(d) == 1)
        resultLayout = resultLayout->resizeOut(getTensorDimName(d), 1);
  if (!isRegisterRelabel(getLinearLayoutOf(src), resultLayout))
    return emitOpError() << "operand layout " << Attribute(getLayoutOf(src))
                         << " and result layout "
                         << Attribute(getLayoutOf(result))
                         << " must be the same";
  return success();
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return reshapeSplat(adaptor.getSrc(), getType());
}

namespace {
/// A broadcast from a lower rank: block.expand_dims for each new dimension,
/// then a broadcast of one rank.
struct ExpandRankExtendingBroadcast : OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<ArrayRef<int32_t>> dims = op.getDims();
    if (!dims)
      return failure();
    auto src = cast<RankedTensorType>(op.getSrc().getType());
    auto result = cast<RankedTensorType>(op.getType());
    Value value = op.getSrc();
    SmallVector<int64_t> shape(src.getShape());
    for (int64_t d = 0; d < result.getRank(); ++d) {
      if (llvm::is_contained(*dims, d))
        continue;
      shape.insert(shape.begin() + d, 1);
      value = ExpandDimsOp::create(
          rewriter, op.getLoc(),
          RankedTensorType::get(shape, src.getElementType()), value,
          rewriter.getI32IntegerAttr(d));
    }
    if (value.getType() == result)
      rewriter.replaceOp(op, value);
    else
      rewriter.replaceOpWithNewOp<BroadcastOp>(op, result, value,
                                               DenseI32ArrayAttr());
    return success();
  }
};
} // namespace

void BroadcastOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<ExpandRankExtendingBroadcast>(context);
}

LogicalResult ExpandDimsOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto result = cast<RankedTensorType>(getType());
  int64_t axis = getAxis();
  if (axis < 0 || axis > src.getRank())
    return emitOpError() << "axis " << axis << " is out of range [0, "
                         << src.getRank() << "]";
  SmallVector<int64_t> expected(src.getShape());
  expected.insert(expected.begin() + axis, 1);
  if (result.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result " << Type(result) << " must be the operand "
                         << Type(src) << " with a dimension of size 1 at axis "
                         << axis;
  // The operand's elements live where the result's do.
  std::optional<LinearLayout> resultLayout = getLinearLayoutOf(result);
  if (resultLayout)
    resultLayout = dropTensorDim(*resultLayout, axis);
  if (!isRegisterRelabel(getLinearLayoutOf(src), resultLayout))
    return emitOpError() << "operand layout " << Attribute(getLayoutOf(src))
                         << " must be the slice of the result layout at "
                            "the new axis, "
                         << Attribute(SliceLayoutAttr::get(
                                getContext(), axis, getLayoutOf(result)));
  return success();
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  return reshapeSplat(adaptor.getSrc(), getType());
}

LogicalResult ReshapeOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto result = cast<RankedTensorType>(getType());
  if (src.getNumElements() != result.getNumElements())
    return emitOpError() << "operand " << Type(src) << " and result "
                         << Type(result)
                         << " must have the same number of elements";
  return success();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  if (auto producer = getSrc().getDefiningOp<ReshapeOp>()) {
    getSrcMutable().assign(producer.getSrc());
    return getResult();
  }
  return reshapeSplat(adaptor.getSrc(), getType());
}

LogicalResult TransOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto result = cast<RankedTensorType>(getType());
  ArrayRef<int32_t> order = getOrder();
  if (result.getRank() != src.getRank())
    return emitOpError() << "operand " << Type(src) << " and result "
                         << Type(result) << " must have the same rank";
  if (int64_t(order.size()) != src.getRank())
    return emitOpError() << "order has " << order.size()
                         << " entries, but the operand has rank "
                         << src.getRank();
  SmallVector<bool> seen(order.size(), false);
  for (int32_t d : order) {
    if (d < 0 || d >= src.getRank() || seen[d])
      return emitOpError() << "order must be a permutation of 0.."
                           << src.getRank() - 1;
    seen[d] = true;
  }
  for (auto [i, d] : llvm::enumerate(order))
    if (result.getDimSize(i) != src.getDimSize(d))
      return emitOpError() << "result dimension " << i << " must be operand "
                           << "dimension " << d << " (" << src.getDimSize(d)
                           << "), but is " << result.getDimSize(i);
  // A transposition only renames registers: each thread holds the elements
  // of the result it held in the operand.
  std::optional<LinearLayout> srcLayout = getLinearLayoutOf(src);
  if (!srcLayout)
    return success();
  LinearLayout permuted = permuteTensorDims(*srcLayout, order);
  if (!isRegisterRelabel(permuted, getLinearLayoutOf(result))) {
    Attribute expected = LinearLayoutAttr::get(getContext(), permuted);
    if (auto blocked = dyn_cast<BlockedLayoutAttr>(getLayoutOf(src)))
      expected = blocked.permute(order);
    return emitOpError() << "result layout " << Attribute(getLayoutOf(result))
                         << " must be the operand layout permuted by the "
                            "order, "
                         << expected;
  }
  return success();
}

OpFoldResult TransOp::fold(FoldAdaptor adaptor) {
  if (llvm::equal(getOrder(), llvm::seq<int32_t>(0, getOrder().size())) &&
      getSrc().getType() == getType())
    return getSrc();
  return reshapeSplat(adaptor.getSrc(), getType());
}

LoadOp mlir::block::createTransposedLoad(OpBuilder &b, LoadOp load,
                                        ArrayRef<int32_t> order) {
  auto transpose = [&](Value value) -> Value {
    if (!value)
      return value;
    auto type = cast<RankedTensorType>(value.getType());
    SmallVector<int64_t> shape;
    for (int32_t d : order)
      shape.push_back(type.getDimSize(d));
    return TransOp::create(b, load.getLoc(),
                           RankedTensorType::get(shape, type.getElementType()),
                           value, b.getDenseI32ArrayAttr(order));
  };
  Value ptr = transpose(load.getPtr());
  Value mask = transpose(load.getMask());
  Value other = transpose(load.getOther());
  auto transposed = LoadOp::create(b, load.getLoc(), ptr, mask, other);
  transposed->setAttrs(load->getAttrDictionary());
  return transposed;
}

namespace {
/// trans(load(p, m, o)) -> load(trans(p), trans(m), trans(o)) where the
/// load has no other use.
struct TransposeLoad : OpRewritePattern<TransOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransOp op,
                                PatternRewriter &rewriter) const override {
    auto load = op.getSrc().getDefiningOp<LoadOp>();
    if (!load || !load->hasOneUse() || load.getOffsets() ||
        cast<RankedTensorType>(op.getType()).getEncoding() ||
        cast<RankedTensorType>(load.getType()).getEncoding())
      return failure();
    rewriter.setInsertionPoint(load);
    rewriter.replaceOp(op, createTransposedLoad(rewriter, load, op.getOrder()));
    rewriter.eraseOp(load);
    return success();
  }
};
} // namespace

void TransOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<TransposeLoad>(context);
}

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return reshapeSplat(adaptor.getSrc(), getType());
}

//===----------------------------------------------------------------------===//
// JoinOp, SplitOp and InterleaveOp
//===----------------------------------------------------------------------===//

/// `shape` with a dimension of 2 appended.
static SmallVector<int64_t> appendPairDim(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> paired(shape);
  paired.push_back(2);
  return paired;
}

/// Where both have layouts: the tensor of pairs `paired` holds each pair in
/// one thread, and each thread holds the elements of the halves `half` (of
/// a join's operands, or a split's results) where it holds their pairs.
static LogicalResult verifyPairLayouts(Operation *op, RankedTensorType paired,
                                       RankedTensorType half,
                                       bool halvesAreOperands) {
  std::optional<LinearLayout> pairs = getLinearLayoutOf(paired);
  std::optional<LinearLayout> halves = getLinearLayoutOf(half);
  if (!pairs || !halves)
    return success();
  unsigned dim = paired.getRank() - 1;
  if (!isHeldByRegisters(*pairs, dim))
    return op->emitOpError() << "layout " << Attribute(getLayoutOf(paired))
                             << " must hold each pair (the innermost "
                                "dimension) in the registers of one thread";
  LinearLayout unpaired =
      dropTensorDim(pairs->resizeOut(getTensorDimName(dim), 1), dim);
  bool relabels = halvesAreOperands ? isRegisterRelabel(halves, unpaired)
                                    : isRegisterRelabel(unpaired, halves);
  if (!relabels)
    return op->emitOpError()
           << "layout " << Attribute(getLayoutOf(half))
           << " of the halves must be the layout of the pairs "
           << Attribute(getLayoutOf(paired))
           << " without the innermost dimension";
  return success();
}

LogicalResult JoinOp::verify() {
  auto src = cast<RankedTensorType>(getLhs().getType());
  auto result = cast<RankedTensorType>(getType());
  if (result.getShape() != ArrayRef<int64_t>(appendPairDim(src.getShape())))
    return emitOpError() << "result " << Type(result)
                         << " must be the operands' shape " << Type(src)
                         << " with a dimension of 2 appended";
  return verifyPairLayouts(*this, result, src, /*halvesAreOperands=*/true);
}

LogicalResult SplitOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto result = cast<RankedTensorType>(getLhs().getType());
  if (src.getRank() < 2 || src.getShape().back() != 2)
    return emitOpError() << "operand " << Type(src)
                         << " must have rank 2 or more and an innermost "
                            "dimension of 2";
  if (src.getShape() != ArrayRef<int64_t>(appendPairDim(result.getShape())))
    return emitOpError() << "results " << Type(result)
                         << " must be the operand " << Type(src)
                         << " without its innermost dimension";
  return verifyPairLayouts(*this, src, result, /*halvesAreOperands=*/false);
}

LogicalResult InterleaveOp::verify() {
  auto src = cast<RankedTensorType>(getLhs().getType());
  auto result = cast<RankedTensorType>(getType());
  SmallVector<int64_t> expected(src.getShape());
  expected.back() *= 2;
  if (result.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result " << Type(result)
                         << " must be the operands' shape " << Type(src)
                         << " with the innermost dimension doubled";
  if (getLayoutOf(src) || getLayoutOf(result))
    return emitOpError("takes no layouts: canonicalisation rewrites it to "
                       "block.join and block.reshape first");
  return success();
}

namespace {
/// interleave(a, b) = reshape(join(a, b)): row-major, the pairs are
/// consecutive.
struct ExpandInterleave : OpRewritePattern<InterleaveOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(InterleaveOp op,
                                PatternRewriter &rewriter) const override {
    auto src = cast<RankedTensorType>(op.getLhs().getType());
    auto pairs = RankedTensorType::get(appendPairDim(src.getShape()),
                                       src.getElementType());
    Value joined = JoinOp::create(rewriter, op.getLoc(), pairs, op.getLhs(),
                                  op.getRhs());
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(), joined);
    return success();
  }
};
} // namespace

void InterleaveOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<ExpandInterleave>(context);
}

//===----------------------------------------------------------------------===//
// AddPtrOp
//===----------------------------------------------------------------------===//

/// A scalar pointer with a tensor of offsets: canonicalisation splats it.
static bool hasScalarBase(AddPtrOp op) {
  return !isa<RankedTensorType>(op.getPtr().getType()) &&
         isa<RankedTensorType>(op.getOffset().getType());
}

LogicalResult AddPtrOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  Type ptr = operands[0].getType();
  auto offsets = dyn_cast<RankedTensorType>(operands[1].getType());
  if (isa<RankedTensorType>(ptr) || !offsets)
    inferredReturnTypes.push_back(ptr);
  else
    inferredReturnTypes.push_back(RankedTensorType::get(
        offsets.getShape(), ptr, offsets.getEncoding()));
  return success();
}

LogicalResult AddPtrOp::verify() {
  if (hasScalarBase(*this))
    return success();
  if (failed(verifySameShape(*this, getPtr().getType(), "pointer",
                             getOffset().getType(), "offset")))
    return failure();
  return verifySameLayout(*this, getPtr().getType(), "pointer",
                          getOffset().getType(), "offset");
}

namespace {
/// addptr(scalar, offsets) = addptr(splat(scalar), offsets).
struct SplatScalarBase : OpRewritePattern<AddPtrOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AddPtrOp op,
                                PatternRewriter &rewriter) const override {
    if (!hasScalarBase(op))
      return failure();
    Value base =
        SplatOp::create(rewriter, op.getLoc(), op.getType(), op.getPtr());
    rewriter.replaceOpWithNewOp<AddPtrOp>(op, op.getType(), base,
                                          op.getOffset());
    return success();
  }
};
} // namespace

void AddPtrOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<SplatScalarBase>(context);
}

OpFoldResult AddPtrOp::fold(FoldAdaptor adaptor) {
  Attribute offset = adaptor.getOffset();
  if (auto element = getSplatElement(offset))
    offset = element;
  if (auto integer = dyn_cast_or_null<IntegerAttr>(offset);
      integer && integer.getValue().isZero() &&
      getPtr().getType() == getType())
    return getPtr();
  return {};
}

//===----------------------------------------------------------------------===//
// LoadOp and StoreOp
//===----------------------------------------------------------------------===//

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   Value mask, Value other) {
  build(builder, state, getPointeeType(ptr.getType()), ptr, /*offsets=*/{},
        mask, other, /*cache=*/nullptr, /*evict=*/nullptr,
        /*isVolatile=*/false);
}

Type LoadOp::getAddressType() {
  return ::getAddressType(getPtr(), getOffsets());
}

LogicalResult LoadOp::verify() {
  if (failed(verifyAccessTypes(*this, getPtr(), getOffsets(), getType(),
                               "result", getMask())))
    return failure();
  if (getOther() && getOther().getType() != getType())
    return emitOpError() << "'other' has type " << getOther().getType()
                         << ", but the result has type " << getType();
  if (getOther() && !getMask())
    return emitOpError("has 'other' but no mask: 'other' gives the value of "
                       "masked-off lanes");
  if (auto cache = getCache();
      cache && (*cache == CacheModifier::wb || *cache == CacheModifier::wt))
    return emitOpError() << "cache modifier '" << stringifyEnum(*cache)
                         << "' applies to stores only";
  return success();
}

void LoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getPtrMutable());
  // A volatile load must neither be removed nor merged with another.
  if (getIsVolatile())
    effects.emplace_back(MemoryEffects::Write::get());
}

namespace {
/// Drops an all-true mask (and with it `other`) and folds a load with an
/// all-false mask to `other`.
struct SimplifyLoadMask : OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LoadOp op,
                                PatternRewriter &rewriter) const override {
    if (isConstantMask(op.getMask(), true)) {
      rewriter.modifyOpInPlace(op, [&] {
        op.getMaskMutable().clear();
        op.getOtherMutable().clear();
      });
      return success();
    }
    if (isConstantMask(op.getMask(), false) && op.getOther() &&
        !op.getIsVolatile()) {
      rewriter.replaceOp(op, op.getOther());
      return success();
    }
    return failure();
  }
};

/// Drops an all-true mask and erases a store with an all-false mask.
struct SimplifyStoreMask : OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp op,
                                PatternRewriter &rewriter) const override {
    if (isConstantMask(op.getMask(), true)) {
      rewriter.modifyOpInPlace(op, [&] { op.getMaskMutable().clear(); });
      return success();
    }
    if (isConstantMask(op.getMask(), false)) {
      rewriter.eraseOp(op);
      return success();
    }
    return failure();
  }
};

/// load(%base[%offsets]) = load(addptr(splat(%base), %offsets)), and likewise
/// for stores and atomics.
template <typename AccessOp>
struct FoldOffsetsIntoPointers : OpRewritePattern<AccessOp> {
  using OpRewritePattern<AccessOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(AccessOp op,
                                PatternRewriter &rewriter) const override {
    Value offsets = op.getOffsets();
    if (!offsets)
      return failure();
    Type address = op.getAddressType();
    Value base = SplatOp::create(rewriter, op.getLoc(), address, op.getPtr());
    Value pointers =
        AddPtrOp::create(rewriter, op.getLoc(), address, base, offsets);
    rewriter.modifyOpInPlace(op, [&] {
      op.getPtrMutable().assign(pointers);
      op.getOffsetsMutable().clear();
    });
    return success();
  }
};
} // namespace

void LoadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<SimplifyLoadMask, FoldOffsetsIntoPointers<LoadOp>>(context);
}

void StoreOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                    Value value, Value mask) {
  build(builder, state, ptr, /*offsets=*/{}, value, mask, /*cache=*/nullptr,
        /*evict=*/nullptr);
}

Type StoreOp::getAddressType() {
  return ::getAddressType(getPtr(), getOffsets());
}

LogicalResult StoreOp::verify() {
  if (failed(verifyAccessTypes(*this, getPtr(), getOffsets(),
                               getValue().getType(), "value", getMask())))
    return failure();
  if (auto cache = getCache();
      cache && (*cache == CacheModifier::ca || *cache == CacheModifier::lu ||
                *cache == CacheModifier::cv))
    return emitOpError() << "cache modifier '" << stringifyEnum(*cache)
                         << "' applies to loads only";
  return success();
}

void StoreOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<SimplifyStoreMask, FoldOffsetsIntoPointers<StoreOp>>(context);
}

bool mlir::block::isShortForm(Operation *op) {
  return TypeSwitch<Operation *, bool>(op)
      .Case([](ArangeOp arange) { return bool(arange.getBase()); })
      .Case([](BroadcastOp broadcast) {
        return broadcast.getDims().has_value();
      })
      .Case([](AddPtrOp addPtr) { return hasScalarBase(addPtr); })
      .Case<LoadOp, StoreOp, AtomicRMWOp>(
          [](auto access) { return bool(access.getOffsets()); })
      .Case([](InterleaveOp) { return true; })
      .Default(false);
}

void mlir::block::populateShortFormPatterns(RewritePatternSet &patterns) {
  patterns.add<ExpandArangeBase, ExpandRankExtendingBroadcast, ExpandInterleave,
               SplatScalarBase, FoldOffsetsIntoPointers<LoadOp>,
               FoldOffsetsIntoPointers<StoreOp>,
               FoldOffsetsIntoPointers<AtomicRMWOp>>(patterns.getContext());
}

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

void MakeTensorDescOp::build(OpBuilder &builder, OperationState &state,
                             Type result, Value base, ValueRange shape,
                             ValueRange strides) {
  SmallVector<int64_t> dynamic(strides.size(), ShapedType::kDynamic);
  build(builder, state, result, base, shape, strides,
        builder.getDenseI64ArrayAttr(dynamic));
}

Value MakeTensorDescOp::getDynamicStride(unsigned dim) {
  ArrayRef<int64_t> strides = getStaticStrides();
  if (!ShapedType::isDynamic(strides[dim]))
    return {};
  return getStrides()[llvm::count_if(strides.take_front(dim),
                                     ShapedType::isDynamic)];
}

bool MakeTensorDescOp::hasUnitStride(unsigned dim) {
  if (Value stride = getDynamicStride(dim))
    return matchPattern(stride, m_One());
  return getStaticStrides()[dim] == 1;
}

/// The constant value of stride or size `value`, if it is one.
static std::optional<int64_t> getConstantIndex(Value value) {
  APInt constant;
  if (!matchPattern(value, m_ConstantInt(&constant)))
    return std::nullopt;
  return constant.getSExtValue();
}

LogicalResult MakeTensorDescOp::verify() {
  int64_t rank = getType().getRank();
  ArrayRef<int64_t> staticStrides = getStaticStrides();
  if (static_cast<int64_t>(getShape().size()) != rank ||
      static_cast<int64_t>(staticStrides.size()) != rank)
    return emitOpError() << "takes one size and one stride per dimension of "
                         << "its rank-" << rank << " tile, but has "
                         << getShape().size() << " sizes and "
                         << staticStrides.size() << " strides";
  if (failed(verifyListOfOperandsOrIntegers(*this, "stride", rank,
                                            staticStrides, getStrides())))
    return failure();
  Type indexType = getShape().front().getType();
  for (Value value : llvm::concat<Value>(getShape(), getStrides()))
    if (value.getType() != indexType)
      return emitOpError() << "takes sizes and strides of one integer type, "
                           << "but has both " << indexType << " and "
                           << value.getType();
  for (auto [i, value] : llvm::enumerate(getShape()))
    if (std::optional<int64_t> size = getConstantIndex(value); size && *size < 0)
      return emitOpError() << "size " << i << " is " << *size
                           << ", but sizes and strides are not negative";
  SmallVector<std::optional<int64_t>> strides;
  for (int64_t dim = 0; dim < rank; ++dim) {
    Value dynamic = getDynamicStride(dim);
    strides.push_back(dynamic ? getConstantIndex(dynamic)
                              : std::optional<int64_t>(staticStrides[dim]));
    if (strides.back() && *strides.back() < 0)
      return emitOpError() << "stride " << dim << " is " << *strides.back()
                           << ", but sizes and strides are not negative";
    // A stride written as an integer is one of the sizes' type: it must fit
    // it, as a stride operand does.
    unsigned width = indexType.getIntOrFloatBitWidth();
    if (!dynamic && width < 64 &&
        !llvm::isIntN(width, staticStrides[dim]))
      return emitOpError() << "stride " << dim << " is " << staticStrides[dim]
                           << ", which does not fit the sizes' type "
                           << indexType << "; give the sizes and strides as "
                           << "i64";
  }
  if (strides.back() && *strides.back() != 1)
    return emitOpError() << "has an innermost stride of " << *strides.back()
                         << ", but it must be 1 (the innermost dimension is "
                            "contiguous)";
  return success();
}

bool mlir::block::isTileWithoutLeadingUnits(ArrayRef<int64_t> tile,
                                            ArrayRef<int64_t> access) {
  if (access.empty() || access.size() > tile.size())
    return false;
  size_t dropped = tile.size() - access.size();
  return llvm::all_of(tile.take_front(dropped),
                      [](int64_t size) { return size == 1; }) &&
         tile.drop_front(dropped) == access;
}

/// The checks desc_load and desc_store share: one coordinate per dimension,
/// and a tile of the descriptor's element type and shape, or that shape
/// without some of its leading 1s.
static LogicalResult verifyTileAccess(Operation *op, TensorDescType desc,
                                      size_t numIndices, Type tile,
                                      StringRef what) {
  RankedTensorType expected = desc.getBlockType();
  if (static_cast<int64_t>(numIndices) != expected.getRank())
    return op->emitOpError()
           << "takes one coordinate per dimension of its rank-"
           << expected.getRank() << " tile, but has " << numIndices;
  auto tensor = cast<RankedTensorType>(tile);
  if (!isTileWithoutLeadingUnits(expected.getShape(), tensor.getShape()) ||
      tensor.getElementType() != expected.getElementType())
    return op->emitOpError()
           << what << " " << tile << " does not have the element type and "
           << "shape of the descriptor's tile " << expected
           << " (leading dimensions of size 1 may be left out)";
  return success();
}

/// Adds `value`'s factors to `product`; false where one is not known at
/// launch or there are more than `budget` multiplications.
static bool collectLaunchFactors(Value value, LaunchProduct &product,
                                 unsigned &budget) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (!isKernel(arg.getOwner()->getParentOp()))
      return false;
    product.args.push_back(arg.getArgNumber());
    return true;
  }
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant))) {
    if (!constant.isStrictlyPositive() || constant.getActiveBits() > 40)
      return false;
    product.factor *= constant.getSExtValue();
    return product.factor < (int64_t(1) << 40);
  }
  auto mul = value.getDefiningOp<arith::MulIOp>();
  if (!mul || budget == 0)
    return false;
  --budget;
  return collectLaunchFactors(mul.getLhs(), product, budget) &&
         collectLaunchFactors(mul.getRhs(), product, budget);
}

std::optional<LaunchProduct> mlir::block::getLaunchProduct(Value value) {
  LaunchProduct product;
  // Four multiplications cover the strides of a rank-5 tensor.
  unsigned budget = 4;
  if (!collectLaunchFactors(value, product, budget))
    return std::nullopt;
  return product;
}

namespace {
/// reshape(desc_load) -> desc_load where the reshape only leaves out
/// leading 1s of the tile (a 1 x M x K tile of a rank-3 descriptor read as
/// M x K): the load reads that shape itself, and the copy engine and the
/// products see the tile they use.
struct LoadTileReshaped : OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto load = op.getSrc().getDefiningOp<DescLoadOp>();
    auto type = cast<RankedTensorType>(op.getType());
    if (!load || !load->hasOneUse() || type.getEncoding() ||
        cast<RankedTensorType>(load.getType()).getEncoding() ||
        !isTileWithoutLeadingUnits(
            load.getDesc().getType().getBlockType().getShape(),
            type.getShape()))
      return failure();
    rewriter.setInsertionPoint(load);
    auto reshaped = DescLoadOp::create(rewriter, load.getLoc(), type,
                                       load.getDesc(), load.getIndices());
    reshaped->setDiscardableAttrs(load->getDiscardableAttrDictionary());
    rewriter.replaceOp(op, reshaped.getResult());
    rewriter.eraseOp(load);
    return success();
  }
};

/// desc_store(reshape(v)) -> desc_store(v) where `v` is the tile without
/// some of its leading 1s.
struct StoreTileReshaped : OpRewritePattern<DescStoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DescStoreOp op,
                                PatternRewriter &rewriter) const override {
    auto reshape = op.getValue().getDefiningOp<ReshapeOp>();
    if (!reshape)
      return failure();
    auto type = cast<RankedTensorType>(reshape.getSrc().getType());
    if (type.getEncoding() ||
        cast<RankedTensorType>(reshape.getType()).getEncoding() ||
        !isTileWithoutLeadingUnits(
            op.getDesc().getType().getBlockType().getShape(), type.getShape()))
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getValueMutable().assign(reshape.getSrc()); });
    return success();
  }
};
} // namespace

void ReshapeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<LoadTileReshaped>(context);
}

void DescStoreOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<StoreTileReshaped>(context);
}

LogicalResult DescLoadOp::verify() {
  return verifyTileAccess(*this, getDesc().getType(), getIndices().size(),
                          getResult().getType(), "result");
}

LogicalResult DescStoreOp::verify() {
  return verifyTileAccess(*this, getDesc().getType(), getIndices().size(),
                          getValue().getType(), "value");
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

static bool isIntOfWidth(Type type, std::initializer_list<unsigned> widths) {
  auto integer = dyn_cast<IntegerType>(type);
  return integer && llvm::is_contained(widths, integer.getWidth());
}

Type AtomicRMWOp::getAddressType() {
  return ::getAddressType(getPtr(), getOffsets());
}

void AtomicRMWOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<FoldOffsetsIntoPointers<AtomicRMWOp>>(context);
}

LogicalResult AtomicRMWOp::verify() {
  if (failed(verifyAccessTypes(*this, getPtr(), getOffsets(),
                               getValue().getType(), "value", getMask())))
    return failure();
  if (getType() != getValue().getType())
    return emitOpError() << "result has type " << getType()
                         << ", but the value has type "
                         << getValue().getType();
  Type element = getElementTypeOrSelf(getValue().getType());
  switch (getKind()) {
  case RMWKind::fadd:
    if (!isa<FloatType>(element))
      return emitOpError() << "'fadd' needs a floating-point pointee, but it "
                              "is "
                           << element;
    return success();
  case RMWKind::xchg:
    if (!isIntOfWidth(element, {32, 64}) && !element.isF32() &&
        !element.isF64())
      return emitOpError() << "'xchg' needs a 32- or 64-bit pointee, but it "
                              "is "
                           << element;
    return success();
  default:
    if (!isIntOfWidth(element, {32, 64}))
      return emitOpError() << "'" << stringifyEnum(getKind())
                           << "' needs an i32 or i64 pointee, but it is "
                           << element << " (use 'fadd' for floats)";
    return success();
  }
}

LogicalResult AtomicCASOp::verify() {
  Type element = getElementTypeOrSelf(getValue().getType());
  if (!isIntOfWidth(element, {32, 64}) && !element.isF32() && !element.isF64())
    return emitOpError() << "needs a 32- or 64-bit pointee, but it is "
                         << element;
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceOp and ScanOp
//===----------------------------------------------------------------------===//

Type ReduceOp::getReducedType(RankedTensorType type, unsigned axis) {
  if (type.getRank() == 1)
    return type.getElementType();
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + axis);
  Attribute encoding = type.getEncoding();
  if (auto layout = dyn_cast_or_null<DistributedLayoutAttr>(encoding))
    encoding = SliceLayoutAttr::get(type.getContext(), axis, layout);
  return RankedTensorType::get(shape, type.getElementType(), encoding);
}

/// Shared rules of reduce and scan operands: at least one, all of one shape
/// and layout, and `axis` in range.
static LogicalResult verifyCombinedOperands(Operation *op, ValueRange srcs,
                                            int64_t axis, size_t numResults) {
  if (srcs.empty())
    return op->emitOpError("needs at least one operand");
  if (numResults != srcs.size())
    return op->emitOpError() << "has " << srcs.size() << " operands but "
                             << numResults << " results; they must match";
  auto first = cast<RankedTensorType>(srcs.front().getType());
  for (auto [i, src] : llvm::enumerate(srcs))
    if (cast<RankedTensorType>(src.getType()).getShape() != first.getShape())
      return op->emitOpError() << "operand #" << i << " has type "
                               << src.getType() << ", but all operands must "
                               << "have the shape of operand #0 ("
                               << Type(first) << ")";
  for (auto [i, src] : llvm::enumerate(srcs))
    if (!haveSameLayout(src.getType(), first))
      return op->emitOpError() << "operand #" << i << " has type "
                               << src.getType() << ", but all operands must "
                               << "have the layout of operand #0 ("
                               << Type(first) << ")";
  if (axis < 0 || axis >= first.getRank())
    return op->emitOpError() << "axis " << axis << " is out of range [0, "
                             << first.getRank() << ")";
  return success();
}

/// The combiner takes (accumulated..., new...) scalars of the operands'
/// element types and yields one value per operand.
static LogicalResult verifyCombiner(Operation *op, Region &combiner,
                                    ValueRange srcs) {
  Block &body = combiner.front();
  size_t n = srcs.size();
  if (body.getNumArguments() != 2 * n)
    return op->emitOpError() << "combiner must take " << 2 * n
                             << " arguments (two per operand), but takes "
                             << body.getNumArguments();
  for (auto [i, src] : llvm::enumerate(srcs)) {
    Type element = cast<RankedTensorType>(src.getType()).getElementType();
    for (size_t j : {i, i + n})
      if (body.getArgument(j).getType() != element)
        return op->emitOpError()
               << "combiner argument #" << j << " has type "
               << body.getArgument(j).getType() << ", but operand #" << i
               << " has elements of type " << element;
  }
  auto yield = dyn_cast<YieldOp>(body.getTerminator());
  if (!yield)
    return op->emitOpError("combiner must end with block.yield");
  if (yield.getValues().size() != n)
    return yield.emitOpError() << "yields " << yield.getValues().size()
                               << " values, but the combiner of " << n
                               << " operands must yield " << n;
  for (auto [i, value] : llvm::enumerate(yield.getValues()))
    if (value.getType() != body.getArgument(i).getType())
      return yield.emitOpError()
             << "value #" << i << " has type " << value.getType()
             << ", but the combiner combines " << body.getArgument(i).getType();
  return success();
}

LogicalResult ReduceOp::verify() {
  if (failed(verifyCombinedOperands(*this, getSrcs(), getAxis(),
                                    getNumResults())))
    return failure();
  for (auto [i, src, result] :
       llvm::enumerate(getSrcs(), getResults().getTypes())) {
    Type expected =
        getReducedType(cast<RankedTensorType>(src.getType()), getAxis());
    // A result layout equal, as a linear layout, to the slice will do.
    auto resultTensor = dyn_cast<RankedTensorType>(result);
    auto expectedTensor = dyn_cast<RankedTensorType>(expected);
    bool equivalent = resultTensor && expectedTensor &&
                      resultTensor.getShape() == expectedTensor.getShape() &&
                      resultTensor.getElementType() ==
                          expectedTensor.getElementType() &&
                      haveSameLayout(result, expected);
    if (result != expected && !equivalent)
      return emitOpError() << "result #" << i << " has type " << result
                           << ", but reducing " << src.getType()
                           << " along axis " << getAxis() << " gives "
                           << expected;
  }
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyCombiner(*this, getCombiner(), getSrcs());
}

/// Parses `[kind] %srcs axis = N [reverse] attr-dict : functional-type
/// [region]`: with a named combiner `kind` the region is built, without one
/// it is written out.
template <typename OpT>
static ParseResult parseCombinedOp(OpAsmParser &parser,
                                   OperationState &result) {
  constexpr bool isScan = std::is_same_v<OpT, ScanOp>;
  std::optional<CombinerKind> kind;
  StringRef name;
  SMLoc kindLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword(&name))) {
    kind = symbolizeCombinerKind(name);
    if (!kind) {
      InFlightDiagnostic diag = parser.emitError(kindLoc)
                                << "unknown combiner '" << name << "'";
      if (name == "max" || name == "min")
        diag << "; say which " << name << ": " << name << "si, " << name
             << "ui (integers), " << name << "imumf (NaN wins) or " << name
             << "numf (NaN loses)";
      else
        diag << "; expected add, mul, and, or, xor, maxsi, maxui, minsi, "
                "minui, maximumf, maxnumf, minimumf, minnumf, argmax or "
                "argmin";
      return diag;
    }
  }
  SmallVector<OpAsmParser::UnresolvedOperand> srcs;
  SMLoc srcsLoc = parser.getCurrentLocation();
  int32_t axis;
  FunctionType type;
  auto &properties = result.getOrAddProperties<typename OpT::Properties>();
  if (parser.parseOperandList(srcs) || parser.parseKeyword("axis") ||
      parser.parseEqual() || parser.parseInteger(axis))
    return failure();
  properties.axis = parser.getBuilder().getI32IntegerAttr(axis);
  if constexpr (isScan)
    if (succeeded(parser.parseOptionalKeyword("reverse")))
      properties.reverse = parser.getBuilder().getUnitAttr();
  if (parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type) ||
      parser.resolveOperands(srcs, type.getInputs(), srcsLoc, result.operands))
    return failure();
  result.addTypes(type.getResults());
  Region *combiner = result.addRegion();
  if (!kind) {
    if (parser.parseRegion(*combiner))
      return failure();
    OpT::ensureTerminator(*combiner, parser.getBuilder(), result.location);
    return success();
  }
  SmallVector<Type> elementTypes;
  for (Type src : type.getInputs()) {
    auto tensor = dyn_cast<RankedTensorType>(src);
    if (!tensor)
      return parser.emitError(srcsLoc) << "operands must be tensors, not "
                                       << src;
    elementTypes.push_back(tensor.getElementType());
  }
  std::string why = whyNotCombinable(*kind, elementTypes);
  if (!why.empty())
    return parser.emitError(kindLoc) << why;
  OpBuilder builder(parser.getContext());
  buildCombiner(builder, result.location, *kind, elementTypes, *combiner);
  return success();
}

/// Prints the named form when the combiner is a named one.
static void printCombinedOp(OpAsmPrinter &printer, Operation *op,
                            ValueRange srcs, uint32_t axis, bool reverse,
                            Region &combiner) {
  std::optional<CombinerKind> kind = matchCombiner(combiner);
  printer << ' ';
  if (kind)
    printer << stringifyCombinerKind(*kind) << ' ';
  printer << srcs << " axis = " << axis;
  if (reverse)
    printer << " reverse";
  printer.printOptionalAttrDict(op->getAttrs(), {"axis", "reverse"});
  printer << " : ";
  printer.printFunctionalType(op);
  if (kind)
    return;
  printer << ' ';
  printer.printRegion(combiner, /*printEntryBlockArgs=*/true,
                      /*printBlockTerminators=*/true);
}

ParseResult ReduceOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseCombinedOp<ReduceOp>(parser, result);
}

void ReduceOp::print(OpAsmPrinter &printer) {
  printCombinedOp(printer, *this, getSrcs(), getAxis(), /*reverse=*/false,
                  getCombiner());
}

ParseResult ScanOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseCombinedOp<ScanOp>(parser, result);
}

void ScanOp::print(OpAsmPrinter &printer) {
  printCombinedOp(printer, *this, getSrcs(), getAxis(), getReverse(),
                  getCombiner());
}

LogicalResult ScanOp::verify() {
  if (failed(verifyCombinedOperands(*this, getSrcs(), getAxis(),
                                    getNumResults())))
    return failure();
  for (auto [i, src, result] :
       llvm::enumerate(getSrcs(), getResults().getTypes()))
    if (src.getType() != result)
      return emitOpError() << "result #" << i << " has type " << result
                           << ", but must have the type of operand #" << i
                           << " (" << src.getType() << ")";
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombiner(*this, getCombiner(), getSrcs());
}

//===----------------------------------------------------------------------===//
// DotOp
//===----------------------------------------------------------------------===//

LogicalResult mlir::block::verifyDotOperands(Operation *op, ShapedType a,
                                             ShapedType b, ShapedType acc,
                                             DotPrecision precision) {
  if (a.getRank() != 2 || b.getRank() != 2 || acc.getRank() != 2)
    return op->emitOpError() << "operands must be 2-D, but have types "
                             << Type(a) << ", " << Type(b) << ", " << Type(acc);
  if (a.getDimSize(1) != b.getDimSize(0))
    return op->emitOpError() << "inner dimensions differ: a is " << Type(a)
                             << " and b is " << Type(b);
  if (acc.getDimSize(0) != a.getDimSize(0) ||
      acc.getDimSize(1) != b.getDimSize(1))
    return op->emitOpError() << "accumulator " << Type(acc) << " must be "
                             << a.getDimSize(0) << "x" << b.getDimSize(1);
  Type ea = a.getElementType(), eb = b.getElementType(),
       ec = acc.getElementType();
  if (ea != eb)
    return op->emitOpError() << "a and b must have one element type, but have "
                             << ea << " and " << eb;
  if (precision != DotPrecision::ieee && !ea.isF32())
    return op->emitOpError()
           << "precision " << stringifyDotPrecision(precision)
           << " rounds f32 operands, not " << ea;
  if (isFloat8(ea)) {
    if (!ec.isF32())
      return op->emitOpError()
             << "a " << ea << " product accumulates in f32, not " << ec;
    return success();
  }
  if (isa<FloatType>(ea)) {
    bool ok = ec == ea || (ec.isF32() && (ea.isF16() || ea.isBF16()));
    if (!ok)
      return op->emitOpError()
             << "a " << ea << " product accumulates in " << ea
             << (ea.isF16() || ea.isBF16() ? " or f32" : "") << ", not " << ec;
    return success();
  }
  if (ea.isInteger(8) && ec.isInteger(32))
    return success();
  return op->emitOpError() << "integer products take i8 operands and an i32 "
                              "accumulator, not "
                           << ea << " and " << ec;
}

LogicalResult DotOp::verify() {
  return verifyDotOperands(*this, cast<ShapedType>(getA().getType()),
                           cast<ShapedType>(getB().getType()),
                           cast<ShapedType>(getAcc().getType()),
                           getPrecision());
}

//===----------------------------------------------------------------------===//
// BitcastOp
//===----------------------------------------------------------------------===//

LogicalResult BitcastOp::verify() {
  Type src = getSrc().getType(), result = getType();
  auto srcTensor = dyn_cast<RankedTensorType>(src);
  if (srcTensor && srcTensor.getEncoding() !=
                       cast<RankedTensorType>(result).getEncoding())
    return emitOpError("operand and result must have the same layout");
  Type from = getElementTypeOrSelf(src), to = getElementTypeOrSelf(result);
  bool fromPtr = isa<PointerType>(from), toPtr = isa<PointerType>(to);
  if (fromPtr != toPtr)
    return emitOpError() << "cannot cast between pointer and non-pointer ("
                         << from << " -> " << to
                         << "); use ptr_to_int or int_to_ptr";
  if (!fromPtr && from.getIntOrFloatBitWidth() != to.getIntOrFloatBitWidth())
    return emitOpError() << "element types must have the same bit width, "
                            "but "
                         << from << " has " << from.getIntOrFloatBitWidth()
                         << " and " << to << " has "
                         << to.getIntOrFloatBitWidth();
  return success();
}

OpFoldResult BitcastOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return {};
}

Value mlir::block::getAccessedPointers(Operation *op) {
  return TypeSwitch<Operation *, Value>(op)
      .Case<LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp>(
          [](auto memory) { return memory.getPtr(); })
      .Default([](Operation *) { return Value(); });
}

Value mlir::block::getAccessMask(Operation *op) {
  return TypeSwitch<Operation *, Value>(op)
      .Case<LoadOp, StoreOp, AtomicRMWOp>(
          [](auto memory) { return memory.getMask(); })
      .Default([](Operation *) { return Value(); });
}
