//===- LaunchCheckTest.cpp - Launch checks against the manifest -----------===//

#include "block/Runtime/LaunchCheck.h"

#include "TestUtil.h"

using namespace blockrt;
using namespace blockrt::test;

namespace {
constexpr uint64_t deviceLimit = 227 * 1024;

class LaunchCheck : public testing::Test {
protected:
  void SetUp() override {
    Expected<Manifest> m = parseManifest(sampleManifest);
    ASSERT_TRUE(m) << m.errorMessage();
    manifest = std::move(*m);
    kernel = &manifest.kernels[0];
  }

  std::vector<KernelArg> goodArgs() const {
    return {KernelArg::pointer(0x7f0000000000, 4096),
            KernelArg::pointer(0x7f0000001000),
            KernelArg::pointer(0x7f0000002000, 4096), KernelArg::i32(1024)};
  }

  std::string refusal(const std::vector<KernelArg> &args,
                      Grid grid = {8, 1, 1},
                      uint64_t sharedLimit = deviceLimit) const {
    Error e = checkLaunch(*kernel, grid, args, sharedLimit);
    return e ? e.message() : "accepted";
  }

  Manifest manifest;
  const KernelInfo *kernel = nullptr;
};
} // namespace

TEST_F(LaunchCheck, AcceptsAGoodLaunch) {
  EXPECT_EQ(refusal(goodArgs()), "accepted");
  std::vector<KernelArg> args = goodArgs();
  args[3] = KernelArg::i32(0);
  EXPECT_EQ(refusal(args), "accepted");
  args[3] = KernelArg::i32(-32); // Negative multiples are multiples too.
  EXPECT_EQ(refusal(args), "accepted");
  EXPECT_EQ(refusal(goodArgs(), {(uint64_t(1) << 31) - 1, 65535, 65535}),
            "accepted");
  // Null is aligned to anything; the kernel may never touch it.
  args = goodArgs();
  args[1] = KernelArg::pointer(0, 0);
  EXPECT_EQ(refusal(args), "accepted");
}

TEST_F(LaunchCheck, RefusesWrongArgumentCount) {
  std::vector<KernelArg> args = goodArgs();
  args.pop_back();
  EXPECT_EQ(refusal(args),
            "launch of 'vector_add' refused: expected 4 arguments, got 3");
  args = goodArgs();
  args.push_back(KernelArg::i32(1));
  EXPECT_EQ(refusal(args),
            "launch of 'vector_add' refused: expected 4 arguments, got 5");
}

TEST_F(LaunchCheck, RefusesWrongKinds) {
  std::vector<KernelArg> args = goodArgs();
  args[3] = KernelArg::pointer(0x1000);
  EXPECT_EQ(refusal(args), "launch of 'vector_add' refused: argument 3 "
                           "('arg3', i32) expects a scalar, got a pointer");
  args = goodArgs();
  args[1] = KernelArg::f32(1.0f);
  EXPECT_EQ(refusal(args),
            "launch of 'vector_add' refused: argument 1 ('arg1', "
            "!block.ptr<f32>) expects a pointer, got a scalar f32");
}

TEST_F(LaunchCheck, RefusesWrongScalarType) {
  std::vector<KernelArg> args = goodArgs();
  args[3] = KernelArg::i64(1024);
  EXPECT_EQ(refusal(args), "launch of 'vector_add' refused: argument 3 "
                           "('arg3', i32) expects i32, got i64");
  args[3] = KernelArg::f32(1024);
  EXPECT_EQ(refusal(args), "launch of 'vector_add' refused: argument 3 "
                           "('arg3', i32) expects i32, got f32");
}

TEST_F(LaunchCheck, RefusesMisalignedPointer) {
  std::vector<KernelArg> args = goodArgs();
  args[0] = KernelArg::pointer(0x7f0000000004);
  EXPECT_EQ(refusal(args),
            "launch of 'vector_add' refused: argument 0 ('arg0', "
            "!block.ptr<f32>) address 0x7f0000000004 is not aligned to 16 "
            "bytes, as the kernel was compiled to assume");
  args = goodArgs();
  args[2] = KernelArg::pointer(0x7f0000002008);
  EXPECT_NE(refusal(args).find("argument 2 ('arg2', !block.ptr<f32>) address "
                               "0x7f0000002008 is not aligned to 16 bytes"),
            std::string::npos);
}

TEST_F(LaunchCheck, DefaultAlignmentIsTheElementSize) {
  manifest.kernels[0].parameters[0].alignment = 4;
  std::vector<KernelArg> args = goodArgs();
  args[0] = KernelArg::pointer(0x7f0000000004);
  EXPECT_EQ(refusal(args), "accepted");
  args[0] = KernelArg::pointer(0x7f0000000002);
  EXPECT_NE(refusal(args).find("is not aligned to 4 bytes"), std::string::npos);
}

TEST_F(LaunchCheck, RefusesPartialElements) {
  std::vector<KernelArg> args = goodArgs();
  args[1] = KernelArg::pointer(0x7f0000001000, 4098);
  EXPECT_EQ(refusal(args), "launch of 'vector_add' refused: argument 1 "
                           "('arg1', !block.ptr<f32>) buffer of 4098 bytes is "
                           "not a whole number of 4-byte f32 elements");
}

TEST_F(LaunchCheck, RefusesScalarOtherThanAssumed) {
  std::vector<KernelArg> args = goodArgs();
  KernelParameter &n = manifest.kernels[0].parameters[3];
  n.divisibility = 1;
  n.equals = 1;
  args[3] = KernelArg::i32(3);
  EXPECT_EQ(refusal(args),
            "launch of 'vector_add' refused: argument 3 ('arg3', i32) value "
            "3 is not 1, as the kernel was compiled to assume");
  args[3] = KernelArg::i32(1);
  EXPECT_EQ(refusal(args), "accepted");
  EXPECT_EQ(describeAssumptions(manifest.kernels[0].parameters).back(),
            "arg3 is 1");
}

TEST_F(LaunchCheck, RefusesNonDivisibleScalar) {
  std::vector<KernelArg> args = goodArgs();
  args[3] = KernelArg::i32(1001);
  EXPECT_EQ(refusal(args),
            "launch of 'vector_add' refused: argument 3 ('arg3', i32) value "
            "1001 is not divisible by 16, as the kernel was compiled to "
            "assume");
  args[3] = KernelArg::i32(-8);
  EXPECT_NE(refusal(args).find("value -8 is not divisible by 16"),
            std::string::npos);
  args[3] = KernelArg::i32(INT32_MIN); // -2^31 is a multiple of 16.
  EXPECT_EQ(refusal(args), "accepted");

  KernelParameter &n = manifest.kernels[0].parameters[3];
  n.type = ElementType::I64;
  n.divisibility = 3;
  args[3] = KernelArg::i64(INT64_MIN); // |INT64_MIN| needs unsigned math.
  EXPECT_NE(refusal(args).find("value -9223372036854775808 is not divisible "
                               "by 3"),
            std::string::npos);
  args[3] = KernelArg::i64(-9);
  EXPECT_EQ(refusal(args), "accepted");
}

TEST_F(LaunchCheck, RefusesBadGrids) {
  std::vector<KernelArg> args = goodArgs();
  EXPECT_EQ(refusal(args, {0, 1, 1}),
            "launch of 'vector_add' refused: grid (0, 1, 1) is invalid: x = 0 "
            "is outside [1, 2147483647]");
  EXPECT_EQ(refusal(args, {uint64_t(1) << 31, 1, 1}),
            "launch of 'vector_add' refused: grid (2147483648, 1, 1) is "
            "invalid: x = 2147483648 is outside [1, 2147483647]");
  EXPECT_EQ(refusal(args, {1, 65536, 1}),
            "launch of 'vector_add' refused: grid (1, 65536, 1) is invalid: y "
            "= 65536 is outside [1, 65535]");
  EXPECT_EQ(refusal(args, {1, 1, 0}),
            "launch of 'vector_add' refused: grid (1, 1, 0) is invalid: z = 0 "
            "is outside [1, 65535]");
}

TEST_F(LaunchCheck, RefusesTooMuchSharedMemory) {
  manifest.kernels[0].sharedMemoryBytes = 200000;
  EXPECT_EQ(refusal(goodArgs(), {8, 1, 1}, 200000), "accepted");
  EXPECT_EQ(refusal(goodArgs(), {8, 1, 1}, 199999),
            "launch of 'vector_add' refused: it needs 200000 bytes of dynamic "
            "shared memory, the device allows at most 199999 per block");
}

// The interpreter's check: what any backend needs, not the hints.
TEST_F(LaunchCheck, ShapeIgnoresOnlyTheAssumptions) {
  auto shape = [&](const std::vector<KernelArg> &args, Grid grid = {8, 1, 1}) {
    Error e = checkLaunchShape(*kernel, grid, args.data(), args.size());
    return e ? e.message() : "accepted";
  };
  std::vector<KernelArg> args = goodArgs();
  args[0] = KernelArg::pointer(0x7f0000000004, 4096);
  args[3] = KernelArg::i32(1001);
  EXPECT_EQ(shape(args), "accepted");
  EXPECT_NE(refusal(args), "accepted");
  EXPECT_EQ(shape(args, {1, 70000, 1}),
            "launch of 'vector_add' refused: grid (1, 70000, 1) is invalid: "
            "y = 70000 is outside [1, 65535]");
  args[3] = KernelArg::i64(1024);
  EXPECT_EQ(shape(args), "launch of 'vector_add' refused: argument 3 ('arg3', "
                         "i32) expects i32, got i64");
  args.pop_back();
  EXPECT_EQ(shape(args),
            "launch of 'vector_add' refused: expected 4 arguments, got 3");
}

TEST_F(LaunchCheck, AssumptionsOneArgumentAtATime) {
  std::vector<KernelArg> args = goodArgs();
  EXPECT_FALSE(checkAssumption(*kernel, 0, args[0]));
  EXPECT_FALSE(checkAssumption(*kernel, 3, args[3]));
  Error e = checkAssumption(*kernel, 0, KernelArg::pointer(0x7f0000000004));
  EXPECT_EQ(e.message(), "argument 0 ('arg0', !block.ptr<f32>) address "
                         "0x7f0000000004 is not aligned to 16 bytes, as the "
                         "kernel was compiled to assume");
  e = checkAssumption(*kernel, 3, KernelArg::i32(1001));
  EXPECT_EQ(e.message(), "argument 3 ('arg3', i32) value 1001 is not "
                         "divisible by 16, as the kernel was compiled to "
                         "assume");
}

TEST(KernelArg, CarriesBitPatterns) {
  EXPECT_EQ(KernelArg::i32(-1).bits, 0xffffffffu);
  EXPECT_EQ(KernelArg::i32(-1).signedValue(), -1);
  EXPECT_EQ(KernelArg::i8(-128).bits, 0x80u);
  EXPECT_EQ(KernelArg::i8(-128).signedValue(), -128);
  EXPECT_EQ(KernelArg::i16(-2).bits, 0xfffeu);
  EXPECT_EQ(KernelArg::i64(-1).bits, ~uint64_t(0));
  EXPECT_EQ(KernelArg::i1(true).bits, 1u);
  EXPECT_EQ(KernelArg::scalar(ElementType::I1, 6).bits, 1u);
  EXPECT_EQ(KernelArg::scalar(ElementType::I8, 0x1ff).bits, 0xffu);
  EXPECT_EQ(KernelArg::f16(1.0f).bits, 0x3c00u);
  EXPECT_EQ(KernelArg::bf16(1.0f).bits, 0x3f80u);
  EXPECT_EQ(KernelArg::f32(1.0f).bits, 0x3f800000u);
  EXPECT_EQ(KernelArg::f64(1.0).bits, 0x3ff0000000000000u);
  KernelArg p = KernelArg::pointer(0x1234, 64);
  EXPECT_TRUE(p.isPointer());
  EXPECT_EQ(p.bits, 0x1234u);
  EXPECT_EQ(p.bufferBytes, 64u);
  EXPECT_EQ(KernelArg::pointer(0x1234).bufferBytes, KernelArg::unknownSize);
}

TEST(Grid, Parses) {
  Expected<Grid> g = parseGrid("7");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->str(), "(7, 1, 1)");
  g = parseGrid("7,3");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->str(), "(7, 3, 1)");
  g = parseGrid("7,3,2");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->str(), "(7, 3, 2)");
  g = parseGrid("4294967296"); // Too big for CUDA; the launch check says so.
  ASSERT_TRUE(g);
  EXPECT_EQ(g->x, uint64_t(1) << 32);
}

TEST(Grid, RejectsMalformed) {
  auto error = [](const char *text) {
    Expected<Grid> g = parseGrid(text);
    EXPECT_FALSE(g) << text;
    return g ? "" : g.errorMessage();
  };
  EXPECT_EQ(error(""), "invalid grid '': '' is not a positive integer "
                       "(expected X[,Y[,Z]], each a positive integer)");
  EXPECT_EQ(error("1,,2"), "invalid grid '1,,2': '' is not a positive integer "
                           "(expected X[,Y[,Z]], each a positive integer)");
  EXPECT_EQ(error("1,2,3,4"),
            "invalid grid '1,2,3,4': more than three dimensions (expected "
            "X[,Y[,Z]], each a positive integer)");
  EXPECT_EQ(error("0"), "invalid grid '0': dimensions must be at least 1 "
                        "(expected X[,Y[,Z]], each a positive integer)");
  EXPECT_NE(error("-1").find("'-1' is not a positive integer"),
            std::string::npos);
  EXPECT_NE(error("8x").find("'8x' is not a positive integer"),
            std::string::npos);
  EXPECT_NE(error("99999999999999999999").find("is not a positive integer"),
            std::string::npos);
}

/// The variant of variantsManifest's kernel, scale(x, n, stride), that a
/// launch with these arguments runs.
static std::string pickVariant(const KernelInfo &kernel, uint64_t x,
                               int32_t n, int64_t stride) {
  std::vector<KernelArg> args{KernelArg::pointer(x), KernelArg::i32(n),
                              KernelArg::i64(stride)};
  const KernelVariant *v = selectVariant(kernel, args.data(), args.size());
  return v ? v->symbol : "generic";
}

TEST(SelectVariant, PicksTheMostSpecialisedThatHolds) {
  Expected<Manifest> m = parseManifest(variantsManifest);
  ASSERT_TRUE(m) << m.errorMessage();
  KernelInfo &kernel = m->kernels[0];
  // Besides scale__v1 (n and stride divisible by 16), scale__v2 (n
  // divisible by 16, stride 1) and scale__v3 (x 16-byte aligned, n divisible
  // by 16): one on n alone, listed last. x is not 16-byte aligned unless
  // said, so that scale__v3 does not hold.
  KernelVariant onN;
  onN.symbol = "scale__n";
  onN.assume = {kernel.variants[0].assume[0]};
  kernel.variants.push_back(onN);
  auto pick = [&](int32_t n, int64_t stride, uint64_t x = 0x1004) {
    return pickVariant(kernel, x, n, stride);
  };
  EXPECT_EQ(pick(1000, 3), "generic");
  EXPECT_EQ(pick(1024, 3), "scale__n");
  EXPECT_EQ(pick(1024, 32), "scale__v1");
  EXPECT_EQ(pick(1024, 1), "scale__v2");
  EXPECT_EQ(pick(1000, 1), "generic");
  EXPECT_EQ(pick(-32, -16), "scale__v1");
  EXPECT_EQ(pick(0, 0), "scale__v1");
  EXPECT_EQ(pick(INT32_MIN, INT64_MIN), "scale__v1");
  // With x aligned, scale__v3 ties with scale__v1 and scale__v2 and is
  // listed after them; it beats scale__n.
  EXPECT_EQ(pick(1024, 3, 0x1000), "scale__v3");
  EXPECT_EQ(pick(1024, 3, 0x1010), "scale__v3");
  EXPECT_EQ(pick(1024, 32, 0x1000), "scale__v1");
  EXPECT_EQ(pick(1024, 1, 0x1000), "scale__v2");
  EXPECT_EQ(pick(1024, 3, 0x1008), "scale__n");
  EXPECT_EQ(pick(1000, 3, 0x1000), "generic");
  // An argument of the wrong kind never satisfies an assumption (checkLaunch
  // refuses such a launch before a variant is chosen), nor a missing one.
  std::vector<KernelArg> wrong{KernelArg::pointer(0x1000),
                               KernelArg::pointer(1024), KernelArg::i64(1)};
  EXPECT_EQ(selectVariant(kernel, wrong.data(), wrong.size()), nullptr);
  std::vector<KernelArg> args{KernelArg::pointer(0x1000), KernelArg::i32(16),
                              KernelArg::i64(1)};
  EXPECT_EQ(selectVariant(kernel, args.data(), 2)->symbol, "scale__v3");
  EXPECT_EQ(selectVariant(kernel, args.data(), 1), nullptr);
}

TEST(SelectVariant, PicksOnPointerAlignment) {
  Expected<Manifest> m = parseManifest(variantsManifest);
  ASSERT_TRUE(m) << m.errorMessage();
  KernelInfo &kernel = m->kernels[0];
  // Of the most specialised: x aligned, n divisible by 16, stride 1; of the
  // least: x aligned alone.
  KernelVariant most, onX;
  most.symbol = "scale__most";
  most.assume = kernel.variants[2].assume;
  most.assume.push_back(kernel.variants[1].assume[1]);
  onX.symbol = "scale__x";
  onX.assume = {kernel.variants[2].assume[0]};
  kernel.variants.push_back(most);
  kernel.variants.push_back(onX);
  auto pick = [&](uint64_t x, int32_t n, int64_t stride) {
    return pickVariant(kernel, x, n, stride);
  };
  EXPECT_EQ(pick(0x1000, 1000, 3), "scale__x");
  EXPECT_EQ(pick(0x1004, 1000, 3), "generic");
  EXPECT_EQ(pick(0, 1000, 3), "scale__x");
  EXPECT_EQ(pick(0x1000, 1024, 3), "scale__v3");
  EXPECT_EQ(pick(0x1000, 1024, 1), "scale__most");
  EXPECT_EQ(pick(0x1004, 1024, 1), "scale__v2");
  EXPECT_EQ(pick(0x1000, 1024, 32), "scale__v1");
  // The address as it is, all 64 bits: no element type masks it.
  EXPECT_EQ(pick(0xffffffffffff0000, 1000, 3), "scale__x");
  EXPECT_EQ(pick(0x8000000000000008, 1000, 3), "generic");
  // A scalar never satisfies a pointer's assumption, however aligned.
  std::vector<KernelArg> wrong{KernelArg::i64(0x1000), KernelArg::i32(1000),
                               KernelArg::i64(3)};
  EXPECT_EQ(selectVariant(kernel, wrong.data(), wrong.size()), nullptr);
}

namespace {
/// Launches of a kernel with tensor maps (tensorMapsManifest): `a` (f16) in
/// a map with sizes m, k and stride lda; `b` (i8) in one with size k.
class TensorMapLaunch : public testing::Test {
protected:
  void SetUp() override {
    Expected<Manifest> m = parseManifest(tensorMapsManifest);
    ASSERT_TRUE(m) << m.errorMessage();
    manifest = std::move(*m);
  }

  static std::vector<KernelArg> goodArgs() {
    return {KernelArg::pointer(0x7f0000000000),
            KernelArg::pointer(0x7f0000100000),
            KernelArg::pointer(0x7f0000200001),
            KernelArg::i32(1000),
            KernelArg::i64(4096),
            KernelArg::i64(4104),
            KernelArg::f32(1.0f),
            KernelArg::i16(3)};
  }

  std::string refusal(const std::vector<KernelArg> &args) const {
    Error e = checkLaunch(manifest.kernels[0], {8, 1, 1}, args, deviceLimit);
    return e ? e.message() : "accepted";
  }

  Manifest manifest;
};
} // namespace

TEST_F(TensorMapLaunch, AcceptsAGoodLaunch) {
  EXPECT_EQ(refusal(goodArgs()), "accepted");
  std::vector<KernelArg> args = goodArgs();
  args[3] = KernelArg::i32(1);
  args[4] = KernelArg::i64(int64_t(1) << 32);       // The largest size.
  args[5] = KernelArg::i64((int64_t(1) << 39) - 8); // Below 2^40 bytes.
  EXPECT_EQ(refusal(args), "accepted");
}

TEST_F(TensorMapLaunch, RefusesAMisalignedBase) {
  std::vector<KernelArg> args = goodArgs();
  args[1] = KernelArg::pointer(0x7f0000100008); // i8: no alignment of its own.
  EXPECT_EQ(refusal(args),
            "launch of 'matmul' refused: argument 1 ('b', !block.ptr<i8>) "
            "address 0x7f0000100008 is not aligned to 16 bytes, as tensor map "
            "1 (of 'b') needs");
}

TEST_F(TensorMapLaunch, RefusesSizesOutOfRange) {
  std::vector<KernelArg> args = goodArgs();
  args[3] = KernelArg::i32(0);
  EXPECT_EQ(refusal(args), "launch of 'matmul' refused: argument 3 ('m', i32) "
                           "value 0 is outside [1, 2^32], as size 0 of tensor "
                           "map 0 (of 'a') needs");
  args[3] = KernelArg::i32(-5);
  EXPECT_NE(refusal(args).find("value -5 is outside [1, 2^32]"),
            std::string::npos);
  args = goodArgs();
  args[4] = KernelArg::i64((int64_t(1) << 32) + 1);
  EXPECT_EQ(refusal(args), "launch of 'matmul' refused: argument 4 ('k', i64) "
                           "value 4294967297 is outside [1, 2^32], as size 1 "
                           "of tensor map 0 (of 'a') needs");
}

TEST_F(TensorMapLaunch, RefusesBadStrides) {
  std::vector<KernelArg> args = goodArgs();
  args[5] = KernelArg::i64(4100); // 8200 bytes.
  EXPECT_EQ(refusal(args),
            "launch of 'matmul' refused: argument 5 ('lda', i64) value 4100 "
            "times 2 bytes is not a positive multiple of 16 below 2^40, as "
            "stride 0 of tensor map 0 (of 'a') needs");
  for (int64_t lda :
       {int64_t(0), int64_t(-8), int64_t(1) << 39, INT64_MIN, INT64_MAX - 7}) {
    args[5] = KernelArg::i64(lda);
    EXPECT_NE(refusal(args).find("value " + std::to_string(lda) +
                                 " times 2 bytes is not a positive multiple"),
              std::string::npos)
        << lda;
  }
}

// The interpreter needs no tensor maps: what they need is an assumption.
TEST_F(TensorMapLaunch, ShapeIgnoresTheTensorMaps) {
  std::vector<KernelArg> args = goodArgs();
  args[3] = KernelArg::i32(0);
  args[5] = KernelArg::i64(3);
  EXPECT_FALSE(checkLaunchShape(manifest.kernels[0], {8, 1, 1}, args.data(),
                                args.size()));
}

// A size or stride multiplied from arguments is computed in their type, as
// the program computes it: an i32 product wraps.
TEST(TensorMapValues, MultiplyArgumentsInTheirType) {
  Expected<Manifest> m = parseManifest(tensorMapsManifest);
  ASSERT_TRUE(m) << m.errorMessage();
  const KernelInfo &kernel = m->kernels[0];
  std::vector<KernelArg> args(kernel.parameters.size(), KernelArg::i32(0));
  args[3] = KernelArg::i32(65536);
  args[4] = KernelArg::i64(4096);
  args[5] = KernelArg::i64(4104);
  EXPECT_EQ(
      evaluateTensorMapValue(kernel, TensorMapValue::constant(7), args.data()),
      7);
  EXPECT_EQ(evaluateTensorMapValue(kernel, {{4, 5}, 2}, args.data()),
            2 * 4096 * 4104);
  EXPECT_EQ(evaluateTensorMapValue(kernel, {{3}, 3}, args.data()), 3 * 65536);
  // 2^32 wraps to 0 in i32; 3 * 2^31 - 2^31 * 3 to -2^31.
  EXPECT_EQ(evaluateTensorMapValue(kernel, {{3, 3}, 1}, args.data()), 0);
  args[3] = KernelArg::i32(int32_t(1) << 30);
  EXPECT_EQ(evaluateTensorMapValue(kernel, {{3}, 2}, args.data()), INT32_MIN);
}

TEST_F(TensorMapLaunch, RefusesAProductOfArguments) {
  Expected<Manifest> m = parseManifest(replaceOnce(
      tensorMapsManifest, R"({"value": 262144})", R"({"product": [3, 3]})"));
  ASSERT_TRUE(m) << m.errorMessage();
  manifest = std::move(*m);
  std::vector<KernelArg> args = goodArgs(); // m * m = 10^6 bytes.
  EXPECT_EQ(refusal(args), "accepted");
  args[3] = KernelArg::i32(1001);
  EXPECT_EQ(refusal(args),
            "launch of 'matmul' refused: the product 'm' * 'm' value 1002001 "
            "times 1 bytes is not a positive multiple of 16 below 2^40, as "
            "stride 0 of tensor map 1 (of 'b') needs");
  args[3] = KernelArg::i32(65536); // Wraps to 0 in i32.
  EXPECT_NE(refusal(args).find("the product 'm' * 'm' value 0 times"),
            std::string::npos);
}
