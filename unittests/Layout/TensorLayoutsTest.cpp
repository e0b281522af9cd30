//===- TensorLayoutsTest.cpp - Tensor and tensor-core fragment layouts ----===//
//
// The fragment layouts are checked element by element against the PTX ISA's
// tables ("Matrix Fragments for mma.m16n8k8 / m16n8k16 / m16n8k32" and
// "Register Fragments" of wgmma.mma_async .m64nNk16), written here as the
// ISA writes them: groupID = laneid >> 2, threadID_in_group = laneid % 4.
//
//===----------------------------------------------------------------------===//

#include "block/Layout/TensorLayouts.h"

#include "gtest/gtest.h"

using namespace mlir::block;

namespace {

using Index = llvm::SmallVector<int32_t>;

int32_t groupId(int32_t lane) { return lane >> 2; }
int32_t threadInGroup(int32_t lane) { return lane % 4; }

/// Checks that `layout` puts register `reg` of `lane` (of `warp`) at
/// `expected(reg, lane, warp)` for every input, and covers each element of
/// the tile exactly once.
template <typename Table>
void expectTable(const LinearLayout &layout, Table expected) {
  ASSERT_TRUE(layout.isInvertible()) << layout.toString();
  int32_t warps = layout.getInDimSize(kWarp);
  for (int32_t w = 0; w < warps; ++w)
    for (int32_t lane = 0; lane < kWarpSize; ++lane)
      for (int32_t reg = 0, e = layout.getInDimSize(kRegister); reg < e; ++reg) {
        Index ins = {reg, lane};
        if (layout.hasInDim(kWarp))
          ins.push_back(w);
        EXPECT_EQ(layout.apply(ins), expected(reg, lane, w))
            << "register " << reg << " of lane " << lane << " of warp " << w;
      }
}

TEST(MmaFragments, AccumulatorM16N8) {
  // c0..c3: row = groupID (+8 for c2, c3), col = 2 * threadID_in_group + (i & 1).
  LinearLayout acc = getMmaAccumulatorTile();
  EXPECT_EQ(acc.getInDimSize(kRegister), 4);
  expectTable(acc, [](int32_t i, int32_t lane, int32_t) {
    int32_t row = groupId(lane) + (i >= 2 ? 8 : 0);
    int32_t col = threadInGroup(lane) * 2 + (i & 1);
    return Index{row, col};
  });
}

TEST(MmaFragments, OperandAM16K16SixteenBit) {
  // a0..a7: row = groupID for a0, a1, a4, a5 and groupID + 8 for the others;
  // col = 2 * threadID_in_group + (i & 1), + 8 for a4..a7.
  LinearLayout a = getMmaOperandTile(/*opIdx=*/0, /*kWidth=*/2);
  EXPECT_EQ(a.getOutDimSize("dim0"), 16);
  EXPECT_EQ(a.getOutDimSize("dim1"), 16);
  expectTable(a, [](int32_t i, int32_t lane, int32_t) {
    bool lowerRows = i < 2 || i == 4 || i == 5;
    int32_t row = groupId(lane) + (lowerRows ? 0 : 8);
    int32_t col = threadInGroup(lane) * 2 + (i & 1) + (i >= 4 ? 8 : 0);
    return Index{row, col};
  });
}

TEST(MmaFragments, OperandBK16N8SixteenBit) {
  // b0..b3: row = 2 * threadID_in_group + (i & 1), + 8 for b2, b3;
  // col = groupID.
  LinearLayout b = getMmaOperandTile(/*opIdx=*/1, /*kWidth=*/2);
  expectTable(b, [](int32_t i, int32_t lane, int32_t) {
    int32_t row = threadInGroup(lane) * 2 + (i & 1) + (i >= 2 ? 8 : 0);
    return Index{row, groupId(lane)};
  });
}

TEST(MmaFragments, OperandsM16N8K8Tf32) {
  // a0..a3: row = groupID (+8 for a1, a3), col = threadID_in_group (+4 for
  // a2, a3); b0, b1: row = threadID_in_group (+4 for b1), col = groupID.
  expectTable(getMmaOperandTile(0, 1), [](int32_t i, int32_t lane, int32_t) {
    return Index{groupId(lane) + (i & 1 ? 8 : 0),
                 threadInGroup(lane) + (i >= 2 ? 4 : 0)};
  });
  expectTable(getMmaOperandTile(1, 1), [](int32_t i, int32_t lane, int32_t) {
    return Index{threadInGroup(lane) + (i ? 4 : 0), groupId(lane)};
  });
}

TEST(MmaFragments, OperandsM16N8K32EightBit) {
  // a0..a15: row = groupID for a0..a3 and a8..a11, + 8 otherwise;
  // col = 4 * threadID_in_group + (i & 3), + 16 for a8..a15.
  // b0..b7: row = 4 * threadID_in_group + (i & 3), + 16 for b4..b7;
  // col = groupID.
  expectTable(getMmaOperandTile(0, 4), [](int32_t i, int32_t lane, int32_t) {
    int32_t row = groupId(lane) + ((i / 4) % 2 ? 8 : 0);
    int32_t col = threadInGroup(lane) * 4 + (i & 3) + (i >= 8 ? 16 : 0);
    return Index{row, col};
  });
  expectTable(getMmaOperandTile(1, 4), [](int32_t i, int32_t lane, int32_t) {
    int32_t row = threadInGroup(lane) * 4 + (i & 3) + (i >= 4 ? 16 : 0);
    return Index{row, groupId(lane)};
  });
}

TEST(WgmmaFragments, AccumulatorM64NN) {
  // d[i]: row = 16 * (warp in warpgroup) + groupID + 8 * ((i >> 1) & 1),
  // col = 8 * (i >> 2) + 2 * threadID_in_group + (i & 1).
  for (int32_t n : {8, 16, 64, 128, 256}) {
    SCOPED_TRACE(n);
    LinearLayout acc = getWgmmaAccumulatorTile(n);
    EXPECT_EQ(acc.getInDimSize(kRegister), n / 2);
    EXPECT_EQ(acc.getInDimSize(kWarp), 4);
    expectTable(acc, [](int32_t i, int32_t lane, int32_t warp) {
      int32_t row = 16 * warp + groupId(lane) + 8 * ((i >> 1) & 1);
      int32_t col = 8 * (i >> 2) + threadInGroup(lane) * 2 + (i & 1);
      return Index{row, col};
    });
  }
}

TEST(WgmmaFragments, RegisterOperandAM64K16) {
  // a0..a7: row = 16 * warp + groupID + 8 * ((i >> 1) & 1),
  // col = 2 * threadID_in_group + (i & 1) + 8 * (i >> 2).
  LinearLayout a = getWgmmaOperandATile(/*kWidth=*/2);
  expectTable(a, [](int32_t i, int32_t lane, int32_t warp) {
    int32_t row = 16 * warp + groupId(lane) + 8 * ((i >> 1) & 1);
    int32_t col = threadInGroup(lane) * 2 + (i & 1) + 8 * (i >> 2);
    return Index{row, col};
  });
}

TEST(WgmmaFragments, AccumulatorIsTheNextRegisterOperand) {
  // Attention's P: the 64 x 16 accumulator of one product holds, in every
  // thread, the elements of the next product's 64 x 16 register A operand,
  // so the algebra finds the conversion to be a register relabel (here the
  // identity), with no lane or warp movement.
  LinearLayout acc = getWgmmaAccumulatorTile(16);
  LinearLayout a = getWgmmaOperandATile(2);
  std::optional<LinearLayout> relabel = a.invertAndCompose(acc);
  ASSERT_TRUE(relabel);
  EXPECT_TRUE(relabel->sublayoutIsZero({kRegister}, {kRegister}));
  for (int32_t reg = 0; reg < 8; ++reg)
    EXPECT_EQ(relabel->apply({reg, 0, 0}), (Index{reg, 0, 0}));
  for (int32_t lane = 0; lane < kWarpSize; ++lane)
    EXPECT_EQ(relabel->apply({0, lane, 0}), (Index{0, lane, 0}));
}

TEST(TensorLayouts, DistributedLayoutWrapsToTheShape) {
  // A 2 x 4 tensor in a layout made for 4 x 8: the bases wrap and replicate.
  LinearLayout l = makeDistributedLayout(
      {2, 4}, {{0, 1}, {0, 8}}, {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}, {{8, 0}});
  EXPECT_EQ(l.getOutDimNames(),
            (llvm::SmallVector<llvm::StringRef>{"dim0", "dim1"}));
  EXPECT_EQ(l.getBases(kRegister)[1], (LinearLayout::Basis{0, 0}));
  EXPECT_EQ(l.getFreeVariableMask(kRegister), 0b10);
  EXPECT_EQ(l.getFreeVariableMask(kLane), 0b11010);
  EXPECT_EQ(l.getFreeVariableMask(kWarp), 0b1);
  EXPECT_TRUE(l.isSurjective());
}

TEST(TensorLayouts, RowMajorFlatteningPutsTheLastDimensionFirst) {
  LinearLayout l = getMmaAccumulatorTile();
  LinearLayout flat = flattenRowMajor(l, "position");
  for (int32_t reg = 0; reg < 4; ++reg)
    for (int32_t lane = 0; lane < kWarpSize; ++lane) {
      Index index = l.apply({reg, lane});
      EXPECT_EQ(flat.apply({reg, lane}), (Index{index[0] * 8 + index[1]}));
    }
  // Two consecutive columns per register pair: 8-byte f32 vectors.
  EXPECT_EQ(flat.getNumConsecutiveInOut(), 2);
}

TEST(TensorLayouts, InsertingAUnitDimensionUndoesDroppingIt) {
  LinearLayout l = getMmaAccumulatorTile();
  LinearLayout expanded = insertTensorDim(l, 1);
  EXPECT_EQ(llvm::SmallVector<LinearLayout::OutDim>(expanded.getOutDims()),
            (llvm::SmallVector<LinearLayout::OutDim>{
                {"dim0", 16}, {"dim1", 1}, {"dim2", 8}}));
  for (int32_t reg = 0; reg < 4; ++reg)
    for (int32_t lane = 0; lane < kWarpSize; ++lane) {
      Index index = l.apply({reg, lane});
      EXPECT_EQ(expanded.apply({reg, lane}), (Index{index[0], 0, index[1]}));
    }
  EXPECT_EQ(dropTensorDim(expanded, 1), l);
}

TEST(TensorLayouts, ReshapingKeepsEachThreadsRowMajorPositions) {
  LinearLayout l = getMmaAccumulatorTile();
  LinearLayout reshaped = reshapeTensor(l, {4, 32});
  for (int32_t reg = 0; reg < 4; ++reg)
    for (int32_t lane = 0; lane < kWarpSize; ++lane) {
      Index index = l.apply({reg, lane});
      int32_t position = index[0] * 8 + index[1];
      EXPECT_EQ(reshaped.apply({reg, lane}),
                (Index{position / 32, position % 32}));
    }
  EXPECT_EQ(reshapeTensor(reshaped, {16, 8}), l);
}

} // namespace

TEST(TensorLayouts, WarpShuffleWhereElementsStayInTheirWarp) {
  // 8 x 16 over 2 warps (rows 4..7 in warp 1), 4 columns per thread; lanes
  // along the columns or along the rows.
  LinearLayout lanesAlongColumns = makeDistributedLayout(
      {8, 16}, {{0, 1}, {0, 2}}, {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {0, 0}},
      {{4, 0}});
  LinearLayout lanesAlongRows = makeDistributedLayout(
      {8, 16}, {{0, 1}, {0, 2}}, {{1, 0}, {2, 0}, {0, 4}, {0, 8}, {0, 0}},
      {{4, 0}});
  std::optional<LinearLayout> shuffle =
      getWarpShuffle(lanesAlongColumns, lanesAlongRows);
  ASSERT_TRUE(shuffle.has_value());
  // Every register of lane l of the result is the same register of lane P(l):
  // check each element against both layouts.
  for (int32_t reg = 0; reg < 4; ++reg)
    for (int32_t lane = 0; lane < 32; ++lane)
      for (int32_t warp = 0; warp < 2; ++warp) {
        Index source = shuffle->apply(Index{reg, 0});
        int32_t fromLane = source[1] ^ shuffle->apply(Index{0, lane})[1];
        EXPECT_EQ(lanesAlongRows.apply(Index{reg, lane, warp}),
                  lanesAlongColumns.apply(Index{source[0], fromLane, warp}));
      }
  // Rows of 4 per thread: which register holds an element depends on the
  // lane, and one shuffle per register cannot pick it.
  LinearLayout rowsPerThread = makeDistributedLayout(
      {8, 16}, {{1, 0}, {2, 0}}, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 0}},
      {{4, 0}});
  EXPECT_FALSE(getWarpShuffle(lanesAlongColumns, rowsPerThread).has_value());
  // Rows 4..7 in warp 0: elements change warps.
  LinearLayout otherWarp = makeDistributedLayout(
      {8, 16}, {{0, 1}, {0, 2}}, {{0, 4}, {0, 8}, {4, 0}, {2, 0}, {0, 0}},
      {{1, 0}});
  EXPECT_FALSE(getWarpShuffle(lanesAlongColumns, otherWarp).has_value());
}
