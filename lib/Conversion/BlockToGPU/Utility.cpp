//===- Utility.cpp - Helpers shared by the block-to-GPU patterns ----------===//

#include "Utility.h"

#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"

#include "block/Analysis/AxisInfo.h"
#include "block/Conversion/BlockToGPU/BlockToGPU.h"
#include "block/Dialect/Block/IR/BlockDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::block;

BlockToGPUTypeConverter::BlockToGPUTypeConverter(MLIRContext *context) {
  addConversion([](Type type) { return type; });
  addConversion([context](PointerType) { return getGlobalPointerType(context); });
  // A buffer is the address of its first element; a token carries nothing.
  addConversion([context](blockgpu::MemDescType) {
    return LLVM::LLVMPointerType::get(context, /*addressSpace=*/3);
  });
  // A tensor map is the generic address of its kernel parameter.
  addConversion([context](TensorDescType) {
    return LLVM::LLVMPointerType::get(context);
  });
  addConversion([context](blockgpu::AsyncTokenType) {
    return IntegerType::get(context, 32);
  });
  addConversion([this](RankedTensorType type, SmallVectorImpl<Type> &results)
                    -> std::optional<LogicalResult> {
    auto layout = dyn_cast_or_null<DistributedLayoutAttr>(type.getEncoding());
    Type element = convertType(type.getElementType());
    if (!layout || !element || !type.hasStaticShape())
      return failure();
    results.append(layout.getTotalElemsPerThread(type.getShape()), element);
    return success();
  });
}

TensorDistribution mlir::block::getDistribution(Type tensorType) {
  return *TensorDistribution::get(cast<RankedTensorType>(tensorType));
}

std::optional<TensorDistribution> mlir::block::getDistributionOf(Type type) {
  if (!isa<RankedTensorType>(type))
    return std::nullopt;
  return getDistribution(type);
}

SmallVector<Value> mlir::block::emitVectorLoad(OpBuilder &b, Location loc,
                                               Type memoryType, unsigned width,
                                               Value address) {
  unsigned bytes = getMemoryBytes(memoryType);
  if (width == 1)
    return {LLVM::LoadOp::create(b, loc, memoryType, address, bytes)};
  auto vectorType = VectorType::get({width}, memoryType);
  Value vector =
      LLVM::LoadOp::create(b, loc, vectorType, address, bytes * width);
  SmallVector<Value> elements;
  for (unsigned i = 0; i < width; ++i)
    elements.push_back(LLVM::ExtractElementOp::create(b, loc, vector,
                                                      i32Constant(b, loc, i)));
  return elements;
}

void mlir::block::emitVectorStore(OpBuilder &b, Location loc,
                                  ValueRange elements, Value address) {
  Type memoryType = elements.front().getType();
  unsigned bytes = getMemoryBytes(memoryType);
  unsigned width = elements.size();
  if (width == 1) {
    LLVM::StoreOp::create(b, loc, elements.front(), address, bytes);
    return;
  }
  auto vectorType = VectorType::get({width}, memoryType);
  Value vector = LLVM::PoisonOp::create(b, loc, vectorType);
  for (auto [i, element] : llvm::enumerate(elements))
    vector = LLVM::InsertElementOp::create(b, loc, vector, element,
                                           i32Constant(b, loc, i));
  LLVM::StoreOp::create(b, loc, vector, address, bytes * width);
}

Value mlir::block::i32Constant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(b, loc, value, 32);
}

ThreadIds mlir::block::emitThreadIds(OpBuilder &b, Location loc) {
  Value tid = arith::IndexCastUIOp::create(
      b, loc, b.getI32Type(), gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x));
  Value lane = arith::AndIOp::create(b, loc, tid, i32Constant(b, loc, 31));
  Value warp = arith::ShRUIOp::create(b, loc, tid, i32Constant(b, loc, 5));
  return {lane, warp};
}

Value mlir::block::emitIsFirstThread(OpBuilder &b, Location loc) {
  Value tid = arith::IndexCastUIOp::create(
      b, loc, b.getI32Type(), gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid,
                               i32Constant(b, loc, 0));
}

Value mlir::block::emitIsOwner(OpBuilder &b, Location loc,
                               const std::optional<TensorDistribution> &dist) {
  if (!dist)
    return emitIsFirstThread(b, loc);
  if (!dist->getReplicatingLaneMask() && !dist->getReplicatingWarpMask())
    return Value();
  return dist->emitIsOwner(b, loc, emitThreadIds(b, loc));
}

Value mlir::block::andPredicates(OpBuilder &b, Location loc, Value lhs,
                                 Value rhs) {
  if (!lhs)
    return rhs;
  if (!rhs)
    return lhs;
  return arith::AndIOp::create(b, loc, lhs, rhs);
}

Type mlir::block::getGlobalPointerType(MLIRContext *context) {
  return LLVM::LLVMPointerType::get(context, /*addressSpace=*/1);
}

Type mlir::block::getMemoryType(Type elementType) {
  // LLVM has no 8-bit floats: they are bytes in memory.
  if (elementType.isInteger(1) || isFloat8(elementType))
    return IntegerType::get(elementType.getContext(), 8);
  return elementType;
}

unsigned mlir::block::getMemoryBytes(Type elementType) {
  if (isa<LLVM::LLVMPointerType, PointerType>(elementType))
    return 8;
  return std::max(8u, getMemoryType(elementType).getIntOrFloatBitWidth()) / 8;
}

Value mlir::block::toMemory(OpBuilder &b, Location loc, Value value) {
  if (isFloat8(value.getType()))
    return arith::BitcastOp::create(b, loc, b.getI8Type(), value);
  if (!value.getType().isInteger(1))
    return value;
  return arith::ExtUIOp::create(b, loc, b.getI8Type(), value);
}

Value mlir::block::fromMemory(OpBuilder &b, Location loc, Value value,
                              Type elementType) {
  if (isFloat8(elementType))
    return arith::BitcastOp::create(b, loc, elementType, value);
  if (!elementType.isInteger(1))
    return value;
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, value,
                               arith::ConstantIntOp::create(b, loc, 0, 8));
}

Value mlir::block::emitSharedMemoryBase(OpBuilder &b, Location loc) {
  return LLVM::AddressOfOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), /*addressSpace=*/3),
      kSharedMemorySymbolName);
}

Value mlir::block::emitScratchBase(OpBuilder &b, Location loc,
                                   Operation *owner) {
  Value base = emitSharedMemoryBase(b, loc);
  auto offset = owner->getAttrOfType<IntegerAttr>(
      blockgpu::BlockGPUDialect::getOffsetAttrName());
  if (!offset || offset.getInt() == 0)
    return base;
  return emitElementAddress(b, loc, base, b.getI8Type(),
                            i32Constant(b, loc, offset.getInt()));
}

Value mlir::block::emitElementAddress(OpBuilder &b, Location loc, Value base,
                                      Type memoryType, Value position) {
  return LLVM::GEPOp::create(b, loc, base.getType(), memoryType, base,
                             ValueRange{position});
}

Value mlir::block::emitVector(OpBuilder &b, Location loc,
                              ValueRange elements) {
  auto type = VectorType::get({int64_t(elements.size())},
                              elements.front().getType());
  Value vector = LLVM::PoisonOp::create(b, loc, type);
  for (auto [i, element] : llvm::enumerate(elements))
    vector = LLVM::InsertElementOp::create(b, loc, vector, element,
                                           i32Constant(b, loc, i));
  return vector;
}

SmallVector<Value> mlir::block::emitStructFields(OpBuilder &b, Location loc,
                                                Value value,
                                                unsigned numFields) {
  SmallVector<Value> fields;
  for (unsigned i = 0; i < numFields; ++i)
    fields.push_back(LLVM::ExtractValueOp::create(b, loc, value, i));
  return fields;
}

void mlir::block::emitBarrier(OpBuilder &b, Location loc) {
  gpu::BarrierOp::create(b, loc);
}

Value mlir::block::emitIdBit(OpBuilder &b, Location loc, Value id,
                             unsigned bit) {
  return arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, id, i32Constant(b, loc, bit)),
      i32Constant(b, loc, 1));
}

Value mlir::block::emitGatherBits(OpBuilder &b, Location loc,
                                  ArrayRef<IdBit> bits) {
  Value result = i32Constant(b, loc, 0);
  for (IdBit bit : bits) {
    Value set = emitIdBit(b, loc, bit.id, bit.from);
    result = arith::OrIOp::create(
        b, loc, result,
        arith::ShLIOp::create(b, loc, set, i32Constant(b, loc, bit.to)));
  }
  return result;
}

Value mlir::block::emitShuffle(OpBuilder &b, Location loc, Value value,
                               Value offset, gpu::ShuffleMode mode) {
  Value width = i32Constant(b, loc, 32);
  auto shuffle32 = [&](Value v) -> Value {
    return gpu::ShuffleOp::create(b, loc, v, offset, width, mode)
        .getShuffleResult();
  };
  Type type = value.getType();
  if (type.isInteger(32) || type.isF32())
    return shuffle32(value);
  if (isa<LLVM::LLVMPointerType>(type)) {
    Value address = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), value);
    return LLVM::IntToPtrOp::create(
        b, loc, type, emitShuffle(b, loc, address, offset, mode));
  }
  unsigned bits = type.getIntOrFloatBitWidth();
  Type intType = b.getIntegerType(bits);
  Value asInt = isa<FloatType>(type)
                    ? Value(arith::BitcastOp::create(b, loc, intType, value))
                    : value;
  Value shuffled;
  if (bits < 32) {
    Value wide = arith::ExtUIOp::create(b, loc, b.getI32Type(), asInt);
    shuffled = arith::TruncIOp::create(b, loc, intType, shuffle32(wide));
  } else {
    Value c32 = arith::ConstantIntOp::create(b, loc, 32, 64);
    Value lo = arith::TruncIOp::create(b, loc, b.getI32Type(), asInt);
    Value hi = arith::TruncIOp::create(
        b, loc, b.getI32Type(), arith::ShRUIOp::create(b, loc, asInt, c32));
    Value loWide = arith::ExtUIOp::create(b, loc, intType, shuffle32(lo));
    Value hiWide = arith::ExtUIOp::create(b, loc, intType, shuffle32(hi));
    shuffled = arith::OrIOp::create(
        b, loc, loWide, arith::ShLIOp::create(b, loc, hiWide, c32));
  }
  if (isa<FloatType>(type))
    return arith::BitcastOp::create(b, loc, type, shuffled);
  return shuffled;
}

SmallVector<Value> mlir::block::emitCombine(OpBuilder &b, Location loc,
                                            Region &combiner,
                                            ValueRange accumulated,
                                            ValueRange next) {
  Block &body = combiner.front();
  IRMapping mapping;
  mapping.map(body.getArguments().take_front(accumulated.size()), accumulated);
  mapping.map(body.getArguments().drop_front(accumulated.size()), next);
  for (Operation &op : body.without_terminator())
    b.clone(op, mapping);
  SmallVector<Value> results;
  for (Value value : body.getTerminator()->getOperands())
    results.push_back(mapping.lookupOrDefault(value));
  return results;
}

SmallVector<int64_t> mlir::block::getConstantBlock(
    const AxisInfoAnalysis &axisInfo, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> block(type.getRank(), 1);
  const AxisInfo *info = axisInfo.getAxisInfo(value);
  if (!info)
    return block;
  for (auto [size, constancy, extent] :
       llvm::zip(block, info->getConstancy(), type.getShape()))
    if (constancy > 0)
      size = std::min(constancy & -constancy, extent);
  return block;
}
