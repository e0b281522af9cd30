//===- ElementType.cpp ----------------------------------------------------===//

#include "block/Runtime/ElementType.h"

#include <string>

namespace blockrt {

namespace {
struct TypeInfo {
  const char *name;
  size_t size;
  unsigned bits;
  bool isFloat;
};

// Indexed by ElementType.
constexpr TypeInfo typeInfos[] = {
    {"i1", 1, 1, false},    {"i8", 1, 8, false},   {"i16", 2, 16, false},
    {"i32", 4, 32, false},  {"i64", 8, 64, false}, {"f16", 2, 16, true},
    {"bf16", 2, 16, true},  {"f32", 4, 32, true},  {"f64", 8, 64, true},
    {"f8E4M3FN", 1, 8, true}, {"f8E5M2", 1, 8, true},
};

const TypeInfo &info(ElementType type) {
  return typeInfos[static_cast<unsigned>(type)];
}
} // namespace

std::optional<ElementType> parseElementType(std::string_view name) {
  for (unsigned i = 0; i < sizeof(typeInfos) / sizeof(typeInfos[0]); ++i)
    if (name == typeInfos[i].name)
      return static_cast<ElementType>(i);
  return std::nullopt;
}

const char *elementTypeName(ElementType type) { return info(type).name; }

const char *elementTypeList() {
  static const std::string list = [] {
    std::string names;
    for (const TypeInfo &type : typeInfos)
      names += (names.empty() ? "" : ", ") + std::string(type.name);
    return names;
  }();
  return list.c_str();
}

size_t elementSize(ElementType type) { return info(type).size; }

unsigned elementBitWidth(ElementType type) { return info(type).bits; }

bool isFloatType(ElementType type) { return info(type).isFloat; }

} // namespace blockrt
