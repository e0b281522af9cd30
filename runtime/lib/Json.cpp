//===- Json.cpp - A small JSON reader and writer --------------------------===//

#include "block/Runtime/Json.h"

#include "Numbers.h"

#include <cassert>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <unordered_set>

namespace blockrt {

JsonValue::JsonValue(uint64_t value)
    : valueKind(Kind::Number), number(static_cast<double>(value)) {
  if (value <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
    integer = static_cast<int64_t>(value);
}

bool JsonValue::getBool() const {
  assert(isBool());
  return boolean;
}

double JsonValue::getNumber() const {
  assert(isNumber());
  return number;
}

std::optional<int64_t> JsonValue::getInteger() const {
  assert(isNumber());
  return integer;
}

const std::string &JsonValue::getString() const {
  assert(isString());
  return str;
}

const JsonValue::Array &JsonValue::getArray() const {
  assert(isArray());
  return array;
}

const JsonValue::Object &JsonValue::getObject() const {
  assert(isObject());
  return object;
}

const JsonValue *JsonValue::find(std::string_view key) const {
  if (!isObject())
    return nullptr;
  for (const auto &member : object)
    if (member.first == key)
      return &member.second;
  return nullptr;
}

void JsonValue::push(JsonValue value) {
  assert(isArray());
  array.push_back(std::move(value));
}

void JsonValue::set(std::string key, JsonValue value) {
  assert(isObject());
  object.emplace_back(std::move(key), std::move(value));
}

const char *describeJsonKind(JsonValue::Kind kind) {
  switch (kind) {
  case JsonValue::Kind::Null:
    return "null";
  case JsonValue::Kind::Bool:
    return "a boolean";
  case JsonValue::Kind::Number:
    return "a number";
  case JsonValue::Kind::String:
    return "a string";
  case JsonValue::Kind::Array:
    return "an array";
  case JsonValue::Kind::Object:
    return "an object";
  }
  return "a value";
}

//===----------------------------------------------------------------------===//
// Reader
//===----------------------------------------------------------------------===//

namespace {
// Deep enough for any manifest, shallow enough that recursion cannot exhaust
// the stack on hostile input.
constexpr unsigned maxDepth = 128;

class Parser {
public:
  explicit Parser(std::string_view text) : text(text) {}

  Expected<JsonValue> parseDocument() {
    skipSpace();
    JsonValue value;
    if (!parseValue(value, 0))
      return takeError();
    skipSpace();
    if (pos != text.size()) {
      fail("unexpected text after the JSON value");
      return takeError();
    }
    return value;
  }

private:
  bool fail(const std::string &what) {
    if (!failed) {
      failed = true;
      unsigned line = 1, column = 1;
      for (size_t i = 0; i < pos && i < text.size(); ++i) {
        if (text[i] == '\n') {
          ++line;
          column = 1;
        } else {
          ++column;
        }
      }
      message = "line " + std::to_string(line) + ", column " +
                std::to_string(column) + ": " + what;
    }
    return false;
  }

  Error takeError() { return makeError(message); }

  static std::string describeChar(char c) {
    unsigned char u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f)
      return std::string("character '") + c + "'";
    char buf[16];
    std::snprintf(buf, sizeof(buf), "byte 0x%02x", u);
    return buf;
  }

  bool atEnd() const { return pos >= text.size(); }
  char peek() const { return atEnd() ? '\0' : text[pos]; }

  void skipSpace() {
    while (!atEnd() && (text[pos] == ' ' || text[pos] == '\t' ||
                        text[pos] == '\n' || text[pos] == '\r'))
      ++pos;
  }

  bool parseLiteral(std::string_view word, JsonValue value, JsonValue &out) {
    if (text.substr(pos, word.size()) != word)
      return fail("invalid literal (expected '" + std::string(word) + "')");
    pos += word.size();
    out = std::move(value);
    return true;
  }

  bool parseValue(JsonValue &out, unsigned depth) {
    if (depth > maxDepth)
      return fail("nesting deeper than " + std::to_string(maxDepth) +
                  " levels");
    switch (peek()) {
    case '{':
      return parseObject(out, depth);
    case '[':
      return parseArray(out, depth);
    case '"': {
      std::string s;
      if (!parseString(s))
        return false;
      out = JsonValue(std::move(s));
      return true;
    }
    case 't':
      return parseLiteral("true", JsonValue(true), out);
    case 'f':
      return parseLiteral("false", JsonValue(false), out);
    case 'n':
      return parseLiteral("null", JsonValue(nullptr), out);
    default:
      if (peek() == '-' || (peek() >= '0' && peek() <= '9'))
        return parseNumber(out);
      if (atEnd())
        return fail("unexpected end of input, expected a value");
      return fail("unexpected " + describeChar(peek()) + ", expected a value");
    }
  }

  bool parseObject(JsonValue &out, unsigned depth) {
    ++pos; // '{'
    JsonValue::Object members;
    std::unordered_set<std::string> keys;
    skipSpace();
    if (peek() == '}') {
      ++pos;
      out = JsonValue(std::move(members));
      return true;
    }
    while (true) {
      skipSpace();
      if (peek() != '"')
        return fail("expected a string key in an object");
      size_t keyPos = pos;
      std::string key;
      if (!parseString(key))
        return false;
      if (!keys.insert(key).second) {
        pos = keyPos;
        return fail("duplicate key \"" + key + "\"");
      }
      skipSpace();
      if (peek() != ':')
        return fail("expected ':' after an object key");
      ++pos;
      skipSpace();
      JsonValue value;
      if (!parseValue(value, depth + 1))
        return false;
      members.emplace_back(std::move(key), std::move(value));
      skipSpace();
      if (peek() == ',') {
        ++pos;
        continue;
      }
      if (peek() == '}') {
        ++pos;
        out = JsonValue(std::move(members));
        return true;
      }
      return fail("expected ',' or '}' in an object");
    }
  }

  bool parseArray(JsonValue &out, unsigned depth) {
    ++pos; // '['
    JsonValue::Array elements;
    skipSpace();
    if (peek() == ']') {
      ++pos;
      out = JsonValue(std::move(elements));
      return true;
    }
    while (true) {
      skipSpace();
      JsonValue value;
      if (!parseValue(value, depth + 1))
        return false;
      elements.push_back(std::move(value));
      skipSpace();
      if (peek() == ',') {
        ++pos;
        continue;
      }
      if (peek() == ']') {
        ++pos;
        out = JsonValue(std::move(elements));
        return true;
      }
      return fail("expected ',' or ']' in an array");
    }
  }

  static void appendUtf8(std::string &s, uint32_t code) {
    if (code < 0x80) {
      s += static_cast<char>(code);
    } else if (code < 0x800) {
      s += static_cast<char>(0xc0 | (code >> 6));
      s += static_cast<char>(0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
      s += static_cast<char>(0xe0 | (code >> 12));
      s += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
      s += static_cast<char>(0x80 | (code & 0x3f));
    } else {
      s += static_cast<char>(0xf0 | (code >> 18));
      s += static_cast<char>(0x80 | ((code >> 12) & 0x3f));
      s += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
      s += static_cast<char>(0x80 | (code & 0x3f));
    }
  }

  bool parseHex4(uint32_t &code) {
    if (text.size() - pos < 4)
      return fail("truncated \\u escape");
    code = 0;
    for (int i = 0; i < 4; ++i) {
      char c = text[pos + i];
      code <<= 4;
      if (c >= '0' && c <= '9')
        code |= c - '0';
      else if (c >= 'a' && c <= 'f')
        code |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
        code |= c - 'A' + 10;
      else
        return fail("invalid hex digit in \\u escape");
    }
    pos += 4;
    return true;
  }

  bool parseString(std::string &out) {
    ++pos; // '"'
    while (true) {
      if (atEnd())
        return fail("unterminated string");
      unsigned char c = static_cast<unsigned char>(text[pos]);
      if (c == '"') {
        ++pos;
        return true;
      }
      if (c < 0x20)
        return fail("control character in a string (escape it)");
      if (c != '\\') {
        out += static_cast<char>(c);
        ++pos;
        continue;
      }
      ++pos;
      if (atEnd())
        return fail("unterminated string");
      char e = text[pos++];
      switch (e) {
      case '"':
      case '\\':
      case '/':
        out += e;
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        uint32_t code = 0;
        if (!parseHex4(code))
          return false;
        if (code >= 0xdc00 && code <= 0xdfff)
          return fail("unpaired low surrogate in \\u escape");
        if (code >= 0xd800 && code <= 0xdbff) {
          if (text.substr(pos, 2) != "\\u")
            return fail("unpaired high surrogate in \\u escape");
          pos += 2;
          uint32_t low = 0;
          if (!parseHex4(low))
            return false;
          if (low < 0xdc00 || low > 0xdfff)
            return fail("invalid low surrogate in \\u escape");
          code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        }
        appendUtf8(out, code);
        break;
      }
      default:
        --pos;
        return fail("invalid escape: backslash followed by " + describeChar(e));
      }
    }
  }

  bool parseNumber(JsonValue &out) {
    size_t start = pos;
    bool integral = true;
    if (peek() == '-')
      ++pos;
    auto isDigit = [&] { return peek() >= '0' && peek() <= '9'; };
    if (!isDigit())
      return fail("expected a digit");
    if (peek() == '0') {
      ++pos;
      if (isDigit())
        return fail("leading zeros are not allowed in numbers");
    } else {
      while (isDigit())
        ++pos;
    }
    if (peek() == '.') {
      integral = false;
      ++pos;
      if (!isDigit())
        return fail("expected a digit after '.'");
      while (isDigit())
        ++pos;
    }
    if (peek() == 'e' || peek() == 'E') {
      integral = false;
      ++pos;
      if (peek() == '+' || peek() == '-')
        ++pos;
      if (!isDigit())
        return fail("expected a digit in the exponent");
      while (isDigit())
        ++pos;
    }
    const char *first = text.data() + start;
    const char *last = text.data() + pos;
    if (integral) {
      int64_t value;
      auto [ptr, ec] = std::from_chars(first, last, value);
      if (ec == std::errc() && ptr == last) {
        out = JsonValue(value);
        return true;
      }
    }
    // The grammar is checked above; strtod only converts.
    double value;
    if (parseDouble(std::string_view(first, last - first), value) !=
        ParseDouble::Ok) {
      pos = start;
      return fail("number out of range");
    }
    out = JsonValue(value);
    return true;
  }

  std::string_view text;
  size_t pos = 0;
  bool failed = false;
  std::string message;
};
} // namespace

Expected<JsonValue> parseJson(std::string_view text) {
  return Parser(text).parseDocument();
}

//===----------------------------------------------------------------------===//
// Writer
//===----------------------------------------------------------------------===//

namespace {
void writeString(std::string &out, const std::string &s) {
  out += '"';
  for (unsigned char c : s) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\r':
      out += "\\r";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (c < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof(buf), "\\u%04x", c);
        out += buf;
      } else {
        out += static_cast<char>(c);
      }
    }
  }
  out += '"';
}

void writeNumber(std::string &out, const JsonValue &value) {
  if (std::optional<int64_t> i = value.getInteger()) {
    out += std::to_string(*i);
    return;
  }
  double d = value.getNumber();
  if (!std::isfinite(d)) {
    out += "null";
    return;
  }
  // "-0" would read back as the integer 0.
  if (d == 0 && std::signbit(d)) {
    out += "-0.0";
    return;
  }
  out += formatDouble(d);
}

void writeValue(std::string &out, const JsonValue &value, bool pretty,
                unsigned indent) {
  auto newline = [&](unsigned level) {
    if (!pretty)
      return;
    out += '\n';
    out.append(2 * level, ' ');
  };
  switch (value.kind()) {
  case JsonValue::Kind::Null:
    out += "null";
    return;
  case JsonValue::Kind::Bool:
    out += value.getBool() ? "true" : "false";
    return;
  case JsonValue::Kind::Number:
    writeNumber(out, value);
    return;
  case JsonValue::Kind::String:
    writeString(out, value.getString());
    return;
  case JsonValue::Kind::Array: {
    const JsonValue::Array &array = value.getArray();
    out += '[';
    for (size_t i = 0; i < array.size(); ++i) {
      if (i)
        out += ',';
      newline(indent + 1);
      writeValue(out, array[i], pretty, indent + 1);
    }
    if (!array.empty())
      newline(indent);
    out += ']';
    return;
  }
  case JsonValue::Kind::Object: {
    const JsonValue::Object &object = value.getObject();
    out += '{';
    for (size_t i = 0; i < object.size(); ++i) {
      if (i)
        out += ',';
      newline(indent + 1);
      writeString(out, object[i].first);
      out += pretty ? ": " : ":";
      writeValue(out, object[i].second, pretty, indent + 1);
    }
    if (!object.empty())
      newline(indent);
    out += '}';
    return;
  }
  }
}
} // namespace

std::string writeJson(const JsonValue &value, bool pretty) {
  std::string out;
  writeValue(out, value, pretty, 0);
  return out;
}

} // namespace blockrt
