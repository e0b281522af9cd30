//===- BlockGPUTypes.cpp - Memory descriptors -----------------------------===//

#include "block/Dialect/BlockGPU/IR/BlockGPUDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::blockgpu;

#define GET_TYPEDEF_CLASSES
#include "block/Dialect/BlockGPU/IR/BlockGPUTypes.cpp.inc"

void BlockGPUDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "block/Dialect/BlockGPU/IR/BlockGPUTypes.cpp.inc"
      >();
}

/// Bits an element of `type` occupies in memory (i1 is a byte).
static unsigned getStorageBits(Type type) {
  if (isa<block::PointerType>(type))
    return 64;
  return std::max(8u, type.getIntOrFloatBitWidth());
}

// <2x64x64xf32, #layout[, mutable]>
Type MemDescType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  Attribute layout;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseAttribute(layout))
    return {};
  bool isMutable = succeeded(parser.parseOptionalComma());
  if (isMutable && parser.parseKeyword("mutable"))
    return {};
  if (parser.parseGreater())
    return {};
  auto shared = dyn_cast<SharedLayoutAttr>(layout);
  if (!shared) {
    parser.emitError(parser.getNameLoc())
        << "expected a shared-memory layout, but got " << layout;
    return {};
  }
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), shape, elementType, shared, isMutable);
}

void MemDescType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t size : getShape())
    printer << size << "x";
  printer << getElementType() << ", " << Attribute(getLayout());
  if (getMutableMemory())
    printer << ", mutable";
  printer << ">";
}

/// The dimensions the layout places: all, or, for a stack of a number of
/// buffers other than a power of two (rank 3 or more), those of one buffer.
static ArrayRef<int64_t> getLaidOutShape(ArrayRef<int64_t> shape) {
  if (shape.size() >= 3 && !llvm::isPowerOf2_64(shape.front()))
    return shape.drop_front();
  return shape;
}

LogicalResult MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elementType,
                                  SharedLayoutAttr layout, bool) {
  if (shape.empty())
    return emitError() << "!blockgpu.memdesc needs at least one dimension";
  // A stack of buffers (the stages of a ring) may have any number of them.
  ArrayRef<int64_t> laidOut = getLaidOutShape(shape);
  if (shape.front() <= 0)
    return emitError() << "!blockgpu.memdesc: every dimension must be "
                          "positive, but the first is "
                       << shape.front();
  int64_t elements = shape.size() > laidOut.size() ? shape.front() : 1;
  for (int64_t size : laidOut) {
    if (size <= 0 || !llvm::isPowerOf2_64(size))
      return emitError() << "!blockgpu.memdesc: every dimension but the "
                            "first of a buffer of rank 3 or more must be a "
                            "power of two, but one is "
                         << size;
    elements *= size;
    if (elements > block::kMaxTensorElements)
      return emitError() << "!blockgpu.memdesc: more than "
                         << block::kMaxTensorElements << " elements";
  }
  if (!elementType.isIntOrFloat() && !isa<block::PointerType>(elementType))
    return emitError() << "!blockgpu.memdesc holds integers, floats or "
                          "pointers, not "
                       << elementType;
  if (!layout)
    return emitError() << "!blockgpu.memdesc needs a shared-memory layout";
  return layout.verifyBuffer(emitError, laidOut, getStorageBits(elementType));
}

ShapedType MemDescType::cloneWith(std::optional<ArrayRef<int64_t>> shape,
                                  Type elementType) const {
  return get(getContext(), shape ? *shape : getShape(), elementType,
             getLayout(), getMutableMemory());
}

unsigned MemDescType::getElementBits() const {
  return getStorageBits(getElementType());
}

int64_t MemDescType::getSizeInBytes() const {
  return getNumElements() * getElementBits() / 8;
}

block::LinearLayout MemDescType::toLinearLayout() const {
  assert(getLaidOutShape(getShape()).size() == getShape().size() &&
         "a stack of a number of buffers other than a power of two has no "
         "linear layout: index it first");
  return getLayout().toLinearLayout(getShape(), getElementBits());
}

bool MemDescType::hasRank() const { return true; }
