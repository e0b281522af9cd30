//===- SharedLayoutsTest.cpp - Shared-memory layouts ----------------------===//
//
// Each shared layout maps an element offset to a tensor index; the tests
// check the inverse, index -> offset, against the formulas of the hardware
// documentation (CUDA's wgmma/TMA swizzle modes, as CUTLASS writes them).
//
//===----------------------------------------------------------------------===//

#include "block/Layout/TensorLayouts.h"

#include "gtest/gtest.h"

using namespace mlir::block;

namespace {

/// Checks that `layout` puts the element at index (r, c) of the tile (and
/// `t` of a leading dimension, if any) at `expected(t, r, c)`.
template <typename Formula>
void expectOffsets(const LinearLayout &layout, llvm::ArrayRef<int64_t> shape,
                   Formula expected) {
  ASSERT_TRUE(layout.isInvertible()) << layout.toString();
  std::optional<LinearLayout> toOffset = layout.invert();
  ASSERT_TRUE(toOffset);
  int64_t tiles = shape.size() == 3 ? shape[0] : 1;
  int64_t rows = shape[shape.size() - 2], cols = shape.back();
  for (int32_t t = 0; t < tiles; ++t)
    for (int32_t r = 0; r < rows; ++r)
      for (int32_t c = 0; c < cols; ++c) {
        llvm::SmallVector<int32_t> index = {r, c};
        if (shape.size() == 3)
          index.insert(index.begin(), t);
        EXPECT_EQ(toOffset->apply(index)[0], expected(t, r, c))
            << "element (" << t << ", " << r << ", " << c << ")";
      }
}

TEST(SharedLayouts, RowMajor) {
  expectOffsets(getRowMajorSharedLayout({4, 8}, false), {4, 8},
                [](int, int r, int c) { return r * 8 + c; });
  expectOffsets(getRowMajorSharedLayout({4, 8}, /*transposed=*/true), {4, 8},
                [](int, int r, int c) { return c * 4 + r; });
  expectOffsets(getRowMajorSharedLayout({2, 4, 8}, false), {2, 4, 8},
                [](int t, int r, int c) { return t * 32 + r * 8 + c; });
}

TEST(SharedLayouts, NVMMA128ByteSwizzleOfBf16) {
  // One slab of 64 bf16 columns: byte r*128 + ((2c/16) ^ (r%8))*16 + 2c%16.
  expectOffsets(getNVMMASharedLayout({64, 64}, 128, 16, false), {64, 64},
                [](int, int r, int c) {
                  int byte = r * 128 + (((2 * c) / 16) ^ (r % 8)) * 16 +
                             (2 * c) % 16;
                  return byte / 2;
                });
  // Two slabs: the second 64 columns after all rows of the first.
  expectOffsets(getNVMMASharedLayout({16, 128}, 128, 16, false), {16, 128},
                [](int, int r, int c) {
                  int slab = c / 64, inSlab = c % 64;
                  int byte = slab * 16 * 128 + r * 128 +
                             (((2 * inSlab) / 16) ^ (r % 8)) * 16 +
                             (2 * inSlab) % 16;
                  return byte / 2;
                });
}

TEST(SharedLayouts, NVMMA64And32ByteSwizzles) {
  // Swizzle<2,4,3> on 64-byte rows: chunk bits 4..5 XOR byte bits 7..8.
  expectOffsets(getNVMMASharedLayout({16, 32}, 64, 16, false), {16, 32},
                [](int, int r, int c) {
                  int byte = r * 64 + 2 * c;
                  return (byte ^ (((byte >> 7) & 3) << 4)) / 2;
                });
  // Swizzle<1,4,3> on 32-byte rows of f32 (tf32 operands).
  expectOffsets(getNVMMASharedLayout({16, 8}, 32, 32, false), {16, 8},
                [](int, int r, int c) {
                  int byte = r * 32 + 4 * c;
                  return (byte ^ (((byte >> 7) & 1) << 4)) / 4;
                });
}

TEST(SharedLayouts, NVMMAStagesStackTiles) {
  expectOffsets(getNVMMASharedLayout({4, 8, 64}, 128, 16, false),
                {4, 8, 64}, [](int t, int r, int c) {
                  int byte = t * 8 * 128 + r * 128 +
                             (((2 * c) / 16) ^ (r % 8)) * 16 + (2 * c) % 16;
                  return byte / 2;
                });
}

TEST(SharedLayouts, NVMMAMajorOrderTransposed) {
  // MN-major: rows are contiguous (64 of them per 128-byte slab).
  expectOffsets(getNVMMASharedLayout({64, 16}, 128, 16, /*transposed=*/true),
                {64, 16}, [](int, int r, int c) {
                  int byte = c * 128 + (((2 * r) / 16) ^ (c % 8)) * 16 +
                             (2 * r) % 16;
                  return byte / 2;
                });
}

TEST(SharedLayouts, SwizzledGroupsXorThePhaseOfTheRow) {
  // vec 4, perPhase 2, maxPhase 4 on 16 x 32: group g of row r is stored at
  // g ^ ((r / 2) % 4).
  expectOffsets(getSwizzledSharedLayout({16, 32}, 4, 2, 4, false), {16, 32},
                [](int, int r, int c) {
                  int group = (c / 4) ^ ((r / 2) % 4);
                  return r * 32 + group * 4 + c % 4;
                });
  // A row of two groups has only two phases.
  expectOffsets(getSwizzledSharedLayout({8, 8}, 4, 1, 8, false), {8, 8},
                [](int, int r, int c) {
                  int group = (c / 4) ^ (r % 2);
                  return r * 8 + group * 4 + c % 4;
                });
}

} // namespace
