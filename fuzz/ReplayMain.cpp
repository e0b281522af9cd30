//===- ReplayMain.cpp - Run fuzz targets on files, without libFuzzer ------===//
//
// In builds without BLOCK_ENABLE_FUZZERS the fuzz targets link this main
// instead of libFuzzer's: `block-fuzz-opt a.mlir b.mlir` runs each file
// through LLVMFuzzerTestOneInput once, as libFuzzer does for file arguments,
// so that the lit suite replays every input that ever crashed a target
// (test/Fuzz) with any compiler and in every build.
//
//===----------------------------------------------------------------------===//

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int *argc,
                                                          char ***argv);

// The custom mutator of block-fuzz-opt calls libFuzzer's byte mutator; it is
// never reached when replaying.
extern "C" size_t LLVMFuzzerMutate(uint8_t *, size_t size, size_t) {
  return size;
}

int main(int argc, char **argv) {
  if (LLVMFuzzerInitialize)
    LLVMFuzzerInitialize(&argc, &argv);
  int inputs = 0;
  for (int i = 1; i < argc; ++i) {
    if (argv[i][0] == '-')
      continue; // libFuzzer flags: meaningless here.
    std::ifstream file(argv[i], std::ios::binary);
    if (!file) {
      std::fprintf(stderr, "%s: cannot open '%s'\n", argv[0], argv[i]);
      return 2;
    }
    std::vector<char> bytes((std::istreambuf_iterator<char>(file)),
                            std::istreambuf_iterator<char>());
    std::fprintf(stderr, "Running: %s\n", argv[i]);
    // An empty vector's data() may be null; libFuzzer never passes null.
    static const uint8_t none = 0;
    LLVMFuzzerTestOneInput(
        bytes.empty() ? &none : reinterpret_cast<const uint8_t *>(bytes.data()),
        bytes.size());
    // As libFuzzer says it, so that tests check either build alike.
    std::fprintf(stderr, "Executed %s\n", argv[i]);
    ++inputs;
  }
  std::fprintf(stderr, "%d inputs, no crash\n", inputs);
  return 0;
}
