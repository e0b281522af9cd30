//===- Nesting.cpp - A limit on how deep a program nests ------------------===//

#include "block/Support/Nesting.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

size_t mlir::block::findExcessiveNesting(StringRef text) {
  if (text.starts_with("ML\xefR"))
    return StringRef::npos;
  unsigned depth = 0;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    switch (text[i]) {
    case '"':
      // To the closing quote, past escaped characters.
      for (++i; i < e && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      break;
    case '/':
      if (i + 1 < e && text[i + 1] == '/')
        i = std::min(text.find('\n', i), e);
      break;
    case '-': {
      // A run of minus signs (spaces between them or not): each is a level
      // of the affine parser's recursion. `->` closes nothing either.
      unsigned signs = 0;
      size_t j = i;
      for (; j < e && (text[j] == '-' || text[j] == ' ' || text[j] == '\t');
           ++j)
        if (text[j] == '-' && depth + ++signs > kMaxNestingDepth)
          return j;
      i = j - 1;
      break;
    }
    case '(':
    case '[':
    case '{':
    case '<':
      if (++depth > kMaxNestingDepth)
        return i;
      break;
    case '>':
      // The arrow of a function type closes nothing.
      if (i > 0 && text[i - 1] == '-')
        break;
      [[fallthrough]];
    case ')':
    case ']':
    case '}':
      if (depth > 0)
        --depth;
      break;
    default:
      break;
    }
  }
  return StringRef::npos;
}

LogicalResult mlir::block::checkNestingDepth(const llvm::SourceMgr &sourceMgr,
                                             unsigned bufferId) {
  StringRef text = sourceMgr.getMemoryBuffer(bufferId)->getBuffer();
  size_t at = findExcessiveNesting(text);
  if (at == StringRef::npos)
    return success();
  sourceMgr.PrintMessage(llvm::SMLoc::getFromPointer(text.data() + at),
                         llvm::SourceMgr::DK_Error,
                         "nested more than " + Twine(kMaxNestingDepth) +
                             " levels deep; block programs are refused "
                             "beyond that (the parser would overflow the "
                             "stack)");
  return failure();
}

LogicalResult mlir::block::checkRegionNesting(ArrayRef<Operation *> ops) {
  SmallVector<std::pair<Operation *, unsigned>> worklist;
  for (Operation *op : ops)
    worklist.push_back({op, 0});
  while (!worklist.empty()) {
    auto [op, depth] = worklist.pop_back_val();
    if (op->getNumRegions() == 0)
      continue;
    // At the location alone: the op printed with the diagnostic would
    // recurse as deep.
    if (depth + 1 > kMaxNestingDepth)
      return emitError(op->getLoc())
             << "regions nested more than " << kMaxNestingDepth
             << " levels deep; block programs are refused beyond that (the "
                "verifier and printer would overflow the stack)";
    for (Region &region : op->getRegions())
      for (mlir::Block &block : region)
        for (Operation &inner : block)
          worklist.push_back({&inner, depth + 1});
  }
  return success();
}
