//===- KernelOperations.cpp - Which operations a kernel takes -------------===//

#include "KernelOperations.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;

/// What a kernel writes instead of an operation of the tensor dialect.
static StringRef getTensorReplacement(StringRef name) {
  return llvm::StringSwitch<StringRef>(name)
      .Case("empty", "fill a tensor with block.splat or arith.constant")
      .Case("splat", "use block.splat")
      .Cases({"extract_slice", "insert_slice"},
             "load and store the block you need through pointers "
             "(block.addptr, block.load, block.store); block.split takes "
             "pairs apart")
      .Case("extract", "reduce the tensor with block.reduce, or load the "
                       "element through a pointer")
      .Case("insert", "select the new element with arith.select and a mask "
                      "from block.arange")
      .Cases({"expand_shape", "collapse_shape", "reshape"},
             "use block.reshape or block.expand_dims")
      .Case("concat", "pair tensors with block.join or block.interleave")
      .Case("bitcast", "use block.bitcast")
      .Case("cast", "tensor shapes are static; no cast is needed")
      .Default("build the tensor from block operations");
}

/// Dialects whose operations the lowering and block-run take in a kernel
/// (the tensor-free operations of the others are not refused here either:
/// they carry no tensors, and the lowering passes them on).
static bool isKernelDialect(StringRef ns) {
  return llvm::is_contained<StringRef>({"block", "blockgpu", "arith", "math", "scf", "cf",
                             "func", "gpu"},
                            ns);
}

LogicalResult mlir::block::verifyKernelOperation(Operation *op) {
  Dialect *dialect = op->getDialect();
  // Unregistered operations are parsed only on request (tests).
  if (!dialect || isKernelDialect(dialect->getNamespace()))
    return success();
  StringRef ns = dialect->getNamespace();
  if (ns == "tensor")
    return op->emitOpError()
           << "is not a block operation and has no lowering: "
           << getTensorReplacement(op->getName().stripDialect());
  auto hasTensor = [](TypeRange types) {
    return llvm::any_of(types, llvm::IsaPred<TensorType>);
  };
  if (hasTensor(op->getOperandTypes()) || hasTensor(op->getResultTypes()) ||
      llvm::is_contained<StringRef>({"linalg", "memref", "vector", "bufferization"}, ns))
    return op->emitOpError()
           << "is not a block operation and has no lowering: a kernel "
              "computes with block, arith, math and scf operations on "
              "tensors and reaches memory through !block.ptr";
  return success();
}
