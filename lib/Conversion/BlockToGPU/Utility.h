//===- Utility.h - Helpers shared by the block-to-GPU patterns --*- C++ -*-===//

#ifndef LIB_CONVERSION_BLOCKTOGPU_UTILITY_H
#define LIB_CONVERSION_BLOCKTOGPU_UTILITY_H

#include "TensorDistribution.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::block {

class AxisInfoAnalysis;

/// Converts block types to per-thread types: `!block.ptr<T>` becomes
/// `!llvm.ptr<1>`, a tensor with a distributed layout becomes its elements
/// in one thread, one value per register (1:N).
class BlockToGPUTypeConverter : public TypeConverter {
public:
  explicit BlockToGPUTypeConverter(MLIRContext *context);
};

/// The distribution of a tensor type that passed the layout contract check.
TensorDistribution getDistribution(Type tensorType);
/// The same for a tensor type; nullopt for a scalar type.
std::optional<TensorDistribution> getDistributionOf(Type type);

Value i32Constant(OpBuilder &b, Location loc, int64_t value);

/// Reads the thread id once more; later passes merge the reads.
ThreadIds emitThreadIds(OpBuilder &b, Location loc);

/// True in thread 0 only.
Value emitIsFirstThread(OpBuilder &b, Location loc);
/// True in one thread of each group that holds the same elements of a tensor
/// of distribution `dist`, or in thread 0 for a scalar (nullopt), which every
/// thread holds; a null Value when every thread owns its elements.
Value emitIsOwner(OpBuilder &b, Location loc,
                  const std::optional<TensorDistribution> &dist);
/// `lhs && rhs`, where a null Value stands for true.
Value andPredicates(OpBuilder &b, Location loc, Value lhs, Value rhs);

/// `!llvm.ptr<1>`, the type of global pointers.
Type getGlobalPointerType(MLIRContext *context);

/// The type a (converted) element type has in memory: i1 and the 8-bit
/// floats are bytes.
Type getMemoryType(Type elementType);
unsigned getMemoryBytes(Type elementType);
/// Converts a register value to its memory type and back.
Value toMemory(OpBuilder &b, Location loc, Value value);
Value fromMemory(OpBuilder &b, Location loc, Value value, Type elementType);

/// The base of the dynamic shared memory the kernels use as scratch.
Value emitSharedMemoryBase(OpBuilder &b, Location loc);
/// The scratch of `owner` (SharedScratchOpInterface): the base plus its
/// allocated offset (`blockgpu.offset`, 0 where it has none). Its users
/// need no barrier before it: blockgpu-insert-barriers places those.
Value emitScratchBase(OpBuilder &b, Location loc, Operation *owner);
/// The address of element `position` of an array of `memoryType` at `base`.
Value emitElementAddress(OpBuilder &b, Location loc, Value base,
                         Type memoryType, Value position);
/// Loads `width` consecutive elements of `memoryType` from `address` as one
/// access aligned to its size: a scalar load for one element, a vector load
/// for more.
SmallVector<Value> emitVectorLoad(OpBuilder &b, Location loc, Type memoryType,
                                  unsigned width, Value address);
/// Stores `elements` (of one memory type) at consecutive addresses from
/// `address` as one access aligned to its size.
void emitVectorStore(OpBuilder &b, Location loc, ValueRange elements,
                     Value address);
void emitBarrier(OpBuilder &b, Location loc);
/// An LLVM vector of `elements` (one type), in order.
Value emitVector(OpBuilder &b, Location loc, ValueRange elements);
/// The fields of the LLVM struct `value`, which has `numFields`.
SmallVector<Value> emitStructFields(OpBuilder &b, Location loc, Value value,
                                    unsigned numFields);

/// Bit `bit` of the i32 thread id `id`, as the i32 0 or 1.
Value emitIdBit(OpBuilder &b, Location loc, Value id, unsigned bit);

/// Bit `from` of the thread id `id`, placed at bit `to`.
struct IdBit {
  Value id;
  unsigned from, to;
};
/// Emits the i32 whose bits are `bits` (the others zero).
Value emitGatherBits(OpBuilder &b, Location loc, ArrayRef<IdBit> bits);

/// A warp shuffle of a scalar of any type, split into 32-bit shuffles.
Value emitShuffle(OpBuilder &b, Location loc, Value value, Value offset,
                  gpu::ShuffleMode mode);

/// Applies the combiner region of a reduce or scan to (accumulated..., new...)
/// and returns the combined values.
SmallVector<Value> emitCombine(OpBuilder &b, Location loc, Region &combiner,
                               ValueRange accumulated, ValueRange next);

/// The aligned blocks of elements over which the tensor `value` is provably
/// constant: per dimension the largest power of two dividing its constancy.
SmallVector<int64_t> getConstantBlock(const AxisInfoAnalysis &axisInfo,
                                      Value value);

/// The values of a 1:N adaptor operand for register `reg`: a scalar operand
/// of a tensor operation serves every register.
inline Value registerOf(ValueRange values, unsigned reg) {
  return values.size() == 1 ? values.front() : values[reg];
}

} // namespace mlir::block

#endif // LIB_CONVERSION_BLOCKTOGPU_UTILITY_H
