//===- KernelOperations.h - Which operations a kernel takes ------*- C++ -*-===//

#ifndef LIB_DIALECT_BLOCK_IR_KERNELOPERATIONS_H
#define LIB_DIALECT_BLOCK_IR_KERNELOPERATIONS_H

#include "mlir/IR/Operation.h"

namespace mlir::block {

/// Refuses, with what to write instead, an operation in a kernel of a
/// dialect that block-opt parses but the lowering and block-run do not take
/// (tensor.extract_slice, tensor.empty, linalg, memref, vector, ...), so
/// that the three agree on what a kernel is.
LogicalResult verifyKernelOperation(Operation *op);

} // namespace mlir::block

#endif // LIB_DIALECT_BLOCK_IR_KERNELOPERATIONS_H
