//===- NpyTest.cpp - .npy reader and writer -------------------------------===//

#include "block/Runtime/Npy.h"

#include "block/Runtime/FileIO.h"
#include "block/Runtime/Random.h"
#include "TestUtil.h"

#include <cstring>

using namespace blockrt;
using namespace blockrt::test;

namespace {
const ElementType allTypes[] = {
    ElementType::I1,  ElementType::I8,   ElementType::I16,
    ElementType::I32, ElementType::I64,  ElementType::F16,
    ElementType::BF16, ElementType::F32, ElementType::F64};

/// A .npy file with the given header dict, padded as NumPy does, and data.
std::vector<uint8_t> makeNpy(const std::string &dict,
                             const std::vector<uint8_t> &data,
                             unsigned major = 1) {
  std::string header = dict;
  unsigned lengthBytes = major == 1 ? 2 : 4;
  size_t unpadded = 8 + lengthBytes + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header += '\n';
  std::vector<uint8_t> out = {0x93, 'N', 'U', 'M', 'P', 'Y',
                              static_cast<uint8_t>(major), 0};
  for (unsigned i = 0; i < lengthBytes; ++i)
    out.push_back(static_cast<uint8_t>(header.size() >> (8 * i)));
  out.insert(out.end(), header.begin(), header.end());
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

std::string decodeError(const std::vector<uint8_t> &bytes) {
  Expected<HostBuffer> b = decodeNpy(bytes.data(), bytes.size(), "x.npy");
  EXPECT_FALSE(b);
  return b ? "" : b.errorMessage();
}

HostBuffer randomBuffer(ElementType type, size_t count, uint64_t seed) {
  Expected<HostBuffer> b = HostBuffer::allocate(type, count);
  EXPECT_TRUE(b);
  fillUniform(*b, seed);
  return std::move(*b);
}
} // namespace

TEST(Npy, WritesNumPyHeaders) {
  HostBuffer b = randomBuffer(ElementType::F32, 3, 1);
  std::vector<uint8_t> bytes = encodeNpy(b);
  ASSERT_EQ(bytes.size(), 128u + 12);
  EXPECT_EQ(std::memcmp(bytes.data(), "\x93NUMPY\x01\x00", 8), 0);
  EXPECT_EQ(bytes[8] | bytes[9] << 8, 118);
  std::string header(bytes.begin() + 10, bytes.begin() + 128);
  EXPECT_EQ(header.substr(0, 60),
            "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }   ");
  EXPECT_EQ(header.back(), '\n');
  EXPECT_EQ(std::memcmp(bytes.data() + 128, b.data(), 12), 0);

  const char *descrs[] = {"|b1", "|i1", "<i2", "<i4", "<i8",
                          "<f2", "<V2", "<f4", "<f8"};
  for (unsigned i = 0; i < 9; ++i)
    EXPECT_STREQ(npyDescr(allTypes[i]), descrs[i]);
}

TEST(Npy, RoundTripsEveryType) {
  for (ElementType type : allTypes) {
    SCOPED_TRACE(elementTypeName(type));
    for (size_t count : {size_t(1), size_t(5), size_t(1000)}) {
      HostBuffer b = randomBuffer(type, count, count);
      std::vector<uint8_t> bytes = encodeNpy(b);
      EXPECT_EQ((bytes.size() - b.byteSize()) % 64, 0u);
      std::vector<uint64_t> shape;
      Expected<HostBuffer> back =
          decodeNpy(bytes.data(), bytes.size(), "x.npy", &shape);
      ASSERT_TRUE(back) << back.errorMessage();
      EXPECT_EQ(back->type, type);
      EXPECT_EQ(back->count, count);
      EXPECT_EQ(back->bytes, b.bytes);
      EXPECT_EQ(shape, std::vector<uint64_t>{count});
    }
  }
}

TEST(Npy, RoundTripsThroughAFile) {
  std::filesystem::path dir = makeTempDir();
  std::string path = (dir / "a.npy").string();
  HostBuffer b = randomBuffer(ElementType::BF16, 77, 3);
  ASSERT_FALSE(writeNpy(path, b));
  Expected<HostBuffer> back = readNpy(path);
  ASSERT_TRUE(back) << back.errorMessage();
  EXPECT_EQ(back->type, ElementType::BF16);
  EXPECT_EQ(back->bytes, b.bytes);
  Error e = writeNpy((dir / "missing" / "a.npy").string(), b);
  ASSERT_TRUE(e);
  EXPECT_EQ(e.message(), "cannot create '" + (dir / "missing" / "a.npy").string() +
                             "': No such file or directory");
  std::filesystem::remove_all(dir);
}

TEST(Npy, ReadsNDArraysFlattened) {
  std::vector<uint8_t> data(6 * 4);
  for (int i = 0; i < 6; ++i)
    data[4 * i] = static_cast<uint8_t>(i);
  std::vector<uint64_t> shape;
  std::vector<uint8_t> bytes =
      makeNpy("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }", data);
  Expected<HostBuffer> b = decodeNpy(bytes.data(), bytes.size(), "x", &shape);
  ASSERT_TRUE(b) << b.errorMessage();
  EXPECT_EQ(b->count, 6u);
  EXPECT_EQ(b->getInt(5), 5);
  EXPECT_EQ(shape, (std::vector<uint64_t>{2, 3}));

  // 0-d arrays hold one element; a zero dimension none.
  bytes = makeNpy("{'descr': '<f8', 'fortran_order': False, 'shape': (), }",
                  std::vector<uint8_t>(8));
  b = decodeNpy(bytes.data(), bytes.size(), "x", &shape);
  ASSERT_TRUE(b) << b.errorMessage();
  EXPECT_EQ(b->count, 1u);
  EXPECT_TRUE(shape.empty());
  bytes = makeNpy("{'descr': '<f8', 'fortran_order': False, 'shape': (4, 0), }",
                  {});
  b = decodeNpy(bytes.data(), bytes.size(), "x");
  ASSERT_TRUE(b) << b.errorMessage();
  EXPECT_EQ(b->count, 0u);

  // Version 2.0 headers, double quotes, key order and Fortran order on a
  // vector are all fine.
  bytes = makeNpy("{\"shape\": (1, 6, 1), \"fortran_order\": True, "
                  "\"descr\": \"<i4\"}",
                  data, 2);
  b = decodeNpy(bytes.data(), bytes.size(), "x");
  ASSERT_TRUE(b) << b.errorMessage();
  EXPECT_EQ(b->getInt(3), 3);
}

TEST(Npy, AcceptsAlternativeSpellings) {
  std::vector<uint8_t> two = {0x80, 0x3f};
  for (const char *descr : {"<V2", "|V2", "bfloat16"}) {
    std::vector<uint8_t> bytes = makeNpy(
        std::string("{'descr': '") + descr +
            "', 'fortran_order': False, 'shape': (1,), }",
        two);
    Expected<HostBuffer> b = decodeNpy(bytes.data(), bytes.size(), "x");
    ASSERT_TRUE(b) << descr << ": " << b.errorMessage();
    EXPECT_EQ(b->type, ElementType::BF16);
    EXPECT_EQ(b->getDouble(0), 1.0);
  }
  std::vector<uint8_t> bytes = makeNpy(
      "{'descr': '<i1', 'fortran_order': False, 'shape': (2,), }", {0xff, 1});
  Expected<HostBuffer> b = decodeNpy(bytes.data(), bytes.size(), "x");
  ASSERT_TRUE(b) << b.errorMessage();
  EXPECT_EQ(b->type, ElementType::I8);
  EXPECT_EQ(b->getInt(0), -1);
  // Bools are normalised to 0 / 1.
  bytes = makeNpy("{'descr': '|b1', 'fortran_order': False, 'shape': (2,), }",
                  {0, 7});
  b = decodeNpy(bytes.data(), bytes.size(), "x");
  ASSERT_TRUE(b) << b.errorMessage();
  EXPECT_EQ(b->bytes, (DeviceAlignedBytes{0, 1}));
}

TEST(Npy, RejectsMalformedFiles) {
  std::vector<uint8_t> good = makeNpy(
      "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }",
      std::vector<uint8_t>(8));
  EXPECT_EQ(decodeError({'P', 'K', 3, 4, 0, 0, 0, 0, 0, 0, 0}),
            "x.npy: not a valid .npy file: missing the \\x93NUMPY magic");
  std::vector<uint8_t> bytes = good;
  bytes[6] = 4;
  EXPECT_EQ(decodeError(bytes),
            "x.npy: not a valid .npy file: unsupported format version 4.0");
  bytes = good;
  bytes[9] = 0x10; // Header length beyond the file.
  EXPECT_EQ(decodeError(bytes), "x.npy: not a valid .npy file: truncated header");
  bytes = good;
  bytes.resize(bytes.size() - 1);
  EXPECT_EQ(decodeError(bytes),
            "x.npy: not a valid .npy file: the data is truncated: shape needs "
            "2 elements of 4 bytes, 7 bytes follow the header");

  auto withDict = [](const std::string &dict) {
    return makeNpy(dict, std::vector<uint8_t>(64));
  };
  EXPECT_EQ(decodeError(withDict(
                "{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }")),
            "x.npy: big-endian dtype '>f4' is not supported (save "
            "little-endian data)");
  EXPECT_EQ(decodeError(withDict(
                "{'descr': '<u4', 'fortran_order': False, 'shape': (2,), }")),
            "x.npy: unsupported dtype '<u4' (supported: |b1 |i1 <i2 <i4 <i8 "
            "<f2 <f4 <f8, and <V2 or bfloat16 for bf16, float8_e4m3fn, "
            "float8_e5m2)");
  EXPECT_EQ(decodeError(withDict(
                "{'descr': '|f4', 'fortran_order': False, 'shape': (2,), }")),
            "x.npy: unsupported dtype '|f4' (supported: |b1 |i1 <i2 <i4 <i8 "
            "<f2 <f4 <f8, and <V2 or bfloat16 for bf16, float8_e4m3fn, "
            "float8_e5m2)");
  EXPECT_EQ(decodeError(withDict(
                "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }")),
            "x.npy: Fortran-order arrays with more than one dimension are not "
            "supported (save np.ascontiguousarray(a))");
  EXPECT_EQ(decodeError(withDict(
                "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2,), }")),
            "x.npy: not a valid .npy file: bad header: 'descr' must be a string");
  EXPECT_EQ(decodeError(withDict("{'descr': '<f4', 'shape': (2,), }")),
            "x.npy: not a valid .npy file: bad header: missing 'descr', "
            "'fortran_order' or 'shape'");
  EXPECT_EQ(decodeError(withDict(
                "{'descr': '<f4', 'fortran_order': 0, 'shape': (2,), }")),
            "x.npy: not a valid .npy file: bad header: 'fortran_order' must "
            "be True or False");
  EXPECT_EQ(decodeError(withDict(
                "{'descr': '<f4', 'fortran_order': False, 'shape': (-2,), }")),
            "x.npy: not a valid .npy file: bad header: 'shape' must hold "
            "non-negative integers");
  EXPECT_EQ(decodeError(withDict("{'descr': '<f4', 'fortran_order': False, "
                                 "'shape': (99999999999999999999,), }")),
            "x.npy: not a valid .npy file: bad header: a dimension in 'shape' "
            "is too large");
  EXPECT_EQ(decodeError(withDict("{'descr': '<f4', 'fortran_order': False, "
                                 "'shape': (4294967296, 4294967296, 16), }")),
            "x.npy: not a valid .npy file: shape is too large");
  EXPECT_EQ(decodeError(withDict(
                "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'x': 1}")),
            "x.npy: not a valid .npy file: bad header: unexpected key 'x'");
  EXPECT_EQ(decodeError(withDict("{'descr': '<f4'")),
            "x.npy: not a valid .npy file: bad header: expected ',' or '}'");
}

TEST(Npy, SurvivesCorruptInput) {
  HostBuffer b = randomBuffer(ElementType::F16, 10, 9);
  std::vector<uint8_t> good = encodeNpy(b);
  for (size_t length = 0; length < good.size(); ++length) {
    Expected<HostBuffer> r = decodeNpy(good.data(), length, "x");
    EXPECT_FALSE(r) << "accepted a truncation to " << length << " bytes";
  }
  SplitMix64 rng(5);
  for (int trial = 0; trial < 20000; ++trial) {
    std::vector<uint8_t> bytes = good;
    for (int flips = 1 + rng.next() % 3; flips > 0; --flips)
      bytes[rng.next() % 128] = static_cast<uint8_t>(rng.next());
    Expected<HostBuffer> r = decodeNpy(bytes.data(), bytes.size(), "x");
    if (r) {
      EXPECT_LE(r->byteSize(), bytes.size());
    }
  }
}

TEST(Npy, ReadErrorsNameThePath) {
  Expected<HostBuffer> b = readNpy("/nonexistent/dir/a.npy");
  ASSERT_FALSE(b);
  EXPECT_EQ(b.errorMessage(),
            "cannot open '/nonexistent/dir/a.npy': No such file or directory");
}
