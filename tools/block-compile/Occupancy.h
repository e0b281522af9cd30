//===- Occupancy.h - Resident CTAs per SM from ptxas's report ---*- C++ -*-===//
//
// A memory-bound kernel is as fast as the bytes it keeps in flight, which
// grow with the program instances each SM holds at once. ptxas chooses the
// registers per thread, and with them that number; `.minnctapersm` (the
// `nvvm.minctasm` attribute) asks it for more when it can fit them. That
// pays where whole CTAs wait at barriers (a block reduction); a kernel
// without barriers hides latency with its own independent loads, and fewer
// registers there cost more than the CTA brings (docs/performance.md has the
// measurements). This file reads what ptxas reports and says how many CTAs
// an SM then holds.
//
//===----------------------------------------------------------------------===//

#ifndef TOOLS_BLOCK_COMPILE_OCCUPANCY_H
#define TOOLS_BLOCK_COMPILE_OCCUPANCY_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace block {

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

} // namespace block

#endif // TOOLS_BLOCK_COMPILE_OCCUPANCY_H
