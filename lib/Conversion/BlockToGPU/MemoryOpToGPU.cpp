//===- MemoryOpToGPU.cpp - addptr, load and store ------------------------===//
//
// Each thread accesses the elements it holds. Runs of registers with
// consecutive elements along the layout's fastest dimension become one
// vector access when the axis-info analysis proves the addresses consecutive
// and aligned and the mask uniform over the run. Copies of an element held by
// several threads (or registers) are stored once.
//
//===----------------------------------------------------------------------===//

#include "GlobalAccess.h"
#include "Patterns.h"
#include "Utility.h"
#include "block/Analysis/AxisInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::block;

/// The converted element type of a (tensor of) `type`.
static Type convertElementType(const TypeConverter &converter, Type type) {
  return converter.convertType(getElementTypeOrSelf(type));
}

namespace {
/// How a load or store accesses memory: each thread its registers, in runs
/// of `width` elements that the axis info proves consecutive and aligned
/// under a mask uniform over the run (1 for scalars and pointers).
struct AccessPlan {
  Type elementType;
  /// The accessed tensor's distribution; nullopt for a scalar.
  std::optional<TensorDistribution> dist;
  unsigned width = 1;
};

/// The shared part of the load and store patterns.
template <typename AccessOp>
struct GlobalAccessOpToGPU : OpConversionPattern<AccessOp> {
  GlobalAccessOpToGPU(const TypeConverter &converter, MLIRContext *context,
                      const AxisInfoAnalysis &axisInfo)
      : OpConversionPattern<AccessOp>(converter, context), axisInfo(axisInfo) {}

  AccessPlan planAccess(AccessOp op) const {
    Value ptr = op.getPtr();
    AccessPlan plan;
    plan.elementType = convertElementType(*this->getTypeConverter(),
                                          getPointeeType(ptr.getType()));
    plan.dist = getDistributionOf(ptr.getType());
    if (!plan.dist || !plan.elementType.isIntOrFloat())
      return plan;
    unsigned contiguous =
        plan.dist->getContiguousRegisters(plan.dist->getLayoutOrder().front());
    unsigned maxWidth = std::max(1u, 16 / getMemoryBytes(plan.elementType));
    unsigned width = axisInfo.getVectorWidth(ptr, op.getMask(), contiguous);
    plan.width = std::max(1u, std::min({width, contiguous, maxWidth}));
    return plan;
  }

  const AxisInfoAnalysis &axisInfo;
};

struct AddPtrOpToGPU : OpConversionPattern<AddPtrOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AddPtrOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type pointee = getMemoryType(convertElementType(
        *typeConverter, cast<PointerType>(getElementTypeOrSelf(op.getType()))
                            .getPointeeType()));
    Type ptrType = getGlobalPointerType(getContext());
    SmallVector<Value> results;
    // A scalar base (before canonicalisation splats it) serves every
    // register.
    ValueRange ptrs = adaptor.getPtr();
    for (auto [reg, offset] : llvm::enumerate(adaptor.getOffset())) {
      Value ptr = ptrs.size() == 1 ? ptrs.front() : ptrs[reg];
      results.push_back(LLVM::GEPOp::create(rewriter, op.getLoc(), ptrType,
                                            pointee, ptr, ValueRange{offset}));
    }
    rewriter.replaceOpWithMultiple(op, SmallVector<SmallVector<Value>>{results});
    return success();
  }
};

struct LoadOpToGPU : GlobalAccessOpToGPU<LoadOp> {
  using GlobalAccessOpToGPU::GlobalAccessOpToGPU;

  LogicalResult
  matchAndRewrite(LoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    AccessPlan access = planAccess(op);
    CacheHints hints{op.getCache(), op.getEvict(), op.getIsVolatile()};
    ValueRange ptrs = adaptor.getPtr();
    ValueRange masks = adaptor.getMask();
    ValueRange others = adaptor.getOther();
    SmallVector<unsigned> sameLoad = getSameLoads(op, access.dist);
    SmallVector<Value> loaded(ptrs.size()), results(ptrs.size());
    for (unsigned reg = 0, e = ptrs.size(); reg < e; reg += access.width) {
      if (access.dist && !access.dist->isFirstCopy(reg)) {
        for (unsigned i = 0; i < access.width; ++i)
          results[reg + i] = results[access.dist->getFirstCopy(reg + i)];
        continue;
      }
      Value mask = masks.empty() ? Value() : masks[reg];
      auto sharesRun = [&] {
        return !sameLoad.empty() && sameLoad[reg] != reg &&
               llvm::all_of(llvm::seq(0u, access.width), [&](unsigned i) {
                 return sameLoad[reg + i] == sameLoad[reg] + i;
               });
      };
      if (sharesRun()) {
        for (unsigned i = 0; i < access.width; ++i)
          loaded[reg + i] = loaded[sameLoad[reg] + i];
      } else {
        SmallVector<Value> run =
            emitGlobalLoad(rewriter, loc, ptrs[reg], access.elementType,
                           access.width, mask, hints);
        llvm::copy(run, loaded.begin() + reg);
      }
      for (unsigned i = 0; i < access.width; ++i)
        results[reg + i] =
            others.empty()
                ? loaded[reg + i]
                : Value(arith::SelectOp::create(rewriter, loc, mask,
                                                loaded[reg + i],
                                                others[reg + i]));
    }
    rewriter.replaceOpWithMultiple(op, SmallVector<SmallVector<Value>>{results});
    return success();
  }

  /// For every register, the one whose load it shares: the lowest that
  /// provably reads the same address under the same mask (a per-row scale
  /// broadcast along a thread's registers is read once); empty where that
  /// is every register itself. Runs of a vector load are shared whole.
  SmallVector<unsigned>
  getSameLoads(LoadOp op, const std::optional<TensorDistribution> &dist) const {
    if (!dist || op.getIsVolatile())
      return {};
    SmallVector<int64_t> block = getConstantBlock(axisInfo, op.getPtr());
    if (Value mask = op.getMask())
      for (auto [size, maskSize] :
           llvm::zip(block, getConstantBlock(axisInfo, mask)))
        size = std::min(size, maskSize);
    if (llvm::all_of(block, [](int64_t size) { return size == 1; }))
      return {};
    return dist->getBlockRepresentatives(block);
  }
};

struct StoreOpToGPU : GlobalAccessOpToGPU<StoreOp> {
  using GlobalAccessOpToGPU::GlobalAccessOpToGPU;

  LogicalResult
  matchAndRewrite(StoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    AccessPlan access = planAccess(op);
    CacheHints hints{op.getCache(), op.getEvict(), /*isVolatile=*/false};
    Value owner = emitIsOwner(rewriter, loc, access.dist);
    ValueRange ptrs = adaptor.getPtr();
    ValueRange values = adaptor.getValue();
    ValueRange masks = adaptor.getMask();
    for (unsigned reg = 0, e = ptrs.size(); reg < e; reg += access.width) {
      if (access.dist && !access.dist->isFirstCopy(reg))
        continue;
      Value mask = masks.empty() ? Value() : masks[reg];
      emitGlobalStore(rewriter, loc, ptrs[reg], values.slice(reg, access.width),
                      andPredicates(rewriter, loc, owner, mask), hints);
    }
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void mlir::block::populateMemoryOpToGPUPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns,
    const AxisInfoAnalysis &axisInfo) {
  MLIRContext *context = patterns.getContext();
  patterns.add<AddPtrOpToGPU>(converter, context);
  patterns.add<LoadOpToGPU, StoreOpToGPU>(converter, context, axisInfo);
}
