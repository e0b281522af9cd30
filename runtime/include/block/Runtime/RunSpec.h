//===- RunSpec.h - What to run a kernel on, and what to check ---*- C++ -*-===//
//
// The argument and output options shared by every backend of block-run (the
// CPU interpreter and the GPU), so that both see the same inputs, byte for
// byte, and check results the same way. A backend:
//
//   RunSpec spec;
//   for (each command-line option o)
//     if (Expected<bool> used = spec.parseOption(o); !used) fail(...);
//     else if (!*used) handle o itself;
//   if (Error e = spec.verify()) fail(...);
//   Expected<std::vector<HostBuffer>> buffers = createHostBuffers(spec);
//   ... run, reading scalars from spec.args[i], buffers from (*buffers)[i],
//       and leaving results in (*buffers)[i] ...
//   if (Error e = finishRun(spec, *buffers, std::cout)) fail(...);
//
// The grammar is runSpecUsage() (runtime/README.md has the full
// description).
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_RUNTIME_RUNSPEC_H
#define BLOCK_RUNTIME_RUNSPEC_H

#include "block/Runtime/ElementType.h"
#include "block/Runtime/Error.h"
#include "block/Runtime/HostBuffer.h"
#include "block/Runtime/LaunchCheck.h"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace blockrt {

enum class BufferInit { Zeros, Const, Rand, Randn, Iota, File };

struct ArgSpec {
  /// The text after "--arg=", for messages.
  std::string text;
  bool isPointer = false;
  /// The element type of a buffer, the type of a scalar.
  ElementType type = ElementType::I32;

  // Buffers.
  uint64_t count = 0;
  BufferInit init = BufferInit::Zeros;
  /// const=<v>: the value's bit pattern in `type`.
  uint64_t constBits = 0;
  /// rand / randn: the seed; when absent, the argument's index.
  std::optional<uint64_t> seed;
  /// file=<path>.
  std::string file;

  // Scalars: the value's bit pattern in `type` (as in KernelArg).
  uint64_t scalarBits = 0;

  /// Scalars: the value as the launch passes it.
  KernelArg scalarArg() const { return KernelArg::scalar(type, scalarBits); }
  /// Integer scalars: the value, sign-extended (i1: 0 or 1).
  int64_t intValue() const { return scalarArg().signedValue(); }
  /// Float scalars: the value, widened exactly to double.
  double floatValue() const;
};

/// `--out=` and `--ref=`.
struct OutputSpec {
  std::string text;
  size_t argIndex = 0;
  std::string path;
};

struct RunSpec {
  std::vector<ArgSpec> args;
  std::vector<OutputSpec> outputs;
  std::vector<OutputSpec> references;
  double rtol = 1e-5;
  double atol = 1e-6;

  /// Parses one command-line word. Returns true if it was a run option
  /// (--arg=, --out=, --ref=, --rtol=, --atol=) and false if it is not one
  /// (the caller's own option); fails on a malformed run option.
  Expected<bool> parseOption(std::string_view option);

  /// Cross-checks the options: each --out / --ref names a buffer argument,
  /// each --out a file of its own in a directory that exists.
  Error verify() const;

  /// Whether checkAgainst holds the scalars to the kernel's divisibility
  /// assumptions: a compiled kernel relies on them, the interpreter does not.
  enum class Assumptions { Check, Ignore };

  /// Checks the arguments against a kernel's manifest entry, without CUDA:
  /// count, kinds, element and scalar types, then checkLaunch with the
  /// spec's buffer sizes and `grid` (all but alignment, which only real
  /// addresses can break, and shared memory, which needs the device), or
  /// only checkLaunchShape with Assumptions::Ignore.
  Error checkAgainst(const KernelInfo &kernel, const Grid &grid,
                     Assumptions assumptions = Assumptions::Check) const;
};

/// Fails, with `prefix` and the reason, where the directory `path` would
/// be written into does not exist: checked before a run, so that its
/// results are not lost to a typo after it.
Error checkOutputDirectory(const std::string &path, const std::string &prefix);

/// The options of the run spec as a tool's --help lists them, one or more
/// lines each, indented by two spaces, ending in a newline.
const std::string &runSpecUsage();

/// Parses the text after "--arg=".
Expected<ArgSpec> parseArgSpec(std::string_view text);

/// Parses a scalar of type `type`: decimal integers within the type's signed
/// range, or 0x-prefixed hex bit patterns; i1 also takes true / false; floats
/// in decimal or scientific notation, inf, -inf, nan. Returns the bit
/// pattern. Fails on values the type cannot hold (overflow to infinity).
Expected<uint64_t> parseScalarValue(ElementType type, std::string_view text);

/// The buffer for argument `argIndex`, filled as its spec says (reads
/// file=<path> now).
Expected<HostBuffer> createHostBuffer(const ArgSpec &arg, size_t argIndex);

/// One buffer per argument, in order; scalars get an empty buffer.
Expected<std::vector<HostBuffer>> createHostBuffers(const RunSpec &spec);

/// After the run: writes each --out file, compares each --ref file and
/// prints one report per reference to `os`. Fails when a file cannot be
/// written or read, or when any reference differs.
Error finishRun(const RunSpec &spec, const std::vector<HostBuffer> &buffers,
                std::ostream &os);

} // namespace blockrt

#endif // BLOCK_RUNTIME_RUNSPEC_H
