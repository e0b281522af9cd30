//===- DotLayouts.cpp - Which layout a product's accumulator gets ---------===//

#include "block/Dialect/Block/Transforms/DotLayouts.h"
#include "block/Dialect/Block/IR/BlockOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::block;

/// The instruction's k for operands of type `a` and `b` into `acc`, or 0
/// when no tensor-core instruction of `version` multiplies them.
static unsigned getInstrK(unsigned version, Type a, Type b, Type acc,
                          bool allowTf32) {
  if (a != b)
    return 0;
  // The wgmma lowering takes f16 and bf16 into f32 so far: the others need
  // b k-major in shared memory, which n-major loads do not give.
  if (version == 3)
    return (a.isF16() || a.isBF16()) && acc.isF32() ? 16 : 0;
  if ((a.isF16() && (acc.isF32() || acc.isF16())) ||
      (a.isBF16() && acc.isF32()))
    return 16;
  if (a.isF32() && acc.isF32())
    return allowTf32 ? 8 : 0;
  if (a.isInteger(8) && acc.isInteger(32))
    return 32;
  return 0;
}

static unsigned log2Floor(int64_t v) { return llvm::Log2_64(uint64_t(v)); }

MmaLayoutAttr mlir::block::chooseDotAccumulatorLayout(
    MLIRContext *context, std::optional<TargetChip> chip, Type a, Type b,
    Type acc, int64_t m, int64_t n, int64_t k, unsigned numWarps,
    bool allowTf32, unsigned maxVersion) {
  if (!chip || m <= 0 || n <= 0 || k <= 0)
    return {};
  if (maxVersion >= 3 && chip->hasWgmma() && numWarps % 4 == 0 && m % 64 == 0 && n % 8 == 0) {
    if (unsigned instrK = getInstrK(3, a, b, acc, allowTf32);
        instrK && k % instrK == 0) {
      // Triton's warpsPerTileV3: warpgroups along M while M has rows for
      // them, then along N.
      unsigned wm = 4, wn = 1;
      while (wm * wn < numWarps) {
        if (m > 16 * int64_t(wm))
          wm *= 2;
        else
          wn *= 2;
      }
      int64_t perWarpN = n / wn;
      if (perWarpN >= 8) {
        unsigned instrN =
            unsigned(std::min<int64_t>(256, int64_t(1) << log2Floor(perWarpN)));
        return MmaLayoutAttr::get(context, 3, {wm, wn}, {64, instrN, instrK});
      }
    }
  }
  if (maxVersion >= 2 && chip->hasMmaSync() && m % 16 == 0 && n % 8 == 0) {
    unsigned instrK = getInstrK(2, a, b, acc, allowTf32);
    if (!instrK || k % instrK)
      return {};
    // Triton's warpsPerTileV2: balance the tiles each warp repeats along M
    // and N.
    unsigned wm = 1, wn = 1;
    while (wm * wn < numWarps) {
      if (m / 16 / wm >= n / (8 * wn)) {
        if (wm < m / 16)
          wm *= 2;
        else
          wn *= 2;
      } else {
        wn *= 2;
      }
    }
    return MmaLayoutAttr::get(context, 2, {wm, wn}, {16, 8, instrK});
  }
  return {};
}

MmaLayoutAttr mlir::block::chooseDotAccumulatorLayout(DotOp dot,
                                                      unsigned maxVersion) {
  auto aType = dyn_cast<RankedTensorType>(dot.getA().getType());
  auto accType = dyn_cast<RankedTensorType>(dot.getAcc().getType());
  if (!aType || !accType || aType.getRank() != 2 || accType.getRank() != 2)
    return {};
  unsigned numWarps = 4;
  if (auto func = dot->getParentOfType<func::FuncOp>())
    if (auto attr = func->getAttrOfType<IntegerAttr>(
            BlockDialect::getNumWarpsAttrName()))
      numWarps = attr.getInt();
  Type b = cast<RankedTensorType>(dot.getB().getType()).getElementType();
  return chooseDotAccumulatorLayout(
      dot.getContext(), getTargetChip(dot), aType.getElementType(), b,
      accType.getElementType(), accType.getShape()[0], accType.getShape()[1],
      aType.getShape()[1], numWarps,
      /*allowTf32=*/dot.getPrecision() != DotPrecision::ieee, maxVersion);
}
