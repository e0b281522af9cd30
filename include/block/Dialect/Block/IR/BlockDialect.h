//===- BlockDialect.h - The block dialect -----------------------*- C++ -*-===//

#ifndef BLOCK_DIALECT_BLOCK_IR_BLOCKDIALECT_H
#define BLOCK_DIALECT_BLOCK_IR_BLOCKDIALECT_H

#include "block/Layout/LinearLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/TensorEncoding.h"
#include "mlir/IR/TypeUtilities.h"

#include "block/Dialect/Block/IR/BlockOpsDialect.h.inc"
#include "block/Dialect/Block/IR/BlockOpsEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "block/Dialect/Block/IR/BlockOpsTypes.h.inc"

namespace mlir::block {
class DistributedLayoutAttr;
} // namespace mlir::block

#include "block/Dialect/Block/IR/BlockLayoutInterface.h.inc"

#define GET_ATTRDEF_CLASSES
#include "block/Dialect/Block/IR/BlockOpsAttrs.h.inc"

namespace mlir::block {

/// Largest number of elements of a tensor in a block program.
constexpr int64_t kMaxTensorElements = int64_t(1) << 20;

/// `!block.ptr<T>` -> `T`; `tensor<S x !block.ptr<T>, L>` -> `tensor<S x T, L>`.
/// Any other type is returned unchanged.
Type getPointeeType(Type type);

/// `T` -> `i1`; `tensor<S x T, L>` -> `tensor<S x i1, L>`.
Type getBoolTypeLike(Type type);

/// `T` -> `i64`; `tensor<S x T, L>` -> `tensor<S x i64, L>`.
Type getI64TypeLike(Type type);

/// Checks that `type`, if it is a tensor, has power-of-two dimensions and at
/// most kMaxTensorElements elements. Emits through `emitError` and names the
/// value as `what`.
LogicalResult verifyTensorSize(function_ref<InFlightDiagnostic()> emitError,
                               Type type, StringRef what);

/// True if `op` is a `func.func` marked as a block kernel.
bool isKernel(Operation *op);

} // namespace mlir::block

#endif // BLOCK_DIALECT_BLOCK_IR_BLOCKDIALECT_H
