//===- block-run-gpu.cpp - Run a kernel of a bundle on the GPU ------------===//
//
// block-run-gpu --bundle=<dir|manifest.json> --kernel=<name> --grid=X[,Y[,Z]]
//               --arg=... [--out=<i>:<path>] [--ref=<i>:<path>] [--rtol=<x>]
//               [--atol=<x>] [--time[=<runs>]] [--warmup=<n>] [--json=<path>]
//               [--measure-launch-overhead[=<launches>]] [--device=<n>]
//
// For machines without MLIR; block-run takes the same run spec on the CPU
// interpreter. Exits 0 on success, 1 on any error or reference mismatch.
//
//===----------------------------------------------------------------------===//

#include "block/Runtime/GpuRun.h"

#include <charconv>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

using namespace blockrt;

static const char *usage =
    "usage: block-run-gpu --bundle=<dir|manifest.json> --kernel=<name>\n"
    "                     --grid=X[,Y[,Z]] --arg=<spec>...\n"
    "                     [--out=<argindex>:<path.npy>]... "
    "[--ref=<argindex>:<path.npy>]...\n"
    "                     [--rtol=<x>] [--atol=<x>] [--time[=<runs>]] "
    "[--warmup=<n>]\n"
    "                     [--json=<path>] "
    "[--measure-launch-overhead[=<launches>]]\n"
    "                     [--device=<n>]\n"
    "\n"
    "  --version                     print Block's version\n"
    "\n"
    "The run spec, as block-run takes it:\n";

namespace {
Expected<unsigned> parseCount(std::string_view option, std::string_view text) {
  unsigned value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() ||
      value == 0)
    return makeError("invalid " + std::string(option) + " '" +
                     std::string(text) + "': expected a positive integer");
  return value;
}

Error parseCommandLine(int argc, char **argv, RunSpec &spec,
                       GpuRunOptions &options) {
  std::optional<std::string> grid;
  for (int i = 1; i < argc; ++i) {
    std::string_view option = argv[i];
    Expected<bool> used = spec.parseOption(option);
    if (!used)
      return used.takeError();
    if (*used)
      continue;
    auto valueOf = [&](std::string_view name) -> std::optional<std::string_view> {
      if (option.substr(0, name.size()) == name)
        return option.substr(name.size());
      return std::nullopt;
    };
    if (auto v = valueOf("--bundle=")) {
      options.bundle = std::string(*v);
    } else if (auto v = valueOf("--kernel=")) {
      options.kernel = std::string(*v);
    } else if (auto v = valueOf("--grid=")) {
      grid = std::string(*v);
    } else if (option == "--time") {
      options.timing.time = true;
    } else if (auto v = valueOf("--time=")) {
      Expected<unsigned> runs = parseCount("--time", *v);
      if (!runs)
        return runs.takeError();
      options.timing.time = true;
      options.timing.runs = *runs;
    } else if (auto v = valueOf("--warmup=")) {
      unsigned value = 0;
      auto [ptr, ec] = std::from_chars(v->data(), v->data() + v->size(), value);
      if (v->empty() || ec != std::errc() || ptr != v->data() + v->size())
        return makeError("invalid --warmup '" + std::string(*v) +
                         "': expected a non-negative integer");
      options.timing.warmup = value;
    } else if (auto v = valueOf("--json=")) {
      options.timing.jsonPath = std::string(*v);
    } else if (option == "--measure-launch-overhead") {
      options.timing.measureLaunchOverhead = true;
    } else if (auto v = valueOf("--measure-launch-overhead=")) {
      Expected<unsigned> launches =
          parseCount("--measure-launch-overhead", *v);
      if (!launches)
        return launches.takeError();
      options.timing.measureLaunchOverhead = true;
      options.timing.launches = *launches;
    } else if (auto v = valueOf("--device=")) {
      unsigned value = 0;
      auto [ptr, ec] = std::from_chars(v->data(), v->data() + v->size(), value);
      if (v->empty() || ec != std::errc() || ptr != v->data() + v->size())
        return makeError("invalid --device '" + std::string(*v) +
                         "': expected a device ordinal");
      options.device = static_cast<int>(value);
    } else {
      return makeError("unknown option '" + std::string(option) +
                       "' (see --help)");
    }
  }
  if (options.bundle.empty())
    return makeError("missing --bundle=<dir|manifest.json>");
  if (options.kernel.empty())
    return makeError("missing --kernel=<name>");
  if (!grid)
    return makeError("missing --grid=X[,Y[,Z]]");
  Expected<Grid> parsed = parseGrid(*grid);
  if (!parsed)
    return parsed.takeError();
  options.grid = *parsed;
  if (!options.timing.jsonPath.empty())
    if (Error e = checkOutputDirectory(options.timing.jsonPath,
                                       "invalid --json '" +
                                           options.timing.jsonPath + "': "))
      return e;
  return spec.verify();
}
} // namespace

int main(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) == "--help" ||
        std::string_view(argv[i]) == "-h") {
      std::cout << usage << runSpecUsage();
      return 0;
    }
    if (std::string_view(argv[i]) == "--version") {
      std::cout << "block-run-gpu (Block) " BLOCK_VERSION "\n";
      return 0;
    }
  }
  RunSpec spec;
  GpuRunOptions options;
  Error e = parseCommandLine(argc, argv, spec, options);
  if (!e)
    e = runOnGpu(spec, options, std::cout);
  if (e) {
    std::cout.flush();
    std::cerr << "block-run-gpu: error: " << e.message() << "\n";
    return 1;
  }
  return 0;
}
