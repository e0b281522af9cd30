//===- TargetChips.h - The chips and what each has --------------*- C++ -*-===//
//
// The one table of the chips the tools compile for, and what each has: the
// options (block-to-ptx's chip, block-compile's --chip), block.target and
// block-kernel-defaults' chip are checked against the table, and every pass
// or pattern that emits an instruction some chips lack asks here, as does
// block-kernel-defaults, which refuses before any other pass a program that
// needs more than the chip has.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_DIALECT_BLOCK_IR_TARGETCHIPS_H
#define BLOCK_DIALECT_BLOCK_IR_TARGETCHIPS_H

#include "block/Dialect/Block/IR/BlockDialect.h"

#include <cstdint>
#include <string>

namespace mlir::block {

/// A chip block-to-ptx compiles for and the lowest PTX ISA version (10 *
/// major + minor) LLVM's NVPTX backend accepts for it: a lower one aborts
/// LLVM.
struct ChipInfo {
  StringRef name;
  unsigned minPTXVersion;
};

/// Every chip the tools compile for, in numeric order. parseTargetChip
/// takes these names only.
ArrayRef<ChipInfo> getSupportedChips();

/// The most threads a CTA may have, on every chip.
inline constexpr int64_t kMaxThreadsPerBlock = 1024;

/// setmaxnreg (a producer warpgroup's register budget): as wgmma, sm_90a.
inline bool hasSetMaxNReg(const TargetChip &chip) { return chip.hasWgmma(); }
/// cp.async: sm_80 and later.
inline bool hasAsyncCopies(const TargetChip &chip) {
  return chip.capability >= 80;
}
/// mbarriers with transaction counts and their init fence: sm_90 and later.
inline bool hasMBarriers(const TargetChip &chip) {
  return chip.capability >= 90;
}
/// TMA copies (cp.async.bulk.tensor): sm_90 and later.
inline bool hasTma(const TargetChip &chip) { return chip.capability >= 90; }
/// fence.proxy.async: sm_90 and later.
inline bool hasAsyncProxyFence(const TargetChip &chip) {
  return chip.capability >= 90;
}
/// cvt to bf16 with an explicit rounding mode (arith.truncf's
/// roundingmode): sm_90 and later.
inline bool hasBF16RoundingModes(const TargetChip &chip) {
  return chip.capability >= 90;
}

/// Whether code for `recorded` (a module's block.target) runs on `chip`:
/// `chip` has every feature `recorded` has.
bool covers(const TargetChip &chip, const TargetChip &recorded);

/// The chip's name, "sm_90a".
std::string getChipName(const TargetChip &chip);

} // namespace mlir::block

#endif // BLOCK_DIALECT_BLOCK_IR_TARGETCHIPS_H
