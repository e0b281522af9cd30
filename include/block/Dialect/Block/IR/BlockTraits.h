//===- BlockTraits.h - Traits of block operations ---------------*- C++ -*-===//

#ifndef BLOCK_DIALECT_BLOCK_IR_BLOCKTRAITS_H
#define BLOCK_DIALECT_BLOCK_IR_BLOCKTRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::block::OpTrait {

namespace impl {
LogicalResult verifyTensorSizeRule(Operation *op);
} // namespace impl

/// Every tensor operand and result has power-of-two dimensions and at most
/// 2^20 elements.
template <typename ConcreteType>
class TensorSizeRule
    : public ::mlir::OpTrait::TraitBase<ConcreteType, TensorSizeRule> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyTensorSizeRule(op);
  }
};

} // namespace mlir::block::OpTrait

#endif // BLOCK_DIALECT_BLOCK_IR_BLOCKTRAITS_H
