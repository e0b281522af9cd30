//===- GlobalAccess.cpp - Predicated vector accesses of global memory -----===//
//
// Accesses with a predicate or cache hints are nvvm.inline_ptx
// (`@p ld.global...`), which NVVM has no op for, so that masked-off lanes
// never touch memory and no branch is needed; the others are plain LLVM loads
// and stores, which the backend may optimise. Elements travel in 32-bit words
// (f32 keeps its own register class), so a 16-byte access of f16 is one
// ld.global.v4.b32.
//
//===----------------------------------------------------------------------===//

#include "GlobalAccess.h"
#include "Utility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::block;

namespace {
/// The registers one inline PTX access moves.
struct AccessWords {
  Type wordType;
  unsigned count;
  unsigned elementsPerWord;
  StringRef ptxType;
};
} // namespace

static AccessWords planWords(OpBuilder &b, Type memoryType, unsigned width) {
  unsigned elementBits = getMemoryBytes(memoryType) * 8;
  unsigned totalBits = elementBits * width;
  if (elementBits == 64) {
    if (memoryType.isF64())
      return {memoryType, width, 1, "f64"};
    return {b.getI64Type(), width, 1, "b64"};
  }
  if (memoryType.isF32())
    return {memoryType, width, 1, "f32"};
  if (totalBits >= 32)
    return {b.getI32Type(), totalBits / 32, 32 / elementBits, "b32"};
  if (totalBits == 16)
    return {b.getI16Type(), 1, 16 / elementBits, "b16"};
  // A single byte travels in a 32-bit register.
  return {b.getI32Type(), 1, 1, "u8"};
}

/// Splits a loaded word into its elements of `memoryType`.
static void unpackWord(OpBuilder &b, Location loc, Value word, Type memoryType,
                       const AccessWords &words,
                       SmallVectorImpl<Value> &elements) {
  if (isa<LLVM::LLVMPointerType>(memoryType)) {
    elements.push_back(LLVM::IntToPtrOp::create(b, loc, memoryType, word));
    return;
  }
  if (words.elementsPerWord == 1) {
    if (word.getType() == memoryType)
      elements.push_back(word);
    else if (words.ptxType == "u8")
      elements.push_back(arith::TruncIOp::create(b, loc, memoryType, word));
    else
      elements.push_back(arith::BitcastOp::create(b, loc, memoryType, word));
    return;
  }
  auto vectorType = VectorType::get({words.elementsPerWord}, memoryType);
  Value vector = LLVM::BitcastOp::create(b, loc, vectorType, word);
  for (unsigned i = 0; i < words.elementsPerWord; ++i)
    elements.push_back(LLVM::ExtractElementOp::create(b, loc, vector,
                                                      i32Constant(b, loc, i)));
}

/// Packs `elements` (of `memoryType`) into one word.
static Value packWord(OpBuilder &b, Location loc, ValueRange elements,
                      const AccessWords &words) {
  Type memoryType = elements.front().getType();
  if (isa<LLVM::LLVMPointerType>(memoryType))
    return LLVM::PtrToIntOp::create(b, loc, words.wordType, elements.front());
  if (words.elementsPerWord == 1) {
    Value element = elements.front();
    if (element.getType() == words.wordType)
      return element;
    if (words.ptxType == "u8")
      return arith::ExtUIOp::create(b, loc, words.wordType, element);
    return arith::BitcastOp::create(b, loc, words.wordType, element);
  }
  return LLVM::BitcastOp::create(b, loc, words.wordType,
                                 emitVector(b, loc, elements));
}

/// The L2 eviction policy `hints` ask for, as the operand of an access with
/// `.L2::cache_hint`; null if they ask for none. Its own instruction: the PTX
/// builder would turn the `%` of a register declared inside the access into
/// `$`.
static Value emitCachePolicy(OpBuilder &b, Location loc,
                             const CacheHints &hints) {
  if (hints.isVolatile || !hints.evict ||
      *hints.evict == EvictionPolicy::evict_normal)
    return Value();
  return NVVM::InlinePtxOp::create(
             b, loc, b.getI64Type(), ValueRange(), ValueRange(),
             "createpolicy.fractional.L2::" +
                 stringifyEnum(*hints.evict).str() + ".b64 {$w0}, 1.0;",
             Value())
      .getResult(0);
}

/// The access without its operands: `ld.global.cg.L2::cache_hint.v4.f32`.
static std::string accessOpcode(StringRef op, const CacheHints &hints,
                                Value policy, const AccessWords &words) {
  std::string ptx = op.str();
  ptx += hints.isVolatile ? ".volatile.global" : ".global";
  if (hints.cache && !hints.isVolatile)
    ptx += "." + stringifyEnum(*hints.cache).str();
  if (policy)
    ptx += ".L2::cache_hint";
  if (words.count > 1)
    ptx += ".v" + std::to_string(words.count);
  ptx += "." + words.ptxType.str();
  return ptx;
}

/// The placeholders `{$<kind><first>}` to `{$<kind><first + count - 1>}`, in
/// braces if more than one.
static std::string operandList(char kind, unsigned first, unsigned count) {
  SmallVector<std::string> names;
  for (unsigned i = 0; i < count; ++i)
    names.push_back("{$" + std::string(1, kind) + std::to_string(first + i) +
                    "}");
  if (count == 1)
    return names.front();
  return "{" + llvm::join(names, ", ") + "}";
}

/// The end of an access: its cache-policy operand, if any, read after its
/// `count` other operands.
static std::string policySuffix(Value policy, unsigned count) {
  return policy ? ", " + operandList('r', count, 1) + ";" : ";";
}

NVVM::InlinePtxOp mlir::block::createPredicatedPtx(OpBuilder &b, Location loc,
                                                   TypeRange resultTypes,
                                                   const Twine &ptx,
                                                   ValueRange operands,
                                                   Value predicate) {
  if (!predicate || resultTypes.empty())
    return NVVM::InlinePtxOp::create(b, loc, resultTypes, operands,
                                     ValueRange(), ptx.str(), predicate);
  // LLVM 22's PTX builder numbers the predicate as if the results were not
  // operands (fixed after 22 by llvm-project#189552): name it in the PTX.
  SmallVector<Value> withPredicate(operands);
  withPredicate.push_back(predicate);
  return NVVM::InlinePtxOp::create(
      b, loc, resultTypes, withPredicate, ValueRange(),
      "@" + operandList('r', operands.size(), 1) + " " + ptx.str(), Value());
}

SmallVector<Value> mlir::block::emitGlobalLoad(OpBuilder &b, Location loc,
                                               Value ptr, Type elementType,
                                               unsigned width, Value predicate,
                                               const CacheHints &hints) {
  Type memoryType = getMemoryType(elementType);
  SmallVector<Value> elements;
  if (!predicate && hints.isDefault()) {
    elements = emitVectorLoad(b, loc, memoryType, width, ptr);
  } else {
    AccessWords words = planWords(b, memoryType, width);
    Value policy = emitCachePolicy(b, loc, hints);
    SmallVector<Value> operands{ptr};
    if (policy)
      operands.push_back(policy);
    NVVM::InlinePtxOp access = createPredicatedPtx(
        b, loc, SmallVector<Type>(words.count, words.wordType),
        accessOpcode("ld", hints, policy, words) + " " +
            operandList('w', 0, words.count) + ", [{$r0}]" +
            policySuffix(policy, 1),
        operands, predicate);
    for (Value word : access.getResults())
      unpackWord(b, loc, word, memoryType, words, elements);
  }
  for (Value &element : elements)
    element = fromMemory(b, loc, element, elementType);
  return elements;
}

void mlir::block::emitGlobalStore(OpBuilder &b, Location loc, Value ptr,
                                  ValueRange values, Value predicate,
                                  const CacheHints &hints) {
  SmallVector<Value> elements;
  for (Value value : values)
    elements.push_back(toMemory(b, loc, value));
  Type memoryType = elements.front().getType();
  unsigned width = elements.size();
  if (!predicate && hints.isDefault()) {
    emitVectorStore(b, loc, elements, ptr);
    return;
  }
  AccessWords words = planWords(b, memoryType, width);
  Value policy = emitCachePolicy(b, loc, hints);
  SmallVector<Value> operands{ptr};
  for (unsigned i = 0; i < words.count; ++i) {
    ArrayRef<Value> wordElements =
        ArrayRef(elements).slice(i * words.elementsPerWord, words.elementsPerWord);
    operands.push_back(packWord(b, loc, wordElements, words));
  }
  if (policy)
    operands.push_back(policy);
  createPredicatedPtx(b, loc, TypeRange(),
                      accessOpcode("st", hints, policy, words) + " [{$r0}], " +
                          operandList('r', 1, words.count) +
                          policySuffix(policy, words.count + 1),
                      operands, predicate);
}
