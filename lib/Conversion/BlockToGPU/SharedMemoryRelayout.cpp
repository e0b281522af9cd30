//===- SharedMemoryRelayout.cpp - Move a tensor between layouts -----------===//
//
// Every thread writes the elements it holds to shared memory at their
// row-major position, and reads back those the new layout gives it. Runs of
// registers that hold consecutive positions move as one vector access.
// Positions are swizzled within each 128-byte line of banks so that the lanes
// of one read (a transpose reads down columns) hit different banks. The
// stores and the swizzle serve block.dot's staging too.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::block;

int64_t mlir::block::getRelayoutScratchBytes(const TensorDistribution &from,
                                             Type elementType) {
  return from.getNumElements() * getMemoryBytes(elementType);
}

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

BankSwizzle::BankSwizzle(const TensorDistribution &flat, unsigned bytes,
                         unsigned unit) {
  int64_t numElements = flat.getNumElements();
  int64_t lineElements =
      std::min<int64_t>(numElements, std::max(1u, 128 / bytes));
  unsigned lineBits = llvm::Log2_64(lineElements);
  targetBit = llvm::Log2_64(unit);
  for (ArrayRef<int64_t> basis : flat.getLaneBases())
    for (unsigned bit = lineBits; (int64_t(1) << bit) < numElements; ++bit)
      if ((basis[0] >> bit) & 1 && !llvm::is_contained(sourceBits, bit))
        sourceBits.push_back(bit);
  llvm::sort(sourceBits);
  sourceBits.resize(std::min<size_t>(
      sourceBits.size(), lineBits > targetBit ? lineBits - targetBit : 0));
}

int64_t BankSwizzle::apply(int64_t position) const {
  int64_t swizzled = position;
  for (auto [i, bit] : llvm::enumerate(sourceBits))
    swizzled ^= ((position >> bit) & 1) << (targetBit + i);
  return swizzled;
}

TensorDistribution BankSwizzle::apply(const TensorDistribution &flat) const {
  return flat.remap(flat.getShape(), [&](ArrayRef<int64_t> index) {
    return ElementIndex{apply(index[0])};
  });
}

Value BankSwizzle::emit(OpBuilder &b, Location loc, Value position) const {
  Value swizzled = position;
  for (auto [i, bit] : llvm::enumerate(sourceBits)) {
    Value set = arith::AndIOp::create(
        b, loc,
        arith::ShRUIOp::create(b, loc, position, i32Constant(b, loc, bit)),
        i32Constant(b, loc, 1));
    swizzled = arith::XOrIOp::create(
        b, loc, swizzled,
        arith::ShLIOp::create(b, loc, set,
                              i32Constant(b, loc, targetBit + i)));
  }
  return swizzled;
}

void mlir::block::emitSharedStore(OpBuilder &b, Location loc,
                                  ValueRange values,
                                  const TensorDistribution &flat, Value base,
                                  ThreadIds ids) {
  Type memoryType = getMemoryType(values.front().getType());
  unsigned bytes = getMemoryBytes(memoryType);
  unsigned width = getSharedAccessWidth(flat, memoryType);
  SmallVector<Value> threadIndex = flat.emitThreadIndex(b, loc, ids);
  for (unsigned reg = 0, e = flat.getNumRegisters(); reg < e; reg += width) {
    if (!flat.isFirstCopy(reg))
      continue;
    Value position = flat.emitElementIndex(b, loc, threadIndex, reg)[0];
    Value address = emitElementAddress(b, loc, base, memoryType, position);
    if (width == 1) {
      LLVM::StoreOp::create(b, loc, toMemory(b, loc, values[reg]), address,
                            bytes);
      continue;
    }
    auto vectorType = VectorType::get({int64_t(width)}, memoryType);
    Value vector = LLVM::PoisonOp::create(b, loc, vectorType);
    for (unsigned i = 0; i < width; ++i)
      vector = LLVM::InsertElementOp::create(
          b, loc, vector, toMemory(b, loc, values[reg + i]),
          i32Constant(b, loc, i));
    LLVM::StoreOp::create(b, loc, vector, address, bytes * width);
  }
}

SmallVector<Value> mlir::block::emitRelayout(OpBuilder &b, Location loc,
                                             Operation *owner,
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
  unsigned writeWidth = getSharedAccessWidth(fromFlat, memoryType);
  unsigned readWidth = getSharedAccessWidth(toFlat, memoryType);
  // Swizzled for the reading lanes (a transpose reads down columns).
  BankSwizzle swizzle(toFlat, bytes, std::max(writeWidth, readWidth));
  fromFlat = swizzle.apply(fromFlat);
  toFlat = swizzle.apply(toFlat);
  ThreadIds ids = emitThreadIds(b, loc);
  Value base = emitScratchBase(b, loc, owner);
  emitSharedStore(b, loc, values, fromFlat, base, ids);
  emitBarrier(b, loc);

  return emitSharedLoad(b, loc, toFlat, base, ids, elementType);
}

SmallVector<Value> mlir::block::emitSharedLoad(OpBuilder &b, Location loc,
                                               const TensorDistribution &flat,
                                               Value base, ThreadIds ids,
                                               Type elementType) {
  Type memoryType = getMemoryType(elementType);
  unsigned bytes = getMemoryBytes(memoryType);
  unsigned width = getSharedAccessWidth(flat, memoryType);
  SmallVector<Value> readIndex = flat.emitThreadIndex(b, loc, ids);
  SmallVector<Value> results;
  for (unsigned reg = 0, e = flat.getNumRegisters(); reg < e; reg += width) {
    Value position = flat.emitElementIndex(b, loc, readIndex, reg)[0];
    Value address = emitElementAddress(b, loc, base, memoryType, position);
    if (width == 1) {
      Value loaded = LLVM::LoadOp::create(b, loc, memoryType, address, bytes);
      results.push_back(fromMemory(b, loc, loaded, elementType));
      continue;
    }
    auto vectorType = VectorType::get({width}, memoryType);
    Value vector =
        LLVM::LoadOp::create(b, loc, vectorType, address, bytes * width);
    for (unsigned i = 0; i < width; ++i) {
      Value element = LLVM::ExtractElementOp::create(b, loc, vector,
                                                     i32Constant(b, loc, i));
      results.push_back(fromMemory(b, loc, element, elementType));
    }
  }
  return results;
}
