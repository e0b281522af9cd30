//===- ElementType.h - Scalar element types of kernel arguments -*- C++ -*-===//
//
// The element types a kernel parameter, a buffer or a .npy file may have, with
// the spelling used by the dialect, the manifest and the run spec.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_RUNTIME_ELEMENTTYPE_H
#define BLOCK_RUNTIME_ELEMENTTYPE_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace blockrt {

enum class ElementType : uint8_t {
  I1,
  I8,
  I16,
  I32,
  I64,
  F16,
  BF16,
  F32,
  F64,
  F8E4M3FN,
  F8E5M2
};

/// Parses "i1", "i8", ..., "f64", "f8E4M3FN", "f8E5M2"; std::nullopt for
/// anything else.
std::optional<ElementType> parseElementType(std::string_view name);

/// The spelling parseElementType accepts, e.g. "bf16".
const char *elementTypeName(ElementType type);

/// "i1, i8, i16, i32, i64, f16, bf16, f32, f64, f8E4M3FN, f8E5M2", for
/// error messages.
const char *elementTypeList();

/// Bytes one element occupies in memory and as a kernel parameter (i1: 1).
size_t elementSize(ElementType type);

/// Bits of the value itself (i1: 1, bf16: 16).
unsigned elementBitWidth(ElementType type);

bool isFloatType(ElementType type);
inline bool isIntegerType(ElementType type) { return !isFloatType(type); }

} // namespace blockrt

#endif // BLOCK_RUNTIME_ELEMENTTYPE_H
