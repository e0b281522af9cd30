//===- Numbers.cpp - Text to double and back ------------------------------===//

#include "Numbers.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace blockrt {

ParseDouble parseDouble(std::string_view text, double &value) {
  if (text.empty() || text[0] == ' ' || text[0] == '\t' || text[0] == '\n' ||
      text[0] == '\r' || text[0] == '\f' || text[0] == '\v')
    return ParseDouble::Invalid;
  std::string copy(text); // strtod needs a terminator.
  char *end = nullptr;
  errno = 0;
  value = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size())
    return ParseDouble::Invalid;
  if (errno == ERANGE && std::isinf(value))
    return ParseDouble::Overflow;
  return ParseDouble::Ok;
}

std::string formatDouble(double value) {
  char buf[32];
  for (int precision = 15; precision < 17; ++precision) {
    std::snprintf(buf, sizeof(buf), "%.*g", precision, value);
    if (std::strtod(buf, nullptr) == value)
      return buf;
  }
  std::snprintf(buf, sizeof(buf), "%.17g", value);
  return buf;
}

std::string formatNumber(const char *format, double value) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), format, value);
  return buf;
}

} // namespace blockrt
