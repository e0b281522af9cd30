//===- LaunchCheck.h - Check a launch against the manifest ------*- C++ -*-===//
//
// A kernel compiled by Block assumes what its manifest says: the argument
// kinds and types, the alignment of pointers, the divisibility of integer
// scalars. Launching it with arguments that break those assumptions computes
// garbage silently, so every launch is checked first, without CUDA, and a bad
// one is refused with a message naming the kernel and the argument.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_RUNTIME_LAUNCHCHECK_H
#define BLOCK_RUNTIME_LAUNCHCHECK_H

#include "block/Runtime/ElementType.h"
#include "block/Runtime/Error.h"
#include "block/Runtime/Grid.h"
#include "block/Runtime/Manifest.h"

#include <cstdint>
#include <vector>

namespace blockrt {

/// One kernel argument as the host passes it: a device address, or a scalar
/// carried as the bit pattern of its own type, zero-extended to 64 bits
/// (i1: 0 or 1; f16 / bf16: the 16-bit pattern). Trivially copyable, so an
/// argument list can live in a fixed array.
struct KernelArg {
  enum class Kind : uint8_t { Pointer, Scalar };
  static constexpr uint64_t unknownSize = ~uint64_t(0);

  Kind kind = Kind::Scalar;
  ElementType type = ElementType::I32; // Scalars only.
  uint64_t bits = 0;                   // The address, or the scalar's bits.
  uint64_t bufferBytes = unknownSize;  // Pointers: the buffer's size if known.

  bool isPointer() const { return kind == Kind::Pointer; }

  static KernelArg pointer(uint64_t address,
                           uint64_t bufferBytes = unknownSize);
  /// Masks `bits` to the type's width (i1: any non-zero value is 1).
  static KernelArg scalar(ElementType type, uint64_t bits);
  static KernelArg i1(bool value) { return scalar(ElementType::I1, value); }
  static KernelArg i8(int8_t value) { return fromInt(ElementType::I8, value); }
  static KernelArg i16(int16_t value) {
    return fromInt(ElementType::I16, value);
  }
  static KernelArg i32(int32_t value) {
    return fromInt(ElementType::I32, value);
  }
  static KernelArg i64(int64_t value) {
    return fromInt(ElementType::I64, value);
  }
  /// Rounds to nearest even for the 16-bit float types.
  static KernelArg f16(float value);
  static KernelArg bf16(float value);
  static KernelArg f32(float value);
  static KernelArg f64(double value);

  /// An integer scalar's value, sign-extended from its width.
  int64_t signedValue() const;

private:
  static KernelArg fromInt(ElementType type, int64_t value) {
    return scalar(type, static_cast<uint64_t>(value));
  }
};

/// The size or stride `value` of a tensor map of `kernel` at a launch with
/// `args` (checked against the kernel's parameters).
int64_t evaluateTensorMapValue(const KernelInfo &kernel,
                               const TensorMapValue &value,
                               const KernelArg *args);

/// Checks a launch of `kernel` on `grid` with `args` (numArgs of them):
///  - the argument count, each argument's kind and each scalar's type;
///  - pointer alignment (address % alignment == 0) and, when the buffer size
///    is known, that it holds a whole number of elements;
///  - integer divisibility (value % divisibility == 0);
///  - what the kernel's tensor maps need of the arguments they are built
///    from: a base address aligned to 16 bytes, sizes in [1, 2^32], strides
///    (but the innermost) of a positive multiple of 16 bytes below 2^40;
///  - the grid: 1 <= x < 2^31, 1 <= y, z <= 65535;
///  - the kernel's dynamic shared memory against `maxSharedMemoryBytes`.
/// Returns the first refusal, e.g. "launch of 'vector_add' refused: argument
/// 3 ('arg3', i32) value 1001 is not divisible by 16, as the kernel was
/// compiled to assume". Allocates nothing when the launch is good.
Error checkLaunch(const KernelInfo &kernel, const Grid &grid,
                  const KernelArg *args, size_t numArgs,
                  uint64_t maxSharedMemoryBytes);

/// The part of checkLaunch that holds wherever the kernel runs, compiled or
/// interpreted: the argument count, kinds, scalar types, whole-element
/// buffers and the grid; not the assumptions (alignment, divisibility) nor
/// shared memory.
Error checkLaunchShape(const KernelInfo &kernel, const Grid &grid,
                       const KernelArg *args, size_t numArgs);

/// Whether argument `index` of a launch of `kernel` keeps the assumption its
/// parameter carries (alignment of a pointer, divisibility of an integer),
/// as checkLaunch checks it; `arg` must have the parameter's kind. The
/// message names the argument, e.g. "argument 3 ('n', i32) value 1001 is
/// not divisible by 16, as the kernel was compiled to assume".
Error checkAssumption(const KernelInfo &kernel, size_t index,
                      const KernelArg &arg);

/// The variant of `kernel` a launch with `args` runs: the one with the most
/// assumptions that all hold (the first listed among equals), or nullptr for
/// the generic kernel. An assumption on an argument that is not an integer
/// scalar does not hold. Allocates nothing.
const KernelVariant *selectVariant(const KernelInfo &kernel,
                                   const KernelArg *args, size_t numArgs);

inline Error checkLaunch(const KernelInfo &kernel, const Grid &grid,
                         const std::vector<KernelArg> &args,
                         uint64_t maxSharedMemoryBytes) {
  return checkLaunch(kernel, grid, args.data(), args.size(),
                     maxSharedMemoryBytes);
}

} // namespace blockrt

#endif // BLOCK_RUNTIME_LAUNCHCHECK_H
