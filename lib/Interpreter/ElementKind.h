//===- ElementKind.h - The element types the interpreter holds --*- C++ -*-===//
//
// The interpreter computes on the runtime's element types (one vocabulary
// with the manifest, the run spec and .npy files), stored as they lie in
// memory: i1 as one byte (0 or 1), f16 / bf16 / the 8-bit floats as their
// bit patterns. Its
// values may also hold pointers (64-bit host addresses), which no buffer or
// launch argument has: ElementKind is the runtime's ElementType and Ptr.
// `index` is computed as i64.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_LIB_INTERPRETER_ELEMENTKIND_H
#define BLOCK_LIB_INTERPRETER_ELEMENTKIND_H

#include "block/Runtime/ElementType.h"

#include "mlir/IR/Types.h"
#include "mlir/IR/Value.h"

#include <cstdint>
#include <optional>

namespace mlir::block::interpreter::detail {

using blockrt::ElementType;

enum class ElementKind : uint8_t {
  I1 = static_cast<uint8_t>(ElementType::I1),
  I8 = static_cast<uint8_t>(ElementType::I8),
  I16 = static_cast<uint8_t>(ElementType::I16),
  I32 = static_cast<uint8_t>(ElementType::I32),
  I64 = static_cast<uint8_t>(ElementType::I64),
  F16 = static_cast<uint8_t>(ElementType::F16),
  BF16 = static_cast<uint8_t>(ElementType::BF16),
  F32 = static_cast<uint8_t>(ElementType::F32),
  F64 = static_cast<uint8_t>(ElementType::F64),
  F8E4M3FN = static_cast<uint8_t>(ElementType::F8E4M3FN),
  F8E5M2 = static_cast<uint8_t>(ElementType::F8E5M2),
  Ptr,
};

inline ElementKind toElementKind(ElementType type) {
  return static_cast<ElementKind>(type);
}

/// "i1", ..., "f64" (the runtime's spelling), "ptr".
inline const char *getElementKindName(ElementKind kind) {
  return kind == ElementKind::Ptr
             ? "ptr"
             : blockrt::elementTypeName(static_cast<ElementType>(kind));
}

/// Bytes of one element in memory (i1: 1, ptr: 8).
inline unsigned getElementKindSize(ElementKind kind) {
  return kind == ElementKind::Ptr
             ? 8
             : blockrt::elementSize(static_cast<ElementType>(kind));
}

/// The element kind of a scalar type or of a tensor's elements; nullopt for
/// types the interpreter does not support.
std::optional<ElementKind> getElementKind(Type type);

/// The element kind of a value whose type the compiler has accepted.
inline ElementKind kindOf(Value value) {
  return *getElementKind(value.getType());
}

} // namespace mlir::block::interpreter::detail

#endif // BLOCK_LIB_INTERPRETER_ELEMENTKIND_H
