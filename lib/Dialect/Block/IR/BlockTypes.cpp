//===- BlockTypes.cpp - Types of the block dialect ------------------------===//

#include "block/Dialect/Block/IR/BlockDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::block;

#define GET_TYPEDEF_CLASSES
#include "block/Dialect/Block/IR/BlockOpsTypes.cpp.inc"

void BlockDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "block/Dialect/Block/IR/BlockOpsTypes.cpp.inc"
      >();
}

LogicalResult PointerType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  Type pointeeType) {
  if (auto integer = dyn_cast<IntegerType>(pointeeType))
    if (integer.isSignless() &&
        llvm::is_contained({1u, 8u, 16u, 32u, 64u}, integer.getWidth()))
      return success();
  if (pointeeType.isF16() || pointeeType.isBF16() || pointeeType.isF32() ||
      pointeeType.isF64() || isFloat8(pointeeType) ||
      isa<PointerType>(pointeeType))
    return success();
  return emitError() << "!block.ptr points to " << pointeeType
                     << ", but the pointee must be a signless i1/i8/i16/i32/"
                        "i64, f16, bf16, f32, f64, f8E4M3FN, f8E5M2 or "
                        "!block.ptr";
}

LogicalResult
TensorDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                       RankedTensorType blockType) {
  if (failed(verifyTensorSize(emitError, blockType, "the tile")))
    return failure();
  if (blockType.getEncoding())
    return emitError() << "the tile of a tensor descriptor has no layout, but "
                       << blockType << " has one";
  if (blockType.getRank() > 5)
    return emitError() << "the tile of a tensor descriptor has rank 1 to 5, "
                       << "but " << blockType << " has rank "
                       << blockType.getRank();
  Type element = blockType.getElementType();
  auto integer = dyn_cast<IntegerType>(element);
  bool isByteInteger = integer && integer.isSignless() &&
                       llvm::is_contained({8u, 16u, 32u, 64u},
                                          integer.getWidth());
  if (!isByteInteger && !element.isF16() && !element.isBF16() &&
      !element.isF32() && !element.isF64() && !isFloat8(element))
    return emitError() << "the tile of a tensor descriptor holds i8/i16/i32/"
                          "i64, f16, bf16, f32, f64, f8E4M3FN or f8E5M2, not "
                       << element;
  return success();
}
