//===- Numbers.h - Text to double and back (internal) -----------*- C++ -*-===//
//
// std::from_chars / std::to_chars for double need GCC 11; the GPU machine's
// compiler may be older, so the runtime uses strtod and snprintf (C locale).
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_RUNTIME_LIB_NUMBERS_H
#define BLOCK_RUNTIME_LIB_NUMBERS_H

#include <string>
#include <string_view>

namespace blockrt {

enum class ParseDouble { Ok, Invalid, Overflow };

/// Parses all of `text` (no leading space) as strtod does. Underflow to a
/// subnormal or zero is not an error; overflow is.
ParseDouble parseDouble(std::string_view text, double &value);

/// The shortest of %.15g, %.16g and %.17g that reads back as `value`.
std::string formatDouble(double value);

/// `value` as printf's `format` (one conversion of a double, e.g. "%.3g")
/// writes it.
std::string formatNumber(const char *format, double value);

} // namespace blockrt

#endif // BLOCK_RUNTIME_LIB_NUMBERS_H
