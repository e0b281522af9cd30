//===- GlobalAccess.cpp - Predicated vector accesses of global memory -----===//
//
// Accesses with a predicate or cache hints are inline PTX (`@p ld.global...`)
// so that masked-off lanes never touch memory and no branch is needed; the
// others are plain LLVM loads and stores, which the backend may optimise.
// Elements travel in 32-bit words (f32 keeps its own register class), so a
// 16-byte access of f16 is one ld.global.v4.b32.
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
  StringRef constraint;
};
} // namespace

static AccessWords planWords(OpBuilder &b, Type memoryType, unsigned width) {
  unsigned elementBits = getMemoryBytes(memoryType) * 8;
  unsigned totalBits = elementBits * width;
  if (elementBits == 64) {
    if (memoryType.isF64())
      return {memoryType, width, 1, "f64", "d"};
    return {b.getI64Type(), width, 1, "b64", "l"};
  }
  if (memoryType.isF32())
    return {memoryType, width, 1, "f32", "f"};
  if (totalBits >= 32)
    return {b.getI32Type(), totalBits / 32, 32 / elementBits, "b32", "r"};
  if (totalBits == 16)
    return {b.getI16Type(), 1, 16 / elementBits, "b16", "h"};
  // A single byte travels in a 32-bit register.
  return {b.getI32Type(), 1, 1, "u8", "r"};
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
  auto vectorType = VectorType::get({words.elementsPerWord}, memoryType);
  Value vector = LLVM::PoisonOp::create(b, loc, vectorType);
  for (auto [i, element] : llvm::enumerate(elements))
    vector = LLVM::InsertElementOp::create(b, loc, vector, element,
                                           i32Constant(b, loc, i));
  return LLVM::BitcastOp::create(b, loc, words.wordType, vector);
}

/// The PTX of the cache operator, the L2 eviction policy register setup and
/// the access itself: `<setup>@$p ld.global.cg.L2::cache_hint.v4.f32`.
static std::string accessPrefix(StringRef op, const CacheHints &hints,
                                Value predicate, unsigned predicateIndex,
                                const AccessWords &words, std::string &setup,
                                std::string &suffix) {
  std::string ptx;
  bool policy = !hints.isVolatile && hints.evict &&
                *hints.evict != EvictionPolicy::evict_normal;
  if (policy) {
    setup = "{\n\t.reg .b64 %policy;\n\tcreatepolicy.fractional.L2::" +
            stringifyEnum(*hints.evict).str() + ".b64 %policy, 1.0;\n\t";
    suffix = ", %policy;\n}";
  } else {
    suffix = ";";
  }
  if (predicate)
    ptx += "@$" + std::to_string(predicateIndex) + " ";
  ptx += op.str();
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

static std::string operandList(unsigned first, unsigned count) {
  SmallVector<std::string> names;
  for (unsigned i = 0; i < count; ++i)
    names.push_back("$" + std::to_string(first + i));
  if (count == 1)
    return names.front();
  return "{" + llvm::join(names, ", ") + "}";
}

static LLVM::AsmDialectAttr getATTDialect(OpBuilder &b) {
  return LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT);
}

SmallVector<Value> mlir::block::emitGlobalLoad(OpBuilder &b, Location loc,
                                               Value ptr, Type elementType,
                                               unsigned width, Value predicate,
                                               const CacheHints &hints) {
  Type memoryType = getMemoryType(elementType);
  unsigned bytes = getMemoryBytes(memoryType);
  SmallVector<Value> elements;
  if (!predicate && hints.isDefault()) {
    if (width == 1) {
      elements.push_back(LLVM::LoadOp::create(b, loc, memoryType, ptr, bytes));
    } else {
      auto vectorType = VectorType::get({width}, memoryType);
      Value vector = LLVM::LoadOp::create(b, loc, vectorType, ptr, bytes * width);
      for (unsigned i = 0; i < width; ++i)
        elements.push_back(LLVM::ExtractElementOp::create(
            b, loc, vector, i32Constant(b, loc, i)));
    }
  } else {
    AccessWords words = planWords(b, memoryType, width);
    std::string setup, suffix;
    std::string ptx = accessPrefix("ld", hints, predicate, words.count + 1,
                                   words, setup, suffix);
    std::string asmString = setup + ptx + " " + operandList(0, words.count) +
                            ", [$" + std::to_string(words.count) + "]" + suffix;
    SmallVector<std::string> constraints(words.count,
                                         "=" + words.constraint.str());
    constraints.push_back("l");
    SmallVector<Value> operands{ptr};
    if (predicate) {
      constraints.push_back("b");
      operands.push_back(predicate);
    }
    Type resultType = words.wordType;
    if (words.count > 1)
      resultType = LLVM::LLVMStructType::getLiteral(
          b.getContext(), SmallVector<Type>(words.count, words.wordType));
    auto access = LLVM::InlineAsmOp::create(
        b, loc, resultType, operands, asmString, llvm::join(constraints, ","),
        /*has_side_effects=*/true, /*is_align_stack=*/false,
        LLVM::tailcallkind::TailCallKind::None, getATTDialect(b),
        /*operand_attrs=*/ArrayAttr());
    for (unsigned i = 0; i < words.count; ++i) {
      Value word = access.getResult(0);
      if (words.count > 1)
        word = LLVM::ExtractValueOp::create(b, loc, word,
                                            ArrayRef<int64_t>{int64_t(i)});
      unpackWord(b, loc, word, memoryType, words, elements);
    }
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
  unsigned bytes = getMemoryBytes(memoryType);
  unsigned width = elements.size();
  if (!predicate && hints.isDefault()) {
    if (width == 1) {
      LLVM::StoreOp::create(b, loc, elements.front(), ptr, bytes);
      return;
    }
    auto vectorType = VectorType::get({width}, memoryType);
    Value vector = LLVM::PoisonOp::create(b, loc, vectorType);
    for (auto [i, element] : llvm::enumerate(elements))
      vector = LLVM::InsertElementOp::create(b, loc, vector, element,
                                             i32Constant(b, loc, i));
    LLVM::StoreOp::create(b, loc, vector, ptr, bytes * width);
    return;
  }
  AccessWords words = planWords(b, memoryType, width);
  std::string setup, suffix;
  std::string ptx = accessPrefix("st", hints, predicate, words.count + 1,
                                 words, setup, suffix);
  std::string asmString =
      setup + ptx + " [$0], " + operandList(1, words.count) + suffix;
  SmallVector<std::string> constraints{"l"};
  SmallVector<Value> operands{ptr};
  for (unsigned i = 0; i < words.count; ++i) {
    ArrayRef<Value> wordElements =
        ArrayRef(elements).slice(i * words.elementsPerWord, words.elementsPerWord);
    operands.push_back(packWord(b, loc, wordElements, words));
    constraints.push_back(words.constraint.str());
  }
  if (predicate) {
    constraints.push_back("b");
    operands.push_back(predicate);
  }
  LLVM::InlineAsmOp::create(b, loc, Type(), operands, asmString,
                            llvm::join(constraints, ","),
                            /*has_side_effects=*/true, /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            getATTDialect(b), /*operand_attrs=*/ArrayAttr());
}
