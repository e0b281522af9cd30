//===- DotLayouts.cpp - Which layout a product's accumulator gets ---------===//

#include "block/Dialect/Block/Transforms/DotLayouts.h"
#include "block/Analysis/AxisInfo.h"
#include "block/Dialect/Block/IR/BlockOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::block;

/// The instruction's k for operands of type `a` and `b` into `acc`, or 0
/// when no tensor-core instruction of `version` multiplies them. wgmma
/// reads the operands of other types than f16 and bf16 with k contiguous
/// in shared memory only (`kMajor`), and f32 ones as tf32 only as they lie
/// there: the split of tf32x3 needs registers (mma.sync).
static unsigned getInstrK(unsigned version, Type a, Type b, Type acc,
                          DotPrecision precision, bool kMajor) {
  if (a != b)
    return 0;
  if ((a.isF16() || a.isBF16()) && acc.isF32())
    return 16;
  if (version == 3 && !kMajor)
    return 0;
  if (version == 2 && a.isF16() && acc.isF16())
    return 16;
  if (version == 2 && a.isF32() && acc.isF32())
    return precision != DotPrecision::ieee ? 8 : 0;
  if (version == 3 && a.isF32() && acc.isF32())
    return precision == DotPrecision::tf32 ? 8 : 0;
  if (version == 3 && isFloat8(a) && acc.isF32())
    return 32;
  if (a.isInteger(8) && acc.isInteger(32))
    return 32;
  return 0;
}

static unsigned log2Floor(int64_t v) { return llvm::Log2_64(uint64_t(v)); }

/// Why getInstrK finds no instruction of `version` (the element types or
/// their layout in memory), for a remark.
static std::string explainNoInstrK(unsigned version, Type a, Type b, Type acc,
                                   DotPrecision precision, bool kMajor) {
  std::string why;
  llvm::raw_string_ostream os(why);
  bool tf32 = version == 3 ? precision == DotPrecision::tf32
                           : precision != DotPrecision::ieee;
  if (a != b)
    os << "its operands' element types differ (" << a << " and " << b << ")";
  else if (a.isF32() && acc.isF32() && !tf32)
    os << "f32 operands with precision " << stringifyDotPrecision(precision)
       << " (tensor cores need "
       << (version == 3 ? "precision = tf32" : "precision = tf32 or tf32x3")
       << ")";
  else if (version == 3 && !kMajor && !a.isF16() && !a.isBF16())
    os << "its " << a << " operands are not both loaded with k contiguous "
       << "(wgmma reads operands other than f16 and bf16 k-major only)";
  else
    os << "no " << (version == 3 ? "wgmma" : "mma.sync") << " multiplies " << a
       << " into " << acc;
  return why;
}

MmaLayoutAttr mlir::block::chooseDotAccumulatorLayout(
    MLIRContext *context, std::optional<TargetChip> chip, Type a, Type b,
    Type acc, int64_t m, int64_t n, int64_t k, unsigned numWarps,
    DotPrecision precision, unsigned maxVersion, bool chained, bool kMajor,
    std::string *whyNot) {
  // Each reason is composed only where a remark asks for it.
  auto explain = [&](StringRef instruction, auto &&compose) {
    if (!whyNot)
      return;
    if (!whyNot->empty())
      *whyNot += "; ";
    llvm::raw_string_ostream os(*whyNot);
    os << "not " << instruction << ": ";
    compose(os);
  };
  auto chipName = [&](llvm::raw_ostream &os) {
    os << "sm_" << chip->capability << (chip->archSpecific ? "a" : "")
       << (chip->familySpecific ? "f" : "");
  };
  if (!chip || m <= 0 || n <= 0 || k <= 0) {
    explain("a tensor core", [&](llvm::raw_ostream &os) {
      os << (chip ? "an empty shape" : "no target chip (block.target)");
    });
    return {};
  }
  auto explainShape = [&](StringRef instruction, int64_t mMultiple) {
    explain(instruction, [&](llvm::raw_ostream &os) {
      if (m % mMultiple)
        os << "M = " << m << " is not a multiple of " << mMultiple;
      else
        os << "N = " << n << " is not a multiple of 8";
    });
  };
  if (maxVersion < 3) {
    explain("wgmma", [&](llvm::raw_ostream &os) {
      os << "versions above " << maxVersion << " are not considered";
    });
  } else if (!chip->hasWgmma()) {
    explain("wgmma", [&](llvm::raw_ostream &os) {
      chipName(os);
      os << " has none (sm_90a has)";
    });
  } else if (numWarps % 4) {
    explain("wgmma", [&](llvm::raw_ostream &os) {
      os << "num_warps = " << numWarps
         << " is not a multiple of 4 (a warpgroup)";
    });
  } else if (m % 64 || n % 8) {
    explainShape("wgmma", 64);
  } else if (unsigned instrK = getInstrK(3, a, b, acc, precision, kMajor);
             !instrK) {
    explain("wgmma", [&](llvm::raw_ostream &os) {
      os << explainNoInstrK(3, a, b, acc, precision, kMajor);
    });
  } else if (k % instrK) {
    explain("wgmma", [&](llvm::raw_ostream &os) {
      os << "K = " << k << " is not a multiple of the instruction's k ("
         << instrK << ")";
    });
  } else {
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
    explain("wgmma", [&](llvm::raw_ostream &os) {
      os << "N = " << n << " leaves fewer than 8 columns to each of " << wn
         << " warp columns";
    });
  }
  if (maxVersion < 2) {
    explain("mma.sync", [&](llvm::raw_ostream &os) {
      os << "versions above " << maxVersion << " are not considered";
    });
    return {};
  }
  if (!chip->hasMmaSync()) {
    explain("mma.sync", [&](llvm::raw_ostream &os) {
      chipName(os);
      os << " has none (sm_80 and later have)";
    });
    return {};
  }
  if (m % 16 || n % 8) {
    explainShape("mma.sync", 16);
    return {};
  }
  unsigned instrK = getInstrK(2, a, b, acc, precision, kMajor);
  if (!instrK || k % instrK) {
    explain("mma.sync", [&](llvm::raw_ostream &os) {
      if (!instrK)
        os << explainNoInstrK(2, a, b, acc, precision, kMajor);
      else
        os << "K = " << k << " is not a multiple of the instruction's k ("
           << instrK << ")";
    });
    return {};
  }
  // A chained product (attention's S and P V) keeps all warps along M,
  // so that one product's accumulator is the next one's a and their rows'
  // statistics share a layout; others balance the tiles each warp
  // repeats along M and N (Triton's warpsPerTileV2, both).
  if (chained && m % (16 * int64_t(numWarps)) == 0)
    return MmaLayoutAttr::get(context, 2, {numWarps, 1}, {16, 8, instrK});
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

/// Whether `value` is computed, through any operations (and the values
/// their regions yield), from one that `match` accepts.
static bool isComputedFrom(Value value,
                           llvm::function_ref<bool(Operation *)> match) {
  SmallVector<Value> worklist{value};
  llvm::SmallPtrSet<Operation *, 32> seen;
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val().getDefiningOp();
    if (!op || !seen.insert(op).second)
      continue;
    if (match(op))
      return true;
    llvm::append_range(worklist, op->getOperands());
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (!block.empty() &&
            block.back().hasTrait<::mlir::OpTrait::IsTerminator>())
          llvm::append_range(worklist, block.back().getOperands());
  }
  return false;
}

bool mlir::block::isChainedProduct(DotOp dot) {
  if (isComputedFrom(dot.getA(), [](Operation *op) { return isa<DotOp>(op); }))
    return true;
  auto func = dot->getParentOfType<func::FuncOp>();
  if (!func)
    return false;
  WalkResult feeds = func.walk([&](DotOp other) {
    return other != dot && isComputedFrom(other.getA(), [&](Operation *op) {
             return op == dot.getOperation();
           })
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return feeds.wasInterrupted();
}

/// The dimension along which the memory `operand` is loaded from is
/// contiguous, followed back through transpositions and layout conversions
/// to a load (its pointers' most contiguous dimension, where they have one)
/// or a tensor descriptor's tile (its last); none for an operand computed
/// otherwise.
static std::optional<unsigned>
getLoadedContiguousDim(Value operand,
                       llvm::function_ref<const AxisInfoAnalysis &()> axisInfo) {
  bool transposed = false;
  for (Operation *def = operand.getDefiningOp();
       isa_and_nonnull<TransOp, ConvertLayoutOp>(def);
       def = operand.getDefiningOp()) {
    transposed ^= isa<TransOp>(def);
    operand = def->getOperand(0);
  }
  std::optional<unsigned> dim;
  if (operand.getDefiningOp<DescLoadOp>()) {
    dim = 1;
  } else if (auto load = operand.getDefiningOp<LoadOp>()) {
    const AxisInfo *info = axisInfo().getAxisInfo(load.getPtr());
    if (info && info->getRank() == 2 &&
        info->getContiguity(0) != info->getContiguity(1))
      dim = info->getContiguity(0) > info->getContiguity(1) ? 0 : 1;
  }
  if (dim && transposed)
    dim = 1 - *dim;
  return dim;
}

bool mlir::block::readsKMajorOperands(DotOp dot) {
  auto func = dot->getParentOfType<func::FuncOp>();
  if (!func)
    return false;
  std::optional<AxisInfoAnalysis> analysis;
  auto axisInfo = [&]() -> const AxisInfoAnalysis & {
    if (!analysis)
      analysis.emplace(func.getOperation());
    return *analysis;
  };
  return getLoadedContiguousDim(dot.getA(), axisInfo) == 1u &&
         getLoadedContiguousDim(dot.getB(), axisInfo) == 0u;
}

MmaLayoutAttr mlir::block::chooseDotAccumulatorLayout(DotOp dot,
                                                      unsigned maxVersion,
                                                      std::string *whyNot) {
  auto aType = dyn_cast<RankedTensorType>(dot.getA().getType());
  auto accType = dyn_cast<RankedTensorType>(dot.getAcc().getType());
  if (!aType || !accType || aType.getRank() != 2 || accType.getRank() != 2)
    return {};
  unsigned numWarps = 4;
  if (auto func = dot->getParentOfType<func::FuncOp>())
    if (auto attr = func->getAttrOfType<IntegerAttr>(
            BlockDialect::getNumWarpsAttrName()))
      numWarps = attr.getInt();
  Type a = aType.getElementType();
  Type b = cast<RankedTensorType>(dot.getB().getType()).getElementType();
  // Only wgmma on other types than 16-bit floats asks, and only there is
  // the analysis worth running.
  bool kMajor =
      maxVersion >= 3 && !a.isF16() && !a.isBF16() && readsKMajorOperands(dot);
  return chooseDotAccumulatorLayout(
      dot.getContext(), getTargetChip(dot), a, b, accType.getElementType(),
      accType.getShape()[0], accType.getShape()[1], aType.getShape()[1],
      numWarps, dot.getPrecision(), maxVersion, isChainedProduct(dot), kMajor,
      whyNot);
}
