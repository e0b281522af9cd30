//===- TensorMapTest.cpp - cuTensorMapEncodeTiled's arguments -------------===//

#include "block/Runtime/TensorMap.h"

#include "TestUtil.h"

using namespace blockrt;
using namespace blockrt::test;

namespace {
/// The first `n` entries of one of TensorMapEncoding's arrays.
template <typename T, size_t N>
std::vector<T> firstOf(const T (&array)[N], size_t n = N) {
  return std::vector<T>(array, array + n);
}

class TensorMapEncodingTest : public testing::Test {
protected:
  void SetUp() override {
    Expected<Manifest> m = parseManifest(tensorMapsManifest);
    ASSERT_TRUE(m) << m.errorMessage();
    manifest = std::move(*m);
    kernel = &manifest.kernels[0];
  }

  TensorMapEncoding encode(size_t map) const {
    return tensorMapEncoding(*kernel, kernel->tensorMaps[map], args.data());
  }

  Manifest manifest;
  KernelInfo *kernel = nullptr;
  // a, b, mask, m, k, lda, alpha, small.
  std::vector<KernelArg> args{KernelArg::pointer(0x7f0000000000),
                              KernelArg::pointer(0x7f0000100000),
                              KernelArg::pointer(0x7f0000200000),
                              KernelArg::i32(1000),
                              KernelArg::i64(3000),
                              KernelArg::i64(3072),
                              KernelArg::f32(1.0f),
                              KernelArg::i16(3)};
};
} // namespace

// Sizes m x k, strides lda x 1, box 128 x 64: CUDA takes them innermost
// first, the strides in bytes and without the innermost.
TEST_F(TensorMapEncodingTest, ReversesDimensionsFromArguments) {
  TensorMapEncoding e = encode(0);
  EXPECT_EQ(e.dataType, TensorMapDataType::Float16);
  EXPECT_EQ(e.rank, 2u);
  EXPECT_EQ(e.globalAddress, 0x7f0000000000u);
  EXPECT_EQ(firstOf(e.globalDim, 5),
            (std::vector<uint64_t>{3000, 1000, 0, 0, 0}));
  EXPECT_EQ(firstOf(e.globalStrides, 4),
            (std::vector<uint64_t>{3072 * 2, 0, 0, 0}));
  EXPECT_EQ(firstOf(e.boxDim, 5), (std::vector<uint32_t>{64, 128, 0, 0, 0}));
  EXPECT_EQ(firstOf(e.elementStrides, 5),
            (std::vector<uint32_t>{1, 1, 0, 0, 0}));
  EXPECT_EQ(e.interleave, TensorMapInterleave::None);
  EXPECT_EQ(e.swizzle, TensorMapSwizzle::Bytes128);
  EXPECT_EQ(e.l2Promotion, TensorMapL2Promotion::Bytes256);
  EXPECT_EQ(e.oobFill, TensorMapOobFill::NaN);
}

// Sizes 64 x k x 4096, strides 262144 x 4096 x 1 (i8, so bytes are
// elements), box 1 x 16 x 32.
TEST_F(TensorMapEncodingTest, MixesConstantsAndArguments) {
  TensorMapEncoding e = encode(1);
  EXPECT_EQ(e.dataType, TensorMapDataType::UInt8);
  EXPECT_EQ(e.rank, 3u);
  EXPECT_EQ(e.globalAddress, 0x7f0000100000u);
  EXPECT_EQ(firstOf(e.globalDim, 3), (std::vector<uint64_t>{4096, 3000, 64}));
  EXPECT_EQ(firstOf(e.globalStrides, 2), (std::vector<uint64_t>{4096, 262144}));
  EXPECT_EQ(firstOf(e.boxDim, 3), (std::vector<uint32_t>{32, 16, 1}));
  EXPECT_EQ(firstOf(e.elementStrides, 3), (std::vector<uint32_t>{1, 1, 1}));
  EXPECT_EQ(e.swizzle, TensorMapSwizzle::Bytes32);
  EXPECT_EQ(e.oobFill, TensorMapOobFill::Zero);
}

// The runtime re-encodes a map when, and only when, its encoding changes.
TEST_F(TensorMapEncodingTest, EqualExactlyWhenTheInputsAre) {
  TensorMapEncoding first = encode(0);
  EXPECT_EQ(first, encode(0));
  args[6] = KernelArg::f32(2.0f); // Not used by the map.
  EXPECT_EQ(first, encode(0));
  for (size_t i : {0, 3, 4, 5}) {
    SCOPED_TRACE(i);
    KernelArg saved = args[i];
    args[i].bits += 16;
    EXPECT_NE(first, encode(0));
    args[i] = saved;
    EXPECT_EQ(first, encode(0));
  }
  kernel->tensorMaps[0].swizzle = TensorMapSwizzle::Bytes64;
  EXPECT_NE(first, encode(0));
  kernel->tensorMaps[0].swizzle = TensorMapSwizzle::Bytes128;
  kernel->tensorMaps[0].oobFill = TensorMapOobFill::Zero;
  EXPECT_NE(first, encode(0));
}

// A negative size (refused by checkLaunch) reaches the driver as a value it
// refuses, not as a small one.
TEST_F(TensorMapEncodingTest, SignExtendsArguments) {
  args[3] = KernelArg::i32(-1);
  EXPECT_EQ(encode(0).globalDim[1], ~uint64_t(0));
}

// Numbered as cuda.h's CUtensorMap* enums (CudaRuntime.cpp checks the same
// against the header where it is built).
TEST(TensorMap, EnumsAreCudas) {
  const struct {
    ElementType type;
    unsigned cuda;
  } types[] = {{ElementType::I8, 0},  {ElementType::I16, 1},
               {ElementType::I32, 3}, {ElementType::I64, 5},
               {ElementType::F16, 6}, {ElementType::F32, 7},
               {ElementType::F64, 8}, {ElementType::BF16, 9}};
  for (const auto &t : types) {
    std::optional<TensorMapDataType> type = tensorMapDataType(t.type);
    ASSERT_TRUE(type) << elementTypeName(t.type);
    EXPECT_EQ(static_cast<unsigned>(*type), t.cuda) << elementTypeName(t.type);
  }
  EXPECT_FALSE(tensorMapDataType(ElementType::I1));
  EXPECT_EQ(static_cast<unsigned>(TensorMapSwizzle::None), 0u);
  EXPECT_EQ(static_cast<unsigned>(TensorMapSwizzle::Bytes32), 1u);
  EXPECT_EQ(static_cast<unsigned>(TensorMapSwizzle::Bytes64), 2u);
  EXPECT_EQ(static_cast<unsigned>(TensorMapSwizzle::Bytes128), 3u);
  EXPECT_EQ(static_cast<unsigned>(TensorMapL2Promotion::Bytes256), 3u);
  EXPECT_EQ(static_cast<unsigned>(TensorMapOobFill::Zero), 0u);
  EXPECT_EQ(static_cast<unsigned>(TensorMapOobFill::NaN), 1u);
  EXPECT_EQ(static_cast<unsigned>(TensorMapInterleave::None), 0u);
}

TEST(TensorMap, Names) {
  EXPECT_STREQ(tensorMapSwizzleName(TensorMapSwizzle::None), "none");
  EXPECT_STREQ(tensorMapSwizzleName(TensorMapSwizzle::Bytes32), "32B");
  EXPECT_STREQ(tensorMapSwizzleName(TensorMapSwizzle::Bytes64), "64B");
  EXPECT_STREQ(tensorMapSwizzleName(TensorMapSwizzle::Bytes128), "128B");
  EXPECT_EQ(tensorMapSwizzleBytes(TensorMapSwizzle::None), 0u);
  EXPECT_EQ(tensorMapSwizzleBytes(TensorMapSwizzle::Bytes64), 64u);
  EXPECT_STREQ(tensorMapOobFillName(TensorMapOobFill::Zero), "zero");
  EXPECT_STREQ(tensorMapOobFillName(TensorMapOobFill::NaN), "nan");
}
