//===- SharedMemoryAccess.cpp - Threads' accesses to shared memory --------===//
//
// Every thread reads or writes the elements it holds at their offsets in a
// buffer; runs of registers at consecutive offsets move as one vector
// access of up to 16 bytes.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::block;

unsigned mlir::block::getSharedVectorElements(Type memoryType) {
  return std::max(1u, 16 / getMemoryBytes(memoryType));
}

unsigned mlir::block::getSharedAccessWidth(const TensorDistribution &flat,
                                           Type memoryType) {
  if (!memoryType.isIntOrFloat())
    return 1;
  return std::min(flat.getContiguousRegisters(0),
                  getSharedVectorElements(memoryType));
}

void mlir::block::emitSharedStore(OpBuilder &b, Location loc,
                                  ValueRange values,
                                  const TensorDistribution &flat, Value base,
                                  ThreadIds ids) {
  Type memoryType = getMemoryType(values.front().getType());
  unsigned width = getSharedAccessWidth(flat, memoryType);
  SmallVector<Value> threadIndex = flat.emitThreadIndex(b, loc, ids);
  for (unsigned reg = 0, e = flat.getNumRegisters(); reg < e; reg += width) {
    if (!flat.isFirstCopy(reg))
      continue;
    Value position = flat.emitElementIndex(b, loc, threadIndex, reg)[0];
    Value address = emitElementAddress(b, loc, base, memoryType, position);
    SmallVector<Value> elements;
    for (Value value : values.slice(reg, width))
      elements.push_back(toMemory(b, loc, value));
    emitVectorStore(b, loc, elements, address);
  }
}

SmallVector<Value> mlir::block::emitSharedLoad(OpBuilder &b, Location loc,
                                               const TensorDistribution &flat,
                                               Value base, ThreadIds ids,
                                               Type elementType) {
  Type memoryType = getMemoryType(elementType);
  unsigned width = getSharedAccessWidth(flat, memoryType);
  SmallVector<Value> readIndex = flat.emitThreadIndex(b, loc, ids);
  SmallVector<Value> results;
  for (unsigned reg = 0, e = flat.getNumRegisters(); reg < e; reg += width) {
    Value position = flat.emitElementIndex(b, loc, readIndex, reg)[0];
    Value address = emitElementAddress(b, loc, base, memoryType, position);
    for (Value element : emitVectorLoad(b, loc, memoryType, width, address))
      results.push_back(fromMemory(b, loc, element, elementType));
  }
  return results;
}
