//===- Manifest.cpp - Kernel bundle manifests -----------------------------===//

#include "block/Runtime/Manifest.h"

#include "block/Runtime/FileIO.h"
#include "block/Runtime/Json.h"
#include "block/Runtime/TensorMap.h"

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

namespace {
struct SwizzleInfo {
  const char *name;
  unsigned bytes;
};
// Indexed by TensorMapSwizzle.
constexpr SwizzleInfo swizzleInfos[] = {
    {"none", 0}, {"32B", 32}, {"64B", 64}, {"128B", 128}};
} // namespace

const char *tensorMapSwizzleName(TensorMapSwizzle swizzle) {
  return swizzleInfos[static_cast<unsigned>(swizzle)].name;
}

unsigned tensorMapSwizzleBytes(TensorMapSwizzle swizzle) {
  return swizzleInfos[static_cast<unsigned>(swizzle)].bytes;
}

const char *tensorMapOobFillName(TensorMapOobFill fill) {
  return fill == TensorMapOobFill::NaN ? "nan" : "zero";
}

std::vector<std::string>
describeAssumptions(const std::vector<KernelParameter> &parameters,
                    const std::vector<TensorMapInfo> &tensorMaps) {
  std::vector<std::string> assumptions;
  for (const KernelParameter &param : parameters) {
    if (param.isPointer() && param.alignment > elementSize(param.type))
      assumptions.push_back(param.name + " is aligned to " +
                            std::to_string(param.alignment) + " bytes");
    if (!param.isPointer() && param.divisibility > 1)
      assumptions.push_back(param.name + " is divisible by " +
                            std::to_string(param.divisibility));
    if (!param.isPointer() && param.equals)
      assumptions.push_back(param.name + " is " +
                            std::to_string(*param.equals));
  }
  // What cuTensorMapEncodeTiled needs of the arguments a map is built from
  // (checkLaunch checks it), each said once however many maps need it.
  auto addOnce = [&](std::string words) {
    if (std::find(assumptions.begin(), assumptions.end(), words) ==
        assumptions.end())
      assumptions.push_back(std::move(words));
  };
  // "n", or "m * k" for a product; empty for a constant.
  auto argName = [&](const TensorMapValue &value) {
    std::string name;
    for (unsigned arg : value.args) {
      if (arg >= parameters.size())
        return std::string();
      name += (name.empty() ? "" : " * ") + parameters[arg].name;
    }
    if (!name.empty() && value.value != 1)
      name = std::to_string(value.value) + " * " + name;
    return name;
  };
  for (const TensorMapInfo &map : tensorMaps) {
    if (map.base >= parameters.size())
      continue;
    const KernelParameter &base = parameters[map.base];
    addOnce(base.name + " is aligned to 16 bytes for its tensor map");
    for (const TensorMapValue &size : map.sizes)
      if (std::string name = argName(size); !name.empty())
        addOnce(name + " is in [1, 2^32]");
    for (size_t d = 0; d + 1 < map.strides.size(); ++d)
      if (std::string name = argName(map.strides[d]); !name.empty())
        addOnce(name + " * " + std::to_string(elementSize(base.type)) +
                " bytes is a multiple of 16");
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
    if (a.alignment > 1)
      assumptions.push_back(name + " is aligned to " +
                            std::to_string(a.alignment) + " bytes");
    else if (a.equals)
      assumptions.push_back(name + " is " + std::to_string(*a.equals));
    else
      assumptions.push_back(name + " is divisible by " +
                            std::to_string(a.divisibility));
  }
  return assumptions;
}

bool holds(const VariantAssumption &assumption, int64_t value) {
  // Only pointer assumptions have an alignment; `value` is then an address.
  if (assumption.alignment > 1)
    return static_cast<uint64_t>(value) % assumption.alignment == 0;
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
    if (readInteger(root, "", "version", 1, INT64_MAX, manifest.version)) {
      version = manifest.version;
      if (version > 2)
        report("version", "unsupported version " + std::to_string(version) +
                              " (this runtime reads versions 1 and 2)");
    }
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

  static std::string expectedInteger(int64_t min, int64_t max) {
    if (max == INT64_MAX)
      return "an integer >= " + std::to_string(min);
    return "an integer in [" + std::to_string(min) + ", " +
           std::to_string(max) + "]";
  }

  bool readInteger(const JsonValue &object, const std::string &parent,
                   const char *key, int64_t min, int64_t max, int64_t &out,
                   bool required = true) {
    const JsonValue *value = member(object, parent, key, required,
                                    expectedInteger(min, max).c_str());
    return value && readIntegerValue(*value, join(parent, key), min, max, out);
  }

  /// `value`, at `path`, as an integer in [min, max].
  bool readIntegerValue(const JsonValue &value, const std::string &path,
                        int64_t min, int64_t max, int64_t &out) {
    std::string expected = expectedInteger(min, max);
    std::optional<int64_t> integer;
    if (value.isNumber())
      integer = value.getInteger();
    if (!integer) {
      std::string got = value.isNumber() ? "a number that is not an integer"
                                         : describeJsonKind(value.kind());
      report(path, "expected " + expected + ", got " + got);
      return false;
    }
    if (*integer < min || *integer > max) {
      report(path,
             "expected " + expected + ", got " + std::to_string(*integer));
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

    if (const JsonValue *maps =
            readArray(value, path, "tensor_maps", /*required=*/false))
      readTensorMaps(maps->getArray(), path + ".tensor_maps", kernel);

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
    if (value.find("tensor_maps"))
      report(path + ".tensor_maps", "variants take the kernel's tensor maps; "
                                    "list them on the kernel");
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
    const KernelParameter *found =
        findParameter(kernel, path + ".index", index);
    if (!found)
      return false;
    const KernelParameter &param = *found;
    assumption.index = param.index;
    if (!param.isPointer() && isFloatType(param.type))
      report(path + ".index", describeParameter(param) +
                                  " is a float scalar; a variant's "
                                  "assumptions are about integer scalars "
                                  "and pointers");
    std::string name;
    if (readString(value, path, "name", name, /*required=*/false) &&
        name != param.name)
      report(path + ".name", "parameter " + std::to_string(index) +
                                 " is named \"" + param.name + "\", not \"" +
                                 name + "\"");
    if (param.isPointer()) {
      readPointerAssumption(value, path, param, assumption);
      return problems.size() == problemsBefore;
    }
    bool hasAlignment = value.find("alignment") != nullptr;
    if (hasAlignment)
      report(path + ".alignment", "applies to pointers; an integer scalar's "
                                  "assumption is its \"divisibility\" or "
                                  "\"equals\"");
    bool hasDivisibility = value.find("divisibility") != nullptr;
    bool hasEquals = value.find("equals") != nullptr;
    if (hasDivisibility == hasEquals) {
      // Where only "alignment" is there, the report above says it all.
      if (hasDivisibility || !hasAlignment)
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

  /// A pointer's assumption: an alignment above the one the generic kernel
  /// assumes (one no greater would tell the variant nothing new).
  void readPointerAssumption(const JsonValue &value, const std::string &path,
                             const KernelParameter &param,
                             VariantAssumption &assumption) {
    bool misplaced = false;
    for (const char *key : {"divisibility", "equals"})
      if (value.find(key)) {
        report(path + "." + key, "applies to integer scalars; a pointer's "
                                 "assumption is its \"alignment\"");
        misplaced = true;
      }
    // Not also reported missing: the key above says what is wrong.
    if (misplaced && !value.find("alignment"))
      return;
    int64_t alignment = 0;
    if (!readInteger(value, path, "alignment", 1, int64_t(1) << 30, alignment))
      return;
    if (alignment & (alignment - 1))
      report(path + ".alignment",
             "expected a power of two, got " + std::to_string(alignment));
    else if (static_cast<uint64_t>(alignment) <= param.alignment)
      report(path + ".alignment",
             "expected more than the " + std::to_string(param.alignment) +
                 " bytes the kernel assumes of " + describeParameter(param) +
                 ", got " + std::to_string(alignment));
    else
      assumption.alignment = static_cast<uint64_t>(alignment);
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
      for (const char *key : {"divisibility", "equals"})
        if (value.find(key))
          report(path + "." + key, "applies to scalars; a pointer's "
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
                                    "assumptions are its \"divisibility\" "
                                    "and \"equals\"");
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
        int64_t equals;
        if (readInteger(value, path, "equals", 0, INT64_MAX, equals,
                        /*required=*/false)) {
          if (isFloatType(param.type))
            report(path + ".equals",
                   "applies only to integer scalars, not " +
                       std::string(elementTypeName(param.type)));
          param.equals = equals;
        }
      }
    } else {
      report(path + ".kind",
             "expected \"pointer\" or \"scalar\", got \"" + kind + "\"");
    }
    return problems.size() == problemsBefore;
  }

  void readTensorMaps(const JsonValue::Array &array, const std::string &path,
                      KernelInfo &kernel) {
    // Version 1 readers would ignore the key and launch without the maps.
    if (version == 1) {
      report(path, "tensor maps need version 2 of the manifest (this one "
                   "is version 1)");
      return;
    }
    if (array.size() > maxKernelTensorMaps)
      report(path, "a kernel may have at most " +
                       std::to_string(maxKernelTensorMaps) +
                       " tensor maps, got " + std::to_string(array.size()));
    for (size_t i = 0; i < array.size() && i < maxKernelTensorMaps; ++i) {
      TensorMapInfo map;
      if (readTensorMap(array[i], path + "[" + std::to_string(i) + "]", kernel,
                        map))
        kernel.tensorMaps.push_back(std::move(map));
    }
  }

  /// Checks each rule cuTensorMapEncodeTiled has that the manifest alone
  /// decides; those on arguments are checkLaunch's.
  bool readTensorMap(const JsonValue &value, const std::string &path,
                     const KernelInfo &kernel, TensorMapInfo &map) {
    if (!value.isObject()) {
      wrongKind(path, "an object", value);
      return false;
    }
    size_t problemsBefore = problems.size();
    // Bytes of an element, once the base is known to be a pointer to a type
    // TMA moves; the byte rules wait for it.
    size_t elementBytes = 0;
    ElementType type = ElementType::I8;
    int64_t base = 0;
    if (readInteger(value, path, "base", 0, INT64_MAX, base)) {
      map.base = static_cast<unsigned>(base);
      if (const KernelParameter *param =
              findParameter(kernel, path + ".base", base)) {
        if (!param->isPointer())
          report(path + ".base",
                 describeParameter(*param) + " is not a pointer");
        else if (!tensorMapDataType(param->type))
          report(path + ".base", describeParameter(*param) +
                                     " points to i1, which tensor maps "
                                     "cannot hold");
        else
          elementBytes = elementSize(type = param->type);
      }
    }

    bool haveSizes = readTensorMapValues(value, path, "sizes", kernel,
                                         uint64_t(1) << 32, map.sizes);
    bool haveStrides = readTensorMapValues(
        value, path, "strides", kernel, (uint64_t(1) << 40) - 1, map.strides);
    const JsonValue *box = readArray(value, path, "box");
    if (box)
      for (size_t d = 0; d < box->getArray().size(); ++d) {
        int64_t extent = 0;
        if (readIntegerValue(box->getArray()[d],
                             path + ".box[" + std::to_string(d) + "]", 1, 256,
                             extent))
          map.box.push_back(static_cast<uint32_t>(extent));
      }

    std::string swizzle;
    if (readString(value, path, "swizzle", swizzle)) {
      auto known = std::find_if(
          std::begin(swizzleInfos), std::end(swizzleInfos),
          [&](const SwizzleInfo &info) { return swizzle == info.name; });
      if (known == std::end(swizzleInfos))
        report(path + ".swizzle", "expected \"none\", \"32B\", \"64B\" or "
                                  "\"128B\", got \"" +
                                      swizzle + "\"");
      else
        map.swizzle =
            static_cast<TensorMapSwizzle>(known - std::begin(swizzleInfos));
    }
    std::string fill;
    if (readString(value, path, "oob_fill", fill)) {
      if (fill == "nan")
        map.oobFill = TensorMapOobFill::NaN;
      else if (fill != "zero")
        report(path + ".oob_fill",
               "expected \"zero\" or \"nan\", got \"" + fill + "\"");
      if (fill == "nan" && elementBytes && !isFloatType(type))
        report(path + ".oob_fill", std::string("\"nan\" applies only to "
                                               "float elements, not ") +
                                       elementTypeName(type));
    }

    if (!haveSizes || !haveStrides || !box)
      return false;
    size_t rank = map.sizes.size();
    if (rank < 1 || rank > maxTensorMapRank) {
      report(path + ".sizes", "expected 1 to " +
                                  std::to_string(maxTensorMapRank) +
                                  " dimensions, got " + std::to_string(rank));
      return false;
    }
    auto hasRank = [&](const char *key, size_t size) {
      if (size != rank)
        report(path + "." + key, "expected " + std::to_string(rank) +
                                     " dimensions, as sizes has, got " +
                                     std::to_string(size));
      return size == rank;
    };
    bool sameRank = hasRank("strides", map.strides.size());
    if (!hasRank("box", box->getArray().size()) || !sameRank ||
        map.box.size() != rank)
      return false;

    const TensorMapValue &inner = map.strides.back();
    if (!inner.isConstant() || inner.value != 1)
      report(path + ".strides[" + std::to_string(rank - 1) + "]",
             "the innermost stride must be {\"value\": 1}");
    if (!elementBytes)
      return problems.size() == problemsBefore;
    for (size_t d = 0; d + 1 < rank; ++d) {
      const TensorMapValue &stride = map.strides[d];
      uint64_t bytes = stride.value * elementBytes;
      if (stride.isConstant() && (bytes % 16 != 0 || bytes >> 40))
        report(path + ".strides[" + std::to_string(d) + "].value",
               std::to_string(stride.value) + " " + elementTypeName(type) +
                   " elements are " + std::to_string(bytes) +
                   " bytes, not a multiple of 16 below 2^40");
    }
    uint64_t innerBytes = map.box.back() * elementBytes;
    std::string innerBox = "box[" + std::to_string(rank - 1) + "]";
    std::string described = std::to_string(map.box.back()) + " " +
                            elementTypeName(type) + " elements are " +
                            std::to_string(innerBytes) + " bytes";
    if (innerBytes % 16 != 0)
      report(path + "." + innerBox,
             described + ", not a multiple of 16 (the innermost box)");
    unsigned span = tensorMapSwizzleBytes(map.swizzle);
    if (span && innerBytes > span)
      report(path + "." + innerBox, described + ", more than the " + swizzle +
                                        " swizzle's span (the innermost box)");
    return problems.size() == problemsBefore;
  }

  /// The sizes or strides of a tensor map: each {"arg": i}, an integer
  /// scalar parameter, {"value": n}, n in [1, max], or {"product": [i, j,
  /// ...]} of two or more such parameters of one type, with an optional
  /// constant factor "value".
  bool readTensorMapValues(const JsonValue &object, const std::string &parent,
                           const char *key, const KernelInfo &kernel,
                           uint64_t max, std::vector<TensorMapValue> &out) {
    const JsonValue *array = readArray(object, parent, key);
    if (!array)
      return false;
    size_t problemsBefore = problems.size();
    for (size_t d = 0; d < array->getArray().size(); ++d) {
      const JsonValue &entry = array->getArray()[d];
      std::string path = join(parent, key) + "[" + std::to_string(d) + "]";
      if (!entry.isObject()) {
        wrongKind(path, "an object", entry);
        continue;
      }
      bool hasArg = entry.find("arg") != nullptr;
      bool hasProduct = entry.find("product") != nullptr;
      bool hasValue = entry.find("value") != nullptr;
      // "arg" alone; otherwise "product", "value" or both.
      if (hasArg ? hasProduct || hasValue : !hasProduct && !hasValue) {
        report(path, "expected exactly one of \"arg\", \"value\" and "
                     "\"product\" (with an optional \"value\")");
        continue;
      }
      TensorMapValue value;
      int64_t number = 0;
      if (hasValue) {
        if (!readInteger(entry, path, "value", 1, static_cast<int64_t>(max),
                         number))
          continue;
        value.value = number;
      }
      if (hasArg) {
        if (!readInteger(entry, path, "arg", 0, INT64_MAX, number) ||
            !readScalarParameter(kernel, path + ".arg", number, value))
          continue;
      }
      if (hasProduct) {
        const JsonValue *factors = readArray(entry, path, "product");
        if (!factors)
          continue;
        if (factors->getArray().size() < 2) {
          report(path + ".product", "expected two or more parameters");
          continue;
        }
        bool read = true;
        for (size_t i = 0; i < factors->getArray().size() && read; ++i) {
          std::string at = path + ".product[" + std::to_string(i) + "]";
          const JsonValue &factor = factors->getArray()[i];
          std::optional<int64_t> index;
          if (factor.isNumber())
            index = factor.getInteger();
          read = index && *index >= 0;
          if (!read)
            wrongKind(at, "a parameter's index", factor);
          else
            read = readScalarParameter(kernel, at, *index, value);
        }
        if (!read)
          continue;
        ElementType type = kernel.parameters[value.args.front()].type;
        if (std::any_of(value.args.begin(), value.args.end(), [&](unsigned a) {
              return kernel.parameters[a].type != type;
            })) {
          report(path + ".product",
                 "expected parameters of one type (the product's)");
          continue;
        }
      }
      out.push_back(std::move(value));
    }
    return problems.size() == problemsBefore;
  }

  /// Adds parameter `index` of `kernel`, an i32 or i64 scalar, to `value`'s
  /// factors; false where it is not one (reported at `path`).
  bool readScalarParameter(const KernelInfo &kernel, const std::string &path,
                           int64_t index, TensorMapValue &value) {
    const KernelParameter *param = findParameter(kernel, path, index);
    if (!param)
      return false;
    if (param->isPointer() ||
        (param->type != ElementType::I32 && param->type != ElementType::I64)) {
      report(path, describeParameter(*param) + " is not an i32 or i64 scalar");
      return false;
    }
    value.args.push_back(param->index);
    return true;
  }

  /// Parameter `index` of `kernel`, or nullptr (reported at `path`).
  const KernelParameter *findParameter(const KernelInfo &kernel,
                                       const std::string &path, int64_t index) {
    if (static_cast<uint64_t>(index) < kernel.parameters.size())
      return &kernel.parameters[index];
    report(path, "the kernel has no parameter " + std::to_string(index));
    return nullptr;
  }

  /// "parameter 2 ('n', i32)"
  static std::string describeParameter(const KernelParameter &param) {
    return "parameter " + std::to_string(param.index) + " ('" + param.name +
           "', " + param.typeString() + ")";
  }

  std::string origin;
  /// The manifest's version, once read.
  int64_t version = 0;
  std::vector<std::string> problems;
};
} // namespace

static JsonValue writeTensorMap(const TensorMapInfo &map) {
  auto values = [](const std::vector<TensorMapValue> &values) {
    JsonValue::Array array;
    for (const TensorMapValue &value : values) {
      if (value.isConstant()) {
        array.push_back(JsonValue::Object{{"value", value.value}});
        continue;
      }
      if (value.args.size() == 1 && value.value == 1) {
        array.push_back(JsonValue::Object{{"arg", value.args.front()}});
        continue;
      }
      JsonValue::Object product{
          {"product", JsonValue::Array(value.args.begin(), value.args.end())}};
      if (value.value != 1)
        product.emplace_back("value", value.value);
      array.push_back(std::move(product));
    }
    return array;
  };
  return JsonValue::Object{
      {"base", map.base},
      {"sizes", values(map.sizes)},
      {"strides", values(map.strides)},
      {"box", JsonValue::Array(map.box.begin(), map.box.end())},
      {"swizzle", tensorMapSwizzleName(map.swizzle)},
      {"oob_fill", tensorMapOobFillName(map.oobFill)}};
}

// Writes the fields ManifestReader reads, in the order runtime/README.md
// gives; an optional field is left out where it holds the reader's default.
std::string writeManifest(const Manifest &manifest) {
  bool anyTensorMaps = false;
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
        if (param.equals)
          entry.emplace_back("equals", *param.equals);
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
    if (!kernel.tensorMaps.empty()) {
      anyTensorMaps = true;
      JsonValue::Array maps;
      for (const TensorMapInfo &map : kernel.tensorMaps)
        maps.push_back(writeTensorMap(map));
      entry.emplace_back("tensor_maps", std::move(maps));
    }
    if (!kernel.variants.empty()) {
      JsonValue::Array variants;
      for (const KernelVariant &variant : kernel.variants) {
        JsonValue::Array assume;
        for (const VariantAssumption &a : variant.assume) {
          JsonValue::Object fact{{"index", a.index}};
          if (a.index < kernel.parameters.size())
            fact.emplace_back("name", kernel.parameters[a.index].name);
          if (a.alignment > 1)
            fact.emplace_back("alignment", a.alignment);
          else if (a.equals)
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
      {"version", anyTensorMaps ? 2 : 1},
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
