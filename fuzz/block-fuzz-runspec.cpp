//===- block-fuzz-runspec.cpp - Fuzz block-run's argument spec ------------===//
//
// libFuzzer target over the command line block-run and block-run-gpu share
// (runtime/include/block/Runtime/RunSpec.h): the input is split into words,
// one per line; each goes through RunSpec::parseOption as the tools do
// (--grid= through parseGrid), then RunSpec::verify, then checkAgainst every
// kernel of the smoke bundle's manifest, and, when the buffers are small and
// come from no file, createHostBuffers. Everything must end in a value or an
// error message.
//
//===----------------------------------------------------------------------===//

#include "block/Runtime/Grid.h"
#include "block/Runtime/Manifest.h"
#include "block/Runtime/RunSpec.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

using namespace blockrt;

// The kernels of runtime/test/bundle/smoke.json.
static const char *const smokeManifest = R"({
  "format": "block-bundle", "version": 1, "module": "smoke",
  "target": {"triple": "nvptx64-nvidia-cuda", "chip": "sm_80", "features": "+ptx70"},
  "ptx": "smoke.ptx",
  "kernels": [
    {"name": "vector_add", "num_warps": 4, "threads_per_block": 128,
     "shared_memory_bytes": 0,
     "parameters": [
       {"index": 0, "name": "arg0", "kind": "pointer", "element_type": "f32", "alignment": 16},
       {"index": 1, "name": "arg1", "kind": "pointer", "element_type": "f32", "alignment": 16},
       {"index": 2, "name": "arg2", "kind": "pointer", "element_type": "f32", "alignment": 16},
       {"index": 3, "name": "arg3", "kind": "scalar", "type": "i32", "divisibility": 16}]},
    {"name": "echo_scalars", "num_warps": 1, "threads_per_block": 32,
     "shared_memory_bytes": 0,
     "parameters": [
       {"index": 0, "name": "out", "kind": "pointer", "element_type": "f64"},
       {"index": 1, "name": "a", "kind": "scalar", "type": "i1"},
       {"index": 2, "name": "b", "kind": "scalar", "type": "i8"},
       {"index": 3, "name": "c", "kind": "scalar", "type": "i16"},
       {"index": 4, "name": "d", "kind": "scalar", "type": "i32"},
       {"index": 5, "name": "e", "kind": "scalar", "type": "i64"},
       {"index": 6, "name": "f", "kind": "scalar", "type": "f16"},
       {"index": 7, "name": "g", "kind": "scalar", "type": "bf16"},
       {"index": 8, "name": "h", "kind": "scalar", "type": "f32"},
       {"index": 9, "name": "i", "kind": "scalar", "type": "f64"}]}]
})";

[[noreturn]] static void bug(const std::string &what, std::string_view input) {
  std::fprintf(stderr, "==== block-fuzz-runspec: %s\n==== input\n%.*s\n====\n",
               what.c_str(), static_cast<int>(input.size()), input.data());
  std::abort();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 4096)
    return -1;
  static const Manifest manifest = [] {
    Expected<Manifest> m = parseManifest(smokeManifest, "smoke.json");
    if (!m) {
      std::fprintf(stderr, "%s\n", m.errorMessage().c_str());
      std::abort();
    }
    return *m;
  }();
  std::string_view text(reinterpret_cast<const char *>(data), size);

  RunSpec spec;
  Grid grid;
  std::vector<std::string_view> words;
  for (size_t start = 0; start <= text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos)
      end = text.size();
    words.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  for (std::string_view word : words) {
    if (word.substr(0, 7) == "--grid=") {
      Expected<Grid> parsed = parseGrid(word.substr(7));
      if (parsed)
        grid = *parsed;
      else if (parsed.errorMessage().empty())
        bug("parseGrid failed with an empty message", text);
      continue;
    }
    size_t before = spec.args.size() + spec.outputs.size() +
                    spec.references.size();
    Expected<bool> used = spec.parseOption(word);
    if (!used) {
      if (used.errorMessage().empty())
        bug("parseOption failed with an empty message", text);
      return 0; // The tools stop at the first bad option.
    }
    size_t after = spec.args.size() + spec.outputs.size() +
                   spec.references.size();
    if (!*used && after != before)
      bug("parseOption changed the spec for a word it did not use", text);
  }
  if (Error e = spec.verify())
    return 0;
  for (const KernelInfo &kernel : manifest.kernels) {
    Error e = spec.checkAgainst(kernel, grid);
    (void)e;
  }
  for (const ArgSpec &arg : spec.args) {
    if (!arg.isPointer) {
      if (isFloatType(arg.type))
        (void)arg.floatValue();
      else
        (void)arg.intValue();
      continue;
    }
    if (arg.init == BufferInit::File || arg.count > (1 << 16))
      return 0;
  }
  Expected<std::vector<HostBuffer>> buffers = createHostBuffers(spec);
  if (!buffers)
    return 0;
  for (size_t i = 0; i < spec.args.size(); ++i)
    if (spec.args[i].isPointer && (*buffers)[i].count != spec.args[i].count)
      bug("a buffer does not hold --arg's count of elements", text);
  return 0;
}
