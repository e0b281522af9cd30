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

TEST(MmaFragments, OperandsM16N8K64FourBit) {
  // a0..a31 (4 registers of 8): row = groupID (+8 for a8..a15, a24..a31),
  // col = 8 * threadID_in_group + (i & 7), + 32 for a16..a31; b0..b15: row =
  // 8 * threadID_in_group + (i & 7), + 32 for b8..b15, col = groupID.
  expectTable(getMmaOperandTile(0, 8), [](int32_t i, int32_t lane, int32_t) {
    return Index{groupId(lane) + ((i / 8) % 2 ? 8 : 0),
                 threadInGroup(lane) * 8 + (i & 7) + (i >= 16 ? 32 : 0)};
  });
  expectTable(getMmaOperandTile(1, 8), [](int32_t i, int32_t lane, int32_t) {
    return Index{threadInGroup(lane) * 8 + (i & 7) + (i >= 8 ? 32 : 0),
                 groupId(lane)};
  });
}

//===----------------------------------------------------------------------===//
// Whole tensors: #block.mma and #block.dot_operand
//===----------------------------------------------------------------------===//

/// The ISA's m16n8 accumulator element of c[i] of `lane` (the table of
/// AccumulatorM16N8).
Index mmaAccElement(int32_t i, int32_t lane) {
  return Index{groupId(lane) + (i >= 2 ? 8 : 0), threadInGroup(lane) * 2 + (i & 1)};
}

TEST(MmaLayouts, V2Accumulator64x64OverFourWarps) {
  // warpsPerCTA = [2, 2]: warp w is at m-index w / 2, n-index w % 2; the
  // program's tile is 32 x 16, repeated 4 times along N (registers 4..15),
  // then twice along M (registers 16..31).
  LinearLayout l = getMmaLayout(2, {2, 2}, {16, 8, 16}, {64, 64});
  EXPECT_EQ(l.getInDimSize(kRegister), 32);
  EXPECT_EQ(l.getInDimSize(kWarp), 4);
  expectTable(l, [](int32_t r, int32_t lane, int32_t w) {
    Index e = mmaAccElement(r & 3, lane);
    int32_t repN = (r >> 2) & 3, repM = r >> 4;
    return Index{repM * 32 + (w >> 1) * 16 + e[0],
                 repN * 16 + (w & 1) * 8 + e[1]};
  });
}

TEST(MmaLayouts, V2AccumulatorWarpsAlongM) {
  // 8 warps along M of a 128 x 32 tile: each warp 16 rows, 4 tiles along N.
  LinearLayout l = getMmaLayout(2, {8, 1}, {16, 8, 16}, {128, 32});
  expectTable(l, [](int32_t r, int32_t lane, int32_t w) {
    Index e = mmaAccElement(r & 3, lane);
    return Index{w * 16 + e[0], (r >> 2) * 8 + e[1]};
  });
}

TEST(MmaLayouts, V2AccumulatorSmallerThanTheTileReplicates) {
  // A 16 x 8 tensor over [2, 2] warps: every warp holds the whole tile.
  LinearLayout l = getMmaLayout(2, {2, 2}, {16, 8, 16}, {16, 8});
  EXPECT_TRUE(l.isSurjective());
  EXPECT_FALSE(l.isInjective());
  for (int32_t w = 0; w < 4; ++w)
    for (int32_t lane = 0; lane < kWarpSize; ++lane)
      for (int32_t r = 0; r < 4; ++r)
        EXPECT_EQ(l.apply({r, lane, w}), mmaAccElement(r, lane));
}

TEST(MmaLayouts, V3Accumulator128x256OverTwoWarpgroupsAndN) {
  // 8 warps [4, 2], m64n64: warps 0..3 are the first warpgroup (rows 16 *
  // warp), warps 4..7 the second, at columns 64..127; the 64 x 128 tile
  // repeats twice along N (registers 32..63), then twice along M.
  LinearLayout l = getMmaLayout(3, {4, 2}, {64, 64, 16}, {128, 256});
  EXPECT_EQ(l.getInDimSize(kRegister), 128);
  expectTable(l, [](int32_t r, int32_t lane, int32_t w) {
    int32_t i = r & 31, repN = (r >> 5) & 1, repM = r >> 6;
    int32_t row = 16 * (w & 3) + groupId(lane) + 8 * ((i >> 1) & 1);
    int32_t col = 8 * (i >> 2) + threadInGroup(lane) * 2 + (i & 1);
    return Index{repM * 64 + row, repN * 128 + (w >> 2) * 64 + col};
  });
}

TEST(MmaLayouts, V3AccumulatorTwoWarpgroupsAlongM) {
  // 8 warps [8, 1], m64n128 on 128 x 128: warpgroup 1 takes rows 64..127.
  LinearLayout l = getMmaLayout(3, {8, 1}, {64, 128, 16}, {128, 128});
  expectTable(l, [](int32_t i, int32_t lane, int32_t w) {
    int32_t row = 16 * w + groupId(lane) + 8 * ((i >> 1) & 1);
    int32_t col = 8 * (i >> 2) + threadInGroup(lane) * 2 + (i & 1);
    return Index{row, col};
  });
}

/// The ISA's m16n8k16 A element of a[i] of `lane` (OperandAM16K16SixteenBit).
Index mmaAElement(int32_t i, int32_t lane) {
  bool lowerRows = i < 2 || i == 4 || i == 5;
  return Index{groupId(lane) + (lowerRows ? 0 : 8),
               threadInGroup(lane) * 2 + (i & 1) + (i >= 4 ? 8 : 0)};
}

TEST(DotOperandLayouts, V2OperandA64x64OverFourWarps) {
  // A of [2, 2] warps, kWidth 2: warps 2m and 2m + 1 (the n-index) hold the
  // same rows; 4 repetitions along K, then 2 along M.
  LinearLayout l = getDotOperandLayout(0, 2, {2, 2}, {16, 8, 16}, 2, {64, 64});
  EXPECT_EQ(l.getInDimSize(kRegister), 64);
  EXPECT_TRUE(l.isSurjective());
  int32_t warps = l.getInDimSize(kWarp);
  for (int32_t w = 0; w < warps; ++w)
    for (int32_t lane = 0; lane < kWarpSize; ++lane)
      for (int32_t r = 0; r < 64; ++r) {
        Index e = mmaAElement(r & 7, lane);
        int32_t repK = (r >> 3) & 3, repM = r >> 5;
        EXPECT_EQ(l.apply({r, lane, w}),
                  (Index{repM * 32 + (w >> 1) * 16 + e[0], repK * 16 + e[1]}))
            << r << " " << lane << " " << w;
      }
}

TEST(DotOperandLayouts, V2OperandB64x64OverFourWarps) {
  // B of [2, 2] warps, kWidth 2: b[i] at row 2 * threadID_in_group + (i & 1)
  // (+8 for b2, b3), column groupID; warps w and w + 2 (the m-index) hold
  // the same columns; 4 repetitions along K, then 4 along N.
  LinearLayout l = getDotOperandLayout(1, 2, {2, 2}, {16, 8, 16}, 2, {64, 64});
  EXPECT_EQ(l.getInDimSize(kRegister), 64);
  EXPECT_TRUE(l.isSurjective());
  for (int32_t w = 0; w < 4; ++w)
    for (int32_t lane = 0; lane < kWarpSize; ++lane)
      for (int32_t r = 0; r < 64; ++r) {
        int32_t i = r & 3, repK = (r >> 2) & 3, repN = r >> 4;
        int32_t row = threadInGroup(lane) * 2 + (i & 1) + (i >= 2 ? 8 : 0);
        EXPECT_EQ(l.apply({r, lane, w}),
                  (Index{repK * 16 + row, repN * 16 + (w & 1) * 8 + groupId(lane)}))
            << r << " " << lane << " " << w;
      }
}

TEST(DotOperandLayouts, V2OperandsEightBit) {
  // m16n8k32 (kWidth 4): A 32 x 64 over [2, 1] warps, B 64 x 16 over them.
  LinearLayout a = getDotOperandLayout(0, 2, {2, 1}, {16, 8, 32}, 4, {32, 64});
  expectTable(a, [](int32_t r, int32_t lane, int32_t w) {
    int32_t i = r & 15, repK = r >> 4;
    int32_t row = groupId(lane) + ((i / 4) % 2 ? 8 : 0);
    int32_t col = threadInGroup(lane) * 4 + (i & 3) + (i >= 8 ? 16 : 0);
    return Index{w * 16 + row, repK * 32 + col};
  });
  LinearLayout b = getDotOperandLayout(1, 2, {1, 2}, {16, 8, 32}, 4, {64, 16});
  expectTable(b, [](int32_t r, int32_t lane, int32_t w) {
    int32_t i = r & 7, repK = r >> 3;
    int32_t row = threadInGroup(lane) * 4 + (i & 3) + (i >= 4 ? 16 : 0);
    return Index{repK * 32 + row, w * 8 + groupId(lane)};
  });
}

TEST(DotOperandLayouts, V3RegisterA128x32) {
  // wgmma A in registers, [8, 1] warps, kWidth 2: warpgroup g takes rows
  // 64 g..; a[i] of the m64k16 table; 2 repetitions along K.
  LinearLayout l = getDotOperandLayout(0, 3, {8, 1}, {64, 64, 16}, 2, {128, 32});
  expectTable(l, [](int32_t r, int32_t lane, int32_t w) {
    int32_t i = r & 7, repK = r >> 3;
    int32_t row = 16 * w + groupId(lane) + 8 * ((i >> 1) & 1);
    int32_t col = threadInGroup(lane) * 2 + (i & 1) + 8 * (i >> 2);
    return Index{row, repK * 16 + col};
  });
}

TEST(DotOperandLayouts, AccumulatorIsTheNextOperandA) {
  // C = A.B; D = C'.E with C' = C in a 16-bit type: C's accumulator layout
  // holds, in each thread, the elements of the next product's A operand
  // (kWidth 2), in the same registers: the conversion is the identity
  // register relabel when every warp is along M (the ISA's fragments agree:
  // c0, c1 = a0, a1; c2, c3 = a2, a3; the next n-tile's c's = a4..a7).
  for (auto [warps, shape] :
       {std::pair<llvm::SmallVector<unsigned>, llvm::SmallVector<int64_t>>{
            {4, 1}, {64, 64}},
        {{8, 1}, {128, 32}},
        {{2, 1}, {64, 128}}}) {
    LinearLayout acc = getMmaLayout(2, warps, {16, 8, 16}, shape);
    LinearLayout a = getDotOperandLayout(0, 2, warps, {16, 8, 16}, 2, shape);
    std::optional<LinearLayout> relabel = getRegisterRelabel(acc, a);
    ASSERT_TRUE(relabel) << acc.toString() << "\n" << a.toString();
    EXPECT_EQ(*relabel, LinearLayout::identity1D(acc.getInDimSize(kRegister),
                                                 kRegister, kRegister));
  }
  // wgmma: two warpgroups along M, m64n64, as attention's P.V.
  LinearLayout acc = getMmaLayout(3, {8, 1}, {64, 64, 16}, {128, 64});
  LinearLayout a = getDotOperandLayout(0, 3, {8, 1}, {64, 64, 16}, 2, {128, 64});
  std::optional<LinearLayout> relabel = getRegisterRelabel(acc, a);
  ASSERT_TRUE(relabel);
  EXPECT_EQ(*relabel, LinearLayout::identity1D(32, kRegister, kRegister));
  // With warps along N the operand's warps replicate what the accumulator's
  // split: no relabel, data must move.
  EXPECT_FALSE(getRegisterRelabel(
      getMmaLayout(2, {2, 2}, {16, 8, 16}, {64, 64}),
      getDotOperandLayout(0, 2, {2, 2}, {16, 8, 16}, 2, {64, 64})));
  // Nor for 8-bit operands (kWidth 4): the ISA's A holds 4 consecutive k.
  EXPECT_FALSE(getRegisterRelabel(
      getMmaLayout(2, {4, 1}, {16, 8, 32}, {64, 64}),
      getDotOperandLayout(0, 2, {4, 1}, {16, 8, 32}, 4, {64, 64})));
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

TEST(TensorLayouts, AxisBitsAreThoseMovingAlongTheAxisOnly) {
  // 8 x 16 in one warp: registers along the columns, lanes along both;
  // lane bit 4 moves along both dimensions at once.
  LinearLayout l = makeDistributedLayout(
      {8, 16}, {{0, 1}, {0, 2}}, {{0, 4}, {1, 0}, {0, 8}, {2, 0}, {4, 8}},
      {{0, 0}});
  EXPECT_EQ(getAxisBits(l, kRegister, 1), (llvm::SmallVector<unsigned>{0, 1}));
  EXPECT_EQ(getAxisBits(l, kRegister, 0), llvm::SmallVector<unsigned>());
  EXPECT_EQ(getAxisBits(l, kWarp, 0), llvm::SmallVector<unsigned>());
  EXPECT_FALSE(getAxisBits(l, kLane, 0).has_value());
  EXPECT_FALSE(getAxisBits(l, kLane, 1).has_value());
}

TEST(TensorLayouts, PackingBitsUndoesSpreadingThem) {
  llvm::SmallVector<unsigned> bits = {1, 4, 2};
  EXPECT_EQ(spreadBits(0b011, bits), 0b10010);
  EXPECT_EQ(packBits(0b10010, bits), 0b011);
  EXPECT_EQ(packBits(0b01101, bits), 0b100);
  for (int64_t value = 0; value < 8; ++value)
    EXPECT_EQ(packBits(spreadBits(value, bits), bits), value);
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
