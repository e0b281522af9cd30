//===- Error.h - Errors returned as values ----------------------*- C++ -*-===//
//
// The runtime never lets an exception escape its API: every fallible function
// returns an Error (a message, empty on success) or an Expected<T> (a value or
// an Error). Both follow LLVM's conventions: `if (Error e = f()) return e;`,
// `if (!x) return x.takeError();`. Neither allocates on success.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_RUNTIME_ERROR_H
#define BLOCK_RUNTIME_ERROR_H

#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace blockrt {

/// A failure with a human-readable message, or success.
class [[nodiscard]] Error {
public:
  static Error success() { return Error(); }
  static Error make(std::string message) {
    Error e;
    e.failed = true;
    e.msg = std::move(message);
    return e;
  }

  /// True on failure, as in LLVM.
  explicit operator bool() const { return failed; }
  const std::string &message() const { return msg; }

  /// Returns a failure whose message is `prefix` followed by this message.
  Error withPrefix(const std::string &prefix) && {
    if (failed)
      msg.insert(0, prefix);
    return std::move(*this);
  }

private:
  Error() = default;
  bool failed = false;
  std::string msg;
};

/// Builds a failed Error.
inline Error makeError(std::string message) {
  return Error::make(std::move(message));
}

/// A value of type T, or the Error that prevented computing it.
template <typename T> class [[nodiscard]] Expected {
public:
  Expected(T value) : value(std::move(value)), error(Error::success()) {}
  Expected(Error err) : error(std::move(err)) {
    assert(error && "an Expected built from an Error must hold a failure");
  }

  /// True on success (the opposite of Error's convention, as in LLVM).
  explicit operator bool() const { return value.has_value(); }

  T &operator*() { return *value; }
  const T &operator*() const { return *value; }
  T *operator->() { return &*value; }
  const T *operator->() const { return &*value; }

  /// The failure; only meaningful when the Expected holds no value.
  Error takeError() { return std::move(error); }
  const std::string &errorMessage() const { return error.message(); }

private:
  std::optional<T> value;
  Error error;
};

} // namespace blockrt

#endif // BLOCK_RUNTIME_ERROR_H
