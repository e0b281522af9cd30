//===- LinearLayoutTest.cpp - The layout algebra --------------------------===//

#include "block/Layout/LinearLayout.h"

#include "gtest/gtest.h"

using namespace mlir::block;
using Basis = LinearLayout::Basis;

namespace {

/// 4 registers x 8 lanes x 2 warps over a 16 x 16 tile: registers along
/// dim1, lanes 4 along dim1 then 2 along dim0, warps along dim0.
LinearLayout tile() {
  return LinearLayout({{"register", {{0, 1}, {0, 2}}},
                       {"lane", {{0, 4}, {0, 8}, {1, 0}}},
                       {"warp", {{2, 0}}}},
                      {{"dim0", 4}, {"dim1", 16}});
}

TEST(LinearLayout, OneDimensionalBuilders) {
  LinearLayout id = LinearLayout::identity1D(8, "in", "out");
  LinearLayout zeros = LinearLayout::zeros1D(8, "in", "out");
  LinearLayout strided = LinearLayout::strided1D(4, 2, "in", "out");
  for (int32_t i = 0; i < 8; ++i) {
    EXPECT_EQ(id.apply({i}), (llvm::SmallVector<int32_t>{i}));
    EXPECT_EQ(zeros.apply({i}), (llvm::SmallVector<int32_t>{0}));
  }
  for (int32_t i = 0; i < 4; ++i)
    EXPECT_EQ(strided.apply({i}), (llvm::SmallVector<int32_t>{2 * i}));
  EXPECT_EQ(id.getInDimSize("in"), 8);
  EXPECT_EQ(zeros.getOutDimSize("out"), 1);
  EXPECT_EQ(strided.getOutDimSize("out"), 8);
  EXPECT_EQ(id.getInDimSize("absent"), 1);
}

TEST(LinearLayout, ApplyIsXorOfBases) {
  LinearLayout l = tile();
  // register 3 = bases 0 and 1, lane 5 = bases 0 and 2, warp 1.
  EXPECT_EQ(l.apply({3, 5, 1}), (llvm::SmallVector<int32_t>{1 ^ 2, 1 ^ 2 ^ 4}));
  auto named = l.apply({{"lane", 4}, {"register", 1}});
  ASSERT_EQ(named.size(), 2u);
  EXPECT_EQ(named[0].first, "dim0");
  EXPECT_EQ(named[0].second, 1);
  EXPECT_EQ(named[1].second, 1);
  EXPECT_EQ(l.getTotalInDimSize(), 64);
  EXPECT_EQ(l.getTotalOutDimSize(), 64);
  EXPECT_TRUE(l.isInvertible());
}

TEST(LinearLayout, GetRejectsMalformedLayouts) {
  std::string error;
  EXPECT_FALSE(LinearLayout::get({{"register", {{4}}}}, {{"dim0", 4}}, &error));
  EXPECT_EQ(error, "basis 0 of input 'register' is 4 in output 'dim0' of size 4");
  EXPECT_FALSE(LinearLayout::get({}, {{"dim0", 6}}, &error));
  EXPECT_EQ(error, "output 'dim0' has size 6, not a power of two");
  EXPECT_FALSE(
      LinearLayout::get({{"lane", {{1, 0}}}}, {{"dim0", 2}}, &error));
  EXPECT_EQ(error, "basis 0 of input 'lane' has 2 components for 1 outputs");
  EXPECT_FALSE(LinearLayout::get({{"a", {}}, {"a", {}}}, {}, &error));
  EXPECT_EQ(error, "input 'a' is named twice");
  EXPECT_TRUE(LinearLayout::get({{"a", {{1}}}}, {{"x", 2}}));
}

TEST(LinearLayout, ProductTilesTheFirstByTheSecond) {
  LinearLayout l = LinearLayout::identity1D(4, "register", "dim1") *
                   LinearLayout::identity1D(4, "lane", "dim1") *
                   LinearLayout::identity1D(2, "lane", "dim0") *
                   LinearLayout::identity1D(2, "warp", "dim0");
  EXPECT_EQ(l.getOutDimSize("dim1"), 16);
  EXPECT_EQ(l.getOutDimSize("dim0"), 4);
  EXPECT_EQ(l.getInDimSize("lane"), 8);
  // The same map as tile(), with the outputs in the other order.
  EXPECT_EQ(l.transposeOuts({"dim0", "dim1"}), tile());
  // A shared input continues above its first bits.
  LinearLayout twice = LinearLayout::identity1D(2, "register", "x") *
                       LinearLayout::identity1D(2, "register", "y");
  EXPECT_EQ(twice.apply({2}), (llvm::SmallVector<int32_t>{0, 1}));
}

TEST(LinearLayout, ComposeAppliesOneAfterTheOther) {
  // registers -> offsets (stride 2), then offsets -> (row, col) of a 4 x 4.
  LinearLayout toOffset = LinearLayout::strided1D(8, 2, "register", "offset");
  LinearLayout toIndex = LinearLayout({{"offset", {{0, 1}, {0, 2}, {1, 0}, {2, 0}}}},
                                      {{"row", 4}, {"col", 4}});
  LinearLayout composed = toOffset.compose(toIndex);
  for (int32_t r = 0; r < 8; ++r)
    EXPECT_EQ(composed.apply({r}), toIndex.apply({toOffset.apply({r})[0]}));
  EXPECT_EQ(composed.getOutDimNames(),
            (llvm::SmallVector<llvm::StringRef>{"row", "col"}));
}

TEST(LinearLayout, InvertAndComposeFindsARegisterRelabel) {
  // The same elements per thread, registers in the other order.
  LinearLayout a = tile();
  LinearLayout b({{"register", {{0, 2}, {0, 1}}},
                  {"lane", {{0, 4}, {0, 8}, {1, 0}}},
                  {"warp", {{2, 0}}}},
                 {{"dim0", 4}, {"dim1", 16}});
  std::optional<LinearLayout> relabel = a.invertAndCompose(b);
  ASSERT_TRUE(relabel);
  EXPECT_EQ(relabel->getOutDimNames(),
            (llvm::SmallVector<llvm::StringRef>{"register", "lane", "warp"}));
  // a's register 1 is b's register 2, a's register 2 is b's register 1;
  // lanes and warps map to themselves.
  EXPECT_EQ(relabel->getBases("register"),
            (llvm::ArrayRef<Basis>{{2, 0, 0}, {1, 0, 0}}));
  EXPECT_EQ(relabel->getBases("lane"),
            (llvm::ArrayRef<Basis>{{0, 1, 0}, {0, 2, 0}, {0, 4, 0}}));
  EXPECT_EQ(relabel->getBases("warp"), (llvm::ArrayRef<Basis>{{0, 0, 1}}));
  for (int32_t r = 0; r < 4; ++r)
    for (int32_t l = 0; l < 8; ++l)
      for (int32_t w = 0; w < 2; ++w)
        EXPECT_EQ(b.apply(relabel->apply({r, l, w})), a.apply({r, l, w}));
}

TEST(LinearLayout, InvertAndComposePrefersEarlierInputs) {
  // `other` reaches dim0 = 1 by register 1 and by lane 1: the register wins.
  LinearLayout other({{"register", {{1}}}, {"lane", {{1}}}}, {{"dim0", 2}});
  LinearLayout self({{"lane", {{1}}}}, {{"dim0", 2}});
  std::optional<LinearLayout> map = self.invertAndCompose(other);
  ASSERT_TRUE(map);
  EXPECT_EQ(map->getBases("lane"), (llvm::ArrayRef<Basis>{{1, 0}}));
}

TEST(LinearLayout, InvertAndComposeFailsOutsideTheImage) {
  LinearLayout other({{"register", {{1, 0}}}}, {{"dim0", 2}, {"dim1", 2}});
  LinearLayout self({{"register", {{0, 1}}}}, {{"dim0", 2}, {"dim1", 2}});
  EXPECT_FALSE(self.invertAndCompose(other));
}

TEST(LinearLayout, InvertUndoesABijection) {
  LinearLayout l = tile();
  std::optional<LinearLayout> inverse = l.invert();
  ASSERT_TRUE(inverse);
  EXPECT_EQ(inverse->getInDimNames(),
            (llvm::SmallVector<llvm::StringRef>{"dim0", "dim1"}));
  for (int32_t r = 0; r < 4; ++r)
    for (int32_t c = 0; c < 16; ++c)
      EXPECT_EQ(l.apply(inverse->apply({r, c})),
                (llvm::SmallVector<int32_t>{r, c}));
  EXPECT_FALSE(LinearLayout::zeros1D(4, "lane", "dim0").invert());
}

TEST(LinearLayout, ReshapeOutsFlattensFirstDimensionLeastSignificant) {
  LinearLayout l = tile();
  LinearLayout flat = l.flattenOuts("x");
  LinearLayout reshaped = l.reshapeOuts({{"a", 8}, {"b", 8}});
  for (int32_t r = 0; r < 4; ++r)
    for (int32_t ln = 0; ln < 8; ++ln)
      for (int32_t w = 0; w < 2; ++w) {
        llvm::SmallVector<int32_t> index = l.apply({r, ln, w});
        int32_t position = index[0] + 4 * index[1];
        EXPECT_EQ(flat.apply({r, ln, w}), (llvm::SmallVector<int32_t>{position}));
        EXPECT_EQ(reshaped.apply({r, ln, w}),
                  (llvm::SmallVector<int32_t>{position % 8, position / 8}));
      }
}

TEST(LinearLayout, ReshapeAndTransposeIns) {
  LinearLayout l = tile();
  LinearLayout threads = l.reshapeIns({{"register", 4}, {"thread", 16}});
  EXPECT_EQ(threads.getBases("thread").size(), 4u);
  EXPECT_EQ(threads.getBases("thread")[3], (Basis{2, 0}));
  LinearLayout swapped = l.transposeIns({"warp", "lane", "register"});
  EXPECT_EQ(swapped.apply({1, 5, 3}), l.apply({3, 5, 1}));
}

TEST(LinearLayout, SublayoutKeepsSomeInputsAndOutputs) {
  LinearLayout l = tile();
  LinearLayout regs = l.sublayout({"register"}, {"dim1"});
  EXPECT_EQ(regs, LinearLayout::identity1D(4, "register", "dim1").resizeOut("dim1", 16));
  EXPECT_TRUE(l.sublayoutIsZero({"register"}, {"dim1"}));
  EXPECT_FALSE(l.sublayoutIsZero({"lane"}, {"dim1"}));
  EXPECT_TRUE(l.sublayoutIsZero({"warp"}, {"dim0"}));
}

TEST(LinearLayout, ResizeOutWrapsComponents) {
  // A 4 x 16 layout applied to a 4 x 2 tensor: bases past column 1 wrap.
  LinearLayout small = tile().resizeOut("dim1", 2);
  EXPECT_EQ(small.getBases("register"), (llvm::ArrayRef<Basis>{{0, 1}, {0, 0}}));
  EXPECT_EQ(small.getFreeVariableMask("register"), 0b10);
  EXPECT_EQ(small.getFreeVariableMask("lane"), 0b011);
  EXPECT_EQ(small.getFreeVariableMask("warp"), 0);
  EXPECT_TRUE(small.isSurjective());
  EXPECT_FALSE(small.isInjective());
}

TEST(LinearLayout, FreeVariablesIncludeDependentBases) {
  // lane 1 repeats register 0 ^ register 1: it only replicates.
  LinearLayout l({{"register", {{1}, {2}}}, {"lane", {{4}, {3}}}},
                 {{"dim0", 8}});
  EXPECT_EQ(l.getFreeVariableMasks(), (llvm::SmallVector<int32_t>{0, 0b10}));
  EXPECT_TRUE(l.isSurjective());
  EXPECT_FALSE(l.isInjective());
  EXPECT_EQ(l.getFreeVariableMask("warp"), 0);
}

TEST(LinearLayout, SurjectivityCountsTheSpan) {
  LinearLayout l({{"register", {{1, 0}}}, {"lane", {{1, 0}}}},
                 {{"dim0", 2}, {"dim1", 2}});
  EXPECT_FALSE(l.isSurjective());
  EXPECT_FALSE(l.isInjective());
}

TEST(LinearLayout, ConsecutiveElementsOfARegisterRun) {
  // 4 registers over consecutive elements, lanes from 4 on: width 4.
  LinearLayout vec = LinearLayout::identity1D(4, "register", "x") *
                     LinearLayout::identity1D(32, "lane", "x");
  EXPECT_EQ(vec.getNumConsecutiveInOut(), 4);
  // The third register jumps: only the first two are consecutive.
  LinearLayout jump({{"register", {{1}, {8}}}, {"lane", {{2}, {4}}}}, {{"x", 16}});
  EXPECT_EQ(jump.getNumConsecutiveInOut(), 2);
  // A lane at element 2 breaks the alignment of a 4-run: width 2.
  LinearLayout unaligned({{"register", {{1}, {2}}}, {"lane", {{2}}}},
                         {{"x", 4}});
  EXPECT_EQ(unaligned.getNumConsecutiveInOut(), 2);
  // Registers that hold a column: width 1 along the flattened outputs.
  LinearLayout column({{"register", {{0, 1}}}}, {{"dim1", 4}, {"dim0", 2}});
  EXPECT_EQ(column.getNumConsecutiveInOut(), 1);
}

TEST(LinearLayout, ToStringNamesEverything) {
  EXPECT_EQ(LinearLayout::strided1D(4, 2, "register", "dim0").toString(),
            "register = [[2], [4]] -> dim0 = 8");
}

} // namespace
