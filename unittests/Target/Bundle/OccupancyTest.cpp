//===- OccupancyTest.cpp - CTAs per SM and the search for more ------------===//
//
// What ptxas -v reports, how many CTAs an SM then holds, and each step of
// the search for an nvvm.minctasm (OccupancySearch): raised while ptxas
// fits more CTAs without spilling, back to the last value that helped.
//
//===----------------------------------------------------------------------===//

#include "block/Target/Bundle/Occupancy.h"

#include "gtest/gtest.h"

using namespace mlir::block;

namespace {

const SMLimits &sm90() {
  static const SMLimits limits = *getSMLimits("sm_90a");
  return limits;
}

KernelResources resources(unsigned registers, unsigned barriers = 1,
                          unsigned spillBytes = 0, unsigned stackBytes = 0) {
  KernelResources got;
  got.registers = registers;
  got.barriers = barriers;
  got.spillStoreBytes = spillBytes;
  got.stackBytes = stackBytes;
  return got;
}

TEST(Occupancy, ParsesPtxasReport) {
  llvm::StringMap<KernelResources> kernels = parsePtxasReport(
      "ptxas info    : 0 bytes gmem\n"
      "ptxas info    : Compiling entry function 'softmax' for 'sm_90a'\n"
      "ptxas info    : Function properties for softmax\n"
      "    8 bytes stack frame, 4 bytes spill stores, 12 bytes spill loads\n"
      "ptxas info    : Used 45 registers, used 1 barriers, 384 bytes cmem[0]\n"
      "ptxas info    : Compiling entry function 'add' for 'sm_90a'\n"
      "ptxas info    : Function properties for add\n"
      "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Used 16 registers, 380 bytes cmem[0]\n");
  ASSERT_EQ(kernels.size(), 2u);
  const KernelResources &softmax = kernels["softmax"];
  EXPECT_EQ(softmax.registers, 45u);
  EXPECT_EQ(softmax.barriers, 1u);
  EXPECT_EQ(softmax.stackBytes, 8u);
  EXPECT_EQ(softmax.spillStoreBytes, 4u);
  EXPECT_EQ(softmax.spillLoadBytes, 12u);
  EXPECT_TRUE(softmax.spills());
  const KernelResources &add = kernels["add"];
  EXPECT_EQ(add.registers, 16u);
  EXPECT_EQ(add.barriers, 0u);
  EXPECT_FALSE(add.spills());
}

TEST(Occupancy, KnowsTheChipsItHasLimitsFor) {
  EXPECT_EQ(sm90().registers, 65536u);
  EXPECT_EQ(sm90().sharedBytes, 228u * 1024);
  EXPECT_EQ(getSMLimits("sm_90")->threads, 2048u);
  EXPECT_EQ(getSMLimits("sm_86")->threads, 1536u);
  EXPECT_FALSE(getSMLimits("sm_75"));
  EXPECT_FALSE(getSMLimits("sm_100a"));
  EXPECT_FALSE(getSMLimits("gfx90a"));
  EXPECT_FALSE(getSMLimits("sm_"));
}

TEST(Occupancy, ResidentCTAsTakeTheTightestLimit) {
  // 256 threads of 32 registers: the threads allow 8.
  EXPECT_EQ(getResidentCTAs(sm90(), 256, 32, 0), 8u);
  // 128 registers: 4096 per warp, 16 warps' worth, 2 CTAs of 8 warps.
  EXPECT_EQ(getResidentCTAs(sm90(), 256, 128, 0), 2u);
  // Registers go by warp in units of 256: 33 take 40 per thread.
  EXPECT_EQ(getResidentCTAs(sm90(), 256, 33, 0), 6u);
  // 100 KiB of shared memory (and the 1 KiB reserved per CTA): 2.
  EXPECT_EQ(getResidentCTAs(sm90(), 256, 32, 100 * 1024), 2u);
  // One warp: the CTA limit.
  EXPECT_EQ(getResidentCTAs(sm90(), 32, 8, 0), 32u);
  EXPECT_EQ(getResidentCTAs(sm90(), 0, 32, 0), 0u);
}

TEST(OccupancySearch, KernelWithoutBarriersIsLeftAlone) {
  OccupancySearch search(sm90(), 256, 0, /*mayCapRegisters=*/true);
  EXPECT_EQ(search.step(resources(128, /*barriers=*/0)), std::nullopt);
  EXPECT_EQ(search.getAccepted(), std::nullopt);
  EXPECT_EQ(search.getFirstCTAs(), 2u);
  EXPECT_EQ(search.getCTAs(), 2u);
}

TEST(OccupancySearch, RaisesWhileCTAsAreGainedWithoutSpilling) {
  OccupancySearch search(sm90(), 256, 0, /*mayCapRegisters=*/true);
  // 128 registers: 2 CTAs; ask for 3.
  EXPECT_EQ(search.step(resources(128)), 3u);
  // ptxas fits 3 in 80 registers: taken, ask for 4.
  EXPECT_EQ(search.step(resources(80)), 4u);
  EXPECT_EQ(search.getAccepted(), 3u);
  // 4 would spill: back to 3, done.
  EXPECT_EQ(search.step(resources(64, 1, /*spillBytes=*/16)), std::nullopt);
  EXPECT_EQ(search.getAccepted(), 3u);
  EXPECT_EQ(search.getFirst().registers, 128u);
  EXPECT_EQ(search.getBest().registers, 80u);
  EXPECT_EQ(search.getFirstCTAs(), 2u);
  EXPECT_EQ(search.getCTAs(), 3u);
}

TEST(OccupancySearch, StopsWhereNothingIsGained) {
  // A bigger stack is a spill by other means.
  OccupancySearch stack(sm90(), 256, 0, /*mayCapRegisters=*/true);
  EXPECT_EQ(stack.step(resources(128)), 3u);
  EXPECT_EQ(stack.step(resources(80, 1, 0, /*stackBytes=*/32)), std::nullopt);
  EXPECT_EQ(stack.getAccepted(), std::nullopt);
  EXPECT_EQ(stack.getCTAs(), 2u);
  // ptxas did not reach the CTAs asked for.
  OccupancySearch same(sm90(), 256, 0, /*mayCapRegisters=*/true);
  EXPECT_EQ(same.step(resources(128)), 3u);
  EXPECT_EQ(same.step(resources(104)), std::nullopt);
  EXPECT_EQ(same.getAccepted(), std::nullopt);
}

TEST(OccupancySearch, StopsWhereNoMoreCTAsCanFit) {
  // 1024 threads: 2 CTAs whatever the registers.
  OccupancySearch full(sm90(), 1024, 0, /*mayCapRegisters=*/true);
  EXPECT_EQ(full.step(resources(32)), std::nullopt);
  EXPECT_EQ(full.getCTAs(), 2u);
  // A raise that reaches the most that fit ends the search there.
  OccupancySearch last(sm90(), 1024, 0, /*mayCapRegisters=*/true);
  EXPECT_EQ(last.step(resources(64)), 2u);
  EXPECT_EQ(last.step(resources(32)), std::nullopt);
  EXPECT_EQ(last.getAccepted(), 2u);
}

TEST(OccupancySearch, NeverCapsAKernelThatMayNotBeCapped) {
  OccupancySearch wgmma(sm90(), 384, 0, /*mayCapRegisters=*/false);
  EXPECT_EQ(wgmma.step(resources(168)), std::nullopt);
  EXPECT_EQ(wgmma.getAccepted(), std::nullopt);
}

} // namespace
