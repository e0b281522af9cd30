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
