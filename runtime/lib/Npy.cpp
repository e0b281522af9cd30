//===- Npy.cpp - NumPy .npy files -----------------------------------------===//

#include "block/Runtime/Npy.h"

#include "block/Runtime/FileIO.h"

#include <cstring>
#include <limits>
#include <new>

namespace blockrt {

const char *npyDescr(ElementType type) {
  switch (type) {
  case ElementType::I1:
    return "|b1";
  case ElementType::I8:
    return "|i1";
  case ElementType::I16:
    return "<i2";
  case ElementType::I32:
    return "<i4";
  case ElementType::I64:
    return "<i8";
  case ElementType::F16:
    return "<f2";
  case ElementType::BF16:
    return "<V2";
  case ElementType::F32:
    return "<f4";
  case ElementType::F64:
    return "<f8";
  case ElementType::F8E4M3FN:
    return "float8_e4m3fn";
  case ElementType::F8E5M2:
    return "float8_e5m2";
  }
  return "";
}

namespace {
std::optional<ElementType> typeForDescr(const std::string &descr) {
  if (descr == "bfloat16")
    return ElementType::BF16;
  // NumPy has no 8-bit floats: ml_dtypes' names, which np.save writes.
  if (descr == "float8_e4m3fn")
    return ElementType::F8E4M3FN;
  if (descr == "float8_e5m2")
    return ElementType::F8E5M2;
  if (descr.size() != 3)
    return std::nullopt;
  char order = descr[0];
  std::string code = descr.substr(1);
  bool oneByte = code == "b1" || code == "i1";
  if (order != '<' && !(order == '|' && (oneByte || code == "V2")))
    return std::nullopt;
  static const std::pair<const char *, ElementType> codes[] = {
      {"b1", ElementType::I1},  {"i1", ElementType::I8},
      {"i2", ElementType::I16}, {"i4", ElementType::I32},
      {"i8", ElementType::I64}, {"f2", ElementType::F16},
      {"V2", ElementType::BF16}, {"f4", ElementType::F32},
      {"f8", ElementType::F64},
  };
  for (const auto &entry : codes)
    if (code == entry.first)
      return entry.second;
  return std::nullopt;
}

/// The header is a Python dict literal; this reads the subset np.save
/// writes: string keys mapping to strings, booleans and tuples of integers.
class HeaderParser {
public:
  explicit HeaderParser(std::string_view text) : text(text) {}

  std::string error;
  std::optional<std::string> descr;
  std::optional<bool> fortranOrder;
  std::optional<std::vector<uint64_t>> shape;

  bool parse() {
    skipSpace();
    if (!consume('{'))
      return fail("expected '{'");
    while (true) {
      skipSpace();
      if (consume('}'))
        break;
      std::string key;
      if (!parseString(key))
        return fail("expected a quoted key");
      skipSpace();
      if (!consume(':'))
        return fail("expected ':' after '" + key + "'");
      skipSpace();
      if (key == "descr") {
        std::string value;
        if (!parseString(value))
          return fail("'descr' must be a string");
        descr = value;
      } else if (key == "fortran_order") {
        if (text.substr(pos, 4) == "True") {
          fortranOrder = true;
          pos += 4;
        } else if (text.substr(pos, 5) == "False") {
          fortranOrder = false;
          pos += 5;
        } else {
          return fail("'fortran_order' must be True or False");
        }
      } else if (key == "shape") {
        std::vector<uint64_t> dims;
        if (!parseShape(dims))
          return false;
        shape = dims;
      } else {
        return fail("unexpected key '" + key + "'");
      }
      skipSpace();
      if (consume(','))
        continue;
      skipSpace();
      if (consume('}'))
        break;
      return fail("expected ',' or '}'");
    }
    skipSpace();
    if (pos != text.size())
      return fail("unexpected text after the header dict");
    if (!descr || !fortranOrder || !shape)
      return fail("missing 'descr', 'fortran_order' or 'shape'");
    return true;
  }

private:
  bool fail(const std::string &what) {
    error = what;
    return false;
  }

  void skipSpace() {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\n' ||
                                 text[pos] == '\t' || text[pos] == '\r'))
      ++pos;
  }

  bool consume(char c) {
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }

  bool parseString(std::string &out) {
    if (pos >= text.size() || (text[pos] != '\'' && text[pos] != '"'))
      return false;
    char quote = text[pos++];
    size_t end = text.find(quote, pos);
    if (end == std::string_view::npos)
      return false;
    out = std::string(text.substr(pos, end - pos));
    pos = end + 1;
    return true;
  }

  bool parseShape(std::vector<uint64_t> &dims) {
    if (!consume('('))
      return fail("'shape' must be a tuple");
    while (true) {
      skipSpace();
      if (consume(')'))
        return true;
      uint64_t value = 0;
      size_t start = pos;
      while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
        uint64_t digit = static_cast<uint64_t>(text[pos] - '0');
        if (value > (std::numeric_limits<uint64_t>::max() - digit) / 10)
          return fail("a dimension in 'shape' is too large");
        value = value * 10 + digit;
        ++pos;
      }
      if (pos == start)
        return fail("'shape' must hold non-negative integers");
      consume('L'); // Python 2 longs.
      dims.push_back(value);
      skipSpace();
      if (consume(','))
        continue;
      if (consume(')'))
        return true;
      return fail("expected ',' or ')' in 'shape'");
    }
  }

  std::string_view text;
  size_t pos = 0;
};

uint64_t readLittleEndian(const uint8_t *p, unsigned bytes) {
  uint64_t value = 0;
  for (unsigned i = 0; i < bytes; ++i)
    value |= static_cast<uint64_t>(p[i]) << (8 * i);
  return value;
}
} // namespace

Expected<HostBuffer> decodeNpy(const uint8_t *data, size_t size,
                               const std::string &origin,
                               std::vector<uint64_t> *shape) {
  auto bad = [&](const std::string &why) {
    return makeError(origin + ": not a valid .npy file: " + why);
  };
  static const uint8_t magic[] = {0x93, 'N', 'U', 'M', 'P', 'Y'};
  if (size < 10 || std::memcmp(data, magic, sizeof(magic)) != 0)
    return bad("missing the \\x93NUMPY magic");
  unsigned major = data[6];
  if (major < 1 || major > 3)
    return bad("unsupported format version " + std::to_string(major) + "." +
               std::to_string(data[7]));
  unsigned lengthBytes = major == 1 ? 2 : 4;
  if (size < 8 + lengthBytes)
    return bad("truncated header");
  uint64_t headerLength = readLittleEndian(data + 8, lengthBytes);
  uint64_t dataOffset = 8 + lengthBytes + headerLength;
  if (dataOffset > size)
    return bad("truncated header");
  HeaderParser header(std::string_view(
      reinterpret_cast<const char *>(data + 8 + lengthBytes), headerLength));
  if (!header.parse())
    return bad("bad header: " + header.error);

  std::optional<ElementType> type = typeForDescr(*header.descr);
  if (!type) {
    if (!header.descr->empty() && header.descr->front() == '>')
      return makeError(origin + ": big-endian dtype '" + *header.descr +
                       "' is not supported (save little-endian data)");
    return makeError(origin + ": unsupported dtype '" + *header.descr +
                     "' (supported: |b1 |i1 <i2 <i4 <i8 <f2 <f4 <f8, and "
                     "<V2 or bfloat16 for bf16, float8_e4m3fn, float8_e5m2)");
  }
  uint64_t count = 1;
  unsigned nonTrivialDims = 0;
  for (uint64_t dim : *header.shape) {
    if (dim > 1)
      ++nonTrivialDims;
    if (dim != 0 && count > std::numeric_limits<uint64_t>::max() / dim)
      return bad("shape is too large");
    count *= dim;
  }
  if (*header.fortranOrder && nonTrivialDims > 1)
    return makeError(origin + ": Fortran-order arrays with more than one "
                              "dimension are not supported (save "
                              "np.ascontiguousarray(a))");
  size_t elemSize = elementSize(*type);
  uint64_t available = size - dataOffset;
  if (count > available / elemSize)
    return bad("the data is truncated: shape needs " + std::to_string(count) +
               " elements of " + std::to_string(elemSize) + " bytes, " +
               std::to_string(available) + " bytes follow the header");
  Expected<HostBuffer> buffer =
      HostBuffer::allocate(*type, static_cast<size_t>(count));
  if (!buffer)
    return buffer.takeError().withPrefix(origin + ": ");
  if (count)
    std::memcpy(buffer->data(), data + dataOffset, count * elemSize);
  if (*type == ElementType::I1) // NumPy bools are 0 or 1; be sure.
    for (uint8_t &byte : buffer->bytes)
      byte = byte != 0;
  if (shape)
    *shape = *header.shape;
  return buffer;
}

Expected<HostBuffer> readNpy(const std::string &path,
                             std::vector<uint64_t> *shape) {
  Expected<std::vector<uint8_t>> bytes =
      readBinaryFile(path, std::numeric_limits<size_t>::max());
  if (!bytes)
    return bytes.takeError();
  return decodeNpy(bytes->data(), bytes->size(), path, shape);
}

std::vector<uint8_t> encodeNpy(const HostBuffer &buffer) {
  std::string header = std::string("{'descr': '") + npyDescr(buffer.type) +
                       "', 'fortran_order': False, 'shape': (" +
                       std::to_string(buffer.count) + ",), }";
  // NumPy pads with spaces and a newline so that the data is 64-byte aligned.
  size_t unpadded = 10 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header += '\n';
  std::vector<uint8_t> out = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0};
  out.push_back(static_cast<uint8_t>(header.size() & 0xff));
  out.push_back(static_cast<uint8_t>(header.size() >> 8));
  out.insert(out.end(), header.begin(), header.end());
  out.insert(out.end(), buffer.bytes.begin(), buffer.bytes.end());
  return out;
}

Error writeNpy(const std::string &path, const HostBuffer &buffer) {
  std::vector<uint8_t> bytes;
  try {
    bytes = encodeNpy(buffer);
  } catch (const std::bad_alloc &) {
    return makeError("cannot write '" + path + "': out of memory");
  }
  return writeBinaryFile(path, bytes.data(), bytes.size());
}

} // namespace blockrt
