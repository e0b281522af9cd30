//===- AtomicOps.cpp - block.atomic_rmw and block.atomic_cas --------------===//
//
// Atomics run the lanes of an instance one after the other, in row-major
// order, each a plain read-modify-write: kernels with atomics run their
// instances on one thread, in grid order, so the result is deterministic.
// A masked-off lane touches no memory and returns 0; an active lane must lie
// wholly in a bound buffer, or the run stops. atomic_cas compares bit
// patterns (as the hardware does, also for floats).
//
//===----------------------------------------------------------------------===//

#include "Compiler.h"
#include "Elements.h"
#include "Memory.h"

#include "block/Dialect/Block/IR/BlockOps.h"

#include "llvm/ADT/TypeSwitch.h"

#include <cstring>

using namespace mlir;
using namespace mlir::block;
using namespace mlir::block::interpreter;
using namespace mlir::block::interpreter::detail;

namespace {
struct AtomicInfo : InstrData {
  RMWKind kind = RMWKind::add;
  ElementKind element = ElementKind::I32;
  bool hasMask = false;
};
} // namespace

/// `op(old, value)` on the bit patterns of `element`.
static uint64_t combineAtomic(RMWKind kind, ElementKind element, uint64_t old,
                              uint64_t value) {
  bool is64 = getElementKindSize(element) == 8;
  auto asSigned = [&](uint64_t bits) {
    return is64 ? static_cast<int64_t>(bits) : sext<32>(bits);
  };
  switch (kind) {
  case RMWKind::add:
    return old + value;
  case RMWKind::fadd:
    return visitFloatKind(element, [&](auto k) -> uint64_t {
      using T = FloatTraits<decltype(k)::value>;
      typename T::Storage a, b;
      std::memcpy(&a, &old, sizeof(a));
      std::memcpy(&b, &value, sizeof(b));
      typename T::Storage sum = T::store(T::load(a) + T::load(b));
      uint64_t bits = 0;
      std::memcpy(&bits, &sum, sizeof(sum));
      return bits;
    });
  case RMWKind::max:
    return asSigned(old) >= asSigned(value) ? old : value;
  case RMWKind::min:
    return asSigned(old) <= asSigned(value) ? old : value;
  case RMWKind::umax:
    return old >= value ? old : value;
  case RMWKind::umin:
    return old <= value ? old : value;
  case RMWKind::bit_and:
    return old & value;
  case RMWKind::bit_or:
    return old | value;
  case RMWKind::bit_xor:
    return old ^ value;
  case RMWKind::xchg:
    return value;
  }
  return value;
}

/// The shared lane loop of atomic_rmw and atomic_cas: `update(lane, old)`
/// gives the new bits of an active lane.
template <typename Update>
static bool runAtomicLanes(const Instr &instr, Frame &frame,
                           const uint8_t *mask, unsigned size, Update update) {
  const uint64_t *ptr = frame.get<uint64_t>(instr.operands[0]);
  char *result = frame.get<char>(instr.results[0]);
  BufferCache cache;
  for (int64_t i = 0, n = instr.numElements; i < n; ++i) {
    char *element = result + i * size;
    if (mask && !mask[i]) {
      std::memset(element, 0, size);
      continue;
    }
    uint64_t address = ptr[i];
    if (!findBuffer(frame.memory, address, size, cache))
      return failAccess(instr, frame, i, address, size, false);
    if (cache.buffer->shadow && !isWritten(*cache.buffer, address, size))
      return failAccess(instr, frame, i, address, size, true);
    void *target = reinterpret_cast<void *>(address);
    uint64_t old = 0;
    std::memcpy(&old, target, size);
    uint64_t updated = update(i, old);
    std::memcpy(target, &updated, size);
    std::memcpy(element, &old, size);
    if (cache.buffer->shadow)
      markWritten(*cache.buffer, address, size);
  }
  return true;
}

static bool execAtomicRMW(const Instr &instr, Frame &frame) {
  const auto &info = instr.getData<AtomicInfo>();
  unsigned size = getElementKindSize(info.element);
  const char *values = frame.get<char>(instr.operands[1]);
  const uint8_t *mask =
      info.hasMask ? frame.get<uint8_t>(instr.operands[2]) : nullptr;
  return runAtomicLanes(instr, frame, mask, size, [&](int64_t i, uint64_t old) {
    uint64_t value = readBits(values + i * size, size);
    return combineAtomic(info.kind, info.element, old, value);
  });
}

static bool execAtomicCAS(const Instr &instr, Frame &frame) {
  const auto &info = instr.getData<AtomicInfo>();
  unsigned size = getElementKindSize(info.element);
  const char *compare = frame.get<char>(instr.operands[1]);
  const char *values = frame.get<char>(instr.operands[2]);
  return runAtomicLanes(
      instr, frame, nullptr, size, [&](int64_t i, uint64_t old) {
        uint64_t expected = readBits(compare + i * size, size);
        return old == expected ? readBits(values + i * size, size) : old;
      });
}

static LogicalResult compileAtomicRMW(Compiler &c, AtomicRMWOp op) {
  auto &info = c.makeData<AtomicInfo>();
  info.kind = op.getKind();
  info.element = kindOf(op.getValue());
  info.hasMask = bool(op.getMask());
  SlotId pointers = compileAddress(c, op, op.getPtr(), op.getOffsets());
  Instr &instr = c.emit(op, &execAtomicRMW);
  instr.data = &info;
  instr.operands = {pointers, c.lookup(op.getValue())};
  if (info.hasMask)
    instr.operands.push_back(c.lookup(op.getMask()));
  instr.results = {c.define(op.getResult())};
  c.requireOrder();
  return success();
}

static LogicalResult compileAtomicCAS(Compiler &c, AtomicCASOp op) {
  auto &info = c.makeData<AtomicInfo>();
  info.element = kindOf(op.getValue());
  Instr &instr = c.emit(op, &execAtomicCAS);
  instr.data = &info;
  instr.operands = {c.lookup(op.getPtr()), c.lookup(op.getCmp()),
                    c.lookup(op.getValue())};
  instr.results = {c.define(op.getResult())};
  c.requireOrder();
  return success();
}

LogicalResult mlir::block::interpreter::detail::compileAtomicOp(Compiler &c,
                                                                Operation *op) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](AtomicRMWOp o) { return compileAtomicRMW(c, o); })
      .Case([&](AtomicCASOp o) { return compileAtomicCAS(c, o); })
      .Default([&](Operation *) { return emitUnsupported(op); });
}
