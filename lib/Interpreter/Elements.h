//===- Elements.h - How the interpreter computes on elements ----*- C++ -*-===//
//
// Integers are stored unsigned in their width (i1 as a byte, 0 or 1) and
// computed in 64 bits, then wrapped; the signed ops sign-extend first. Floats
// are computed in their own type (f32 in float, f64 in double) and f16 / bf16
// in float, rounded to nearest even after every op: float has more than
// 2p + 2 bits for both, so +, -, *, / and sqrt round exactly as IEEE says.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_LIB_INTERPRETER_ELEMENTS_H
#define BLOCK_LIB_INTERPRETER_ELEMENTS_H

#include "ElementKind.h"

#include "block/Interpreter/Interpreter.h"
#include "block/Runtime/Float8.h"
#include "block/Runtime/Half.h"

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace mlir::block::interpreter::detail {

// f16 and bf16 convert as the runtime converts them (one implementation).
using blockrt::bfloat16ToFloat;
using blockrt::doubleToBFloat16;
using blockrt::doubleToHalf;
using blockrt::floatToBFloat16;
using blockrt::floatToHalf;
using blockrt::halfToFloat;
using blockrt::doubleToFloat8;
using blockrt::float8ToFloat;
using blockrt::kFloat8E4M3FN;
using blockrt::kFloat8E5M2;

//===----------------------------------------------------------------------===//
// Integers
//===----------------------------------------------------------------------===//

/// The storage type of an integer of `Width` bits.
template <unsigned Width>
using UIntOf = std::conditional_t<
    Width <= 8, uint8_t,
    std::conditional_t<Width <= 16, uint16_t,
                       std::conditional_t<Width <= 32, uint32_t, uint64_t>>>;

/// `value` truncated to `Width` bits.
template <unsigned Width> constexpr uint64_t wrap(uint64_t value) {
  if constexpr (Width >= 64)
    return value;
  else
    return value & ((uint64_t(1) << Width) - 1);
}

/// The `Width`-bit pattern `value` read as a signed number.
template <unsigned Width> constexpr int64_t sext(uint64_t value) {
  if constexpr (Width >= 64)
    return static_cast<int64_t>(value);
  else
    return static_cast<int64_t>(value << (64 - Width)) >> (64 - Width);
}

template <unsigned Width> constexpr int64_t signedMin() {
  return sext<Width>(uint64_t(1) << (Width - 1));
}

//===----------------------------------------------------------------------===//
// Floats
//===----------------------------------------------------------------------===//

/// Storage and computation of one float kind.
template <ElementKind Kind> struct FloatTraits;

template <> struct FloatTraits<ElementKind::F16> {
  using Storage = uint16_t;
  using Compute = float;
  static float load(uint16_t bits) { return halfToFloat(bits); }
  static uint16_t store(float value) { return floatToHalf(value); }
  static uint16_t storeDouble(double value) { return doubleToHalf(value); }
};

template <> struct FloatTraits<ElementKind::BF16> {
  using Storage = uint16_t;
  using Compute = float;
  static float load(uint16_t bits) { return bfloat16ToFloat(bits); }
  static uint16_t store(float value) { return floatToBFloat16(value); }
  static uint16_t storeDouble(double value) { return doubleToBFloat16(value); }
};

template <> struct FloatTraits<ElementKind::F8E4M3FN> {
  using Storage = uint8_t;
  using Compute = float;
  static float load(uint8_t bits) { return float8ToFloat(kFloat8E4M3FN, bits); }
  static uint8_t store(float value) {
    return doubleToFloat8(kFloat8E4M3FN, value);
  }
  static uint8_t storeDouble(double value) {
    return doubleToFloat8(kFloat8E4M3FN, value);
  }
};

template <> struct FloatTraits<ElementKind::F8E5M2> {
  using Storage = uint8_t;
  using Compute = float;
  static float load(uint8_t bits) { return float8ToFloat(kFloat8E5M2, bits); }
  static uint8_t store(float value) { return doubleToFloat8(kFloat8E5M2, value); }
  static uint8_t storeDouble(double value) {
    return doubleToFloat8(kFloat8E5M2, value);
  }
};

template <> struct FloatTraits<ElementKind::F32> {
  using Storage = float;
  using Compute = float;
  static float load(float value) { return value; }
  static float store(float value) { return value; }
  static float storeDouble(double value) { return static_cast<float>(value); }
};

template <> struct FloatTraits<ElementKind::F64> {
  using Storage = double;
  using Compute = double;
  static double load(double value) { return value; }
  static double store(double value) { return value; }
  static double storeDouble(double value) { return value; }
};

inline bool isFloatKind(ElementKind kind) {
  return kind == ElementKind::F16 || kind == ElementKind::BF16 ||
         kind == ElementKind::F32 || kind == ElementKind::F64 ||
         kind == ElementKind::F8E4M3FN || kind == ElementKind::F8E5M2;
}

/// Calls `fn(std::integral_constant<unsigned, W>)` for the width of the
/// integer `kind` and returns its result.
template <typename Fn> auto visitIntegerWidth(ElementKind kind, Fn &&fn) {
  switch (kind) {
  case ElementKind::I1:
    return fn(std::integral_constant<unsigned, 1>());
  case ElementKind::I8:
    return fn(std::integral_constant<unsigned, 8>());
  case ElementKind::I16:
    return fn(std::integral_constant<unsigned, 16>());
  case ElementKind::I32:
    return fn(std::integral_constant<unsigned, 32>());
  default:
    return fn(std::integral_constant<unsigned, 64>());
  }
}

/// Calls `fn(std::integral_constant<ElementKind, K>)` for the float `kind`.
template <typename Fn> auto visitFloatKind(ElementKind kind, Fn &&fn) {
  switch (kind) {
  case ElementKind::F16:
    return fn(std::integral_constant<ElementKind, ElementKind::F16>());
  case ElementKind::BF16:
    return fn(std::integral_constant<ElementKind, ElementKind::BF16>());
  case ElementKind::F32:
    return fn(std::integral_constant<ElementKind, ElementKind::F32>());
  case ElementKind::F8E4M3FN:
    return fn(std::integral_constant<ElementKind, ElementKind::F8E4M3FN>());
  case ElementKind::F8E5M2:
    return fn(std::integral_constant<ElementKind, ElementKind::F8E5M2>());
  default:
    return fn(std::integral_constant<ElementKind, ElementKind::F64>());
  }
}

/// Calls `fn(std::integral_constant<unsigned, S>)` for an element size of 1,
/// 2, 4 or 8 bytes.
template <typename Fn> auto visitElementSize(unsigned size, Fn &&fn) {
  switch (size) {
  case 1:
    return fn(std::integral_constant<unsigned, 1>());
  case 2:
    return fn(std::integral_constant<unsigned, 2>());
  case 4:
    return fn(std::integral_constant<unsigned, 4>());
  default:
    return fn(std::integral_constant<unsigned, 8>());
  }
}

/// An element of any kind, widened for formatting and constants: integers
/// zero-extended, floats as their bit pattern.
inline uint64_t readBits(const void *element, unsigned size) {
  uint64_t bits = 0;
  std::memcpy(&bits, element, size);
  return bits;
}

} // namespace mlir::block::interpreter::detail

#endif // BLOCK_LIB_INTERPRETER_ELEMENTS_H
