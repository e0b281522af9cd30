//===- Manifest.h - Kernel bundle manifests ---------------------*- C++ -*-===//
//
// A kernel bundle is a directory holding <module>.json (the manifest),
// <module>.ptx and optionally <module>.cubin. The manifest says which kernels
// the module holds, how to launch them and which assumptions about their
// arguments were compiled in. runtime/README.md documents the format; the
// reader validates every field and reports each problem with its JSON path,
// and the writer (block-compile's) writes what the reader reads back.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_RUNTIME_MANIFEST_H
#define BLOCK_RUNTIME_MANIFEST_H

#include "block/Runtime/ElementType.h"
#include "block/Runtime/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace blockrt {

/// Limits that keep hostile manifests cheap; generous for real kernels.
constexpr size_t maxKernelParameters = 256;
constexpr size_t maxManifestBytes = 16 << 20;
constexpr size_t maxKernelVariants = 64;
constexpr size_t maxKernelTensorMaps = 16;
/// cuTensorMapEncodeTiled's limit.
constexpr size_t maxTensorMapRank = 5;
/// Bytes of a CUtensorMap, which a kernel takes as a hidden parameter.
constexpr size_t tensorMapBytes = 128;

struct KernelParameter {
  enum class Kind { Pointer, Scalar };

  unsigned index = 0;
  std::string name;
  Kind kind = Kind::Scalar;
  /// The pointee type of a pointer, the value type of a scalar.
  ElementType type = ElementType::I32;
  /// Pointers: the byte alignment the kernel assumes of the address (a power
  /// of two; defaults to the element size).
  uint64_t alignment = 1;
  /// Integer scalars: the kernel assumes value % divisibility == 0.
  uint64_t divisibility = 1;
  /// Integer scalars: the kernel assumes the value is this one (a tensor
  /// descriptor's innermost stride, which must be 1).
  std::optional<int64_t> equals;

  bool isPointer() const { return kind == Kind::Pointer; }
  /// The dialect's spelling: "!block.ptr<f32>" or "i32".
  std::string typeString() const;
};

/// What a specialised variant assumes of one argument, on top of what the
/// generic kernel assumes: of an integer scalar, value % divisibility == 0
/// or value == equals; of a pointer, address % alignment == 0.
struct VariantAssumption {
  unsigned index = 0;
  uint64_t divisibility = 1;
  std::optional<int64_t> equals;
  /// Pointers only (then neither of the others is set): a power of two.
  uint64_t alignment = 1;
};

/// A copy of a kernel that block-compile specialised on some of its integer
/// and pointer arguments (as Triton does at launch) and that lives in the
/// same PTX and cubin under its own symbol. It takes the kernel's
/// parameters and warps.
struct KernelVariant {
  std::string symbol;
  uint64_t sharedMemoryBytes = 0;
  std::vector<VariantAssumption> assume;
  /// `assume` in words, for messages and documentation.
  std::vector<std::string> assumptions;
};

/// A size or stride of a tensor map: a constant ({"value": n}), the value
/// of an integer scalar parameter at launch ({"arg": i}), or the product of
/// such parameters and a constant factor ({"product": [i, j, ...], "value":
/// c}, c 1 where left out), as the program computes it from its arguments:
/// in their type (which wraps), sign-extended.
struct TensorMapValue {
  /// The parameters multiplied; none for a constant.
  std::vector<unsigned> args;
  /// The constant, or the product's constant factor.
  uint64_t value = 1;

  bool isConstant() const { return args.empty(); }
  static TensorMapValue fromArg(unsigned index) { return {{index}, 1}; }
  static TensorMapValue constant(uint64_t value) { return {{}, value}; }
};

/// Numbered as CUDA's CUtensorMapSwizzle (CudaRuntime.cpp checks it).
enum class TensorMapSwizzle : uint8_t { None, Bytes32, Bytes64, Bytes128 };
/// Numbered as CUDA's CUtensorMapFloatOOBfill: Zero is FILL_NONE (zeros),
/// NaN is FILL_NAN_REQUEST_ZERO_FMA.
enum class TensorMapOobFill : uint8_t { Zero, NaN };

/// The manifest's spelling: "none", "32B", "64B", "128B"; "zero", "nan".
const char *tensorMapSwizzleName(TensorMapSwizzle swizzle);
const char *tensorMapOobFillName(TensorMapOobFill fill);
/// The bytes a swizzle permutes within (0 for None).
unsigned tensorMapSwizzleBytes(TensorMapSwizzle swizzle);

/// A TMA tensor map the runtime encodes at each launch (cuTensorMapEncodeTiled)
/// and passes as a hidden 128-byte kernel parameter: tensor map j of a kernel
/// is parameter parameters.size() + j. Dimensions are listed outermost first,
/// as MLIR shapes are; sizes, strides and box have the same rank, 1 to 5.
struct TensorMapInfo {
  /// A pointer parameter: the tensor's address, and its pointee the map's
  /// element type.
  unsigned base = 0;
  std::vector<TensorMapValue> sizes;
  /// In elements; the innermost is 1.
  std::vector<TensorMapValue> strides;
  /// The tile a copy moves, 1 to 256 elements a dimension.
  std::vector<uint32_t> box;
  TensorMapSwizzle swizzle = TensorMapSwizzle::None;
  TensorMapOobFill oobFill = TensorMapOobFill::Zero;

  size_t rank() const { return box.size(); }
};

struct KernelInfo {
  std::string name;
  unsigned numWarps = 1;
  unsigned threadsPerBlock = 32;
  /// Dynamic shared memory the launch must provide.
  uint64_t sharedMemoryBytes = 0;
  std::vector<KernelParameter> parameters;
  /// What the compiler assumed, in words, for messages and documentation.
  std::vector<std::string> assumptions;
  /// Specialised copies; a launch takes the most specialised one whose
  /// assumptions hold (selectVariant), else this generic kernel.
  std::vector<KernelVariant> variants;
  /// The kernel's TMA tensor maps, its hidden parameters after
  /// `parameters`; its variants take the same.
  std::vector<TensorMapInfo> tensorMaps;
};

/// `variant`'s assumptions in words: "n is divisible by 16", "stride is 1",
/// "x is aligned to 16 bytes".
std::vector<std::string> describeAssumptions(const KernelInfo &kernel,
                                             const KernelVariant &variant);

/// The assumptions `parameters` carry beyond what their types give, and the
/// TMA rules `tensorMaps` put on their arguments, in words: "x is aligned to
/// 16 bytes", "n is divisible by 16", "a is aligned to 16 bytes for its
/// tensor map", "lda * 2 bytes is a multiple of 16", "m is in [1, 2^32]".
std::vector<std::string>
describeAssumptions(const std::vector<KernelParameter> &parameters,
                    const std::vector<TensorMapInfo> &tensorMaps = {});

struct TargetInfo {
  std::string triple;
  std::string chip;     // e.g. "sm_90a"
  std::string features; // e.g. "+ptx80"
};

struct Manifest {
  /// As read: 1, or 2 (tensor maps). writeManifest writes what the kernels
  /// need.
  int64_t version = 1;
  std::string module;
  TargetInfo target;
  /// File names as written in the manifest, relative to `directory` unless
  /// absolute.
  std::string ptx;
  std::optional<std::string> cubin;
  std::vector<KernelInfo> kernels;
  /// The directory holding the manifest ("" when parsed from text).
  std::string directory;

  const KernelInfo *findKernel(std::string_view name) const;
  /// The kernel called `name`, or an error naming the kernels there are:
  /// "bundle 'smoke' has no kernel 'nope' (it has: vector_add, echo_scalars)".
  Expected<const KernelInfo *> getKernel(std::string_view name) const;
  /// `ptx` / `cubin` resolved against `directory`.
  std::string ptxPath() const;
  std::optional<std::string> cubinPath() const;
};

/// Whether an argument keeps `assumption`: for an integer scalar's
/// assumption, `value` is the argument's sign-extended value; for a
/// pointer's (alignment > 1), its address, taken as unsigned.
bool holds(const VariantAssumption &assumption, int64_t value);

/// The manifest as JSON text, indented, ending in a newline; parseManifest
/// reads every field back (`directory` is not written). The version written
/// is what the contents need, not `version`: 2 where a kernel has tensor
/// maps, else 1, so that bundles without them stay as they were.
std::string writeManifest(const Manifest &manifest);

/// Parses and validates manifest text. `origin` (a file name) starts every
/// error message. All problems found are reported, one per line.
Expected<Manifest> parseManifest(std::string_view text,
                                 const std::string &origin = "manifest");

/// Reads a manifest from a .json file, or from the only .json file in a
/// bundle directory.
Expected<Manifest> readManifest(const std::string &path);

} // namespace blockrt

#endif // BLOCK_RUNTIME_MANIFEST_H
