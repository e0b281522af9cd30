//===- Memory.cpp - The buffers a run may access --------------------------===//

#include "Memory.h"
#include "Program.h"

#include "llvm/ADT/STLExtras.h"

#include <string>

using namespace mlir::block::interpreter;
using namespace mlir::block::interpreter::detail;

Memory::Memory(std::vector<Buffer> bound, const std::vector<bool> &tracked)
    : buffers(std::move(bound)) {
  for (auto [buffer, track] : llvm::zip(buffers, tracked))
    if (track)
      shadows.emplace_back(buffer.end - buffer.begin, 0);
  size_t next = 0;
  for (auto [buffer, track] : llvm::zip(buffers, tracked))
    if (track)
      buffer.shadow = shadows[next++].data();
}

bool Memory::lookup(uint64_t address, unsigned size, BufferCache &cache) const {
  // Kernels bind a handful of buffers: a scan beats any index, and runs
  // only when an op leaves the buffer it hit last.
  for (const Buffer &buffer : buffers) {
    uint64_t bytes = buffer.end - buffer.begin;
    if (bytes < size || address - buffer.begin > bytes - size)
      continue;
    cache.begin = buffer.begin;
    cache.limit = bytes - size + 1;
    cache.buffer = &buffer;
    return true;
  }
  return false;
}

static std::string plural(uint64_t count, const char *unit) {
  return std::to_string(count) + " " + unit + (count == 1 ? "" : "s");
}

std::string Memory::describe(uint64_t address, unsigned size,
                             RunError &error) const {
  error.address = address;
  const Buffer *nearest = nullptr;
  uint64_t nearestDistance = 0;
  for (const Buffer &buffer : buffers) {
    uint64_t distance = 0;
    if (address < buffer.begin)
      distance = buffer.begin - address;
    else if (address + size > buffer.end)
      distance = address + size - buffer.end;
    if (!nearest || distance < nearestDistance) {
      nearest = &buffer;
      nearestDistance = distance;
    }
  }
  if (!nearest)
    return "no buffer is bound";

  const Buffer &buffer = *nearest;
  error.nearestArgument = static_cast<int>(buffer.argIndex);
  int64_t offset = static_cast<int64_t>(address - buffer.begin);
  error.byteOffset = offset;

  uint64_t bytes = buffer.end - buffer.begin;
  size_t typeSize = blockrt::elementSize(buffer.type);
  std::string what = "argument " + std::to_string(buffer.argIndex) + " (";
  if (bytes % typeSize == 0)
    what += std::to_string(bytes / typeSize) + " x " +
            blockrt::elementTypeName(buffer.type) + ")";
  else
    what += plural(bytes, "byte") + ")";

  // Offsets count in accessed elements when the address is on their grid.
  bool inElements =
      offset % static_cast<int64_t>(size) == 0 && bytes % size == 0;
  uint64_t unit = inElements ? size : 1;
  const char *unitName = inElements ? "element" : "byte";
  std::string text = std::string(unitName) + " offset " +
                     std::to_string(offset / static_cast<int64_t>(unit)) +
                     " of " + what;
  if (address < buffer.begin)
    return text + ", " + plural((buffer.begin - address) / unit, unitName) +
           " before its start";
  if (address >= buffer.end)
    return text + ", " + plural((address - buffer.end) / unit, unitName) +
           " past its end";
  if (address + size > buffer.end)
    return text + ", straddling its end";
  return text;
}

bool mlir::block::interpreter::detail::failAccess(const Instr &instr,
                                                  Frame &frame, int64_t lane,
                                                  uint64_t address,
                                                  unsigned size,
                                                  bool uninitialized) {
  std::string text =
      uninitialized
          ? instr.op->name + " in " + frame.describeLane(instr, lane) +
                " reads memory that nothing has written: "
          : "out-of-bounds " + instr.op->name + " in " +
                frame.describeLane(instr, lane) + ": the address is at ";
  frame.fail(instr,
             uninitialized ? RunError::Kind::UninitializedRead
                           : RunError::Kind::OutOfBounds,
             lane, text);
  frame.error->message += frame.memory.describe(address, size, *frame.error);
  return false;
}
