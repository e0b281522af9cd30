//===- block-fuzz-manifest.cpp - Fuzz the bundle manifest reader ----------===//
//
// libFuzzer target: every input is manifest text for blockrt::parseManifest
// (which parses the JSON and validates every field). A manifest that is
// accepted is used as the runtime uses it: each kernel is looked up, its
// parameters printed, and a launch with well-formed arguments checked
// against it, and its variant chosen; the JSON, and the manifest, are
// written back and parsed again. The reader must answer every input with a
// manifest or an error message, never a crash, and its error must name the
// origin.
//
//===----------------------------------------------------------------------===//

#include "block/Runtime/Json.h"
#include "block/Runtime/LaunchCheck.h"
#include "block/Runtime/Manifest.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

using namespace blockrt;

[[noreturn]] static void bug(const std::string &what, std::string_view input) {
  std::fprintf(stderr, "==== block-fuzz-manifest: %s\n==== input\n%.*s\n====\n",
               what.c_str(), static_cast<int>(input.size()), input.data());
  std::abort();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > maxManifestBytes)
    return -1;
  std::string_view text(reinterpret_cast<const char *>(data), size);

  // The JSON layer on its own: what it accepts, it writes and reads back.
  if (Expected<JsonValue> json = parseJson(text)) {
    for (bool pretty : {false, true}) {
      std::string written = writeJson(*json, pretty);
      Expected<JsonValue> again = parseJson(written);
      if (!again)
        bug("writeJson output does not parse: " + again.errorMessage() +
                "\n==== written\n" + written,
            text);
      if (writeJson(*again, pretty) != written)
        bug("writeJson is not stable under a round trip\n==== written\n" +
                written,
            text);
    }
  } else if (json.errorMessage().empty()) {
    bug("parseJson failed with an empty message", text);
  }

  Expected<Manifest> manifest = parseManifest(text, "fuzz.json");
  if (!manifest) {
    const std::string &message = manifest.errorMessage();
    if (message.rfind("fuzz.json: ", 0) != 0)
      bug("error message does not start with the origin: " + message, text);
    return 0;
  }
  // An accepted manifest is used as block-run-gpu uses it.
  if (manifest->kernels.empty())
    bug("accepted a manifest without kernels", text);
  // The writer (block-compile's) writes what the reader reads: written and
  // read back, the manifest is written the same.
  std::string written = writeManifest(*manifest);
  Expected<Manifest> again = parseManifest(written, "written.json");
  if (!again)
    bug("writeManifest output does not parse: " + again.errorMessage() +
            "\n==== written\n" + written,
        text);
  if (writeManifest(*again) != written)
    bug("writeManifest is not stable under a round trip\n==== written\n" +
            written,
        text);
  (void)manifest->ptxPath();
  (void)manifest->cubinPath();
  for (const KernelInfo &kernel : manifest->kernels) {
    if (manifest->findKernel(kernel.name) != &kernel)
      bug("findKernel does not find kernel '" + kernel.name + "'", text);
    if (kernel.threadsPerBlock != 32 * kernel.numWarps)
      bug("accepted threads_per_block != 32 * num_warps", text);
    std::vector<KernelArg> args;
    for (const KernelParameter &param : kernel.parameters) {
      (void)param.typeString();
      if (param.isPointer()) {
        if (param.alignment == 0 || (param.alignment & (param.alignment - 1)))
          bug("accepted an alignment that is not a power of two", text);
        args.push_back(KernelArg::pointer(param.alignment * 64, 4096));
      } else {
        args.push_back(KernelArg::scalar(param.type, param.divisibility));
      }
    }
    Error e = checkLaunch(kernel, Grid{1, 1, 1}, args, 1 << 16);
    (void)e;
    Error e2 = checkLaunch(kernel, Grid{1u << 31, 65536, 0}, args, 0);
    (void)e2;
    // The variant a launch runs keeps every assumption it was built on.
    if (const KernelVariant *variant =
            selectVariant(kernel, args.data(), args.size())) {
      for (const VariantAssumption &assumption : variant->assume) {
        // A pointer's assumption is on its address, not a typed value.
        const KernelArg &arg = args[assumption.index];
        int64_t value = arg.isPointer() ? static_cast<int64_t>(arg.bits)
                                        : arg.signedValue();
        if (!holds(assumption, value))
          bug("selectVariant chose '" + variant->symbol +
                  "', whose assumptions the arguments break",
              text);
      }
    }
  }
  return 0;
}
