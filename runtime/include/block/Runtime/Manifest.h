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

  bool isPointer() const { return kind == Kind::Pointer; }
  /// The dialect's spelling: "!block.ptr<f32>" or "i32".
  std::string typeString() const;
};

/// What a specialised variant assumes of one integer scalar argument, on
/// top of what the generic kernel assumes: value % divisibility == 0, or
/// value == equals.
struct VariantAssumption {
  unsigned index = 0;
  uint64_t divisibility = 1;
  std::optional<int64_t> equals;
};

/// A copy of a kernel that block-compile specialised on some of its integer
/// arguments (as Triton does at launch) and that lives in the same PTX and
/// cubin under its own symbol. It takes the kernel's parameters and warps.
struct KernelVariant {
  std::string symbol;
  uint64_t sharedMemoryBytes = 0;
  std::vector<VariantAssumption> assume;
  /// `assume` in words, for messages and documentation.
  std::vector<std::string> assumptions;
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
};

/// `variant`'s assumptions in words: "n is divisible by 16", "stride is 1".
std::vector<std::string> describeAssumptions(const KernelInfo &kernel,
                                             const KernelVariant &variant);

/// The assumptions `parameters` carry beyond what their types give, in
/// words: "x is aligned to 16 bytes", "n is divisible by 16".
std::vector<std::string>
describeAssumptions(const std::vector<KernelParameter> &parameters);

struct TargetInfo {
  std::string triple;
  std::string chip;     // e.g. "sm_90a"
  std::string features; // e.g. "+ptx80"
};

struct Manifest {
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

/// Whether an integer argument whose sign-extended value is `value` keeps
/// `assumption`.
bool holds(const VariantAssumption &assumption, int64_t value);

/// The manifest as JSON text, indented, ending in a newline; parseManifest
/// reads every field back (`directory` is not written).
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
