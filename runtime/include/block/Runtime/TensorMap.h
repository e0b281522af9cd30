//===- TensorMap.h - cuTensorMapEncodeTiled's arguments ---------*- C++ -*-===//
//
// A kernel's TMA tensor maps (TensorMapInfo, in its manifest) are encoded by
// the runtime at each launch from the launch's arguments. What the encoding
// is given is computed here, without CUDA, so that it can be tested on any
// machine; CudaRuntime.cpp only passes it to cuTensorMapEncodeTiled.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_RUNTIME_TENSORMAP_H
#define BLOCK_RUNTIME_TENSORMAP_H

#include "block/Runtime/ElementType.h"
#include "block/Runtime/LaunchCheck.h"
#include "block/Runtime/Manifest.h"

#include <cstdint>
#include <optional>

namespace blockrt {

/// The enums of cuTensorMapEncodeTiled, numbered as cuda.h numbers them
/// (CudaRuntime.cpp checks it): this library does without cuda.h.
enum class TensorMapDataType : uint32_t {
  UInt8 = 0,
  UInt16 = 1,
  Int32 = 3,
  Int64 = 5,
  Float16 = 6,
  Float32 = 7,
  Float64 = 8,
  BFloat16 = 9,
};
enum class TensorMapInterleave : uint32_t { None = 0 };
enum class TensorMapL2Promotion : uint32_t {
  None,
  Bytes64,
  Bytes128,
  Bytes256
};

/// The TMA element type of `type`: i8 and the 8-bit floats UInt8, i16
/// UInt16, i32 Int32, i64 Int64, f16 Float16, bf16 BFloat16, f32 Float32,
/// f64 Float64; none for i1.
std::optional<TensorMapDataType> tensorMapDataType(ElementType type);

/// cuTensorMapEncodeTiled's arguments, but the map it writes: dimensions
/// innermost first, as CUDA takes them. Entries past the rank are zero, so
/// that two encodings are equal exactly when they describe the same map.
struct TensorMapEncoding {
  TensorMapDataType dataType = TensorMapDataType::UInt8;
  uint32_t rank = 0;
  uint64_t globalAddress = 0;
  uint64_t globalDim[maxTensorMapRank] = {};
  /// In bytes, of dimensions 1 to rank - 1 (dimension 0 is contiguous).
  uint64_t globalStrides[maxTensorMapRank - 1] = {};
  uint32_t boxDim[maxTensorMapRank] = {};
  uint32_t elementStrides[maxTensorMapRank] = {};
  TensorMapInterleave interleave = TensorMapInterleave::None;
  TensorMapSwizzle swizzle = TensorMapSwizzle::None;
  TensorMapL2Promotion l2Promotion = TensorMapL2Promotion::None;
  TensorMapOobFill oobFill = TensorMapOobFill::Zero;

  bool operator==(const TensorMapEncoding &other) const;
  bool operator!=(const TensorMapEncoding &other) const {
    return !(*this == other);
  }
};

/// What cuTensorMapEncodeTiled is given for `map`, a tensor map of `kernel`
/// as parseManifest accepts it, in a launch with `args` (one per parameter
/// of `kernel`): the base argument's address; sizes, and strides in bytes,
/// from the arguments they name or their constants; the box; element
/// strides 1, no interleave, L2 promotion of 256 bytes, and the map's
/// swizzle and out-of-bounds fill. It checks nothing (checkLaunch does) and
/// allocates nothing.
TensorMapEncoding tensorMapEncoding(const KernelInfo &kernel,
                                    const TensorMapInfo &map,
                                    const KernelArg *args);

} // namespace blockrt

#endif // BLOCK_RUNTIME_TENSORMAP_H
