//===- Occupancy.h - Resident CTAs per SM from ptxas's report ---*- C++ -*-===//
//
// A memory-bound kernel is as fast as the bytes it keeps in flight, which
// grow with the program instances each SM holds at once. ptxas chooses the
// registers per thread, and with them that number; `.minnctapersm` (the
// `nvvm.minctasm` attribute) asks it for more when it can fit them. That
// pays where whole CTAs wait at barriers (a block reduction); a kernel
// without barriers hides latency with its own independent loads, and fewer
// registers there cost more than the CTA brings (docs/performance.md has the
// measurements). This file reads what ptxas reports, says how many CTAs
// an SM then holds, and decides each step of the search for the most.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_TARGET_BUNDLE_OCCUPANCY_H
#define BLOCK_TARGET_BUNDLE_OCCUPANCY_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace mlir::block {

/// What `ptxas -v` reports for one entry function.
struct KernelResources {
  unsigned registers = 0;
  unsigned stackBytes = 0;
  unsigned spillStoreBytes = 0;
  unsigned spillLoadBytes = 0;
  unsigned barriers = 0;

  bool spills() const { return spillStoreBytes || spillLoadBytes; }
};

/// The entry functions in `ptxas -v` output (its stderr), by name.
llvm::StringMap<KernelResources> parsePtxasReport(llvm::StringRef report);

/// Per-SM limits of a compute capability.
struct SMLimits {
  unsigned registers;
  unsigned threads;
  unsigned ctas;
  unsigned sharedBytes;
  /// Shared memory the system reserves per CTA.
  unsigned reservedSharedBytesPerCTA;
};

/// The limits of `chip` (sm_80, sm_90a, ...), or nullopt for one we do not
/// know.
std::optional<SMLimits> getSMLimits(llvm::StringRef chip);

/// CTAs of `threads` threads, each thread using `registers` registers and
/// the CTA `sharedBytes` of shared memory, that one SM holds at once.
unsigned getResidentCTAs(const SMLimits &limits, unsigned threads,
                         unsigned registers, unsigned sharedBytes);

/// The search for one kernel's `nvvm.minctasm`: raised one CTA at a time
/// from what ptxas picks by itself, while ptxas then holds more of the
/// kernel's CTAs per SM without spilling or a bigger stack.
class OccupancySearch {
public:
  /// For a kernel of `threads` threads and `sharedBytes` of shared memory;
  /// `mayCapRegisters` false where a register cap would make ptxas refuse
  /// rather than spill (a wgmma keeps its whole accumulator live).
  OccupancySearch(const SMLimits &limits, unsigned threads,
                  unsigned sharedBytes, bool mayCapRegisters);

  /// Takes what ptxas reported for the kernel, assembled first without
  /// `nvvm.minctasm` and then with the value this returned last. Returns
  /// the value to try next, or std::nullopt once the search is over: for a
  /// kernel without barriers, where no more CTAs can fit, or where the last
  /// value did not help (getAccepted then says what to go back to).
  std::optional<unsigned> step(const KernelResources &got);

  /// The last value that helped; std::nullopt for none (no attribute).
  std::optional<unsigned> getAccepted() const { return accepted; }
  /// What ptxas reported first, and for the value accepted.
  const KernelResources &getFirst() const { return first; }
  const KernelResources &getBest() const { return best; }
  /// The CTAs per SM of the first report, and of the value accepted.
  unsigned getFirstCTAs() const { return residentCTAs(first.registers); }
  unsigned getCTAs() const { return ctas; }

private:
  unsigned residentCTAs(unsigned registers) const;

  SMLimits limits;
  unsigned threads, sharedBytes;
  bool mayCapRegisters;
  KernelResources first, best;
  unsigned ctas = 0;
  std::optional<unsigned> tried, accepted;
};

} // namespace mlir::block

#endif // BLOCK_TARGET_BUNDLE_OCCUPANCY_H
