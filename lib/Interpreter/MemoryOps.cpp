//===- MemoryOps.cpp - addptr, loads, stores and tensor descriptors -------===//
//
// Lanes are visited in row-major order. A masked-off lane touches no
// memory; a masked-off load lane reads `other`, or 0 when the load has none.
// An active lane must lie wholly in a bound buffer, or the run stops.
//
//===----------------------------------------------------------------------===//

#include "Compiler.h"
#include "Elements.h"
#include "Memory.h"

#include "block/Dialect/Block/IR/BlockOps.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Compiler.h"

#include <cstring>

using namespace mlir;
using namespace mlir::block;
using namespace mlir::block::interpreter;
using namespace mlir::block::interpreter::detail;

//===----------------------------------------------------------------------===//
// Pointers
//===----------------------------------------------------------------------===//

/// Offsets are signed and count elements of the pointee (`Size` bytes); a
/// scalar base (`ScalarBase`) is every lane's.
template <unsigned Width, unsigned Size, bool ScalarBase>
static bool execAddPtr(const Instr &instr, Frame &frame) {
  const uint64_t *ptr = frame.get<uint64_t>(instr.operands[0]);
  const UIntOf<Width> *offset = frame.get<UIntOf<Width>>(instr.operands[1]);
  uint64_t *result = frame.get<uint64_t>(instr.results[0]);
  for (int64_t i = 0, n = frame.length(instr); i < n; ++i)
    result[i] = ptr[ScalarBase ? 0 : i] +
                static_cast<uint64_t>(sext<Width>(offset[i])) * Size;
  return true;
}

/// Emits `result = addptr(ptr, offset)` for `op`.
static void emitAddPtr(Compiler &c, Operation *op, Value ptr, Value offset,
                       SlotId result) {
  unsigned size =
      getElementKindSize(*getElementKind(getPointeeType(ptr.getType())));
  ElementKind offsetKind = *getElementKind(offset.getType());
  bool scalarBase = !isa<RankedTensorType>(ptr.getType()) &&
                    isa<RankedTensorType>(offset.getType());
  ExecFn exec = visitIntegerWidth(offsetKind, [&](auto w) {
    return visitElementSize(size, [&](auto s) {
      return scalarBase ? &execAddPtr<decltype(w)::value, decltype(s)::value,
                                      true>
                        : &execAddPtr<decltype(w)::value, decltype(s)::value,
                                      false>;
    });
  });
  Type lanes = scalarBase ? offset.getType() : ptr.getType();
  Instr &instr = c.emit(op, exec, lanes);
  instr.operands = {c.lookup(ptr), c.lookup(offset)};
  instr.results = {result};
}

static LogicalResult compileAddPtr(Compiler &c, AddPtrOp op) {
  emitAddPtr(c, op, op.getPtr(), op.getOffset(), c.define(op.getResult()));
  return success();
}

SlotId mlir::block::interpreter::detail::compileAddress(Compiler &c,
                                                       Operation *op,
                                                       Value ptr,
                                                       Value offsets) {
  if (!offsets)
    return c.lookup(ptr);
  SlotId pointers = c.addScratch(
      c.getLength(offsets) * static_cast<int64_t>(sizeof(uint64_t)));
  emitAddPtr(c, op, ptr, offsets, pointers);
  return pointers;
}

//===----------------------------------------------------------------------===//
// Load and store
//===----------------------------------------------------------------------===//

template <unsigned Size, bool HasMask, bool HasOther, bool IsBool>
static bool execLoad(const Instr &instr, Frame &frame) {
  const uint64_t *ptr = frame.get<uint64_t>(instr.operands[0]);
  const uint8_t *mask =
      HasMask ? frame.get<uint8_t>(instr.operands[1]) : nullptr;
  const char *other = HasOther ? frame.get<char>(instr.operands[2]) : nullptr;
  char *result = frame.get<char>(instr.results[0]);
  BufferCache cache;
  for (int64_t i = 0, n = instr.numElements; i < n; ++i) {
    char *element = result + i * Size;
    if (HasMask && !mask[i]) {
      if (HasOther)
        std::memcpy(element, other + i * Size, Size);
      else
        std::memset(element, 0, Size);
      continue;
    }
    uint64_t address = ptr[i];
    if (LLVM_UNLIKELY(!findBuffer(frame.memory, address, Size, cache)))
      return failAccess(instr, frame, i, address, Size, false);
    if (LLVM_UNLIKELY(cache.buffer->shadow &&
                      !isWritten(*cache.buffer, address, Size)))
      return failAccess(instr, frame, i, address, Size, true);
    std::memcpy(element, reinterpret_cast<const void *>(address), Size);
    if (IsBool)
      *element = *element != 0;
  }
  return true;
}

template <unsigned Size, bool HasMask>
static bool execStore(const Instr &instr, Frame &frame) {
  const uint64_t *ptr = frame.get<uint64_t>(instr.operands[0]);
  const char *value = frame.get<char>(instr.operands[1]);
  const uint8_t *mask =
      HasMask ? frame.get<uint8_t>(instr.operands[2]) : nullptr;
  BufferCache cache;
  for (int64_t i = 0, n = instr.numElements; i < n; ++i) {
    if (HasMask && !mask[i])
      continue;
    uint64_t address = ptr[i];
    if (LLVM_UNLIKELY(!findBuffer(frame.memory, address, Size, cache)))
      return failAccess(instr, frame, i, address, Size, false);
    std::memcpy(reinterpret_cast<void *>(address), value + i * Size, Size);
    if (LLVM_UNLIKELY(cache.buffer->shadow))
      markWritten(*cache.buffer, address, Size);
  }
  return true;
}

ExecFn mlir::block::interpreter::detail::getLoadExec(ElementKind kind,
                                                    bool hasMask,
                                                    bool hasOther) {
  return visitElementSize(getElementKindSize(kind), [&](auto s) -> ExecFn {
    constexpr unsigned S = decltype(s)::value;
    if (kind == ElementKind::I1)
      return hasMask ? (hasOther ? &execLoad<1, true, true, true>
                                 : &execLoad<1, true, false, true>)
                     : &execLoad<1, false, false, true>;
    return hasMask ? (hasOther ? &execLoad<S, true, true, false>
                               : &execLoad<S, true, false, false>)
                   : &execLoad<S, false, false, false>;
  });
}

static LogicalResult compileLoad(Compiler &c, LoadOp op) {
  bool hasMask = bool(op.getMask()), hasOther = bool(op.getOther());
  SlotId pointers = compileAddress(c, op, op.getPtr(), op.getOffsets());
  Instr &instr = c.emit(
      op, getLoadExec(*getElementKind(op.getType()), hasMask, hasOther));
  instr.operands = {pointers};
  if (hasMask)
    instr.operands.push_back(c.lookup(op.getMask()));
  if (hasOther)
    instr.operands.push_back(c.lookup(op.getOther()));
  instr.results = {c.define(op.getResult())};
  return success();
}

static LogicalResult compileStore(Compiler &c, StoreOp op) {
  ElementKind kind = kindOf(op.getValue());
  bool hasMask = bool(op.getMask());
  ExecFn exec = visitElementSize(getElementKindSize(kind), [&](auto s) {
    constexpr unsigned S = decltype(s)::value;
    return hasMask ? &execStore<S, true> : &execStore<S, false>;
  });
  SlotId pointers = compileAddress(c, op, op.getPtr(), op.getOffsets());
  Instr &instr = c.emit(op, exec, op.getAddressType());
  instr.operands = {pointers, c.lookup(op.getValue())};
  if (hasMask)
    instr.operands.push_back(c.lookup(op.getMask()));
  return success();
}

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

namespace {
struct TensorDescInfo : InstrData {
  int64_t rank = 0;
  bool is64 = false;
  /// The strides written as integers; ShapedType::kDynamic for operands.
  SmallVector<int64_t> staticStrides;
};

/// A descriptor in its slot (see getTensorDescSlotBytes).
struct TensorDescView {
  const int64_t *words;
  int64_t rank;

  uint64_t base() const { return static_cast<uint64_t>(words[0]); }
  int64_t size(int64_t d) const { return words[1 + d]; }
  int64_t stride(int64_t d) const { return words[1 + rank + d]; }
};
} // namespace

// operands: base, sizes..., strides...; results: the descriptor.
static bool execMakeTensorDesc(const Instr &instr, Frame &frame) {
  const auto &info = instr.getData<TensorDescInfo>();
  int64_t *words = frame.get<int64_t>(instr.results[0]);
  words[0] = static_cast<int64_t>(*frame.get<uint64_t>(instr.operands[0]));
  // The sizes, then the strides; those written as integers are not operands.
  unsigned operand = 1;
  for (int64_t i = 0; i < 2 * info.rank; ++i) {
    bool isStride = i >= info.rank;
    int64_t dim = isStride ? i - info.rank : i;
    int64_t value = isStride ? info.staticStrides[dim] : ShapedType::kDynamic;
    if (ShapedType::isDynamic(value)) {
      SlotId slot = instr.operands[operand++];
      value = info.is64 ? *frame.get<int64_t>(slot)
                        : int64_t(*frame.get<int32_t>(slot));
    }
    if (value < 0)
      return frame.fail(instr, RunError::Kind::InvalidOperation, -1,
                        "block.make_tensor_desc in " +
                            frame.describeLane(instr, -1) + ": " +
                            (isStride ? "stride " : "size ") +
                            std::to_string(dim) + " is " +
                            std::to_string(value) + ", but it must not be "
                            "negative");
    if (isStride && dim == info.rank - 1 && value != 1)
      return frame.fail(instr, RunError::Kind::InvalidOperation, -1,
                        "block.make_tensor_desc in " +
                            frame.describeLane(instr, -1) +
                            ": the innermost stride is " +
                            std::to_string(value) + ", but it must be 1");
    words[1 + i] = value;
  }
  return true;
}

/// Visits the lanes of the tile an access (operands: the descriptor, the
/// coordinates) moves, in row-major order: `visit(lane, address, buffer)`
/// for those inside the described tensor, after finding their bound buffer
/// (or stopping the run), `outside(lane)` for the others. Stops at the first
/// visit that returns false.
template <unsigned Size, typename Visit, typename Outside>
static bool forEachTileLane(const Instr &instr, Frame &frame, Visit visit,
                            Outside outside) {
  ArrayRef<int64_t> tileShape = instr.op->shape;
  int64_t rank = tileShape.size();
  TensorDescView desc{frame.get<int64_t>(instr.operands[0]), rank};
  SmallVector<int64_t, 5> coords, index(rank, 0);
  for (int64_t d = 0; d < rank; ++d)
    coords.push_back(*frame.get<int32_t>(instr.operands[1 + d]));
  BufferCache cache;
  for (int64_t lane = 0, n = instr.numElements; lane < n; ++lane) {
    bool inside = true;
    // Unsigned, so that a hostile descriptor wraps instead of overflowing;
    // the buffer lookup then refuses the address.
    uint64_t offset = 0;
    for (int64_t d = 0; d < rank; ++d) {
      int64_t position = coords[d] + index[d];
      inside &= position >= 0 && position < desc.size(d);
      offset += static_cast<uint64_t>(position) *
                static_cast<uint64_t>(desc.stride(d));
    }
    if (!inside) {
      outside(lane);
    } else {
      uint64_t address = desc.base() + offset * Size;
      if (LLVM_UNLIKELY(!findBuffer(frame.memory, address, Size, cache)))
        return failAccess(instr, frame, lane, address, Size, false);
      if (!visit(lane, address, *cache.buffer))
        return false;
    }
    for (int64_t d = rank - 1; d >= 0 && ++index[d] == tileShape[d]; --d)
      index[d] = 0;
  }
  return true;
}

// operands: descriptor, coordinates...; results: the tile.
template <unsigned Size>
static bool execDescLoad(const Instr &instr, Frame &frame) {
  char *result = frame.get<char>(instr.results[0]);
  return forEachTileLane<Size>(
      instr, frame,
      [&](int64_t lane, uint64_t address, const Buffer &buffer) {
        if (LLVM_UNLIKELY(buffer.shadow && !isWritten(buffer, address, Size)))
          return failAccess(instr, frame, lane, address, Size, true);
        std::memcpy(result + lane * Size,
                    reinterpret_cast<const void *>(address), Size);
        return true;
      },
      [&](int64_t lane) { std::memset(result + lane * Size, 0, Size); });
}

// operands: descriptor, coordinates..., the tile.
template <unsigned Size>
static bool execDescStore(const Instr &instr, Frame &frame) {
  const char *value = frame.get<char>(instr.operands.back());
  return forEachTileLane<Size>(
      instr, frame,
      [&](int64_t lane, uint64_t address, const Buffer &buffer) {
        std::memcpy(reinterpret_cast<void *>(address), value + lane * Size,
                    Size);
        if (LLVM_UNLIKELY(buffer.shadow))
          markWritten(buffer, address, Size);
        return true;
      },
      [](int64_t) {});
}

static LogicalResult compileMakeTensorDesc(Compiler &c, MakeTensorDescOp op) {
  auto &info = c.makeData<TensorDescInfo>();
  info.rank = op.getType().getRank();
  info.is64 = op.getShape().front().getType().isInteger(64);
  Instr &instr = c.emit(op, &execMakeTensorDesc);
  instr.data = &info;
  instr.operands = {c.lookup(op.getBase())};
  llvm::append_range(instr.operands, c.lookup(op.getShape()));
  llvm::append_range(instr.operands, c.lookup(op.getStrides()));
  llvm::append_range(info.staticStrides, op.getStaticStrides());
  instr.results = {c.define(op.getResult())};
  return success();
}

ExecFn mlir::block::interpreter::detail::getDescLoadExec(ElementKind kind) {
  return visitElementSize(getElementKindSize(kind), [](auto s) -> ExecFn {
    return &execDescLoad<decltype(s)::value>;
  });
}

/// The instruction of a tile access (operands: the descriptor, the
/// coordinates); its lanes are the tile's elements.
Instr &mlir::block::interpreter::detail::emitTileAccess(Compiler &c,
                                                        Operation *op,
                                                        ExecFn exec,
                                                        Value desc,
                                                        ValueRange indices) {
  Instr &instr =
      c.emit(op, exec, cast<TensorDescType>(desc.getType()).getBlockType());
  instr.operands = {c.lookup(desc)};
  llvm::append_range(instr.operands, c.lookup(indices));
  return instr;
}

static LogicalResult compileDescLoad(Compiler &c, DescLoadOp op) {
  Instr &instr = emitTileAccess(c, op, getDescLoadExec(kindOf(op.getResult())),
                                op.getDesc(), op.getIndices());
  instr.results = {c.define(op.getResult())};
  return success();
}

ExecFn mlir::block::interpreter::detail::getDescStoreExec(ElementKind kind) {
  return visitElementSize(getElementKindSize(kind), [](auto s) -> ExecFn {
    return &execDescStore<decltype(s)::value>;
  });
}

static LogicalResult compileDescStore(Compiler &c, DescStoreOp op) {
  Instr &instr =
      emitTileAccess(c, op, getDescStoreExec(kindOf(op.getValue())),
                     op.getDesc(), op.getIndices());
  instr.operands.push_back(c.lookup(op.getValue()));
  return success();
}

LogicalResult mlir::block::interpreter::detail::compileMemoryOp(Compiler &c,
                                                                Operation *op) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](AddPtrOp o) { return compileAddPtr(c, o); })
      .Case([&](LoadOp o) { return compileLoad(c, o); })
      .Case([&](StoreOp o) { return compileStore(c, o); })
      .Case([&](MakeTensorDescOp o) { return compileMakeTensorDesc(c, o); })
      .Case([&](DescLoadOp o) { return compileDescLoad(c, o); })
      .Case([&](DescStoreOp o) { return compileDescStore(c, o); })
      .Default([&](Operation *) { return emitUnsupported(op); });
}
