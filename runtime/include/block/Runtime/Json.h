//===- Json.h - A small JSON reader and writer ------------------*- C++ -*-===//
//
// Enough JSON for kernel manifests and timing reports, with no dependency.
// The reader is strict RFC 8259 (no comments, no trailing commas), rejects
// duplicate object keys, limits nesting depth, and reports errors with line
// and column; it never crashes on malformed input. Objects keep key order.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_RUNTIME_JSON_H
#define BLOCK_RUNTIME_JSON_H

#include "block/Runtime/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace blockrt {

class JsonValue {
public:
  enum class Kind { Null, Bool, Number, String, Array, Object };
  using Array = std::vector<JsonValue>;
  using Object = std::vector<std::pair<std::string, JsonValue>>;

  JsonValue() = default;
  JsonValue(std::nullptr_t) {}
  JsonValue(bool value) : valueKind(Kind::Bool), boolean(value) {}
  JsonValue(double value) : valueKind(Kind::Number), number(value) {}
  JsonValue(int64_t value)
      : valueKind(Kind::Number), number(static_cast<double>(value)),
        integer(value) {}
  JsonValue(int value) : JsonValue(static_cast<int64_t>(value)) {}
  JsonValue(unsigned value) : JsonValue(static_cast<int64_t>(value)) {}
  JsonValue(uint64_t value);
  JsonValue(std::string value) : valueKind(Kind::String), str(std::move(value)) {}
  JsonValue(const char *value) : JsonValue(std::string(value)) {}
  JsonValue(Array value) : valueKind(Kind::Array), array(std::move(value)) {}
  JsonValue(Object value) : valueKind(Kind::Object), object(std::move(value)) {}

  Kind kind() const { return valueKind; }
  bool isNull() const { return valueKind == Kind::Null; }
  bool isBool() const { return valueKind == Kind::Bool; }
  bool isNumber() const { return valueKind == Kind::Number; }
  bool isString() const { return valueKind == Kind::String; }
  bool isArray() const { return valueKind == Kind::Array; }
  bool isObject() const { return valueKind == Kind::Object; }

  // Accessors assert the kind.
  bool getBool() const;
  double getNumber() const;
  /// The exact value of an integer literal (no fraction or exponent) that
  /// fits in int64_t; std::nullopt for any other number.
  std::optional<int64_t> getInteger() const;
  const std::string &getString() const;
  const Array &getArray() const;
  const Object &getObject() const;

  /// The member named `key` of an object, or nullptr.
  const JsonValue *find(std::string_view key) const;

  /// Appends to an array / adds a member to an object (no duplicate check).
  void push(JsonValue value);
  void set(std::string key, JsonValue value);

private:
  Kind valueKind = Kind::Null;
  bool boolean = false;
  double number = 0;
  std::optional<int64_t> integer;
  std::string str;
  Array array;
  Object object;
};

/// "null", "a boolean", "a number", "a string", "an array", "an object".
const char *describeJsonKind(JsonValue::Kind kind);

/// Parses one JSON document. Errors read "line L, column C: <what>".
Expected<JsonValue> parseJson(std::string_view text);

/// Writes `value` as JSON; `pretty` indents by two spaces. Non-finite numbers,
/// which JSON cannot represent, are written as null.
std::string writeJson(const JsonValue &value, bool pretty = false);

} // namespace blockrt

#endif // BLOCK_RUNTIME_JSON_H
