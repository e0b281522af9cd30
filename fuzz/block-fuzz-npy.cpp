//===- block-fuzz-npy.cpp - Fuzz the .npy reader --------------------------===//
//
// libFuzzer target: every input is the bytes of a .npy file, as block-run
// reads them for --arg=ptr:...:file=<path> and --ref=. A file that decodes
// is encoded again and must decode to the same elements.
//
//===----------------------------------------------------------------------===//

#include "block/Runtime/Npy.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace blockrt;

[[noreturn]] static void bug(const char *what) {
  std::fprintf(stderr, "==== block-fuzz-npy: %s\n", what);
  std::abort();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::vector<uint64_t> shape;
  Expected<HostBuffer> buffer = decodeNpy(data, size, "fuzz.npy", &shape);
  if (!buffer) {
    if (buffer.errorMessage().empty())
      bug("decodeNpy failed with an empty message");
    return 0;
  }
  uint64_t elements = 1;
  for (uint64_t dim : shape)
    elements *= dim;
  if (elements != buffer->count)
    bug("the shape does not multiply to the element count");
  if (buffer->byteSize() != buffer->count * elementSize(buffer->type))
    bug("the buffer's byte size does not match its count");
  std::vector<uint8_t> encoded = encodeNpy(*buffer);
  Expected<HostBuffer> again =
      decodeNpy(encoded.data(), encoded.size(), "again.npy");
  if (!again)
    bug("encodeNpy output does not decode");
  if (again->type != buffer->type || again->bytes != buffer->bytes)
    bug("encodeNpy/decodeNpy do not round trip");
  return 0;
}
