//===- SharedMemoryRelayout.cpp - Move a tensor between layouts -----------===//
//
// Every thread writes the elements it holds to shared memory at their
// row-major position, and reads back those the new layout gives it. Runs of
// registers that hold consecutive positions move as one vector access.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::block;

int64_t mlir::block::getRelayoutScratchBytes(const TensorDistribution &from,
                                             Type elementType) {
  return from.getNumElements() * getMemoryBytes(elementType);
}

/// Registers per shared memory access: consecutive positions, at most 16
/// bytes, and only numbers (no pointers) in vectors.
static unsigned getAccessWidth(const TensorDistribution &flat,
                               Type memoryType) {
  if (!memoryType.isIntOrFloat())
    return 1;
  unsigned bytes = getMemoryBytes(memoryType);
  return std::min(flat.getContiguousRegisters(0), std::max(1u, 16 / bytes));
}

SmallVector<Value> mlir::block::emitRelayout(OpBuilder &b, Location loc,
                                             ValueRange values,
                                             const TensorDistribution &from,
                                             const TensorDistribution &to,
                                             IndexMap toFrom) {
  Type elementType = values.front().getType();
  Type memoryType = getMemoryType(elementType);
  unsigned bytes = getMemoryBytes(memoryType);
  TensorDistribution fromFlat = from.flatten();
  TensorDistribution toFlat =
      to.remap({from.getNumElements()}, [&](ArrayRef<int64_t> index) {
        return ElementIndex{from.linearize(toFrom(index))};
      });
  ThreadIds ids = emitThreadIds(b, loc);
  Value base = emitSharedMemoryBase(b, loc);

  // Earlier users of the scratch memory must be done with it.
  emitBarrier(b, loc);
  SmallVector<Value> writeIndex = fromFlat.emitThreadIndex(b, loc, ids);
  unsigned writeWidth = getAccessWidth(fromFlat, memoryType);
  for (unsigned reg = 0, e = fromFlat.getNumRegisters(); reg < e;
       reg += writeWidth) {
    if (!fromFlat.isFirstCopy(reg))
      continue;
    Value position = fromFlat.emitElementIndex(b, loc, writeIndex, reg)[0];
    Value address = emitElementAddress(b, loc, base, memoryType, position);
    if (writeWidth == 1) {
      LLVM::StoreOp::create(b, loc, toMemory(b, loc, values[reg]), address,
                            bytes);
      continue;
    }
    auto vectorType = VectorType::get({writeWidth}, memoryType);
    Value vector = LLVM::PoisonOp::create(b, loc, vectorType);
    for (unsigned i = 0; i < writeWidth; ++i)
      vector = LLVM::InsertElementOp::create(
          b, loc, vector, toMemory(b, loc, values[reg + i]),
          i32Constant(b, loc, i));
    LLVM::StoreOp::create(b, loc, vector, address, bytes * writeWidth);
  }
  emitBarrier(b, loc);

  SmallVector<Value> readIndex = toFlat.emitThreadIndex(b, loc, ids);
  unsigned readWidth = getAccessWidth(toFlat, memoryType);
  SmallVector<Value> results;
  for (unsigned reg = 0, e = toFlat.getNumRegisters(); reg < e;
       reg += readWidth) {
    Value position = toFlat.emitElementIndex(b, loc, readIndex, reg)[0];
    Value address = emitElementAddress(b, loc, base, memoryType, position);
    if (readWidth == 1) {
      Value loaded = LLVM::LoadOp::create(b, loc, memoryType, address, bytes);
      results.push_back(fromMemory(b, loc, loaded, elementType));
      continue;
    }
    auto vectorType = VectorType::get({readWidth}, memoryType);
    Value vector =
        LLVM::LoadOp::create(b, loc, vectorType, address, bytes * readWidth);
    for (unsigned i = 0; i < readWidth; ++i) {
      Value element = LLVM::ExtractElementOp::create(b, loc, vector,
                                                     i32Constant(b, loc, i));
      results.push_back(fromMemory(b, loc, element, elementType));
    }
  }
  return results;
}
