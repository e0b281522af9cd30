//===- Nesting.h - A limit on how deep a program nests ----------*- C++ -*-===//
//
// MLIR's parser recurses once per nested region, type or attribute, and a
// few thousand levels overflow the stack (scf.if 5000 deep crashes on the
// 8 MiB main thread). Block programs nest a few tens of levels, so the tools
// refuse deeper input before it reaches the parser.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_SUPPORT_NESTING_H
#define BLOCK_SUPPORT_NESTING_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class Operation;
} // namespace mlir

namespace mlir::block {

/// The deepest bracket nesting ((, [, {, <) a textual program may have.
inline constexpr unsigned kMaxNestingDepth = 256;

/// The offset in `text` of the first bracket nested deeper than
/// kMaxNestingDepth, or of the first of more than kMaxNestingDepth unary
/// minus signs in a row (the affine-expression parser recurses once per
/// sign), or StringRef::npos. Brackets in strings and comments do not
/// count; bytecode is checked once read (checkRegionNesting).
size_t findExcessiveNesting(StringRef text);

/// Fails, with an error at the offending bracket printed through
/// `sourceMgr`, where buffer `bufferId` nests deeper than kMaxNestingDepth.
LogicalResult checkNestingDepth(const llvm::SourceMgr &sourceMgr,
                                unsigned bufferId);

/// Fails, with an error at the first operation too deep, where an
/// operation in `ops` holds regions nested more than kMaxNestingDepth deep:
/// bytecode, read without recursion, would still overflow the stack of the
/// verifier, the passes and the printer. Walks without recursion.
LogicalResult checkRegionNesting(ArrayRef<Operation *> ops);

} // namespace mlir::block

#endif // BLOCK_SUPPORT_NESTING_H
