//===- ManifestTest.cpp - Manifest reader ---------------------------------===//

#include "block/Runtime/Manifest.h"

#include "block/Runtime/Random.h"
#include "TestUtil.h"

#include <fstream>

using namespace blockrt;
using namespace blockrt::test;

TEST(Manifest, ParsesTheSample) {
  Expected<Manifest> m = parseManifest(sampleManifest, "vector_add.json");
  ASSERT_TRUE(m) << m.errorMessage();
  EXPECT_EQ(m->version, 1);
  EXPECT_EQ(m->module, "vector_add");
  EXPECT_EQ(m->target.triple, "nvptx64-nvidia-cuda");
  EXPECT_EQ(m->target.chip, "sm_90a");
  EXPECT_EQ(m->target.features, "+ptx80");
  EXPECT_EQ(m->ptx, "vector_add.ptx");
  EXPECT_EQ(m->cubin, "vector_add.cubin");
  ASSERT_EQ(m->kernels.size(), 1u);
  const KernelInfo *k = m->findKernel("vector_add");
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(m->findKernel("other"), nullptr);
  EXPECT_EQ(k->numWarps, 4u);
  EXPECT_EQ(k->threadsPerBlock, 128u);
  EXPECT_EQ(k->sharedMemoryBytes, 0u);
  ASSERT_EQ(k->parameters.size(), 4u);
  for (unsigned i = 0; i < 3; ++i) {
    const KernelParameter &p = k->parameters[i];
    EXPECT_EQ(p.index, i);
    EXPECT_EQ(p.name, "arg" + std::to_string(i));
    EXPECT_TRUE(p.isPointer());
    EXPECT_EQ(p.type, ElementType::F32);
    EXPECT_EQ(p.alignment, 16u);
    EXPECT_EQ(p.typeString(), "!block.ptr<f32>");
  }
  const KernelParameter &n = k->parameters[3];
  EXPECT_FALSE(n.isPointer());
  EXPECT_EQ(n.type, ElementType::I32);
  EXPECT_EQ(n.divisibility, 16u);
  EXPECT_EQ(n.typeString(), "i32");
  EXPECT_EQ(k->assumptions, (std::vector<std::string>{
                                "arg0 is aligned to 16 bytes",
                                "arg3 is divisible by 16"}));
  // Parsed from text, files resolve against nothing.
  EXPECT_EQ(m->ptxPath(), "vector_add.ptx");
}

TEST(Manifest, OptionalFieldsDefault) {
  std::string text = replaceOnce(sampleManifest,
                                 "\n  \"cubin\": \"vector_add.cubin\",", "");
  text = replaceOnce(text, R"("element_type": "f32", "alignment": 16},
        {"index": 1)",
                     R"("element_type": "f32"},
        {"index": 1)");
  text = replaceOnce(text, R"("type": "i32", "divisibility": 16})",
                     R"("type": "i32"})");
  text = replaceOnce(text, R"(,
      "assumptions": ["arg0 is aligned to 16 bytes", "arg3 is divisible by 16"])",
                     "");
  text = replaceOnce(text, R"(, "features": "+ptx80")", "");
  Expected<Manifest> m = parseManifest(text);
  ASSERT_TRUE(m) << m.errorMessage();
  EXPECT_FALSE(m->cubin);
  EXPECT_FALSE(m->cubinPath());
  EXPECT_EQ(m->target.features, "");
  const KernelInfo &k = m->kernels[0];
  EXPECT_EQ(k.parameters[0].alignment, 4u); // The element size.
  EXPECT_EQ(k.parameters[1].alignment, 16u);
  EXPECT_EQ(k.parameters[3].divisibility, 1u);
  EXPECT_TRUE(k.assumptions.empty());
}

namespace {
struct Mutation {
  const char *from;
  const char *to;
  const char *error; // The whole message, after "m.json: ".
};

// One case per rule; each replaces a unique piece of the sample.
const Mutation mutations[] = {
    {R"("format": "block-bundle",)", "",
     "format: missing (expected a non-empty string)"},
    {R"("format": "block-bundle")", R"("format": "triton")",
     "format: expected \"block-bundle\", got \"triton\""},
    {R"("format": "block-bundle")", R"("format": 1)",
     "format: expected a non-empty string, got a number"},
    {R"("version": 1,)", "", "version: missing (expected an integer >= 1)"},
    {R"("version": 1,)", R"("version": 3,)",
     "version: unsupported version 3 (this runtime reads versions 1 and 2)"},
    {R"("version": 1,)", R"("version": "1",)",
     "version: expected an integer >= 1, got a string"},
    {R"("version": 1,)", R"("version": 1.5,)",
     "version: expected an integer >= 1, got a number that is not an integer"},
    {R"("module": "vector_add",)", "",
     "module: missing (expected a non-empty string)"},
    {R"("module": "vector_add",)", R"("module": "",)",
     "module: expected a non-empty string, got a string"},
    {R"("target": {"triple": "nvptx64-nvidia-cuda", "chip": "sm_90a", "features": "+ptx80"},)",
     "", "target: missing (expected an object)"},
    {R"("target": {"triple": "nvptx64-nvidia-cuda", "chip": "sm_90a", "features": "+ptx80"},)",
     R"("target": "sm_90a",)", "target: expected an object, got a string"},
    {R"("triple": "nvptx64-nvidia-cuda", )", "",
     "target.triple: missing (expected a non-empty string)"},
    {R"("chip": "sm_90a")", R"("chip": null)",
     "target.chip: expected a non-empty string, got null"},
    {R"("features": "+ptx80")", R"("features": ["+ptx80"])",
     "target.features: expected a string, got an array"},
    {R"("ptx": "vector_add.ptx",)", "",
     "ptx: missing (expected a non-empty string)"},
    {R"("ptx": "vector_add.ptx",)", R"("ptx": "../vector_add.ptx",)",
     "ptx: \"../vector_add.ptx\" is not in the bundle directory (expected a "
     "relative path without '..')"},
    {R"("ptx": "vector_add.ptx",)", R"("ptx": "/tmp/vector_add.ptx",)",
     "ptx: \"/tmp/vector_add.ptx\" is not in the bundle directory (expected "
     "a relative path without '..')"},
    {R"("cubin": "vector_add.cubin",)", R"("cubin": "sub/../../x.cubin",)",
     "cubin: \"sub/../../x.cubin\" is not in the bundle directory (expected "
     "a relative path without '..')"},
    {R"("cubin": "vector_add.cubin",)", R"("cubin": true,)",
     "cubin: expected a non-empty string, got a boolean"},
    {R"("kernels": [)", R"("kernelz": [)",
     "kernels: missing (expected an array)"},
    {R"("kernels": [)", R"("kernels": {"k": [)",
     "line 23, column 2: expected ',' or '}' in an object"},
    {R"("name": "vector_add",)", R"("name": 7,)",
     "kernels[0].name: expected a non-empty string, got a number"},
    {R"("name": "vector_add",)", "",
     "kernels[0].name: missing (expected a non-empty string)"},
    {R"("num_warps": 4,)", R"("num_warps": 0,)",
     "kernels[0].num_warps: expected an integer in [1, 32], got 0"},
    {R"("num_warps": 4,)", R"("num_warps": "4",)",
     "kernels[0].num_warps: expected an integer in [1, 32], got a string"},
    {R"("num_warps": 4,)", "",
     "kernels[0].num_warps: missing (expected an integer in [1, 32])"},
    {R"("threads_per_block": 128,)", R"("threads_per_block": 96,)",
     "kernels[0].threads_per_block: expected 32 * num_warps = 128, got 96"},
    {R"("threads_per_block": 128,)", R"("threads_per_block": 2048,)",
     "kernels[0].threads_per_block: expected an integer in [1, 1024], got "
     "2048"},
    {R"("shared_memory_bytes": 0,)", R"("shared_memory_bytes": -1,)",
     "kernels[0].shared_memory_bytes: expected an integer in [0, 4294967295], "
     "got -1"},
    {R"("shared_memory_bytes": 0,)", "",
     "kernels[0].shared_memory_bytes: missing (expected an integer in [0, "
     "4294967295])"},
    {R"("parameters": [)", R"("params": [)",
     "kernels[0].parameters: missing (expected an array)"},
    {R"({"index": 1, "name": "arg1", "kind": "pointer", "element_type": "f32", "alignment": 16},)",
     R"("arg1",)",
     "kernels[0].parameters[1]: expected an object, got a string"},
    {R"("index": 1,)", R"("index": 2,)",
     "kernels[0].parameters[1].index: expected 1 (parameters are listed in "
     "order), got 2"},
    {R"("index": 1,)", "",
     "kernels[0].parameters[1].index: missing (expected an integer >= 0)"},
    {R"("name": "arg2",)", "",
     "kernels[0].parameters[2].name: missing (expected a non-empty string)"},
    {R"("name": "arg3", "kind": "scalar")",
     R"("name": "arg3", "kind": "value")",
     "kernels[0].parameters[3].kind: expected \"pointer\" or \"scalar\", got "
     "\"value\""},
    {R"("name": "arg3", "kind": "scalar",)", R"("name": "arg3",)",
     "kernels[0].parameters[3].kind: missing (expected a non-empty string)"},
    {R"("name": "arg0", "kind": "pointer", "element_type": "f32",)",
     R"("name": "arg0", "kind": "pointer",)",
     "kernels[0].parameters[0].element_type: missing (expected a non-empty "
     "string)"},
    {R"("name": "arg0", "kind": "pointer", "element_type": "f32",)",
     R"("name": "arg0", "kind": "pointer", "element_type": "float",)",
     "kernels[0].parameters[0].element_type: unknown element type \"float\" "
     "(expected one of i1, i8, i16, i32, i64, f16, bf16, f32, f64, f8E4M3FN, f8E5M2)"},
    {R"("name": "arg0", "kind": "pointer", "element_type": "f32", "alignment": 16)",
     R"("name": "arg0", "kind": "pointer", "element_type": "f32", "alignment": 12)",
     "kernels[0].parameters[0].alignment: expected a power of two, got 12"},
    {R"("name": "arg0", "kind": "pointer", "element_type": "f32", "alignment": 16)",
     R"("name": "arg0", "kind": "pointer", "element_type": "f32", "alignment": 0)",
     "kernels[0].parameters[0].alignment: expected an integer in [1, "
     "1073741824], got 0"},
    {R"("name": "arg0", "kind": "pointer", "element_type": "f32", "alignment": 16)",
     R"("name": "arg0", "kind": "pointer", "element_type": "f32", "divisibility": 16)",
     "kernels[0].parameters[0].divisibility: applies to scalars; a pointer's "
     "assumption is its \"alignment\""},
    {R"("name": "arg0", "kind": "pointer", "element_type": "f32", "alignment": 16)",
     R"("name": "arg0", "kind": "pointer", "element_type": "f32", "equals": 1)",
     "kernels[0].parameters[0].equals: applies to scalars; a pointer's "
     "assumption is its \"alignment\""},
    {R"("type": "i32", "divisibility": 16)",
     R"("type": "i32", "alignment": 16)",
     "kernels[0].parameters[3].alignment: applies to pointers; a scalar's "
     "assumptions are its \"divisibility\" and \"equals\""},
    {R"("type": "i32", "divisibility": 16)",
     R"("type": "f32", "equals": 1)",
     "kernels[0].parameters[3].equals: applies only to integer scalars, not "
     "f32"},
    {R"("type": "i32", "divisibility": 16)",
     R"("type": "i32", "equals": "one")",
     "kernels[0].parameters[3].equals: expected an integer >= 0, got a string"},
    {R"("type": "i32", "divisibility": 16)", R"("divisibility": 16)",
     "kernels[0].parameters[3].type: missing (expected a non-empty string)"},
    {R"("type": "i32", "divisibility": 16)",
     R"("type": "i32", "divisibility": 0)",
     "kernels[0].parameters[3].divisibility: expected an integer >= 1, got 0"},
    {R"("type": "i32", "divisibility": 16)",
     R"("type": "f32", "divisibility": 16)",
     "kernels[0].parameters[3].divisibility: applies only to integer scalars, "
     "not f32"},
    {R"("assumptions": ["arg0 is aligned to 16 bytes", "arg3 is divisible by 16"])",
     R"("assumptions": "none")",
     "kernels[0].assumptions: expected an array, got a string"},
    {R"("assumptions": ["arg0 is aligned to 16 bytes", "arg3 is divisible by 16"])",
     R"("assumptions": ["arg0 is aligned to 16 bytes", 16])",
     "kernels[0].assumptions[1]: expected a string, got a number"},
};
} // namespace

TEST(Manifest, ReportsEachMalformedField) {
  for (const Mutation &mutation : mutations) {
    SCOPED_TRACE(std::string("replacing ") + mutation.from + " by " +
                 mutation.to);
    std::string text = replaceOnce(sampleManifest, mutation.from, mutation.to);
    Expected<Manifest> m = parseManifest(text, "m.json");
    ASSERT_FALSE(m);
    EXPECT_EQ(m.errorMessage(), std::string("m.json: ") + mutation.error);
  }
}

TEST(Manifest, ReportsStructuralProblems) {
  auto error = [](const std::string &text) {
    Expected<Manifest> m = parseManifest(text, "m.json");
    EXPECT_FALSE(m);
    return m ? "" : m.errorMessage();
  };
  EXPECT_EQ(error("[]"),
            "m.json: expected an object at the top level, got an array");
  EXPECT_EQ(error("{\"format\": "),
            "m.json: line 1, column 12: unexpected end of input, expected a "
            "value");
  std::string text = replaceOnce(
      sampleManifest, R"("kernels": [)", R"("kernels": [], "old": [)");
  EXPECT_EQ(error(text), "m.json: kernels: expected at least one kernel");
  text = replaceOnce(sampleManifest, R"("kernels": [)", R"("kernels": [5, )");
  EXPECT_EQ(error(text), "m.json: kernels[0]: expected an object, got a number");
}

TEST(Manifest, ReportsEveryProblemAtOnce) {
  std::string text =
      replaceOnce(sampleManifest, R"("version": 1,)", R"("version": 3,)");
  text = replaceOnce(text, R"("num_warps": 4,)", R"("num_warps": -4,)");
  text = replaceOnce(text, R"("index": 2,)", R"("index": "2",)");
  Expected<Manifest> m = parseManifest(text, "m.json");
  ASSERT_FALSE(m);
  EXPECT_EQ(m.errorMessage(),
            "m.json: version: unsupported version 3 (this runtime reads "
            "versions 1 and 2)\n"
            "m.json: kernels[0].num_warps: expected an integer in [1, 32], got "
            "-4\n"
            "m.json: kernels[0].parameters[2].index: expected an integer >= 0, "
            "got a string");
}

TEST(Manifest, RejectsDuplicateKernelsAndTooManyParameters) {
  std::string kernel = std::string(sampleManifest);
  size_t begin = kernel.find("    {\n      \"name\"");
  size_t end = kernel.rfind("    }") + 5;
  std::string body = kernel.substr(begin, end - begin);
  std::string twice = kernel.substr(0, end) + ",\n" + body + kernel.substr(end);
  Expected<Manifest> m = parseManifest(twice, "m.json");
  ASSERT_FALSE(m);
  EXPECT_EQ(m.errorMessage(),
            "m.json: kernels[1].name: duplicate kernel name \"vector_add\"");

  std::string params;
  for (size_t i = 0; i <= maxKernelParameters; ++i)
    params += std::string(i ? "," : "") + "{\"index\": " + std::to_string(i) +
              ", \"name\": \"p\", \"kind\": \"scalar\", \"type\": \"i32\"}";
  std::string many = replaceOnce(
      sampleManifest,
      kernel.substr(kernel.find("{\"index\": 0"),
                    kernel.find("]", kernel.find("{\"index\": 0")) -
                        kernel.find("{\"index\": 0")),
      params);
  m = parseManifest(many, "m.json");
  ASSERT_FALSE(m);
  EXPECT_EQ(m.errorMessage(),
            "m.json: kernels[0].parameters: a kernel may have at most 256 "
            "parameters, got 257");
}

TEST(Manifest, SurvivesCorruptInput) {
  // Truncations and byte flips of valid manifests, with and without
  // variants, must never crash; most are errors, none may be accepted with
  // the wrong kernel count.
  for (std::string text :
       {sampleManifest, variantsManifest, tensorMapsManifest}) {
    for (size_t length = 0; length < text.size(); ++length) {
      Expected<Manifest> m = parseManifest(text.substr(0, length));
      EXPECT_FALSE(m) << "accepted a truncation to " << length << " bytes";
    }
    SplitMix64 rng(42);
    for (int trial = 0; trial < 20000; ++trial) {
      std::string mutated = text;
      for (int flips = 1 + rng.next() % 4; flips > 0; --flips) {
        size_t at = rng.next() % mutated.size();
        switch (rng.next() % 3) {
        case 0:
          mutated[at] = static_cast<char>(rng.next());
          break;
        case 1:
          mutated.erase(at, 1 + rng.next() % 8);
          break;
        default:
          mutated.insert(at, 1, "{}[]\",:0-e\\"[rng.next() % 11]);
        }
      }
      Expected<Manifest> m = parseManifest(mutated);
      if (m) {
        EXPECT_LE(m->kernels.size(), 1u);
        Expected<Manifest> again = parseManifest(writeManifest(*m));
        EXPECT_TRUE(again) << again.errorMessage();
      } else {
        EXPECT_FALSE(m.errorMessage().empty());
      }
    }
  }
}

TEST(Manifest, ReadsBundleDirectoryAndFile) {
  Expected<Manifest> byDir = readManifest(testDir + "/bundle");
  ASSERT_TRUE(byDir) << byDir.errorMessage();
  EXPECT_EQ(byDir->module, "smoke");
  EXPECT_EQ(byDir->ptxPath(), testDir + "/bundle/smoke.ptx");
  EXPECT_FALSE(byDir->cubin);
  ASSERT_NE(byDir->findKernel("vector_add"), nullptr);
  ASSERT_NE(byDir->findKernel("echo_scalars"), nullptr);
  EXPECT_EQ(byDir->findKernel("echo_scalars")->parameters.size(), 10u);

  Expected<Manifest> byFile = readManifest(testDir + "/bundle/smoke.json");
  ASSERT_TRUE(byFile) << byFile.errorMessage();
  EXPECT_EQ(byFile->directory, testDir + "/bundle");
}

TEST(Manifest, ReadErrorsNameThePath) {
  std::filesystem::path dir = makeTempDir();
  Expected<Manifest> m = readManifest((dir / "none.json").string());
  ASSERT_FALSE(m);
  EXPECT_EQ(m.errorMessage(), "cannot open '" + (dir / "none.json").string() +
                                  "': No such file or directory");

  m = readManifest(dir.string());
  ASSERT_FALSE(m);
  EXPECT_EQ(m.errorMessage(), "bundle directory '" + dir.string() +
                                  "' holds no manifest (*.json)");

  std::ofstream(dir / "a.json") << sampleManifest;
  std::ofstream(dir / "b.json") << "{}";
  m = readManifest(dir.string());
  ASSERT_FALSE(m);
  EXPECT_EQ(m.errorMessage(), "bundle directory '" + dir.string() +
                                  "' holds several manifests (" +
                                  (dir / "a.json").string() + ", " +
                                  (dir / "b.json").string() +
                                  "); name the one to use");

  m = readManifest((dir / "b.json").string());
  ASSERT_FALSE(m);
  EXPECT_EQ(m.errorMessage().substr(0, (dir / "b.json").string().size() + 12),
            (dir / "b.json").string() + ": format: mi");
  // The PTX a manifest names must exist before any device is opened; the
  // cubin may be missing (the PTX is then compiled).
  m = readManifest((dir / "a.json").string());
  ASSERT_FALSE(m);
  EXPECT_EQ(m.errorMessage(), (dir / "a.json").string() + ": ptx: '" +
                                  (dir / "vector_add.ptx").string() +
                                  "' does not exist");
  std::ofstream(dir / "vector_add.ptx") << ".version 8.0\n";
  m = readManifest((dir / "a.json").string());
  ASSERT_TRUE(m) << m.errorMessage();
  EXPECT_EQ(*m->cubinPath(), (dir / "vector_add.cubin").string());
  std::filesystem::remove_all(dir);
}

/// Compares every field the manifest holds.
static void expectSameManifest(const Manifest &got, const Manifest &want) {
  EXPECT_EQ(got.version, want.version);
  EXPECT_EQ(got.module, want.module);
  EXPECT_EQ(got.target.triple, want.target.triple);
  EXPECT_EQ(got.target.chip, want.target.chip);
  EXPECT_EQ(got.target.features, want.target.features);
  EXPECT_EQ(got.ptx, want.ptx);
  EXPECT_EQ(got.cubin, want.cubin);
  ASSERT_EQ(got.kernels.size(), want.kernels.size());
  for (size_t k = 0; k < want.kernels.size(); ++k) {
    const KernelInfo &a = got.kernels[k], &b = want.kernels[k];
    EXPECT_EQ(a.name, b.name);
    EXPECT_EQ(a.numWarps, b.numWarps);
    EXPECT_EQ(a.threadsPerBlock, b.threadsPerBlock);
    EXPECT_EQ(a.sharedMemoryBytes, b.sharedMemoryBytes);
    EXPECT_EQ(a.assumptions, b.assumptions);
    ASSERT_EQ(a.parameters.size(), b.parameters.size());
    for (size_t i = 0; i < b.parameters.size(); ++i) {
      const KernelParameter &p = a.parameters[i], &q = b.parameters[i];
      EXPECT_EQ(p.index, q.index);
      EXPECT_EQ(p.name, q.name);
      EXPECT_EQ(p.kind, q.kind);
      EXPECT_EQ(p.type, q.type);
      EXPECT_EQ(p.alignment, q.alignment);
      EXPECT_EQ(p.divisibility, q.divisibility);
      EXPECT_EQ(p.equals, q.equals);
    }
    ASSERT_EQ(a.tensorMaps.size(), b.tensorMaps.size());
    for (size_t j = 0; j < b.tensorMaps.size(); ++j) {
      const TensorMapInfo &x = a.tensorMaps[j], &y = b.tensorMaps[j];
      EXPECT_EQ(x.base, y.base);
      for (auto [got, want] :
           {std::pair{&x.sizes, &y.sizes}, std::pair{&x.strides, &y.strides}}) {
        ASSERT_EQ(got->size(), want->size());
        for (size_t d = 0; d < want->size(); ++d) {
          EXPECT_EQ((*got)[d].args, (*want)[d].args);
          EXPECT_EQ((*got)[d].value, (*want)[d].value);
        }
      }
      EXPECT_EQ(x.box, y.box);
      EXPECT_EQ(x.swizzle, y.swizzle);
      EXPECT_EQ(x.oobFill, y.oobFill);
    }
    ASSERT_EQ(a.variants.size(), b.variants.size());
    for (size_t v = 0; v < b.variants.size(); ++v) {
      const KernelVariant &x = a.variants[v], &y = b.variants[v];
      EXPECT_EQ(x.symbol, y.symbol);
      EXPECT_EQ(x.sharedMemoryBytes, y.sharedMemoryBytes);
      EXPECT_EQ(x.assumptions, y.assumptions);
      ASSERT_EQ(x.assume.size(), y.assume.size());
      for (size_t i = 0; i < y.assume.size(); ++i) {
        EXPECT_EQ(x.assume[i].index, y.assume[i].index);
        EXPECT_EQ(x.assume[i].divisibility, y.assume[i].divisibility);
        EXPECT_EQ(x.assume[i].equals, y.assume[i].equals);
        EXPECT_EQ(x.assume[i].alignment, y.assume[i].alignment);
      }
    }
  }
}

TEST(Manifest, WritesWhatItReads) {
  auto parameter = [](unsigned index, std::string name, ElementType type,
                      bool isPointer, uint64_t hint) {
    KernelParameter param;
    param.index = index;
    param.name = std::move(name);
    param.type = type;
    if (isPointer) {
      param.kind = KernelParameter::Kind::Pointer;
      param.alignment = hint;
    } else {
      param.divisibility = hint;
    }
    return param;
  };
  Manifest manifest;
  manifest.module = "two \"kernels\"";
  manifest.target = {"nvptx64-nvidia-cuda", "sm_80", "+ptx81"};
  manifest.ptx = "two.ptx";
  manifest.cubin = "two.cubin";
  KernelInfo first;
  first.name = "first";
  first.numWarps = 8;
  first.threadsPerBlock = 256;
  first.sharedMemoryBytes = 49152;
  // Every element type, hinted and not (a pointer's default alignment is its
  // element's size, which the writer leaves out).
  unsigned index = 0;
  for (ElementType type :
       {ElementType::I1, ElementType::I8, ElementType::I16, ElementType::I32,
        ElementType::I64, ElementType::F16, ElementType::BF16,
        ElementType::F32, ElementType::F64}) {
    std::string name = elementTypeName(type);
    first.parameters.push_back(
        parameter(index++, "p_" + name, type, true, elementSize(type)));
    first.parameters.push_back(
        parameter(index++, "q_" + name, type, true, 128));
    first.parameters.push_back(parameter(index++, "s_" + name, type, false, 1));
    if (isIntegerType(type)) {
      first.parameters.push_back(
          parameter(index++, "d_" + name, type, false, 8));
      KernelParameter one = parameter(index++, "e_" + name, type, false, 1);
      one.equals = 1;
      first.parameters.push_back(one);
    }
  }
  first.assumptions = describeAssumptions(first.parameters);
  KernelInfo second;
  second.name = "second";
  second.assumptions = {"said in words"};
  manifest.kernels = {first, second};

  std::string text = writeManifest(manifest);
  Expected<Manifest> read = parseManifest(text, "written.json");
  ASSERT_TRUE(read) << read.errorMessage() << "\n" << text;
  expectSameManifest(*read, manifest);
  EXPECT_EQ(first.assumptions.size(), 19u);
  EXPECT_EQ(first.assumptions.front(), "q_i1 is aligned to 128 bytes");
  EXPECT_EQ(first.assumptions[1], "d_i1 is divisible by 8");
  EXPECT_EQ(first.assumptions[2], "e_i1 is 1");
  EXPECT_EQ(text.back(), '\n');

  // Without a cubin, the field is absent and reads back as absent.
  manifest.cubin.reset();
  text = writeManifest(manifest);
  EXPECT_EQ(text.find("\"cubin\""), std::string::npos);
  read = parseManifest(text, "written.json");
  ASSERT_TRUE(read) << read.errorMessage();
  expectSameManifest(*read, manifest);
}

TEST(Manifest, RewritesTheSample) {
  Expected<Manifest> sample = parseManifest(sampleManifest, "sample.json");
  ASSERT_TRUE(sample) << sample.errorMessage();
  Expected<Manifest> again =
      parseManifest(writeManifest(*sample), "rewritten.json");
  ASSERT_TRUE(again) << again.errorMessage();
  expectSameManifest(*again, *sample);
}

TEST(Manifest, ReadsVariants) {
  Expected<Manifest> m = parseManifest(variantsManifest, "scale.json");
  ASSERT_TRUE(m) << m.errorMessage();
  const KernelInfo &k = m->kernels[0];
  ASSERT_EQ(k.variants.size(), 3u);
  EXPECT_EQ(k.variants[0].symbol, "scale__v1");
  EXPECT_EQ(k.variants[0].sharedMemoryBytes, 16u);
  ASSERT_EQ(k.variants[0].assume.size(), 2u);
  EXPECT_EQ(k.variants[0].assume[1].index, 2u);
  EXPECT_EQ(k.variants[0].assume[1].divisibility, 16u);
  EXPECT_FALSE(k.variants[0].assume[1].equals);
  EXPECT_EQ(k.variants[0].assume[1].alignment, 1u);
  EXPECT_EQ(k.variants[1].assume[1].equals, std::optional<int64_t>(1));
  EXPECT_EQ(k.variants[1].assumptions,
            (std::vector<std::string>{"n is divisible by 16", "stride is 1"}));
  // A pointer's assumption is its alignment alone.
  const VariantAssumption &x = k.variants[2].assume[0];
  EXPECT_EQ(x.index, 0u);
  EXPECT_EQ(x.alignment, 16u);
  EXPECT_EQ(x.divisibility, 1u);
  EXPECT_FALSE(x.equals);
  EXPECT_EQ(k.variants[2].assumptions,
            (std::vector<std::string>{"x is aligned to 16 bytes",
                                      "n is divisible by 16"}));
}

TEST(Manifest, OldManifestsHaveNoVariants) {
  Expected<Manifest> m = parseManifest(sampleManifest, "old.json");
  ASSERT_TRUE(m) << m.errorMessage();
  EXPECT_TRUE(m->kernels[0].variants.empty());
  EXPECT_EQ(writeManifest(*m).find("\"variants\""), std::string::npos);
}

TEST(Manifest, ReportsMalformedVariants) {
  struct Case {
    const char *from, *to, *error;
  };
  const Case cases[] = {
      {R"("symbol": "scale__v2")", R"("symbol": "scale")",
       "kernels[0].variants[1].symbol: \"scale\" names another kernel or "
       "variant"},
      {R"("symbol": "scale__v2")", R"("symbol": "scale__v1")",
       "kernels[0].variants[1].symbol: \"scale__v1\" names another kernel or "
       "variant"},
      {R"({"index": 2, "name": "stride", "equals": 1})",
       R"({"index": 3, "name": "stride", "equals": 1})",
       "kernels[0].variants[1].assume[1].index: the kernel has no parameter "
       "3"},
      {R"({"index": 2, "name": "stride", "equals": 1})",
       R"({"index": 0, "name": "x", "equals": 1})",
       "kernels[0].variants[1].assume[1].equals: applies to integer scalars; "
       "a pointer's assumption is its \"alignment\""},
      {R"({"index": 2, "name": "stride", "equals": 1})",
       R"({"index": 2, "name": "step", "equals": 1})",
       "kernels[0].variants[1].assume[1].name: parameter 2 is named "
       "\"stride\", not \"step\""},
      {R"({"index": 2, "name": "stride", "equals": 1})",
       R"({"index": 2, "name": "stride", "equals": 1, "divisibility": 16})",
       "kernels[0].variants[1].assume[1]: expected exactly one of "
       "\"divisibility\" and \"equals\""},
      {R"({"index": 2, "name": "stride", "equals": 1})",
       R"({"index": 1, "name": "n", "equals": 1})",
       "kernels[0].variants[1].assume[1].index: parameter 1 is assumed "
       "twice"},
      {R"({"index": 2, "name": "stride", "divisibility": 16})",
       R"({"index": 2, "name": "stride", "divisibility": 1})",
       "kernels[0].variants[0].assume[1].divisibility: expected an integer "
       ">= 2, got 1"},
      {R"("symbol": "scale__v2",)",
       R"("symbol": "scale__v2", "tensor_maps": [],)",
       "kernels[0].variants[1].tensor_maps: variants take the kernel's "
       "tensor maps; list them on the kernel"},
      {R"("assume": [{"index": 1, "name": "n", "divisibility": 16},
                  {"index": 2, "name": "stride", "equals": 1}])",
       R"("assume": [])",
       "kernels[0].variants[1].assume: expected at least one assumption (the "
       "generic kernel assumes none)"},
      // Pointers: an alignment, a power of two above the kernel's own.
      {R"({"index": 0, "name": "x", "alignment": 16})",
       R"({"index": 0, "name": "x", "alignment": 24})",
       "kernels[0].variants[2].assume[0].alignment: expected a power of two, "
       "got 24"},
      {R"({"index": 0, "name": "x", "alignment": 16})",
       R"({"index": 0, "name": "x", "alignment": 4})",
       "kernels[0].variants[2].assume[0].alignment: expected more than the 4 "
       "bytes the kernel assumes of parameter 0 ('x', !block.ptr<f32>), got "
       "4"},
      {R"({"index": 0, "name": "x", "kind": "pointer", "element_type": "f32"})",
       R"({"index": 0, "name": "x", "kind": "pointer", "element_type": "f32",
           "alignment": 16})",
       "kernels[0].variants[2].assume[0].alignment: expected more than the "
       "16 bytes the kernel assumes of parameter 0 ('x', !block.ptr<f32>), "
       "got 16"},
      {R"({"index": 0, "name": "x", "alignment": 16})",
       R"({"index": 0, "name": "x", "alignment": 0})",
       "kernels[0].variants[2].assume[0].alignment: expected an integer in "
       "[1, 1073741824], got 0"},
      {R"({"index": 0, "name": "x", "alignment": 16})",
       R"({"index": 0, "name": "x"})",
       "kernels[0].variants[2].assume[0].alignment: missing (expected an "
       "integer in [1, 1073741824])"},
      {R"({"index": 0, "name": "x", "alignment": 16})",
       R"({"index": 0, "name": "x", "divisibility": 16})",
       "kernels[0].variants[2].assume[0].divisibility: applies to integer "
       "scalars; a pointer's assumption is its \"alignment\""},
      {R"({"index": 0, "name": "x", "alignment": 16})",
       R"({"index": 2, "name": "stride", "alignment": 16})",
       "kernels[0].variants[2].assume[0].alignment: applies to pointers; an "
       "integer scalar's assumption is its \"divisibility\" or "
       "\"equals\""},
      {R"({"index": 0, "name": "x", "alignment": 16})",
       R"({"index": 2, "name": "stride", "alignment": 16, "equals": 1})",
       "kernels[0].variants[2].assume[0].alignment: applies to pointers; an "
       "integer scalar's assumption is its \"divisibility\" or "
       "\"equals\""},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.to);
    std::string text = replaceOnce(variantsManifest, c.from, c.to);
    Expected<Manifest> m = parseManifest(text, "m.json");
    ASSERT_FALSE(m);
    EXPECT_EQ(m.errorMessage(), std::string("m.json: ") + c.error);
  }

  // Float scalars take no assumption.
  std::string text = replaceOnce(
      variantsManifest,
      R"({"index": 2, "name": "stride", "kind": "scalar", "type": "i64"})",
      R"({"index": 2, "name": "stride", "kind": "scalar", "type": "f64"})");
  Expected<Manifest> m = parseManifest(text, "m.json");
  ASSERT_FALSE(m);
  std::string words = " parameter 2 ('stride', f64) is a float scalar; a "
                      "variant's assumptions are about integer scalars and "
                      "pointers";
  EXPECT_EQ(m.errorMessage(),
            "m.json: kernels[0].variants[0].assume[1].index:" + words +
                "\nm.json: kernels[0].variants[1].assume[1].index:" + words);
}

TEST(Manifest, WritesVariantsItReads) {
  Expected<Manifest> m = parseManifest(variantsManifest, "scale.json");
  ASSERT_TRUE(m) << m.errorMessage();
  std::string text = writeManifest(*m);
  EXPECT_NE(text.find("\"stride is 1\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"alignment\": 16"), std::string::npos) << text;
  EXPECT_NE(text.find("\"x is aligned to 16 bytes\""), std::string::npos) << text;
  Expected<Manifest> again = parseManifest(text, "rewritten.json");
  ASSERT_TRUE(again) << again.errorMessage() << "\n" << text;
  expectSameManifest(*again, *m);
}

TEST(Manifest, ReadsTensorMaps) {
  Expected<Manifest> m = parseManifest(tensorMapsManifest, "matmul.json");
  ASSERT_TRUE(m) << m.errorMessage();
  EXPECT_EQ(m->version, 2);
  const KernelInfo &k = m->kernels[0];
  ASSERT_EQ(k.tensorMaps.size(), 2u);
  const TensorMapInfo &a = k.tensorMaps[0];
  EXPECT_EQ(a.base, 0u);
  EXPECT_EQ(a.rank(), 2u);
  ASSERT_EQ(a.sizes.size(), 2u);
  EXPECT_EQ(a.sizes[0].args, std::vector<unsigned>{3});
  EXPECT_EQ(a.sizes[1].args, std::vector<unsigned>{4});
  EXPECT_EQ(a.strides[0].args, std::vector<unsigned>{5});
  EXPECT_TRUE(a.strides[1].isConstant());
  EXPECT_EQ(a.strides[1].value, 1u);
  EXPECT_EQ(a.box, (std::vector<uint32_t>{128, 64}));
  EXPECT_EQ(a.swizzle, TensorMapSwizzle::Bytes128);
  EXPECT_EQ(a.oobFill, TensorMapOobFill::NaN);
  const TensorMapInfo &b = k.tensorMaps[1];
  EXPECT_EQ(b.base, 1u);
  EXPECT_EQ(b.rank(), 3u);
  EXPECT_TRUE(b.sizes[0].isConstant());
  EXPECT_EQ(b.sizes[0].value, 64u);
  EXPECT_EQ(b.strides[0].value, 262144u);
  EXPECT_EQ(b.swizzle, TensorMapSwizzle::Bytes32);
  EXPECT_EQ(b.oobFill, TensorMapOobFill::Zero);
  // What the maps need of the arguments, each said once (k is a size of
  // both).
  EXPECT_EQ(
      describeAssumptions(k.parameters, k.tensorMaps),
      (std::vector<std::string>{
          "a is aligned to 16 bytes",
          "a is aligned to 16 bytes for its tensor map", "m is in [1, 2^32]",
          "k is in [1, 2^32]", "lda * 2 bytes is a multiple of 16",
          "b is aligned to 16 bytes for its tensor map"}));
}

TEST(Manifest, ReportsEachMalformedTensorMap) {
  const std::string map0 = "kernels[0].tensor_maps[0].";
  const std::string map1 = "kernels[0].tensor_maps[1].";
  const struct {
    const char *from, *to;
    std::string error;
  } cases[] = {
      {R"("version": 2,)", R"("version": 1,)",
       "kernels[0].tensor_maps: tensor maps need version 2 of the manifest "
       "(this one is version 1)"},
      {R"("tensor_maps": [)", R"("tensor_maps": {}, "old": [)",
       "kernels[0].tensor_maps: expected an array, got an object"},
      {R"({"base": 0,)", R"(7, {"base": 0,)",
       "kernels[0].tensor_maps[0]: expected an object, got a number"},
      {R"("base": 0,)", R"("base": 9,)",
       map0 + "base: the kernel has no parameter 9"},
      {R"("base": 0,)", R"("base": -1,)",
       map0 + "base: expected an integer >= 0, got -1"},
      {R"("base": 1,)", R"("base": 3,)",
       map1 + "base: parameter 3 ('m', i32) is not a pointer"},
      {R"("base": 1,)", R"("base": 2,)",
       map1 + "base: parameter 2 ('mask', !block.ptr<i1>) points to i1, "
              "which tensor maps cannot hold"},
      {R"({"arg": 3})", R"({"arg": 8})",
       map0 + "sizes[0].arg: the kernel has no parameter 8"},
      {R"({"arg": 3})", R"({"arg": 0})",
       map0 + "sizes[0].arg: parameter 0 ('a', !block.ptr<f16>) is not an "
              "i32 or i64 scalar"},
      {R"({"arg": 5})", R"({"arg": 6})",
       map0 + "strides[0].arg: parameter 6 ('alpha', f32) is not an i32 or "
              "i64 scalar"},
      {R"({"arg": 5})", R"({"arg": 7})",
       map0 + "strides[0].arg: parameter 7 ('small', i16) is not an i32 or "
              "i64 scalar"},
      {R"({"arg": 3})", R"({"arg": 3, "value": 4})",
       map0 + "sizes[0]: expected exactly one of \"arg\", \"value\" and "
              "\"product\" (with an optional \"value\")"},
      {R"({"arg": 3})", R"({"arg": 3, "product": [3, 3]})",
       map0 + "sizes[0]: expected exactly one of \"arg\", \"value\" and "
              "\"product\" (with an optional \"value\")"},
      {R"({"arg": 3})", R"({"product": [3]})",
       map0 + "sizes[0].product: expected two or more parameters"},
      {R"({"arg": 3})", R"({"product": 3})",
       map0 + "sizes[0].product: expected an array, got a number"},
      {R"({"arg": 3})", R"({"product": [3, "k"]})",
       map0 + "sizes[0].product[1]: expected a parameter's index, got a "
              "string"},
      {R"({"arg": 3})", R"({"product": [3, 6]})",
       map0 + "sizes[0].product[1]: parameter 6 ('alpha', f32) is not an "
              "i32 or i64 scalar"},
      {R"({"arg": 3})", R"({"product": [3, 4]})",
       map0 + "sizes[0].product: expected parameters of one type (the "
              "product's)"},
      {R"({"arg": 3})", R"({"product": [3, 3], "value": 0})",
       map0 + "sizes[0].value: expected an integer in [1, 4294967296], got "
              "0"},
      {R"({"arg": 3})", R"(3)",
       map0 + "sizes[0]: expected an object, got a number"},
      {R"({"value": 64})", R"({"value": 0})",
       map1 + "sizes[0].value: expected an integer in [1, 4294967296], got 0"},
      {R"({"value": 64})", R"({"value": 4294967297})",
       map1 + "sizes[0].value: expected an integer in [1, 4294967296], got "
              "4294967297"},
      {R"("sizes": [{"arg": 3}, {"arg": 4}],)", R"("sizes": {},)",
       map0 + "sizes: expected an array, got an object"},
      {R"("strides": [{"arg": 5}, {"value": 1}],)", "",
       map0 + "strides: missing (expected an array)"},
      {R"("strides": [{"arg": 5}, {"value": 1}],)",
       R"("strides": [{"value": 1}],)",
       map0 + "strides: expected 2 dimensions, as sizes has, got 1"},
      {R"("box": [128, 64],)", R"("box": [64],)",
       map0 + "box: expected 2 dimensions, as sizes has, got 1"},
      {R"("sizes": [{"arg": 3}, {"arg": 4}],
       "strides": [{"arg": 5}, {"value": 1}],
       "box": [128, 64],)",
       R"("sizes": [], "strides": [], "box": [],)",
       map0 + "sizes: expected 1 to 5 dimensions, got 0"},
      {R"("sizes": [{"arg": 3}, {"arg": 4}],
       "strides": [{"arg": 5}, {"value": 1}],
       "box": [128, 64],)",
       R"("sizes": [{"arg": 3}, {"arg": 3}, {"arg": 3}, {"arg": 3}, {"arg": 3},
                  {"arg": 4}],
       "strides": [{"arg": 5}, {"arg": 5}, {"arg": 5}, {"arg": 5}, {"arg": 5},
                   {"value": 1}],
       "box": [1, 1, 1, 1, 128, 64],)",
       map0 + "sizes: expected 1 to 5 dimensions, got 6"},
      {R"({"arg": 5}, {"value": 1}])", R"({"arg": 5}, {"value": 2}])",
       map0 + "strides[1]: the innermost stride must be {\"value\": 1}"},
      {R"({"arg": 5}, {"value": 1}])", R"({"arg": 5}, {"arg": 5}])",
       map0 + "strides[1]: the innermost stride must be {\"value\": 1}"},
      {R"({"value": 4096}, {"value": 1}])", R"({"value": 4100}, {"value": 1}])",
       map1 + "strides[1].value: 4100 i8 elements are 4100 bytes, not a "
              "multiple of 16 below 2^40"},
      {R"({"value": 262144})", R"({"value": 1099511627776})",
       map1 + "strides[0].value: expected an integer in [1, 1099511627775], "
              "got 1099511627776"},
      {R"("box": [128, 64],)", R"("box": [0, 64],)",
       map0 + "box[0]: expected an integer in [1, 256], got 0"},
      {R"("box": [128, 64],)", R"("box": [257, 64],)",
       map0 + "box[0]: expected an integer in [1, 256], got 257"},
      {R"("box": [128, 64],)", R"("box": [128, "64"],)",
       map0 + "box[1]: expected an integer in [1, 256], got a string"},
      {R"("box": [128, 64],)", R"("box": [128, 4],)",
       map0 + "box[1]: 4 f16 elements are 8 bytes, not a multiple of 16 (the "
              "innermost box)"},
      {R"("box": [128, 64],)", R"("box": [128, 128],)",
       map0 + "box[1]: 128 f16 elements are 256 bytes, more than the 128B "
              "swizzle's span (the innermost box)"},
      {R"("box": [1, 16, 32],)", R"("box": [1, 16, 48],)",
       map1 + "box[2]: 48 i8 elements are 48 bytes, more than the 32B "
              "swizzle's span (the innermost box)"},
      {R"("swizzle": "128B")", R"("swizzle": "256B")",
       map0 + "swizzle: expected \"none\", \"32B\", \"64B\" or \"128B\", got "
              "\"256B\""},
      {R"("swizzle": "128B", )", "",
       map0 + "swizzle: missing (expected a non-empty string)"},
      {R"("oob_fill": "zero")", R"("oob_fill": "nan")",
       map1 + "oob_fill: \"nan\" applies only to float elements, not i8"},
      {R"("oob_fill": "zero")", R"("oob_fill": "zeros")",
       map1 + "oob_fill: expected \"zero\" or \"nan\", got \"zeros\""},
  };
  for (const auto &c : cases) {
    SCOPED_TRACE(c.to);
    std::string text = replaceOnce(tensorMapsManifest, c.from, c.to);
    Expected<Manifest> m = parseManifest(text, "m.json");
    ASSERT_FALSE(m);
    EXPECT_EQ(m.errorMessage(), "m.json: " + c.error);
  }

  // At most maxKernelTensorMaps.
  std::string map = R"({"base": 1, "sizes": [{"value": 16}],
       "strides": [{"value": 1}], "box": [16], "swizzle": "none",
       "oob_fill": "zero"})";
  std::string many;
  for (size_t i = 0; i <= maxKernelTensorMaps; ++i)
    many += (i ? ", " : "") + map;
  size_t begin = std::string(tensorMapsManifest).find("{\"base\": 0");
  size_t end = std::string(tensorMapsManifest).find("\n    ]\n  }]");
  std::string text = std::string(tensorMapsManifest).substr(0, begin) + many +
                     std::string(tensorMapsManifest).substr(end);
  Expected<Manifest> m = parseManifest(text, "m.json");
  ASSERT_FALSE(m);
  EXPECT_EQ(m.errorMessage(), "m.json: kernels[0].tensor_maps: a kernel may "
                              "have at most 16 tensor maps, got 17");
}

TEST(Manifest, WritesTensorMapsItReads) {
  Expected<Manifest> m = parseManifest(tensorMapsManifest, "matmul.json");
  ASSERT_TRUE(m) << m.errorMessage();
  // Every swizzle and fill, on every element type a map may have.
  KernelInfo &kernel = m->kernels[0];
  kernel.parameters.clear();
  kernel.tensorMaps.clear();
  kernel.parameters.push_back(KernelParameter());
  kernel.parameters[0].name = "n";
  kernel.parameters[0].type = ElementType::I64;
  const TensorMapSwizzle swizzles[] = {
      TensorMapSwizzle::None, TensorMapSwizzle::Bytes32,
      TensorMapSwizzle::Bytes64, TensorMapSwizzle::Bytes128};
  for (ElementType type :
       {ElementType::I8, ElementType::I16, ElementType::I32, ElementType::I64,
        ElementType::F16, ElementType::BF16, ElementType::F32,
        ElementType::F64}) {
    KernelParameter param;
    param.index = static_cast<unsigned>(kernel.parameters.size());
    param.name = std::string("p_") + elementTypeName(type);
    param.kind = KernelParameter::Kind::Pointer;
    param.type = type;
    param.alignment = elementSize(type);
    kernel.parameters.push_back(param);
    TensorMapInfo map;
    map.base = param.index;
    size_t rank = 1 + kernel.tensorMaps.size() % maxTensorMapRank;
    for (size_t d = 0; d < rank; ++d) {
      map.sizes.push_back(d % 2 ? TensorMapValue::constant(1000 + d)
                                : TensorMapValue::fromArg(0));
      map.strides.push_back(d + 1 == rank ? TensorMapValue::constant(1)
                            : d % 2       ? TensorMapValue::fromArg(0)
                                          : TensorMapValue::constant(4096));
      map.box.push_back(static_cast<uint32_t>(d + 1));
    }
    map.swizzle = swizzles[kernel.tensorMaps.size() % 4];
    // 16 bytes in the innermost box fit every swizzle.
    map.box.back() = static_cast<uint32_t>(16 / elementSize(type));
    map.oobFill =
        isFloatType(type) ? TensorMapOobFill::NaN : TensorMapOobFill::Zero;
    kernel.tensorMaps.push_back(map);
  }
  kernel.assumptions =
      describeAssumptions(kernel.parameters, kernel.tensorMaps);
  m->version = 1; // The writer writes what the kernels need.
  std::string text = writeManifest(*m);
  EXPECT_NE(text.find("\"version\": 2,"), std::string::npos) << text;
  Expected<Manifest> read = parseManifest(text, "written.json");
  ASSERT_TRUE(read) << read.errorMessage() << "\n" << text;
  m->version = 2;
  expectSameManifest(*read, *m);
  EXPECT_EQ(writeManifest(*read), text);
}

// A size or stride the runtime multiplies from arguments (a batch stride,
// rows * columns) reads, writes back as it was and says what it needs.
TEST(Manifest, ReadsAndWritesProducts) {
  std::string text = replaceOnce(tensorMapsManifest, R"({"value": 262144})",
                                 R"({"product": [4, 5], "value": 2})");
  Expected<Manifest> m = parseManifest(text, "matmul.json");
  ASSERT_TRUE(m) << m.errorMessage();
  const TensorMapValue &stride = m->kernels[0].tensorMaps[1].strides[0];
  EXPECT_EQ(stride.args, (std::vector<unsigned>{4, 5}));
  EXPECT_EQ(stride.value, 2u);
  EXPECT_FALSE(stride.isConstant());
  std::vector<std::string> assumptions =
      describeAssumptions(m->kernels[0].parameters, m->kernels[0].tensorMaps);
  EXPECT_NE(std::find(assumptions.begin(), assumptions.end(),
                      "2 * k * lda * 1 bytes is a multiple of 16"),
            assumptions.end());
  std::string written = writeManifest(*m);
  Expected<Manifest> read = parseManifest(written, "written.json");
  ASSERT_TRUE(read) << read.errorMessage() << "\n" << written;
  expectSameManifest(*read, *m);
  EXPECT_EQ(writeManifest(*read), written);
}

// A manifest without tensor maps is written as before them, to the byte.
TEST(Manifest, WritesVersion1WithoutTensorMaps) {
  Expected<Manifest> m = parseManifest(sampleManifest, "sample.json");
  ASSERT_TRUE(m) << m.errorMessage();
  EXPECT_EQ(writeManifest(*m), R"({
  "format": "block-bundle",
  "version": 1,
  "module": "vector_add",
  "target": {
    "triple": "nvptx64-nvidia-cuda",
    "chip": "sm_90a",
    "features": "+ptx80"
  },
  "ptx": "vector_add.ptx",
  "cubin": "vector_add.cubin",
  "kernels": [
    {
      "name": "vector_add",
      "num_warps": 4,
      "threads_per_block": 128,
      "shared_memory_bytes": 0,
      "parameters": [
        {
          "index": 0,
          "name": "arg0",
          "kind": "pointer",
          "element_type": "f32",
          "alignment": 16
        },
        {
          "index": 1,
          "name": "arg1",
          "kind": "pointer",
          "element_type": "f32",
          "alignment": 16
        },
        {
          "index": 2,
          "name": "arg2",
          "kind": "pointer",
          "element_type": "f32",
          "alignment": 16
        },
        {
          "index": 3,
          "name": "arg3",
          "kind": "scalar",
          "type": "i32",
          "divisibility": 16
        }
      ],
      "assumptions": [
        "arg0 is aligned to 16 bytes",
        "arg3 is divisible by 16"
      ]
    }
  ]
}
)");
  // Read as version 2, it is still written as version 1.
  m = parseManifest(
      replaceOnce(sampleManifest, R"("version": 1,)", R"("version": 2,)"));
  ASSERT_TRUE(m) << m.errorMessage();
  EXPECT_EQ(m->version, 2);
  std::string text = writeManifest(*m);
  EXPECT_NE(text.find("\"version\": 1,"), std::string::npos);
  EXPECT_EQ(text.find("tensor_maps"), std::string::npos);
}
