//===- RunSpecTest.cpp - Run specs: --arg, --out, --ref -------------------===//

#include "block/Runtime/RunSpec.h"

#include "block/Runtime/Half.h"
#include "block/Runtime/Npy.h"
#include "block/Runtime/Random.h"
#include "TestUtil.h"

#include <cmath>
#include <sstream>

using namespace blockrt;
using namespace blockrt::test;

namespace {
ArgSpec parseOk(const char *text) {
  Expected<ArgSpec> arg = parseArgSpec(text);
  EXPECT_TRUE(arg) << text << ": " << arg.errorMessage();
  return arg ? *arg : ArgSpec();
}

std::string parseError(const char *text) {
  Expected<ArgSpec> arg = parseArgSpec(text);
  EXPECT_FALSE(arg) << text;
  return arg ? "" : arg.errorMessage();
}

HostBuffer bufferFor(const char *text, size_t index = 0) {
  Expected<HostBuffer> b = createHostBuffer(parseOk(text), index);
  EXPECT_TRUE(b) << text << ": " << b.errorMessage();
  return b ? std::move(*b) : HostBuffer();
}
} // namespace

TEST(SplitMix64, MatchesTheReferenceSequence) {
  // Outputs of Vigna's splitmix64.c for these seeds.
  SplitMix64 rng(1234567);
  EXPECT_EQ(rng.next(), 6457827717110365317u);
  EXPECT_EQ(rng.next(), 3203168211198807973u);
  EXPECT_EQ(rng.next(), 9817491932198370423u);
  EXPECT_EQ(rng.next(), 4593380528125082431u);
  EXPECT_EQ(rng.next(), 16408922859458223821u);
  EXPECT_EQ(SplitMix64(0).next(), 0xe220a8397b1dcdafu);
}

TEST(ArgSpec, ParsesBuffers) {
  ArgSpec a = parseOk("ptr:f32:1024:zeros");
  EXPECT_TRUE(a.isPointer);
  EXPECT_EQ(a.type, ElementType::F32);
  EXPECT_EQ(a.count, 1024u);
  EXPECT_EQ(a.init, BufferInit::Zeros);
  EXPECT_EQ(a.text, "ptr:f32:1024:zeros");

  a = parseOk("ptr:f16:8:const=1.5");
  EXPECT_EQ(a.init, BufferInit::Const);
  EXPECT_EQ(a.constBits, 0x3e00u);
  EXPECT_EQ(parseOk("ptr:i8:8:const=-1").constBits, 0xffu);

  a = parseOk("ptr:bf16:8:rand");
  EXPECT_EQ(a.init, BufferInit::Rand);
  EXPECT_FALSE(a.seed);
  a = parseOk("ptr:f64:8:randn=77");
  EXPECT_EQ(a.init, BufferInit::Randn);
  EXPECT_EQ(a.seed, 77u);
  EXPECT_EQ(parseOk("ptr:i64:8:iota").init, BufferInit::Iota);

  a = parseOk("ptr:f32:8:file=/tmp/a:b.npy"); // Paths may hold colons.
  EXPECT_EQ(a.init, BufferInit::File);
  EXPECT_EQ(a.file, "/tmp/a:b.npy");
}

TEST(ArgSpec, ParsesScalars) {
  struct Case {
    const char *text;
    ElementType type;
    uint64_t bits;
  };
  const Case cases[] = {
      {"i1:1", ElementType::I1, 1},
      {"i1:false", ElementType::I1, 0},
      {"i1:true", ElementType::I1, 1},
      {"i8:-128", ElementType::I8, 0x80},
      {"i8:127", ElementType::I8, 0x7f},
      {"i8:0xff", ElementType::I8, 0xff},
      {"i16:-2", ElementType::I16, 0xfffe},
      {"i32:1000", ElementType::I32, 1000},
      {"i32:+7", ElementType::I32, 7},
      {"i32:-1", ElementType::I32, 0xffffffff},
      {"i32:0x80000000", ElementType::I32, 0x80000000},
      {"i64:-9223372036854775808", ElementType::I64, 0x8000000000000000},
      {"i64:0xffffffffffffffff", ElementType::I64, ~uint64_t(0)},
      {"f16:1.5", ElementType::F16, 0x3e00},
      {"f16:65504", ElementType::F16, 0x7bff},
      {"f16:-inf", ElementType::F16, 0xfc00},
      {"bf16:-2.5", ElementType::BF16, 0xc020},
      {"f32:0.5", ElementType::F32, 0x3f000000},
      {"f32:1e-3", ElementType::F32, 0x3a83126f},
      {"f32:+2", ElementType::F32, 0x40000000},
      {"f32:inf", ElementType::F32, 0x7f800000},
      {"f64:3.125", ElementType::F64, 0x4009000000000000},
      {"f64:1e-320", ElementType::F64, 0x00000000000007e8}, // Subnormal.
  };
  for (const Case &c : cases) {
    ArgSpec a = parseOk(c.text);
    EXPECT_FALSE(a.isPointer) << c.text;
    EXPECT_EQ(a.type, c.type) << c.text;
    EXPECT_EQ(a.scalarBits, c.bits) << c.text;
  }
  EXPECT_EQ(parseOk("i8:-5").intValue(), -5);
  EXPECT_EQ(parseOk("bf16:-2.5").floatValue(), -2.5);
  EXPECT_TRUE(std::isnan(parseOk("f32:nan").floatValue()));
  KernelArg k = parseOk("i16:-300").scalarArg();
  EXPECT_EQ(k.type, ElementType::I16);
  EXPECT_EQ(k.signedValue(), -300);
}

TEST(ArgSpec, RejectsMalformedSpecs) {
  const char *types = " (expected one of i1, i8, i16, i32, i64, f16, bf16, "
                      "f32, f64, f8E4M3FN, f8E5M2)";
  EXPECT_EQ(parseError("ptr:f33:4:zeros"),
            std::string("invalid --arg 'ptr:f33:4:zeros': unknown element "
                        "type 'f33'") + types);
  EXPECT_EQ(parseError("u32:4"), std::string("invalid --arg 'u32:4': unknown "
                                             "element type 'u32'") + types);
  EXPECT_EQ(parseError("ptr:f32:4"), "invalid --arg 'ptr:f32:4': expected "
                                     "ptr:<type>:<count>:<init>");
  EXPECT_EQ(parseError("ptr:f32:0:zeros"),
            "invalid --arg 'ptr:f32:0:zeros': count '0' is not a positive "
            "integer");
  EXPECT_EQ(parseError("ptr:f32:-4:zeros"),
            "invalid --arg 'ptr:f32:-4:zeros': count '-4' is not a positive "
            "integer");
  EXPECT_EQ(parseError("ptr:f32:1k:zeros"),
            "invalid --arg 'ptr:f32:1k:zeros': count '1k' is not a positive "
            "integer");
  EXPECT_EQ(parseError("ptr:f64:1000000000000:zeros"),
            "invalid --arg 'ptr:f64:1000000000000:zeros': count 1000000000000 "
            "is too large (at most 1 TiB per buffer)");
  EXPECT_EQ(parseError("ptr:f32:4:ones"),
            "invalid --arg 'ptr:f32:4:ones': unknown init 'ones' (expected "
            "zeros, const=<v>, rand[=<seed>], randn[=<seed>], iota or "
            "file=<path.npy>)");
  EXPECT_EQ(parseError("ptr:f32:4:zeros=1"),
            "invalid --arg 'ptr:f32:4:zeros=1': init 'zeros' takes no value");
  EXPECT_EQ(parseError("ptr:f32:4:const"),
            "invalid --arg 'ptr:f32:4:const': init 'const' needs a value "
            "(const=<v>)");
  EXPECT_EQ(parseError("ptr:i8:4:const=300"),
            "invalid --arg 'ptr:i8:4:const=300': const: 300 does not fit in i8 "
            "[-128, 127]");
  EXPECT_EQ(parseError("ptr:f32:4:rand=x"),
            "invalid --arg 'ptr:f32:4:rand=x': seed 'x' is not a non-negative "
            "integer");
  EXPECT_EQ(parseError("ptr:i32:4:randn"),
            "invalid --arg 'ptr:i32:4:randn': randn needs a float element "
            "type, not i32");
  EXPECT_EQ(parseError("ptr:f32:4:file="),
            "invalid --arg 'ptr:f32:4:file=': init 'file' needs a path "
            "(file=<path.npy>)");
  EXPECT_EQ(parseError("i32"), "invalid --arg 'i32': expected "
                               "ptr:<type>:<count>:<init> or <type>:<value>");
  EXPECT_EQ(parseError("i32:"),
            "invalid --arg 'i32:': '' is not a decimal integer");
  EXPECT_EQ(parseError("i32:1.5"),
            "invalid --arg 'i32:1.5': '1.5' is not a decimal integer");
  EXPECT_EQ(parseError("i32:2147483648"),
            "invalid --arg 'i32:2147483648': 2147483648 does not fit in i32 "
            "[-2147483648, 2147483647]");
  EXPECT_EQ(parseError("i64:9223372036854775808"),
            "invalid --arg 'i64:9223372036854775808': '9223372036854775808' is "
            "not a decimal integer");
  EXPECT_EQ(parseError("i8:0x100"),
            "invalid --arg 'i8:0x100': '0x100' is not a 8-bit hex pattern");
  EXPECT_EQ(parseError("i1:2"),
            "invalid --arg 'i1:2': '2' is not an i1 value (0, 1, false or "
            "true)");
  EXPECT_EQ(parseError("f32:abc"),
            "invalid --arg 'f32:abc': 'abc' is not a number");
  EXPECT_EQ(parseError("f32:1.0x"),
            "invalid --arg 'f32:1.0x': '1.0x' is not a number");
  EXPECT_EQ(parseError("f16:65520"),
            "invalid --arg 'f16:65520': '65520' overflows f16");
  EXPECT_EQ(parseError("f32:1e39"),
            "invalid --arg 'f32:1e39': '1e39' overflows f32");
  EXPECT_EQ(parseError("f64:1e999"),
            "invalid --arg 'f64:1e999': '1e999' is out of the range of double");
}

TEST(RunSpec, ParsesOptions) {
  RunSpec spec;
  for (const char *option :
       {"--arg=ptr:f32:16:rand", "--arg=ptr:f32:16:rand=5",
        "--arg=ptr:f32:16:zeros", "--arg=i32:16", "--out=2:/tmp/c.npy",
        "--ref=2:/tmp/ref.npy", "--ref=0:a.npy", "--rtol=1e-3", "--atol=0"}) {
    Expected<bool> used = spec.parseOption(option);
    ASSERT_TRUE(used) << option << ": " << used.errorMessage();
    EXPECT_TRUE(*used) << option;
  }
  for (const char *other : {"--grid=4", "--kernel=k", "--arg", "-arg=i32:1",
                            "vector_add.mlir"}) {
    Expected<bool> used = spec.parseOption(other);
    ASSERT_TRUE(used) << other;
    EXPECT_FALSE(*used) << other;
  }
  EXPECT_EQ(spec.args.size(), 4u);
  ASSERT_EQ(spec.outputs.size(), 1u);
  EXPECT_EQ(spec.outputs[0].argIndex, 2u);
  EXPECT_EQ(spec.outputs[0].path, "/tmp/c.npy");
  ASSERT_EQ(spec.references.size(), 2u);
  EXPECT_EQ(spec.references[1].argIndex, 0u);
  EXPECT_EQ(spec.references[1].path, "a.npy");
  EXPECT_EQ(spec.rtol, 1e-3);
  EXPECT_EQ(spec.atol, 0);
  EXPECT_FALSE(spec.verify());

  RunSpec defaults;
  EXPECT_EQ(defaults.rtol, 1e-5);
  EXPECT_EQ(defaults.atol, 1e-6);
}

TEST(RunSpec, RejectsMalformedOptions) {
  auto error = [](const char *option) {
    RunSpec spec;
    Expected<bool> used = spec.parseOption(option);
    EXPECT_FALSE(used) << option;
    return used ? "" : used.errorMessage();
  };
  EXPECT_EQ(error("--arg=ptr:f32:x:zeros"),
            "invalid --arg 'ptr:f32:x:zeros': count 'x' is not a positive "
            "integer");
  EXPECT_EQ(error("--out=2"),
            "invalid --out '2': expected <argindex>:<path.npy>");
  EXPECT_EQ(error("--out=x:a.npy"),
            "invalid --out 'x:a.npy': expected <argindex>:<path.npy>");
  EXPECT_EQ(error("--ref=1:"),
            "invalid --ref '1:': expected <argindex>:<path.npy>");
  EXPECT_EQ(error("--rtol=-1"),
            "invalid --rtol '-1': expected a non-negative number");
  EXPECT_EQ(error("--atol=tiny"),
            "invalid --atol 'tiny': expected a non-negative number");
  EXPECT_EQ(error("--atol=inf"),
            "invalid --atol 'inf': expected a non-negative number");
}

TEST(RunSpec, VerifiesOutputsNameBuffers) {
  RunSpec spec;
  ASSERT_TRUE(*spec.parseOption("--arg=ptr:f32:4:zeros"));
  ASSERT_TRUE(*spec.parseOption("--arg=i32:4"));
  ASSERT_TRUE(*spec.parseOption("--out=1:a.npy"));
  Error e = spec.verify();
  ASSERT_TRUE(e);
  EXPECT_EQ(e.message(), "invalid --out '1:a.npy': argument 1 ('i32:4') is a "
                         "scalar, not a buffer");
  spec.outputs.clear();
  ASSERT_TRUE(*spec.parseOption("--ref=2:a.npy"));
  e = spec.verify();
  ASSERT_TRUE(e);
  EXPECT_EQ(e.message(), "invalid --ref '2:a.npy': argument 2 does not exist "
                         "(2 --arg given)");
}

TEST(HostBuffers, FillsAsSpecified) {
  HostBuffer zeros = bufferFor("ptr:f32:5:zeros");
  EXPECT_EQ(zeros.type, ElementType::F32);
  EXPECT_EQ(zeros.count, 5u);
  EXPECT_EQ(zeros.bytes, DeviceAlignedBytes(20, 0));

  HostBuffer c = bufferFor("ptr:bf16:3:const=-2.5");
  for (size_t i = 0; i < 3; ++i)
    EXPECT_EQ(c.getBits(i), 0xc020u);
  EXPECT_EQ(c.byteSize(), 6u);

  HostBuffer iota = bufferFor("ptr:f16:3000:iota");
  EXPECT_EQ(iota.getDouble(7), 7);
  EXPECT_EQ(iota.getDouble(2049), 2048); // Rounded to f16: ties to even.
  EXPECT_EQ(iota.getDouble(2051), 2052);
  HostBuffer iota8 = bufferFor("ptr:i8:300:iota");
  EXPECT_EQ(iota8.getInt(127), 127);
  EXPECT_EQ(iota8.getInt(200), -56); // Wraps modulo 2^8.
  HostBuffer bits = bufferFor("ptr:i1:4:iota");
  EXPECT_EQ(bits.bytes, (DeviceAlignedBytes{0, 1, 0, 1}));
}

TEST(HostBuffers, AlignedAsTheLeastAlignedDeviceBuffer) {
  // Aligned to what cuMemAlloc promises and to no more, whatever the size:
  // an alignment assumption holds or fails on the interpreter as on any GPU.
  for (const char *spec :
       {"ptr:i8:1:zeros", "ptr:f32:1000:zeros", "ptr:f64:100000:zeros"}) {
    auto address = reinterpret_cast<uintptr_t>(bufferFor(spec).data());
    EXPECT_EQ(address % deviceAllocationAlignment, 0u) << spec;
    EXPECT_NE(address % (2 * deviceAllocationAlignment), 0u) << spec;
  }
}

TEST(HostBuffers, RandomIsReproducibleAndInRange) {
  // The values are fixed by the documented generator: the first f32 draws
  // for seed 7 are (SplitMix64(7) >> 40) * 2^-23 - 1.
  HostBuffer f = bufferFor("ptr:f32:4:rand=7");
  EXPECT_EQ(f.getDouble(0), -0.22034060955047607);
  EXPECT_EQ(f.getDouble(1), -0.966423511505127);
  EXPECT_EQ(f.getDouble(2), 0.8015213012695312);
  EXPECT_EQ(f.getDouble(3), 0.16586053371429443);
  HostBuffer i = bufferFor("ptr:i32:4:rand=7");
  EXPECT_EQ(i.getInt(0), 38);
  EXPECT_EQ(i.getInt(1), 1);
  EXPECT_EQ(i.getInt(2), 90);
  EXPECT_EQ(i.getInt(3), 58);

  // Without a seed, the argument index is the seed.
  EXPECT_EQ(createHostBuffer(parseOk("ptr:f32:4:rand"), 7)->bytes, f.bytes);
  EXPECT_NE(bufferFor("ptr:f32:4:rand", 1).bytes,
            bufferFor("ptr:f32:4:rand", 2).bytes);

  for (const char *spec : {"ptr:f16:100000:rand", "ptr:bf16:100000:rand",
                           "ptr:f32:100000:rand", "ptr:f64:100000:rand"}) {
    HostBuffer b = bufferFor(spec);
    double lo = 1, hi = -1, sum = 0;
    for (size_t k = 0; k < b.count; ++k) {
      double v = b.getDouble(k);
      lo = std::min(lo, v);
      hi = std::max(hi, v);
      sum += v;
    }
    EXPECT_GE(lo, -1) << spec;
    EXPECT_LT(hi, 1) << spec;
    EXPECT_LT(lo, -0.99) << spec;
    EXPECT_GT(hi, 0.95) << spec;
    EXPECT_NEAR(sum / b.count, 0, 0.01) << spec;
  }
  HostBuffer ints = bufferFor("ptr:i8:10000:rand");
  int64_t lo = 100, hi = -1;
  for (size_t k = 0; k < ints.count; ++k) {
    lo = std::min(lo, ints.getInt(k));
    hi = std::max(hi, ints.getInt(k));
  }
  EXPECT_EQ(lo, 0);
  EXPECT_EQ(hi, 99);
  HostBuffer bools = bufferFor("ptr:i1:1000:rand");
  size_t ones = 0;
  for (uint8_t byte : bools.bytes) {
    EXPECT_LE(byte, 1);
    ones += byte;
  }
  EXPECT_GT(ones, 400u);
  EXPECT_LT(ones, 600u);
}

TEST(HostBuffers, NormalHasUnitVariance) {
  HostBuffer b = bufferFor("ptr:f64:100000:randn=3");
  double sum = 0, squares = 0;
  for (size_t k = 0; k < b.count; ++k) {
    sum += b.getDouble(k);
    squares += b.getDouble(k) * b.getDouble(k);
  }
  double mean = sum / b.count;
  EXPECT_NEAR(mean, 0, 0.01);
  EXPECT_NEAR(squares / b.count - mean * mean, 1, 0.02);
  EXPECT_EQ(bufferFor("ptr:f64:16:randn=3").bytes,
            DeviceAlignedBytes(b.bytes.begin(), b.bytes.begin() + 128));
}

TEST(HostBuffers, LoadsFiles) {
  std::filesystem::path dir = makeTempDir();
  HostBuffer source = bufferFor("ptr:f32:6:rand=1");
  std::string path = (dir / "in.npy").string();
  ASSERT_FALSE(writeNpy(path, source));

  std::string same = "ptr:f32:6:file=" + path;
  EXPECT_EQ(bufferFor(same.c_str()).bytes, source.bytes);
  std::string narrowed = "ptr:f16:6:file=" + path; // Floats convert.
  HostBuffer h = bufferFor(narrowed.c_str());
  EXPECT_EQ(h.type, ElementType::F16);
  for (size_t i = 0; i < 6; ++i)
    EXPECT_EQ(h.getBits(i), floatToHalf(static_cast<float>(source.getDouble(i))));

  std::string wrongCount = "ptr:f32:7:file=" + path;
  Expected<HostBuffer> b = createHostBuffer(parseOk(wrongCount.c_str()), 0);
  ASSERT_FALSE(b);
  EXPECT_EQ(b.errorMessage(), "--arg '" + wrongCount + "': '" + path +
                                  "' holds 6 elements, the argument 7");
  std::string toInt = "ptr:i32:6:file=" + path;
  b = createHostBuffer(parseOk(toInt.c_str()), 0);
  ASSERT_FALSE(b);
  EXPECT_EQ(b.errorMessage(), "--arg '" + toInt + "': '" + path +
                                  "' holds f32 data; only float data "
                                  "converts to another type (here i32)");
  std::string missing = "ptr:f32:6:file=" + (dir / "nope.npy").string();
  b = createHostBuffer(parseOk(missing.c_str()), 0);
  ASSERT_FALSE(b);
  EXPECT_EQ(b.errorMessage(), "--arg '" + missing + "': cannot open '" +
                                  (dir / "nope.npy").string() +
                                  "': No such file or directory");
  std::filesystem::remove_all(dir);
}

TEST(RunSpec, FinishRunWritesOutputsAndChecksReferences) {
  std::filesystem::path dir = makeTempDir();
  std::string out = (dir / "out.npy").string();
  std::string goodRef = (dir / "good.npy").string();
  std::string badRef = (dir / "bad.npy").string();
  RunSpec spec;
  for (std::string option :
       {std::string("--arg=ptr:f32:4:iota"), std::string("--arg=i32:4"),
        "--out=0:" + out, "--ref=0:" + goodRef})
    ASSERT_TRUE(*spec.parseOption(option));
  ASSERT_FALSE(spec.verify());
  Expected<std::vector<HostBuffer>> buffers = createHostBuffers(spec);
  ASSERT_TRUE(buffers) << buffers.errorMessage();
  ASSERT_EQ(buffers->size(), 2u);
  EXPECT_EQ((*buffers)[1].count, 0u); // Scalars have no buffer.

  HostBuffer reference = bufferFor("ptr:f64:4:iota");
  ASSERT_FALSE(writeNpy(goodRef, reference));
  reference.setDouble(3, 3.5);
  ASSERT_FALSE(writeNpy(badRef, reference));

  std::ostringstream log;
  Error e = finishRun(spec, *buffers, log);
  ASSERT_FALSE(e) << e.message();
  EXPECT_EQ(log.str(), "wrote argument 0 (4 x f32) to " + out + "\n" +
                           "argument 0 vs " + goodRef +
                           ": all 4 elements match (rtol 1e-05, atol 1e-06); "
                           "max abs error 0, max rel error 0\n");
  Expected<HostBuffer> written = readNpy(out);
  ASSERT_TRUE(written);
  EXPECT_EQ(written->bytes, (*buffers)[0].bytes);

  ASSERT_TRUE(*spec.parseOption("--ref=0:" + badRef));
  log.str("");
  e = finishRun(spec, *buffers, log);
  ASSERT_TRUE(e);
  EXPECT_EQ(e.message(), "1 of 2 references differ");
  EXPECT_NE(log.str().find("argument 0 vs " + badRef +
                           ": 1 of 4 elements differ (rtol 1e-05, atol "
                           "1e-06); max abs error 0.5, max rel error 0.143\n"
                           "  [3] got 3, expected 3.5\n"),
            std::string::npos)
      << log.str();

  spec.references.back().path = (dir / "missing.npy").string();
  e = finishRun(spec, *buffers, log);
  ASSERT_TRUE(e);
  EXPECT_EQ(e.message(), "--ref '0:" + badRef + "': cannot open '" +
                             (dir / "missing.npy").string() +
                             "': No such file or directory");
  std::filesystem::remove_all(dir);
}

TEST(RunSpec, ChecksAgainstTheKernelWithoutCuda) {
  Expected<Manifest> m = parseManifest(sampleManifest);
  ASSERT_TRUE(m) << m.errorMessage();
  const KernelInfo &kernel = m->kernels[0];
  auto check = [&](std::vector<const char *> args, Grid grid = {8, 1, 1}) {
    RunSpec spec;
    for (const char *arg : args) {
      Expected<bool> used = spec.parseOption(std::string("--arg=") + arg);
      EXPECT_TRUE(used && *used) << arg;
    }
    Error e = spec.checkAgainst(kernel, grid);
    return e ? e.message() : "accepted";
  };
  const char *a = "ptr:f32:1024:rand", *b = "ptr:f32:1024:rand",
             *c = "ptr:f32:1024:zeros";
  EXPECT_EQ(check({a, b, c, "i32:1024"}), "accepted");
  EXPECT_EQ(check({a, b, c}),
            "kernel 'vector_add' takes 4 arguments, 3 --arg given");
  EXPECT_EQ(check({a, b, c, "ptr:i32:4:zeros"}),
            "--arg 'ptr:i32:4:zeros' is a buffer, but argument 3 ('arg3', "
            "i32) of 'vector_add' is a scalar");
  EXPECT_EQ(check({"f32:1", b, c, "i32:1024"}),
            "--arg 'f32:1' is a scalar, but argument 0 ('arg0', "
            "!block.ptr<f32>) of 'vector_add' is a pointer");
  EXPECT_EQ(check({a, "ptr:bf16:1024:rand", c, "i32:1024"}),
            "--arg 'ptr:bf16:1024:rand' holds bf16 elements, but argument 1 "
            "('arg1', !block.ptr<f32>) of 'vector_add' points to f32");
  EXPECT_EQ(check({a, b, c, "i64:1024"}),
            "--arg 'i64:1024' is i64, but argument 3 ('arg3', i32) of "
            "'vector_add' is i32");
  EXPECT_EQ(check({a, b, c, "i32:1000"}),
            "launch of 'vector_add' refused: argument 3 ('arg3', i32) value "
            "1000 is not divisible by 16, as the kernel was compiled to "
            "assume");
  EXPECT_EQ(check({a, b, c, "i32:1024"}, {1, 1, 70000}),
            "launch of 'vector_add' refused: grid (1, 1, 70000) is invalid: z "
            "= 70000 is outside [1, 65535]");
}
