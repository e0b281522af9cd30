//===- TensorMap.cpp - cuTensorMapEncodeTiled's arguments -----------------===//

#include "block/Runtime/TensorMap.h"

#include <algorithm>

namespace blockrt {

std::optional<TensorMapDataType> tensorMapDataType(ElementType type) {
  switch (type) {
  case ElementType::I1:
    return std::nullopt; // Bits are packed in no type TMA knows.
  case ElementType::I8:
  case ElementType::F8E4M3FN: // TMA moves bytes; fp8 has no type of its own.
  case ElementType::F8E5M2:
    return TensorMapDataType::UInt8;
  case ElementType::I16:
    return TensorMapDataType::UInt16;
  case ElementType::I32:
    return TensorMapDataType::Int32;
  case ElementType::I64:
    return TensorMapDataType::Int64;
  case ElementType::F16:
    return TensorMapDataType::Float16;
  case ElementType::BF16:
    return TensorMapDataType::BFloat16;
  case ElementType::F32:
    return TensorMapDataType::Float32;
  case ElementType::F64:
    return TensorMapDataType::Float64;
  }
  return std::nullopt;
}

bool TensorMapEncoding::operator==(const TensorMapEncoding &other) const {
  return dataType == other.dataType && rank == other.rank &&
         globalAddress == other.globalAddress &&
         std::equal(std::begin(globalDim), std::end(globalDim),
                    std::begin(other.globalDim)) &&
         std::equal(std::begin(globalStrides), std::end(globalStrides),
                    std::begin(other.globalStrides)) &&
         std::equal(std::begin(boxDim), std::end(boxDim),
                    std::begin(other.boxDim)) &&
         std::equal(std::begin(elementStrides), std::end(elementStrides),
                    std::begin(other.elementStrides)) &&
         interleave == other.interleave && swizzle == other.swizzle &&
         l2Promotion == other.l2Promotion && oobFill == other.oobFill;
}

TensorMapEncoding tensorMapEncoding(const KernelInfo &kernel,
                                    const TensorMapInfo &map,
                                    const KernelArg *args) {
  ElementType type = kernel.parameters[map.base].type;
  uint64_t elementBytes = elementSize(type);
  // A size or stride argument goes in as its sign-extended value; a
  // negative one, which checkLaunch refuses, makes the driver fail.
  auto valueOf = [&](const TensorMapValue &value) {
    return static_cast<uint64_t>(evaluateTensorMapValue(kernel, value, args));
  };
  TensorMapEncoding encoding;
  encoding.dataType =
      tensorMapDataType(type).value_or(TensorMapDataType::UInt8);
  size_t rank = std::min(map.rank(), maxTensorMapRank);
  encoding.rank = static_cast<uint32_t>(rank);
  encoding.globalAddress = args[map.base].bits;
  // The manifest lists the outermost dimension first, CUDA the innermost.
  for (size_t d = 0; d < rank; ++d) {
    size_t listed = rank - 1 - d;
    encoding.globalDim[d] = valueOf(map.sizes[listed]);
    if (d > 0)
      encoding.globalStrides[d - 1] =
          valueOf(map.strides[listed]) * elementBytes;
    encoding.boxDim[d] = map.box[listed];
    encoding.elementStrides[d] = 1;
  }
  encoding.swizzle = map.swizzle;
  encoding.l2Promotion = TensorMapL2Promotion::Bytes256;
  encoding.oobFill = map.oobFill;
  return encoding;
}

} // namespace blockrt
