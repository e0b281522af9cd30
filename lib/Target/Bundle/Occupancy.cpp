//===- Occupancy.cpp - Resident CTAs per SM from ptxas's report -----------===//

#include "block/Target/Bundle/Occupancy.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using llvm::StringRef;
using namespace mlir::block;

/// The number right before `word` in `line` ("45 registers"), if any.
static std::optional<unsigned> numberBefore(StringRef line, StringRef word) {
  size_t at = line.find(word);
  if (at == StringRef::npos)
    return std::nullopt;
  StringRef digits = line.take_front(at).rtrim().rsplit(' ').second;
  unsigned value;
  if (digits.empty() || digits.getAsInteger(10, value))
    return std::nullopt;
  return value;
}

llvm::StringMap<KernelResources> mlir::block::parsePtxasReport(StringRef report) {
  // ptxas -v prints, per function:
  //   ptxas info    : Compiling entry function 'name' for 'sm_90a'
  //   ptxas info    : Function properties for name
  //       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
  //   ptxas info    : Used 45 registers, used 1 barriers
  llvm::StringMap<KernelResources> kernels;
  KernelResources *current = nullptr;
  llvm::SmallVector<StringRef> lines;
  report.split(lines, '\n');
  for (StringRef line : lines) {
    StringRef entry = "Compiling entry function '";
    if (size_t at = line.find(entry); at != StringRef::npos) {
      StringRef name = line.drop_front(at + entry.size()).take_until(
          [](char c) { return c == '\''; });
      current = &kernels[name];
      continue;
    }
    if (!current)
      continue;
    if (auto stack = numberBefore(line, "bytes stack frame"))
      current->stackBytes = *stack;
    if (auto stores = numberBefore(line, "bytes spill stores"))
      current->spillStoreBytes = *stores;
    if (auto loads = numberBefore(line, "bytes spill loads"))
      current->spillLoadBytes = *loads;
    if (line.contains("Used ")) {
      if (auto registers = numberBefore(line, "registers"))
        current->registers = *registers;
      if (auto barriers = numberBefore(line, "barriers"))
        current->barriers = *barriers;
    }
  }
  return kernels;
}

std::optional<SMLimits> mlir::block::getSMLimits(StringRef chip) {
  unsigned version;
  StringRef digits = chip.drop_front(3).take_while(llvm::isDigit);
  if (!chip.starts_with("sm_") || digits.getAsInteger(10, version))
    return std::nullopt;
  // CUDA C Programming Guide, "Technical Specifications per Compute
  // Capability".
  // registers, threads, CTAs, shared memory, reserved shared memory per CTA.
  switch (version) {
  case 80:
    return SMLimits{65536, 2048, 32, 164 * 1024, 1024};
  case 86:
    return SMLimits{65536, 1536, 16, 100 * 1024, 1024};
  case 87:
    return SMLimits{65536, 2048, 16, 164 * 1024, 1024};
  case 89:
    return SMLimits{65536, 1536, 24, 100 * 1024, 1024};
  case 90:
    return SMLimits{65536, 2048, 32, 228 * 1024, 1024};
  default:
    return std::nullopt;
  }
}

unsigned mlir::block::getResidentCTAs(const SMLimits &limits, unsigned threads,
                                unsigned registers, unsigned sharedBytes) {
  if (threads == 0)
    return 0;
  unsigned warps = llvm::divideCeil(threads, 32);
  // Registers are allocated per warp, in units of 256.
  unsigned registersPerWarp = llvm::alignTo(std::max(registers, 1u) * 32, 256);
  unsigned ctas = std::min(limits.ctas, limits.threads / (warps * 32));
  ctas = std::min(ctas, limits.registers / registersPerWarp / warps);
  unsigned sharedPerCTA = sharedBytes + limits.reservedSharedBytesPerCTA;
  return std::min(ctas, limits.sharedBytes / sharedPerCTA);
}

OccupancySearch::OccupancySearch(const SMLimits &limits, unsigned threads,
                                 unsigned sharedBytes, bool mayCapRegisters)
    : limits(limits), threads(threads), sharedBytes(sharedBytes),
      mayCapRegisters(mayCapRegisters) {}

unsigned OccupancySearch::residentCTAs(unsigned registers) const {
  return getResidentCTAs(limits, threads, registers, sharedBytes);
}

std::optional<unsigned> OccupancySearch::step(const KernelResources &got) {
  unsigned gotCTAs = residentCTAs(got.registers);
  if (!tried) {
    first = best = got;
    ctas = gotCTAs;
  } else if (!got.spills() && got.stackBytes <= first.stackBytes &&
             gotCTAs > ctas) {
    best = got;
    ctas = gotCTAs;
    accepted = tried;
  } else {
    return std::nullopt;
  }
  // No barrier, or no more CTAs fit whatever the registers: stop.
  if (!got.barriers || residentCTAs(1) <= ctas || !mayCapRegisters)
    return std::nullopt;
  tried = ctas + 1;
  return tried;
}
