//===- LaunchCheck.cpp - Check a launch against the manifest --------------===//

#include "block/Runtime/LaunchCheck.h"

#include "block/Runtime/Half.h"

#include <cstdio>
#include <cstring>

namespace blockrt {

KernelArg KernelArg::pointer(uint64_t address, uint64_t bufferBytes) {
  KernelArg arg;
  arg.kind = Kind::Pointer;
  arg.bits = address;
  arg.bufferBytes = bufferBytes;
  return arg;
}

KernelArg KernelArg::scalar(ElementType type, uint64_t bits) {
  KernelArg arg;
  arg.kind = Kind::Scalar;
  arg.type = type;
  unsigned width = elementBitWidth(type);
  if (type == ElementType::I1)
    arg.bits = bits != 0;
  else
    arg.bits = width == 64 ? bits : bits & ((uint64_t(1) << width) - 1);
  return arg;
}

KernelArg KernelArg::f16(float value) {
  return scalar(ElementType::F16, floatToHalf(value));
}

KernelArg KernelArg::bf16(float value) {
  return scalar(ElementType::BF16, floatToBFloat16(value));
}

KernelArg KernelArg::f32(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return scalar(ElementType::F32, bits);
}

KernelArg KernelArg::f64(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return scalar(ElementType::F64, bits);
}

int64_t KernelArg::signedValue() const {
  unsigned width = elementBitWidth(type);
  if (width == 64 || type == ElementType::I1)
    return static_cast<int64_t>(bits);
  uint64_t sign = uint64_t(1) << (width - 1);
  return static_cast<int64_t>((bits ^ sign) - sign);
}

int64_t evaluateTensorMapValue(const KernelInfo &kernel,
                               const TensorMapValue &value,
                               const KernelArg *args) {
  if (value.isConstant())
    return static_cast<int64_t>(value.value);
  // In the parameters' type, as the program multiplies them: wrapped to
  // its width, then sign-extended.
  uint64_t product = value.value;
  for (unsigned arg : value.args)
    product *= static_cast<uint64_t>(args[arg].signedValue());
  unsigned width = elementBitWidth(kernel.parameters[value.args.front()].type);
  if (width >= 64)
    return static_cast<int64_t>(product);
  uint64_t sign = uint64_t(1) << (width - 1);
  uint64_t low = product & ((sign << 1) - 1);
  return static_cast<int64_t>((low ^ sign) - sign);
}

namespace {
// Failure paths only: building messages may allocate, checking may not.
std::string refusal(const KernelInfo &kernel) {
  return "launch of '" + kernel.name + "' refused: ";
}

std::string describeParameter(const KernelParameter &param) {
  return "argument " + std::to_string(param.index) + " ('" + param.name +
         "', " + param.typeString() + ") ";
}

std::string argumentRefusal(const KernelInfo &kernel,
                            const KernelParameter &param) {
  return refusal(kernel) + describeParameter(param);
}

std::string hex(uint64_t value) {
  char buf[24];
  std::snprintf(buf, sizeof(buf), "0x%llx",
                static_cast<unsigned long long>(value));
  return buf;
}

std::string describeArg(const KernelArg &arg) {
  if (arg.isPointer())
    return "a pointer";
  return std::string("a scalar ") + elementTypeName(arg.type);
}

/// The argument's kind, scalar type and buffer size.
Error checkArgumentShape(const KernelInfo &kernel,
                         const KernelParameter &param, const KernelArg &arg) {
  if (param.isPointer() != arg.isPointer())
    return makeError(argumentRefusal(kernel, param) + "expects " +
                     (param.isPointer() ? "a pointer" : "a scalar") +
                     ", got " + describeArg(arg));
  if (param.isPointer()) {
    size_t size = elementSize(param.type);
    if (arg.bufferBytes != KernelArg::unknownSize &&
        arg.bufferBytes % size != 0)
      return makeError(argumentRefusal(kernel, param) + "buffer of " +
                       std::to_string(arg.bufferBytes) +
                       " bytes is not a whole number of " +
                       std::to_string(size) + "-byte " +
                       elementTypeName(param.type) + " elements");
    return Error::success();
  }
  if (arg.type != param.type)
    return makeError(argumentRefusal(kernel, param) + "expects " +
                     elementTypeName(param.type) + ", got " +
                     elementTypeName(arg.type));
  return Error::success();
}

Error checkGrid(const KernelInfo &kernel, const Grid &grid) {
  constexpr uint64_t maxGridX = (uint64_t(1) << 31) - 1, maxGridYZ = 65535;
  auto badDim = [&](const char *dim, uint64_t value, uint64_t max) {
    return makeError(refusal(kernel) + "grid " + grid.str() + " is invalid: " +
                     dim + " = " + std::to_string(value) +
                     " is outside [1, " + std::to_string(max) + "]");
  };
  if (grid.x < 1 || grid.x > maxGridX)
    return badDim("x", grid.x, maxGridX);
  if (grid.y < 1 || grid.y > maxGridYZ)
    return badDim("y", grid.y, maxGridYZ);
  if (grid.z < 1 || grid.z > maxGridYZ)
    return badDim("z", grid.z, maxGridYZ);
  return Error::success();
}

/// What cuTensorMapEncodeTiled needs of the arguments tensor map `index` is
/// built from: a 16-byte aligned base, sizes in [1, 2^32], strides of a
/// positive multiple of 16 bytes below 2^40. The arguments' kinds and types
/// have been checked.
Error checkTensorMap(const KernelInfo &kernel, size_t index,
                     const KernelArg *args) {
  const TensorMapInfo &map = kernel.tensorMaps[index];
  const KernelParameter &base = kernel.parameters[map.base];
  auto needs = [&](const std::string &what) {
    return ", as " + what + "tensor map " + std::to_string(index) + " (of '" +
           base.name + "') needs";
  };
  if (args[map.base].bits % 16 != 0)
    return makeError(argumentRefusal(kernel, base) + "address " +
                     hex(args[map.base].bits) + " is not aligned to 16 bytes" +
                     needs(""));
  // The argument, or the arguments multiplied, that give `value`.
  auto refusedArgs = [&](const TensorMapValue &value) {
    if (value.args.size() == 1 && value.value == 1)
      return argumentRefusal(kernel, kernel.parameters[value.args.front()]);
    std::string product =
        value.value == 1 ? "" : std::to_string(value.value) + " * ";
    for (size_t i = 0; i < value.args.size(); ++i)
      product +=
          (i ? " * '" : "'") + kernel.parameters[value.args[i]].name + "'";
    return refusal(kernel) + "the product " + product + " ";
  };
  constexpr int64_t maxSize = int64_t(1) << 32;
  for (size_t d = 0; d < map.sizes.size(); ++d) {
    if (map.sizes[d].isConstant())
      continue;
    int64_t value = evaluateTensorMapValue(kernel, map.sizes[d], args);
    if (value < 1 || value > maxSize)
      return makeError(refusedArgs(map.sizes[d]) + "value " +
                       std::to_string(value) + " is outside [1, 2^32]" +
                       needs("size " + std::to_string(d) + " of "));
  }
  uint64_t elementBytes = elementSize(base.type);
  uint64_t maxStride = (uint64_t(1) << 40) / elementBytes;
  for (size_t d = 0; d + 1 < map.strides.size(); ++d) {
    if (map.strides[d].isConstant())
      continue;
    int64_t value = evaluateTensorMapValue(kernel, map.strides[d], args);
    // Compared before multiplying, which could overflow.
    if (value < 1 || static_cast<uint64_t>(value) >= maxStride ||
        static_cast<uint64_t>(value) * elementBytes % 16 != 0)
      return makeError(refusedArgs(map.strides[d]) + "value " +
                       std::to_string(value) + " times " +
                       std::to_string(elementBytes) +
                       " bytes is not a positive multiple of 16 below 2^40" +
                       needs("stride " + std::to_string(d) + " of "));
  }
  return Error::success();
}

/// Whether `arg` keeps a variant's `assumption`: an alignment (pointers
/// only) on its address, the rest on an integer scalar's value. Of the wrong
/// kind it keeps none.
bool keeps(const KernelArg &arg, const VariantAssumption &assumption) {
  // The address as it is: signedValue() masks by an element type.
  if (assumption.alignment > 1)
    return arg.isPointer() && holds(assumption, static_cast<int64_t>(arg.bits));
  return !arg.isPointer() && !isFloatType(arg.type) &&
         holds(assumption, arg.signedValue());
}

Error checkArgumentCount(const KernelInfo &kernel, size_t numArgs) {
  if (numArgs != kernel.parameters.size())
    return makeError(refusal(kernel) + "expected " +
                     std::to_string(kernel.parameters.size()) +
                     " arguments, got " + std::to_string(numArgs));
  return Error::success();
}
} // namespace

Error checkAssumption(const KernelInfo &kernel, size_t index,
                      const KernelArg &arg) {
  const KernelParameter &param = kernel.parameters[index];
  if (param.isPointer()) {
    if (param.alignment > 1 && arg.bits % param.alignment != 0)
      return makeError(describeParameter(param) + "address " +
                       hex(arg.bits) + " is not aligned to " +
                       std::to_string(param.alignment) +
                       " bytes, as the kernel was compiled to assume");
    return Error::success();
  }
  if (param.divisibility > 1) {
    int64_t value = arg.signedValue();
    // Compare magnitudes as unsigned: -INT64_MIN does not fit in int64_t.
    uint64_t magnitude = value < 0 ? uint64_t(0) - static_cast<uint64_t>(value)
                                   : static_cast<uint64_t>(value);
    if (magnitude % param.divisibility != 0)
      return makeError(describeParameter(param) + "value " +
                       std::to_string(value) + " is not divisible by " +
                       std::to_string(param.divisibility) +
                       ", as the kernel was compiled to assume");
  }
  if (param.equals && arg.signedValue() != *param.equals)
    return makeError(describeParameter(param) + "value " +
                     std::to_string(arg.signedValue()) + " is not " +
                     std::to_string(*param.equals) +
                     ", as the kernel was compiled to assume");
  return Error::success();
}

Error checkLaunchShape(const KernelInfo &kernel, const Grid &grid,
                       const KernelArg *args, size_t numArgs) {
  if (Error e = checkArgumentCount(kernel, numArgs))
    return e;
  for (size_t i = 0; i < numArgs; ++i)
    if (Error e = checkArgumentShape(kernel, kernel.parameters[i], args[i]))
      return e;
  return checkGrid(kernel, grid);
}

Error checkLaunch(const KernelInfo &kernel, const Grid &grid,
                  const KernelArg *args, size_t numArgs,
                  uint64_t maxSharedMemoryBytes) {
  if (Error e = checkArgumentCount(kernel, numArgs))
    return e;
  for (size_t i = 0; i < numArgs; ++i) {
    if (Error e = checkArgumentShape(kernel, kernel.parameters[i], args[i]))
      return e;
    if (Error e = checkAssumption(kernel, i, args[i]))
      return std::move(e).withPrefix(refusal(kernel));
  }
  for (size_t i = 0; i < kernel.tensorMaps.size(); ++i)
    if (Error e = checkTensorMap(kernel, i, args))
      return e;
  if (Error e = checkGrid(kernel, grid))
    return e;
  if (kernel.sharedMemoryBytes > maxSharedMemoryBytes)
    return makeError(refusal(kernel) + "it needs " +
                     std::to_string(kernel.sharedMemoryBytes) +
                     " bytes of dynamic shared memory, the device allows at "
                     "most " +
                     std::to_string(maxSharedMemoryBytes) + " per block");
  return Error::success();
}

const KernelVariant *selectVariant(const KernelInfo &kernel,
                                   const KernelArg *args, size_t numArgs) {
  const KernelVariant *best = nullptr;
  for (const KernelVariant &variant : kernel.variants) {
    if (best && variant.assume.size() <= best->assume.size())
      continue;
    bool allHold = true;
    for (const VariantAssumption &assumption : variant.assume) {
      const KernelArg *arg =
          assumption.index < numArgs ? &args[assumption.index] : nullptr;
      if (!arg || !keeps(*arg, assumption)) {
        allHold = false;
        break;
      }
    }
    if (allHold)
      best = &variant;
  }
  return best;
}

} // namespace blockrt
