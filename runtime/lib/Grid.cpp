//===- Grid.cpp - Launch grids --------------------------------------------===//

#include "block/Runtime/Grid.h"

#include <charconv>

namespace blockrt {

std::string Grid::str() const {
  return "(" + std::to_string(x) + ", " + std::to_string(y) + ", " +
         std::to_string(z) + ")";
}

Expected<Grid> parseGrid(std::string_view text) {
  auto bad = [&](const std::string &why) {
    return makeError("invalid grid '" + std::string(text) + "': " + why +
                     " (expected X[,Y[,Z]], each a positive integer)");
  };
  uint64_t dims[3] = {1, 1, 1};
  size_t count = 0;
  std::string_view rest = text;
  while (true) {
    if (count == 3)
      return bad("more than three dimensions");
    size_t comma = rest.find(',');
    std::string_view field = rest.substr(0, comma);
    uint64_t value = 0;
    auto [ptr, ec] =
        std::from_chars(field.data(), field.data() + field.size(), value);
    if (field.empty() || ec != std::errc() ||
        ptr != field.data() + field.size())
      return bad("'" + std::string(field) + "' is not a positive integer");
    if (value == 0)
      return bad("dimensions must be at least 1");
    dims[count++] = value;
    if (comma == std::string_view::npos)
      break;
    rest = rest.substr(comma + 1);
  }
  return Grid{dims[0], dims[1], dims[2]};
}

} // namespace blockrt
