//===- Grid.h - Launch grids ------------------------------------*- C++ -*-===//

#ifndef BLOCK_RUNTIME_GRID_H
#define BLOCK_RUNTIME_GRID_H

#include "block/Runtime/Error.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace blockrt {

/// The number of program instances along x, y and z. Wider than CUDA's
/// unsigned so that out-of-range requests reach the launch check intact.
struct Grid {
  uint64_t x = 1, y = 1, z = 1;

  /// "(x, y, z)".
  std::string str() const;
};

/// Parses "X", "X,Y" or "X,Y,Z" (decimal, each >= 1); missing dimensions
/// are 1. Limits are the launch check's business, not the parser's.
Expected<Grid> parseGrid(std::string_view text);

} // namespace blockrt

#endif // BLOCK_RUNTIME_GRID_H
