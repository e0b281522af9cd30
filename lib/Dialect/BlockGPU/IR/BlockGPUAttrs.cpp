//===- BlockGPUAttrs.cpp - Shared-memory layouts --------------------------===//

#include "block/Dialect/BlockGPU/IR/BlockGPUDialect.h"
#include "block/Layout/TensorLayouts.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::blockgpu;
using mlir::block::LinearLayout;

#include "block/Dialect/BlockGPU/IR/SharedLayoutInterface.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "block/Dialect/BlockGPU/IR/BlockGPUAttrs.cpp.inc"

void BlockGPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "block/Dialect/BlockGPU/IR/BlockGPUAttrs.cpp.inc"
      >();
}

/// The size of the dimension a tile's rows run along: the last, or the
/// second to last when `transposed`.
static int64_t getContiguousSize(ArrayRef<int64_t> shape, bool transposed) {
  return transposed && shape.size() >= 2 ? shape[shape.size() - 2]
                                         : shape.back();
}

//===----------------------------------------------------------------------===//
// SwizzledLayoutAttr
//===----------------------------------------------------------------------===//

LogicalResult
SwizzledLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           unsigned vec, unsigned perPhase, unsigned maxPhase,
                           bool) {
  for (auto [name, value] : {std::pair<StringRef, unsigned>{"vec", vec},
                             {"perPhase", perPhase},
                             {"maxPhase", maxPhase}})
    if (value == 0 || !llvm::isPowerOf2_32(value))
      return emitError() << "#blockgpu.swizzled: " << name
                         << " must be a power of two, but is " << value;
  return success();
}

LinearLayout SwizzledLayoutAttr::toLinearLayout(ArrayRef<int64_t> shape,
                                                unsigned) const {
  return block::getSwizzledSharedLayout(shape, getVec(), getPerPhase(),
                                        getMaxPhase(), getTransposed());
}

unsigned SwizzledLayoutAttr::getAlignment() const { return 16; }

LogicalResult SwizzledLayoutAttr::verifyBuffer(
    function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> shape,
    unsigned) const {
  if (getTransposed() && shape.size() < 2)
    return emitError() << "#blockgpu.swizzled: a transposed layout needs a "
                          "buffer of rank 2 or more";
  return success();
}

//===----------------------------------------------------------------------===//
// NVMMALayoutAttr
//===----------------------------------------------------------------------===//

LogicalResult
NVMMALayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        unsigned swizzle, bool) {
  if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
    return emitError() << "#blockgpu.nvmma: swizzle must be 0, 32, 64 or 128 "
                          "bytes, but is "
                       << swizzle;
  return success();
}

LinearLayout NVMMALayoutAttr::toLinearLayout(ArrayRef<int64_t> shape,
                                             unsigned elementBits) const {
  return block::getNVMMASharedLayout(shape, getSwizzle(), elementBits,
                                     getTransposed());
}

unsigned NVMMALayoutAttr::getAlignment() const { return 1024; }

LogicalResult
NVMMALayoutAttr::verifyBuffer(function_ref<InFlightDiagnostic()> emitError,
                              ArrayRef<int64_t> shape,
                              unsigned elementBits) const {
  if (shape.size() < 2)
    return emitError() << "#blockgpu.nvmma needs a buffer of rank 2 or more";
  int64_t rowBytes = getContiguousSize(shape, getTransposed()) * elementBits / 8;
  if (getSwizzle() && rowBytes % getSwizzle())
    return emitError() << "#blockgpu.nvmma: rows of " << rowBytes
                       << " bytes cannot be cut into " << getSwizzle()
                       << "-byte swizzle slabs";
  return success();
}

//===----------------------------------------------------------------------===//
// LinearSharedLayoutAttr
//===----------------------------------------------------------------------===//

LogicalResult
LinearSharedLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               unsigned numDims, ArrayRef<int64_t> bases) {
  if (numDims == 0)
    return emitError() << "#blockgpu.linear needs at least one dimension";
  if (bases.size() % numDims)
    return emitError() << "#blockgpu.linear: every offset basis must have "
                       << numDims << " components";
  if (llvm::any_of(bases, [](int64_t v) {
        return v < 0 || v > std::numeric_limits<int32_t>::max();
      }))
    return emitError() << "#blockgpu.linear: basis components must be "
                          "non-negative 32-bit integers";
  return success();
}

LinearSharedLayoutAttr LinearSharedLayoutAttr::get(MLIRContext *context,
                                                   const LinearLayout &layout) {
  SmallVector<int64_t> flat;
  for (ArrayRef<int32_t> basis : layout.getBases(block::kOffset))
    flat.append(basis.begin(), basis.end());
  return get(context, layout.getNumOutDims(), flat);
}

/// The offset bases as index vectors.
static SmallVector<LinearLayout::Basis> getBases(LinearSharedLayoutAttr attr) {
  SmallVector<LinearLayout::Basis> bases;
  ArrayRef<int64_t> flat = attr.getOffsetBases();
  for (size_t i = 0; i < flat.size(); i += attr.getNumDims())
    bases.push_back(llvm::to_vector(llvm::map_range(
        flat.slice(i, attr.getNumDims()),
        [](int64_t v) { return int32_t(v); })));
  return bases;
}

/// The layout for `shape`, or nullopt (saying why in `error`) when the bases
/// do not fit it.
static std::optional<LinearLayout>
getLayoutFor(LinearSharedLayoutAttr attr, ArrayRef<int64_t> shape,
             std::string *error) {
  if (shape.size() != attr.getNumDims()) {
    *error = "has bases of " + std::to_string(attr.getNumDims()) +
             " dimensions for a buffer of rank " + std::to_string(shape.size());
    return std::nullopt;
  }
  return LinearLayout::get({{block::kOffset.str(), getBases(attr)}},
                           block::getTensorOutDims(shape), error);
}

LinearLayout LinearSharedLayoutAttr::toLinearLayout(ArrayRef<int64_t> shape,
                                                    unsigned) const {
  std::string error;
  std::optional<LinearLayout> layout = getLayoutFor(*this, shape, &error);
  assert(layout && "verifyBuffer accepted the buffer");
  return *layout;
}

unsigned LinearSharedLayoutAttr::getAlignment() const { return 16; }

LogicalResult LinearSharedLayoutAttr::verifyBuffer(
    function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> shape,
    unsigned) const {
  std::string error;
  std::optional<LinearLayout> layout = getLayoutFor(*this, shape, &error);
  if (!layout)
    return emitError() << "#blockgpu.linear " << error;
  if (!layout->isInvertible()) {
    InFlightDiagnostic diag = emitError()
                              << "#blockgpu.linear does not place every "
                                 "element of a buffer of shape ";
    llvm::interleave(shape, diag, "x");
    return diag << " at exactly one offset";
  }
  return success();
}

// offset = [[a, b], ...]
Attribute LinearSharedLayoutAttr::parse(AsmParser &parser, Type) {
  SmallVector<SmallVector<int64_t>> bases;
  auto parseBasis = [&]() -> ParseResult {
    SmallVector<int64_t> &basis = bases.emplace_back();
    return parser.parseCommaSeparatedList(
        AsmParser::Delimiter::Square,
        [&]() { return parser.parseInteger(basis.emplace_back()); });
  };
  if (parser.parseLess() || parser.parseKeyword(block::kOffset) ||
      parser.parseEqual() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                     parseBasis) ||
      parser.parseGreater())
    return {};
  if (bases.empty()) {
    parser.emitError(parser.getNameLoc())
        << "#blockgpu.linear needs at least one offset basis";
    return {};
  }
  SmallVector<int64_t> flat;
  for (ArrayRef<int64_t> basis : bases) {
    if (basis.size() != bases.front().size()) {
      parser.emitError(parser.getNameLoc())
          << "#blockgpu.linear: every basis must have as many components as "
             "the first ("
          << bases.front().size() << "), but one has " << basis.size();
      return {};
    }
    flat.append(basis.begin(), basis.end());
  }
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), bases.front().size(), flat);
}

void LinearSharedLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<" << block::kOffset << " = [";
  llvm::interleaveComma(getBases(*this), printer, [&](ArrayRef<int32_t> basis) {
    printer << "[";
    llvm::interleaveComma(basis, printer);
    printer << "]";
  });
  printer << "]>";
}
