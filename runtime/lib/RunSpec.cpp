//===- RunSpec.cpp - What to run a kernel on, and what to check -----------===//

#include "block/Runtime/RunSpec.h"

#include "block/Runtime/Compare.h"
#include "block/Runtime/Npy.h"
#include "block/Runtime/Random.h"

#include "Numbers.h"

#include <charconv>
#include <cstdint>
#include <cmath>
#include <filesystem>
#include <ostream>

namespace blockrt {

namespace {
std::vector<std::string_view> splitFields(std::string_view text,
                                          size_t maxFields) {
  std::vector<std::string_view> fields;
  while (fields.size() + 1 < maxFields) {
    size_t colon = text.find(':');
    if (colon == std::string_view::npos)
      break;
    fields.push_back(text.substr(0, colon));
    text = text.substr(colon + 1);
  }
  fields.push_back(text);
  return fields;
}

template <typename T> bool parseDecimal(std::string_view text, T &value) {
  auto [ptr, ec] =
      std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && ec == std::errc() &&
         ptr == text.data() + text.size();
}

Expected<ElementType> parseType(std::string_view name) {
  if (std::optional<ElementType> type = parseElementType(name))
    return *type;
  return makeError("unknown element type '" + std::string(name) +
                   "' (expected one of " + elementTypeList() + ")");
}

Expected<uint64_t> parseIntegerValue(ElementType type, std::string_view text) {
  unsigned width = elementBitWidth(type);
  if (type == ElementType::I1) {
    if (text == "0" || text == "false")
      return uint64_t(0);
    if (text == "1" || text == "true")
      return uint64_t(1);
    return makeError("'" + std::string(text) +
                     "' is not an i1 value (0, 1, false or true)");
  }
  uint64_t mask = width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    uint64_t bits;
    auto [ptr, ec] =
        std::from_chars(text.data() + 2, text.data() + text.size(), bits, 16);
    if (ec != std::errc() || ptr != text.data() + text.size() ||
        (bits & ~mask))
      return makeError("'" + std::string(text) + "' is not a " +
                       std::to_string(width) + "-bit hex pattern");
    return bits;
  }
  if (!text.empty() && text[0] == '+')
    text.remove_prefix(1);
  int64_t value;
  if (!parseDecimal(text, value))
    return makeError("'" + std::string(text) + "' is not a decimal integer");
  int64_t max = width == 64 ? INT64_MAX : (int64_t(1) << (width - 1)) - 1;
  int64_t min = -max - 1;
  if (value < min || value > max)
    return makeError(std::to_string(value) + " does not fit in " +
                     elementTypeName(type) + " [" + std::to_string(min) +
                     ", " + std::to_string(max) + "]");
  return static_cast<uint64_t>(value) & mask;
}

Expected<uint64_t> parseFloatValue(ElementType type, std::string_view text) {
  double value;
  switch (parseDouble(text, value)) {
  case ParseDouble::Invalid:
    return makeError("'" + std::string(text) + "' is not a number");
  case ParseDouble::Overflow:
    return makeError("'" + std::string(text) + "' is out of the range of " +
                     "double");
  case ParseDouble::Ok:
    break;
  }
  uint64_t bits = floatBitsFor(type, value);
  if (std::isfinite(value) && !std::isfinite(floatFromBits(type, bits)))
    return makeError("'" + std::string(text) + "' overflows " +
                     elementTypeName(type));
  return bits;
}
} // namespace

Expected<uint64_t> parseScalarValue(ElementType type, std::string_view text) {
  return isFloatType(type) ? parseFloatValue(type, text)
                           : parseIntegerValue(type, text);
}

double ArgSpec::floatValue() const { return floatFromBits(type, scalarBits); }

static Error parseInit(ArgSpec &arg, std::string_view init) {
  size_t equals = init.find('=');
  std::string_view name = init.substr(0, equals);
  std::optional<std::string_view> value;
  if (equals != std::string_view::npos)
    value = init.substr(equals + 1);
  auto needsValue = [&](const char *what) {
    return makeError("init '" + std::string(name) + "' needs " + what);
  };
  auto takesNoValue = [&] {
    return makeError("init '" + std::string(name) + "' takes no value");
  };
  if (name == "zeros" || name == "iota") {
    if (value)
      return takesNoValue();
    arg.init = name == "zeros" ? BufferInit::Zeros : BufferInit::Iota;
    return Error::success();
  }
  if (name == "const") {
    if (!value)
      return needsValue("a value (const=<v>)");
    Expected<uint64_t> bits = parseScalarValue(arg.type, *value);
    if (!bits)
      return bits.takeError().withPrefix("const: ");
    arg.init = BufferInit::Const;
    arg.constBits = *bits;
    return Error::success();
  }
  if (name == "rand" || name == "randn") {
    arg.init = name == "rand" ? BufferInit::Rand : BufferInit::Randn;
    if (arg.init == BufferInit::Randn && !isFloatType(arg.type))
      return makeError("randn needs a float element type, not " +
                       std::string(elementTypeName(arg.type)));
    if (value) {
      uint64_t seed;
      if (!parseDecimal(*value, seed))
        return makeError("seed '" + std::string(*value) +
                         "' is not a non-negative integer");
      arg.seed = seed;
    }
    return Error::success();
  }
  if (name == "file") {
    if (!value || value->empty())
      return needsValue("a path (file=<path.npy>)");
    arg.init = BufferInit::File;
    arg.file = std::string(*value);
    return Error::success();
  }
  return makeError("unknown init '" + std::string(init) +
                   "' (expected zeros, const=<v>, rand[=<seed>], "
                   "randn[=<seed>], iota or file=<path.npy>)");
}

const std::string &runSpecUsage() {
  static const std::string usage = R"(  --arg=ptr:<type>:<count>:<init>
                                a buffer argument; <init> is zeros, const=<v>,
                                rand[=<seed>], randn[=<seed>], iota or
                                file=<path.npy>
  --arg=<type>:<value>          a scalar argument, e.g. i32:1000, f32:0.5;
                                one --arg per kernel argument, in order
  --out=<argindex>:<path.npy>   write a buffer after the run
  --ref=<argindex>:<path.npy>   compare a buffer with a reference within
  --rtol=<x> --atol=<x>         |got - ref| <= atol + rtol * |ref|
                                (defaults 1e-5 and 1e-6)
)" + std::string("  <type> is one of ") +
                                   elementTypeList() + "\n";
  return usage;
}

Expected<ArgSpec> parseArgSpec(std::string_view text) {
  auto bad = [&](Error e) {
    return std::move(e).withPrefix("invalid --arg '" + std::string(text) +
                                   "': ");
  };
  ArgSpec arg;
  arg.text = std::string(text);
  std::vector<std::string_view> fields = splitFields(text, 4);
  if (fields[0] == "ptr") {
    if (fields.size() != 4)
      return bad(makeError("expected ptr:<type>:<count>:<init>"));
    arg.isPointer = true;
    Expected<ElementType> type = parseType(fields[1]);
    if (!type)
      return bad(type.takeError());
    arg.type = *type;
    if (!parseDecimal(fields[2], arg.count) || arg.count == 0)
      return bad(makeError("count '" + std::string(fields[2]) +
                           "' is not a positive integer"));
    if (arg.count > (uint64_t(1) << 40) / elementSize(arg.type))
      return bad(makeError("count " + std::to_string(arg.count) +
                           " is too large (at most 1 TiB per buffer)"));
    if (Error e = parseInit(arg, fields[3]))
      return bad(std::move(e));
    return arg;
  }
  fields = splitFields(text, 2);
  if (fields.size() != 2)
    return bad(makeError("expected ptr:<type>:<count>:<init> or "
                         "<type>:<value>"));
  Expected<ElementType> type = parseType(fields[0]);
  if (!type)
    return bad(type.takeError());
  arg.type = *type;
  Expected<uint64_t> bits = parseScalarValue(arg.type, fields[1]);
  if (!bits)
    return bad(bits.takeError());
  arg.scalarBits = *bits;
  return arg;
}

static Expected<OutputSpec> parseOutputSpec(std::string_view option,
                                            std::string_view text) {
  OutputSpec out;
  out.text = std::string(text);
  size_t colon = text.find(':');
  std::string_view index = text.substr(0, colon);
  if (colon == std::string_view::npos || !parseDecimal(index, out.argIndex) ||
      colon + 1 == text.size())
    return makeError("invalid " + std::string(option) + " '" +
                     std::string(text) + "': expected <argindex>:<path.npy>");
  out.path = std::string(text.substr(colon + 1));
  return out;
}

static Expected<double> parseTolerance(std::string_view option,
                                       std::string_view text) {
  double value;
  if (parseDouble(text, value) != ParseDouble::Ok || !std::isfinite(value) ||
      value < 0)
    return makeError("invalid " + std::string(option) + " '" +
                     std::string(text) +
                     "': expected a non-negative number");
  return value;
}

Expected<bool> RunSpec::parseOption(std::string_view option) {
  auto valueOf = [&](std::string_view name) -> std::optional<std::string_view> {
    if (option.substr(0, name.size()) == name)
      return option.substr(name.size());
    return std::nullopt;
  };
  if (auto text = valueOf("--arg=")) {
    Expected<ArgSpec> arg = parseArgSpec(*text);
    if (!arg)
      return arg.takeError();
    args.push_back(std::move(*arg));
    return true;
  }
  for (auto [name, list] : {std::pair{"--out", &outputs},
                            std::pair{"--ref", &references}}) {
    if (auto text = valueOf(std::string(name) + "=")) {
      Expected<OutputSpec> out = parseOutputSpec(name, *text);
      if (!out)
        return out.takeError();
      list->push_back(std::move(*out));
      return true;
    }
  }
  for (auto [name, tolerance] :
       {std::pair{"--rtol", &rtol}, std::pair{"--atol", &atol}}) {
    if (auto text = valueOf(std::string(name) + "=")) {
      Expected<double> value = parseTolerance(name, *text);
      if (!value)
        return value.takeError();
      *tolerance = *value;
      return true;
    }
  }
  return false;
}

Error RunSpec::verify() const {
  for (auto [name, list] :
       {std::pair{"--out", &outputs}, std::pair{"--ref", &references}}) {
    for (const OutputSpec &out : *list) {
      std::string prefix =
          "invalid " + std::string(name) + " '" + out.text + "': ";
      if (out.argIndex >= args.size())
        return makeError(prefix + "argument " + std::to_string(out.argIndex) +
                         " does not exist (" + std::to_string(args.size()) +
                         " --arg given)");
      if (!args[out.argIndex].isPointer)
        return makeError(prefix + "argument " + std::to_string(out.argIndex) +
                         " ('" + args[out.argIndex].text +
                         "') is a scalar, not a buffer");
    }
  }
  // Checked before the run, not found after it: an --out whose directory
  // does not exist, and two --out to one file (the second replaced the
  // first).
  std::vector<std::filesystem::path> written;
  for (const OutputSpec &out : outputs) {
    std::string prefix = "invalid --out '" + out.text + "': ";
    if (Error e = checkOutputDirectory(out.path, prefix))
      return e;
    std::error_code ec;
    std::filesystem::path path =
        std::filesystem::weakly_canonical(out.path, ec);
    if (ec)
      path = out.path;
    for (size_t i = 0; i < written.size(); ++i)
      if (written[i] == path)
        return makeError(prefix + "the --out of argument " +
                         std::to_string(outputs[i].argIndex) +
                         " writes the same file");
    written.push_back(path);
  }
  return Error::success();
}

Error checkOutputDirectory(const std::string &path, const std::string &prefix) {
  std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (parent.empty())
    return Error::success();
  std::error_code ec;
  if (!std::filesystem::is_directory(parent, ec))
    return makeError(prefix + "the directory '" + parent.string() +
                     "' does not exist");
  return Error::success();
}

Error RunSpec::checkAgainst(const KernelInfo &kernel, const Grid &grid,
                            Assumptions assumptions) const {
  if (args.size() != kernel.parameters.size())
    return makeError("kernel '" + kernel.name + "' takes " +
                     std::to_string(kernel.parameters.size()) +
                     " arguments, " + std::to_string(args.size()) +
                     " --arg given");
  std::vector<KernelArg> launchArgs;
  for (size_t i = 0; i < args.size(); ++i) {
    const ArgSpec &arg = args[i];
    const KernelParameter &param = kernel.parameters[i];
    std::string parameter = "argument " + std::to_string(i) + " ('" +
                            param.name + "', " + param.typeString() +
                            ") of '" + kernel.name + "'";
    if (arg.isPointer != param.isPointer())
      return makeError("--arg '" + arg.text + "' is a " +
                       (arg.isPointer ? "buffer" : "scalar") + ", but " +
                       parameter + " is a " +
                       (param.isPointer() ? "pointer" : "scalar"));
    if (arg.type != param.type)
      return makeError("--arg '" + arg.text + "' " +
                       (arg.isPointer ? "holds " : "is ") +
                       elementTypeName(arg.type) +
                       (arg.isPointer ? " elements" : "") + ", but " +
                       parameter + (param.isPointer() ? " points to " : " is ") +
                       elementTypeName(param.type));
    launchArgs.push_back(arg.isPointer
                             ? KernelArg::pointer(0, arg.count *
                                                         elementSize(arg.type))
                             : arg.scalarArg());
  }
  if (assumptions == Assumptions::Ignore)
    return checkLaunchShape(kernel, grid, launchArgs.data(), launchArgs.size());
  return checkLaunch(kernel, grid, launchArgs, UINT64_MAX);
}

static Error fillFromFile(HostBuffer &buffer, const ArgSpec &arg) {
  std::string prefix = "--arg '" + arg.text + "': ";
  Expected<HostBuffer> file = readNpy(arg.file);
  if (!file)
    return file.takeError().withPrefix(prefix);
  if (file->count != buffer.count)
    return makeError(prefix + "'" + arg.file + "' holds " +
                     std::to_string(file->count) + " elements, the argument " +
                     std::to_string(buffer.count));
  if (file->type == buffer.type) {
    buffer.bytes = std::move(file->bytes);
    return Error::success();
  }
  if (!isFloatType(file->type) || !isFloatType(buffer.type))
    return makeError(prefix + "'" + arg.file + "' holds " +
                     elementTypeName(file->type) + " data; only float data "
                     "converts to another type (here " +
                     elementTypeName(buffer.type) + ")");
  for (size_t i = 0; i < buffer.count; ++i)
    buffer.setDouble(i, file->getDouble(i));
  return Error::success();
}

Expected<HostBuffer> createHostBuffer(const ArgSpec &arg, size_t argIndex) {
  if (!arg.isPointer)
    return HostBuffer();
  Expected<HostBuffer> buffer =
      HostBuffer::allocate(arg.type, static_cast<size_t>(arg.count));
  if (!buffer)
    return buffer.takeError().withPrefix("--arg '" + arg.text + "': ");
  uint64_t seed = arg.seed.value_or(argIndex);
  switch (arg.init) {
  case BufferInit::Zeros:
    break;
  case BufferInit::Const:
    for (size_t i = 0; i < buffer->count; ++i)
      buffer->setBits(i, arg.constBits);
    break;
  case BufferInit::Rand:
    fillUniform(*buffer, seed);
    break;
  case BufferInit::Randn:
    fillNormal(*buffer, seed);
    break;
  case BufferInit::Iota:
    for (size_t i = 0; i < buffer->count; ++i) {
      if (isFloatType(arg.type))
        buffer->setDouble(i, static_cast<double>(i));
      else
        buffer->setInt(i, static_cast<int64_t>(i));
    }
    break;
  case BufferInit::File:
    if (Error e = fillFromFile(*buffer, arg))
      return e;
    break;
  }
  return buffer;
}

Expected<std::vector<HostBuffer>> createHostBuffers(const RunSpec &spec) {
  std::vector<HostBuffer> buffers;
  for (size_t i = 0; i < spec.args.size(); ++i) {
    Expected<HostBuffer> buffer = createHostBuffer(spec.args[i], i);
    if (!buffer)
      return buffer.takeError();
    buffers.push_back(std::move(*buffer));
  }
  return buffers;
}

Error finishRun(const RunSpec &spec, const std::vector<HostBuffer> &buffers,
                std::ostream &os) {
  for (const OutputSpec &out : spec.outputs) {
    const HostBuffer &buffer = buffers.at(out.argIndex);
    if (Error e = writeNpy(out.path, buffer))
      return e;
    os << "wrote argument " << out.argIndex << " (" << buffer.count << " x "
       << elementTypeName(buffer.type) << ") to " << out.path << "\n";
  }
  size_t failed = 0;
  for (const OutputSpec &ref : spec.references) {
    Expected<HostBuffer> expected = readNpy(ref.path);
    if (!expected)
      return expected.takeError().withPrefix("--ref '" + ref.text + "': ");
    Expected<CompareResult> result = compareBuffers(
        buffers.at(ref.argIndex), *expected, spec.rtol, spec.atol);
    if (!result)
      return result.takeError().withPrefix("--ref '" + ref.text + "': ");
    os << "argument " << ref.argIndex << " vs " << ref.path << ": "
       << result->describe(spec.rtol, spec.atol) << "\n";
    failed += !result->ok();
  }
  if (failed)
    return makeError(std::to_string(failed) + " of " +
                     std::to_string(spec.references.size()) +
                     " references differ");
  return Error::success();
}

} // namespace blockrt
