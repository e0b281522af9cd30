//===- Manifest.cpp - Kernel bundle manifests -----------------------------===//

#include "block/Runtime/Manifest.h"

#include "block/Runtime/FileIO.h"
#include "block/Runtime/Json.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <set>

namespace blockrt {

std::string KernelParameter::typeString() const {
  if (isPointer())
    return std::string("!block.ptr<") + elementTypeName(type) + ">";
  return elementTypeName(type);
}

const KernelInfo *Manifest::findKernel(std::string_view name) const {
  for (const KernelInfo &kernel : kernels)
    if (kernel.name == name)
      return &kernel;
  return nullptr;
}

Expected<const KernelInfo *> Manifest::getKernel(std::string_view name) const {
  if (const KernelInfo *kernel = findKernel(name))
    return kernel;
  std::string names;
  for (const KernelInfo &k : kernels)
    names += (names.empty() ? "" : ", ") + k.name;
  return makeError("bundle '" + module + "' has no kernel '" +
                   std::string(name) + "' (it has: " + names + ")");
}

std::vector<std::string>
describeAssumptions(const std::vector<KernelParameter> &parameters) {
  std::vector<std::string> assumptions;
  for (const KernelParameter &param : parameters) {
    if (param.isPointer() && param.alignment > elementSize(param.type))
      assumptions.push_back(param.name + " is aligned to " +
                            std::to_string(param.alignment) + " bytes");
    if (!param.isPointer() && param.divisibility > 1)
      assumptions.push_back(param.name + " is divisible by " +
                            std::to_string(param.divisibility));
  }
  return assumptions;
}

std::vector<std::string> describeAssumptions(const KernelInfo &kernel,
                                             const KernelVariant &variant) {
  std::vector<std::string> assumptions;
  for (const VariantAssumption &a : variant.assume) {
    std::string name = a.index < kernel.parameters.size()
                           ? kernel.parameters[a.index].name
                           : "arg" + std::to_string(a.index);
    if (a.equals)
      assumptions.push_back(name + " is " + std::to_string(*a.equals));
    else
      assumptions.push_back(name + " is divisible by " +
                            std::to_string(a.divisibility));
  }
  return assumptions;
}

bool holds(const VariantAssumption &assumption, int64_t value) {
  if (assumption.equals)
    return value == *assumption.equals;
  // As checkLaunch tests hints: on the magnitude, as unsigned, since
  // -INT64_MIN does not fit in int64_t.
  uint64_t magnitude = value < 0 ? uint64_t(0) - static_cast<uint64_t>(value)
                                 : static_cast<uint64_t>(value);
  return magnitude % assumption.divisibility == 0;
}

static std::string resolve(const std::string &directory,
                           const std::string &file) {
  if (directory.empty())
    return file;
  return (std::filesystem::path(directory) / file).string();
}

std::string Manifest::ptxPath() const { return resolve(directory, ptx); }

std::optional<std::string> Manifest::cubinPath() const {
  if (!cubin)
    return std::nullopt;
  return resolve(directory, *cubin);
}

namespace {
/// Walks the JSON document, filling a Manifest and collecting one message per
/// problem, each naming the JSON path of the offending field.
class ManifestReader {
public:
  explicit ManifestReader(const std::string &origin) : origin(origin) {}

  Expected<Manifest> read(const JsonValue &root) {
    Manifest manifest;
    if (!root.isObject()) {
      report("", std::string("expected an object at the top level, got ") +
                     describeJsonKind(root.kind()));
      return finish(manifest);
    }
    std::string format;
    if (readString(root, "", "format", format) && format != "block-bundle")
      report("format", "expected \"block-bundle\", got \"" + format + "\"");
    if (readInteger(root, "", "version", 1, INT64_MAX, manifest.version) &&
        manifest.version != 1)
      report("version", "unsupported version " +
                            std::to_string(manifest.version) +
                            " (this runtime reads version 1)");
    readString(root, "", "module", manifest.module);
    if (const JsonValue *target = readObject(root, "", "target")) {
      readString(*target, "target", "triple", manifest.target.triple);
      readString(*target, "target", "chip", manifest.target.chip);
      readString(*target, "target", "features", manifest.target.features,
                 /*required=*/false, /*allowEmpty=*/true);
    }
    if (readString(root, "", "ptx", manifest.ptx))
      checkInBundle("ptx", manifest.ptx);
    std::string cubin;
    if (readString(root, "", "cubin", cubin, /*required=*/false) &&
        checkInBundle("cubin", cubin))
      manifest.cubin = cubin;

    if (const JsonValue *kernels = readArray(root, "", "kernels")) {
      if (kernels->getArray().empty())
        report("kernels", "expected at least one kernel");
      std::set<std::string> names;
      for (size_t i = 0; i < kernels->getArray().size(); ++i) {
        std::string path = "kernels[" + std::to_string(i) + "]";
        KernelInfo kernel;
        if (!readKernel(kernels->getArray()[i], path, kernel))
          continue;
        if (!names.insert(kernel.name).second)
          report(path + ".name", "duplicate kernel name \"" + kernel.name +
                                     "\"");
        manifest.kernels.push_back(std::move(kernel));
      }
      // A variant's symbol names a function of the same PTX module.
      for (size_t i = 0; i < manifest.kernels.size(); ++i)
        for (size_t v = 0; v < manifest.kernels[i].variants.size(); ++v)
          if (!names.insert(manifest.kernels[i].variants[v].symbol).second)
            report("kernels[" + std::to_string(i) + "].variants[" +
                       std::to_string(v) + "].symbol",
                   "\"" + manifest.kernels[i].variants[v].symbol +
                       "\" names another kernel or variant");
    }
    return finish(manifest);
  }

private:
  /// A file the manifest names must lie in the bundle's directory: a
  /// relative path that never goes up, so that a manifest cannot make the
  /// runtime read files elsewhere.
  bool checkInBundle(const char *key, const std::string &file) {
    std::filesystem::path path(file);
    bool escapes = path.is_absolute() || path.has_root_name() ||
                   std::any_of(path.begin(), path.end(),
                               [](const auto &part) { return part == ".."; });
    if (escapes)
      report(key, "\"" + file + "\" is not in the bundle directory (expected "
                  "a relative path without '..')");
    return !escapes;
  }

  Expected<Manifest> finish(Manifest &manifest) {
    if (problems.empty())
      return std::move(manifest);
    std::string message;
    for (const std::string &problem : problems) {
      if (!message.empty())
        message += '\n';
      message += problem;
    }
    return makeError(message);
  }

  void report(const std::string &path, const std::string &what) {
    problems.push_back(origin + ": " + (path.empty() ? "" : path + ": ") +
                       what);
  }

  static std::string join(const std::string &parent, const char *key) {
    return parent.empty() ? key : parent + "." + key;
  }

  /// The member `key` of `object`, or nullptr (reported when required).
  const JsonValue *member(const JsonValue &object, const std::string &parent,
                          const char *key, bool required,
                          const char *expected) {
    const JsonValue *value = object.find(key);
    if (!value && required)
      report(join(parent, key), std::string("missing (expected ") +
                                    expected + ")");
    return value;
  }

  void wrongKind(const std::string &path, const char *expected,
                 const JsonValue &got) {
    report(path, std::string("expected ") + expected + ", got " +
                     describeJsonKind(got.kind()));
  }

  bool readString(const JsonValue &object, const std::string &parent,
                  const char *key, std::string &out, bool required = true,
                  bool allowEmpty = false) {
    const char *expected = allowEmpty ? "a string" : "a non-empty string";
    const JsonValue *value = member(object, parent, key, required, expected);
    if (!value)
      return false;
    if (!value->isString() || (!allowEmpty && value->getString().empty())) {
      wrongKind(join(parent, key), expected, *value);
      return false;
    }
    out = value->getString();
    return true;
  }

  bool readInteger(const JsonValue &object, const std::string &parent,
                   const char *key, int64_t min, int64_t max, int64_t &out,
                   bool required = true) {
    std::string expected = "an integer";
    if (max == INT64_MAX)
      expected += " >= " + std::to_string(min);
    else
      expected += " in [" + std::to_string(min) + ", " +
                  std::to_string(max) + "]";
    const JsonValue *value =
        member(object, parent, key, required, expected.c_str());
    if (!value)
      return false;
    std::optional<int64_t> integer;
    if (value->isNumber())
      integer = value->getInteger();
    if (!integer) {
      std::string got = value->isNumber() ? "a number that is not an integer"
                                          : describeJsonKind(value->kind());
      report(join(parent, key), "expected " + expected + ", got " + got);
      return false;
    }
    if (*integer < min || *integer > max) {
      report(join(parent, key), "expected " + expected + ", got " +
                                    std::to_string(*integer));
      return false;
    }
    out = *integer;
    return true;
  }

  const JsonValue *readObject(const JsonValue &object,
                              const std::string &parent, const char *key) {
    const JsonValue *value = member(object, parent, key, true, "an object");
    if (value && !value->isObject()) {
      wrongKind(join(parent, key), "an object", *value);
      return nullptr;
    }
    return value;
  }

  const JsonValue *readArray(const JsonValue &object,
                             const std::string &parent, const char *key,
                             bool required = true) {
    const JsonValue *value = member(object, parent, key, required, "an array");
    if (value && !value->isArray()) {
      wrongKind(join(parent, key), "an array", *value);
      return nullptr;
    }
    return value;
  }

  bool readElementType(const JsonValue &object, const std::string &parent,
                       const char *key, ElementType &out) {
    std::string name;
    if (!readString(object, parent, key, name))
      return false;
    std::optional<ElementType> type = parseElementType(name);
    if (!type) {
      report(join(parent, key), "unknown element type \"" + name +
                                    "\" (expected one of " +
                                    elementTypeList() + ")");
      return false;
    }
    out = *type;
    return true;
  }

  bool readKernel(const JsonValue &value, const std::string &path,
                  KernelInfo &kernel) {
    if (!value.isObject()) {
      wrongKind(path, "an object", value);
      return false;
    }
    size_t problemsBefore = problems.size();
    readString(value, path, "name", kernel.name);
    int64_t numWarps = 0, threads = 0, shared = 0;
    bool haveWarps = readInteger(value, path, "num_warps", 1, 32, numWarps);
    bool haveThreads =
        readInteger(value, path, "threads_per_block", 1, 1024, threads);
    if (haveWarps && haveThreads && threads != 32 * numWarps)
      report(path + ".threads_per_block",
             "expected 32 * num_warps = " + std::to_string(32 * numWarps) +
                 ", got " + std::to_string(threads));
    readInteger(value, path, "shared_memory_bytes", 0, UINT32_MAX, shared);
    kernel.numWarps = static_cast<unsigned>(numWarps);
    kernel.threadsPerBlock = static_cast<unsigned>(threads);
    kernel.sharedMemoryBytes = static_cast<uint64_t>(shared);

    if (const JsonValue *params = readArray(value, path, "parameters")) {
      const JsonValue::Array &array = params->getArray();
      if (array.size() > maxKernelParameters)
        report(path + ".parameters",
               "a kernel may have at most " +
                   std::to_string(maxKernelParameters) + " parameters, got " +
                   std::to_string(array.size()));
      for (size_t i = 0; i < array.size() && i < maxKernelParameters; ++i) {
        KernelParameter param;
        if (readParameter(array[i],
                          path + ".parameters[" + std::to_string(i) + "]", i,
                          param))
          kernel.parameters.push_back(std::move(param));
      }
    }

    if (const JsonValue *assumptions =
            readArray(value, path, "assumptions", /*required=*/false)) {
      const JsonValue::Array &array = assumptions->getArray();
      for (size_t i = 0; i < array.size(); ++i) {
        if (!array[i].isString()) {
          wrongKind(path + ".assumptions[" + std::to_string(i) + "]",
                    "a string", array[i]);
          continue;
        }
        kernel.assumptions.push_back(array[i].getString());
      }
    }

    // Absent in manifests written before block-compile specialised kernels.
    if (const JsonValue *variants =
            readArray(value, path, "variants", /*required=*/false)) {
      const JsonValue::Array &array = variants->getArray();
      if (array.size() > maxKernelVariants)
        report(path + ".variants",
               "a kernel may have at most " +
                   std::to_string(maxKernelVariants) + " variants, got " +
                   std::to_string(array.size()));
      for (size_t i = 0; i < array.size() && i < maxKernelVariants; ++i) {
        KernelVariant variant;
        if (readVariant(array[i], path + ".variants[" + std::to_string(i) + "]",
                        kernel, variant))
          kernel.variants.push_back(std::move(variant));
      }
    }
    return problems.size() == problemsBefore;
  }

  bool readVariant(const JsonValue &value, const std::string &path,
                   const KernelInfo &kernel, KernelVariant &variant) {
    if (!value.isObject()) {
      wrongKind(path, "an object", value);
      return false;
    }
    size_t problemsBefore = problems.size();
    readString(value, path, "symbol", variant.symbol);
    int64_t shared = 0;
    readInteger(value, path, "shared_memory_bytes", 0, UINT32_MAX, shared);
    variant.sharedMemoryBytes = static_cast<uint64_t>(shared);
    const JsonValue *assume = readArray(value, path, "assume");
    if (!assume)
      return false;
    if (assume->getArray().empty())
      report(path + ".assume", "expected at least one assumption (the "
                               "generic kernel assumes none)");
    std::set<unsigned> seen;
    for (size_t i = 0; i < assume->getArray().size(); ++i) {
      std::string at = path + ".assume[" + std::to_string(i) + "]";
      VariantAssumption assumption;
      if (!readVariantAssumption(assume->getArray()[i], at, kernel,
                                 assumption))
        continue;
      if (!seen.insert(assumption.index).second)
        report(at + ".index", "parameter " +
                                  std::to_string(assumption.index) +
                                  " is assumed twice");
      variant.assume.push_back(assumption);
    }
    variant.assumptions = describeAssumptions(kernel, variant);
    return problems.size() == problemsBefore;
  }

  bool readVariantAssumption(const JsonValue &value, const std::string &path,
                             const KernelInfo &kernel,
                             VariantAssumption &assumption) {
    if (!value.isObject()) {
      wrongKind(path, "an object", value);
      return false;
    }
    size_t problemsBefore = problems.size();
    int64_t index = 0;
    if (!readInteger(value, path, "index", 0, INT64_MAX, index))
      return false;
    if (static_cast<size_t>(index) >= kernel.parameters.size()) {
      report(path + ".index", "the kernel has no parameter " +
                                  std::to_string(index));
      return false;
    }
    assumption.index = static_cast<unsigned>(index);
    const KernelParameter &param = kernel.parameters[index];
    if (param.isPointer() || isFloatType(param.type))
      report(path + ".index", "parameter " + std::to_string(index) + " ('" +
                                  param.name + "', " + param.typeString() +
                                  ") is not an integer scalar");
    std::string name;
    if (readString(value, path, "name", name, /*required=*/false) &&
        name != param.name)
      report(path + ".name", "parameter " + std::to_string(index) +
                                 " is named \"" + param.name + "\", not \"" +
                                 name + "\"");
    bool hasDivisibility = value.find("divisibility") != nullptr;
    bool hasEquals = value.find("equals") != nullptr;
    if (hasDivisibility == hasEquals) {
      report(path, "expected exactly one of \"divisibility\" and \"equals\"");
      return false;
    }
    int64_t number = 0;
    if (hasDivisibility) {
      if (readInteger(value, path, "divisibility", 2, INT64_MAX, number))
        assumption.divisibility = static_cast<uint64_t>(number);
    } else if (readInteger(value, path, "equals", INT64_MIN, INT64_MAX,
                           number)) {
      assumption.equals = number;
    }
    return problems.size() == problemsBefore;
  }

  bool readParameter(const JsonValue &value, const std::string &path,
                     size_t position, KernelParameter &param) {
    if (!value.isObject()) {
      wrongKind(path, "an object", value);
      return false;
    }
    size_t problemsBefore = problems.size();
    int64_t index = 0;
    if (readInteger(value, path, "index", 0, INT64_MAX, index) &&
        static_cast<size_t>(index) != position)
      report(path + ".index", "expected " + std::to_string(position) +
                                  " (parameters are listed in order), got " +
                                  std::to_string(index));
    param.index = static_cast<unsigned>(position);
    readString(value, path, "name", param.name);

    std::string kind;
    if (!readString(value, path, "kind", kind))
      return false;
    if (kind == "pointer") {
      param.kind = KernelParameter::Kind::Pointer;
      if (value.find("divisibility"))
        report(path + ".divisibility", "applies to scalars; a pointer's "
                                       "assumption is its \"alignment\"");
      if (readElementType(value, path, "element_type", param.type)) {
        param.alignment = elementSize(param.type);
        int64_t alignment;
        if (readInteger(value, path, "alignment", 1, int64_t(1) << 30,
                        alignment, /*required=*/false)) {
          if (alignment & (alignment - 1))
            report(path + ".alignment", "expected a power of two, got " +
                                            std::to_string(alignment));
          param.alignment = static_cast<uint64_t>(alignment);
        }
      }
    } else if (kind == "scalar") {
      param.kind = KernelParameter::Kind::Scalar;
      if (value.find("alignment"))
        report(path + ".alignment", "applies to pointers; a scalar's "
                                    "assumption is its \"divisibility\"");
      if (readElementType(value, path, "type", param.type)) {
        int64_t divisibility;
        if (readInteger(value, path, "divisibility", 1, INT64_MAX,
                        divisibility, /*required=*/false)) {
          if (isFloatType(param.type) && divisibility != 1)
            report(path + ".divisibility",
                   "applies only to integer scalars, not " +
                       std::string(elementTypeName(param.type)));
          param.divisibility = static_cast<uint64_t>(divisibility);
        }
      }
    } else {
      report(path + ".kind",
             "expected \"pointer\" or \"scalar\", got \"" + kind + "\"");
    }
    return problems.size() == problemsBefore;
  }

  std::string origin;
  std::vector<std::string> problems;
};
} // namespace

// Writes the fields ManifestReader reads, in the order runtime/README.md
// gives; an optional field is left out where it holds the reader's default.
std::string writeManifest(const Manifest &manifest) {
  JsonValue::Array kernels;
  for (const KernelInfo &kernel : manifest.kernels) {
    JsonValue::Array parameters;
    for (const KernelParameter &param : kernel.parameters) {
      JsonValue::Object entry{{"index", param.index}, {"name", param.name}};
      if (param.isPointer()) {
        entry.emplace_back("kind", "pointer");
        entry.emplace_back("element_type", elementTypeName(param.type));
        if (param.alignment != elementSize(param.type))
          entry.emplace_back("alignment", param.alignment);
      } else {
        entry.emplace_back("kind", "scalar");
        entry.emplace_back("type", elementTypeName(param.type));
        if (param.divisibility != 1)
          entry.emplace_back("divisibility", param.divisibility);
      }
      parameters.push_back(std::move(entry));
    }
    JsonValue::Array assumptions(kernel.assumptions.begin(),
                                 kernel.assumptions.end());
    JsonValue::Object entry{
        {"name", kernel.name},
        {"num_warps", kernel.numWarps},
        {"threads_per_block", kernel.threadsPerBlock},
        {"shared_memory_bytes", kernel.sharedMemoryBytes},
        {"parameters", std::move(parameters)},
        {"assumptions", std::move(assumptions)}};
    if (!kernel.variants.empty()) {
      JsonValue::Array variants;
      for (const KernelVariant &variant : kernel.variants) {
        JsonValue::Array assume;
        for (const VariantAssumption &a : variant.assume) {
          JsonValue::Object fact{{"index", a.index}};
          if (a.index < kernel.parameters.size())
            fact.emplace_back("name", kernel.parameters[a.index].name);
          if (a.equals)
            fact.emplace_back("equals", *a.equals);
          else
            fact.emplace_back("divisibility", a.divisibility);
          assume.push_back(std::move(fact));
        }
        JsonValue::Array words(variant.assumptions.begin(),
                               variant.assumptions.end());
        variants.push_back(JsonValue::Object{
            {"symbol", variant.symbol},
            {"shared_memory_bytes", variant.sharedMemoryBytes},
            {"assume", std::move(assume)},
            {"assumptions", std::move(words)}});
      }
      entry.emplace_back("variants", std::move(variants));
    }
    kernels.push_back(std::move(entry));
  }
  JsonValue::Object root{
      {"format", "block-bundle"},
      {"version", manifest.version},
      {"module", manifest.module},
      {"target", JsonValue::Object{{"triple", manifest.target.triple},
                                   {"chip", manifest.target.chip},
                                   {"features", manifest.target.features}}},
      {"ptx", manifest.ptx}};
  if (manifest.cubin)
    root.emplace_back("cubin", *manifest.cubin);
  root.emplace_back("kernels", std::move(kernels));
  return writeJson(std::move(root), /*pretty=*/true) + "\n";
}

Expected<Manifest> parseManifest(std::string_view text,
                                 const std::string &origin) {
  Expected<JsonValue> json = parseJson(text);
  if (!json)
    return json.takeError().withPrefix(origin + ": ");
  return ManifestReader(origin).read(*json);
}

Expected<Manifest> readManifest(const std::string &path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::string file = path;
  if (fs::is_directory(path, ec)) {
    std::vector<std::string> candidates;
    for (fs::directory_iterator it(path, ec), end; !ec && it != end;
         it.increment(ec))
      if (it->path().extension() == ".json")
        candidates.push_back(it->path().string());
    if (ec)
      return makeError("cannot list bundle directory '" + path +
                       "': " + ec.message());
    if (candidates.empty())
      return makeError("bundle directory '" + path +
                       "' holds no manifest (*.json)");
    if (candidates.size() > 1) {
      std::sort(candidates.begin(), candidates.end());
      std::string list;
      for (const std::string &candidate : candidates)
        list += (list.empty() ? "" : ", ") + candidate;
      return makeError("bundle directory '" + path +
                       "' holds several manifests (" + list +
                       "); name the one to use");
    }
    file = candidates.front();
  }
  Expected<std::string> text = readTextFile(file, maxManifestBytes);
  if (!text)
    return text.takeError();
  Expected<Manifest> manifest = parseManifest(*text, file);
  if (!manifest)
    return manifest;
  manifest->directory = fs::path(file).parent_path().string();
  // Checked here, before any device is opened. A missing cubin is not an
  // error: the runtime then JIT-compiles the PTX.
  if (!fs::is_regular_file(manifest->ptxPath(), ec))
    return makeError(file + ": ptx: '" + manifest->ptxPath() +
                     "' does not exist");
  return manifest;
}

} // namespace blockrt
