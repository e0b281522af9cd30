//===- TestUtil.h - Helpers shared by the runtime's tests -------*- C++ -*-===//

#ifndef BLOCK_RUNTIME_TEST_TESTUTIL_H
#define BLOCK_RUNTIME_TEST_TESTUTIL_H

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <string>

namespace blockrt::test {

/// The manifest of DESIGN.md / runtime/README.md, verbatim.
inline const char *sampleManifest = R"({
  "format": "block-bundle",
  "version": 1,
  "module": "vector_add",
  "target": {"triple": "nvptx64-nvidia-cuda", "chip": "sm_90a", "features": "+ptx80"},
  "ptx": "vector_add.ptx",
  "cubin": "vector_add.cubin",
  "kernels": [
    {
      "name": "vector_add",
      "num_warps": 4,
      "threads_per_block": 128,
      "shared_memory_bytes": 0,
      "parameters": [
        {"index": 0, "name": "arg0", "kind": "pointer", "element_type": "f32", "alignment": 16},
        {"index": 1, "name": "arg1", "kind": "pointer", "element_type": "f32", "alignment": 16},
        {"index": 2, "name": "arg2", "kind": "pointer", "element_type": "f32", "alignment": 16},
        {"index": 3, "name": "arg3", "kind": "scalar", "type": "i32", "divisibility": 16}
      ],
      "assumptions": ["arg0 is aligned to 16 bytes", "arg3 is divisible by 16"]
    }
  ]
})";

/// A kernel with a stride argument and three variants, as block-compile
/// writes them: two specialised on its integers, one on its pointer's
/// alignment too.
inline const char *variantsManifest = R"({
  "format": "block-bundle", "version": 1, "module": "scale",
  "target": {"triple": "nvptx64-nvidia-cuda", "chip": "sm_80", "features": ""},
  "ptx": "scale.ptx",
  "kernels": [{
    "name": "scale", "num_warps": 4, "threads_per_block": 128,
    "shared_memory_bytes": 0,
    "parameters": [
      {"index": 0, "name": "x", "kind": "pointer", "element_type": "f32"},
      {"index": 1, "name": "n", "kind": "scalar", "type": "i32"},
      {"index": 2, "name": "stride", "kind": "scalar", "type": "i64"}
    ],
    "assumptions": [],
    "variants": [
      {"symbol": "scale__v1", "shared_memory_bytes": 16,
       "assume": [{"index": 1, "name": "n", "divisibility": 16},
                  {"index": 2, "name": "stride", "divisibility": 16}]},
      {"symbol": "scale__v2", "shared_memory_bytes": 0,
       "assume": [{"index": 1, "name": "n", "divisibility": 16},
                  {"index": 2, "name": "stride", "equals": 1}]},
      {"symbol": "scale__v3", "shared_memory_bytes": 0,
       "assume": [{"index": 0, "name": "x", "alignment": 16},
                  {"index": 1, "name": "n", "divisibility": 16}]}
    ]
  }]
})";

/// A kernel with two TMA tensor maps (version 2): `a`, f16, 2-D with its
/// sizes and leading stride from arguments; `b`, i8, 3-D with constants.
inline const char *tensorMapsManifest = R"({
  "format": "block-bundle", "version": 2, "module": "matmul",
  "target": {"triple": "nvptx64-nvidia-cuda", "chip": "sm_90a", "features": "+ptx80"},
  "ptx": "matmul.ptx",
  "kernels": [{
    "name": "matmul", "num_warps": 4, "threads_per_block": 128,
    "shared_memory_bytes": 0,
    "parameters": [
      {"index": 0, "name": "a", "kind": "pointer", "element_type": "f16", "alignment": 16},
      {"index": 1, "name": "b", "kind": "pointer", "element_type": "i8"},
      {"index": 2, "name": "mask", "kind": "pointer", "element_type": "i1"},
      {"index": 3, "name": "m", "kind": "scalar", "type": "i32"},
      {"index": 4, "name": "k", "kind": "scalar", "type": "i64"},
      {"index": 5, "name": "lda", "kind": "scalar", "type": "i64"},
      {"index": 6, "name": "alpha", "kind": "scalar", "type": "f32"},
      {"index": 7, "name": "small", "kind": "scalar", "type": "i16"}
    ],
    "assumptions": ["a is aligned to 16 bytes"],
    "tensor_maps": [
      {"base": 0, "sizes": [{"arg": 3}, {"arg": 4}],
       "strides": [{"arg": 5}, {"value": 1}],
       "box": [128, 64], "swizzle": "128B", "oob_fill": "nan"},
      {"base": 1, "sizes": [{"value": 64}, {"arg": 4}, {"value": 4096}],
       "strides": [{"value": 262144}, {"value": 4096}, {"value": 1}],
       "box": [1, 16, 32], "swizzle": "32B", "oob_fill": "zero"}
    ]
  }]
})";

/// `text` with its only occurrence of `from` replaced; fails the test when
/// `from` does not occur exactly once, so that a mutation cannot go stale.
inline std::string replaceOnce(const std::string &text, const std::string &from,
                               const std::string &to) {
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << "'" << from << "' not in the text";
  EXPECT_EQ(text.find(from, at + 1), std::string::npos)
      << "'" << from << "' occurs more than once";
  if (at == std::string::npos)
    return text;
  return text.substr(0, at) + to + text.substr(at + from.size());
}

/// A fresh directory under the system's temporary directory.
inline std::filesystem::path makeTempDir() {
  const testing::TestInfo *info =
      testing::UnitTest::GetInstance()->current_test_info();
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() /
      ("blockrt-" + std::string(info->test_suite_name()) + "-" + info->name() +
       "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

inline const std::string testDir = BLOCK_RUNTIME_TEST_DIR;

} // namespace blockrt::test

#endif // BLOCK_RUNTIME_TEST_TESTUTIL_H
