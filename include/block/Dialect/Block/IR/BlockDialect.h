//===- BlockDialect.h - The block dialect -----------------------*- C++ -*-===//

#ifndef BLOCK_DIALECT_BLOCK_IR_BLOCKDIALECT_H
#define BLOCK_DIALECT_BLOCK_IR_BLOCKDIALECT_H

#include "block/Layout/LinearLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
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

/// The kernels of `module`: its `func.func` ops marked as block kernels, in
/// order.
SmallVector<func::FuncOp> getKernels(ModuleOp module);

/// A chip the passes compile for, from its name "sm_<capability>[a|f]".
struct TargetChip {
  /// The compute capability as major * 10 + minor: 80 for sm_80, 90 for
  /// sm_90a.
  unsigned capability = 0;
  /// The architecture-specific variant ("sm_90a"): wgmma needs it.
  bool archSpecific = false;
  /// The family-specific variant ("sm_100f").
  bool familySpecific = false;

  /// wgmma.mma_async: sm_90a only.
  bool hasWgmma() const { return capability == 90 && archSpecific; }
  /// mma.sync m16n8 with f16, bf16, tf32 and 8-bit integer operands.
  bool hasMmaSync() const { return capability >= 80; }
  /// The shared memory one CTA may use (with the opt-in the runtime asks
  /// for), in bytes.
  int64_t getMaxSharedMemoryBytes() const;
};

/// The chip named `name` ("sm_80", "sm_90a", "sm_100f"), or nullopt.
std::optional<TargetChip> parseTargetChip(StringRef name);

/// The 8-bit floats of fp8 tensor-core products (f8E4M3FN, f8E5M2).
inline bool isFloat8(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(type);
}

/// The chip of the innermost operation around `op` (itself included) that
/// carries `block.target` (the module's), or nullopt when none does: then
/// the passes assume no tensor cores.
std::optional<TargetChip> getTargetChip(Operation *op);

} // namespace mlir::block

#endif // BLOCK_DIALECT_BLOCK_IR_BLOCKDIALECT_H
