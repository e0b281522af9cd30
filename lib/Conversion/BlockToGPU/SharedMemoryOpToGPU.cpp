//===- SharedMemoryOpToGPU.cpp - The blockgpu layer -----------------------===//
//
// A buffer becomes the address of its first element in the kernel's shared
// memory (its allocated offset from the base). Where each thread's elements
// go is the layout algebra's: the tensor's layout inverted through the
// buffer's shared layout gives, for every register, lane and warp, the
// element offset, and runs of registers at consecutive offsets move as one
// vector access. Asynchronous copies are cp.async of 4, 8 or 16 bytes with
// a source size of zero for masked-off elements (zero fill); narrower runs,
// and every copy before sm_80, are copied at once, which the semantics
// allow. Barriers are the IR's.
//
//===----------------------------------------------------------------------===//

#include "GlobalAccess.h"
#include "Patterns.h"
#include "Utility.h"

#include "block/Analysis/AxisInfo.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"
#include "block/Support/Remarks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::block;
using namespace mlir::blockgpu;

/// For a tensor of `type` and a buffer of `buffer`: the element offset of
/// each register of each thread, as a 1-D distribution.
static TensorDistribution getOffsetDistribution(RankedTensorType type,
                                                MemDescType buffer) {
  LinearLayout tensor = cast<DistributedLayoutAttr>(type.getEncoding())
                            .toLinearLayout(type.getShape());
  std::optional<LinearLayout> offsets =
      tensor.invertAndCompose(buffer.toLinearLayout());
  assert(offsets && "a shared layout is a bijection");
  return TensorDistribution::get(*offsets);
}

static Value byteOffset(OpBuilder &b, Location loc, Value base,
                        Value bytes) {
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ValueRange{bytes});
}

namespace {
struct LocalAllocOpToGPU : OpConversionPattern<LocalAllocOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LocalAllocOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto offset = op->getAttrOfType<IntegerAttr>(
        BlockGPUDialect::getOffsetAttrName());
    if (!offset)
      return rewriter.notifyMatchFailure(op, "no offset: allocate first");
    Location loc = op.getLoc();
    Value address =
        byteOffset(rewriter, loc, emitSharedMemoryBase(rewriter, loc),
                   i32Constant(rewriter, loc, offset.getInt()));
    if (Value src = op.getSrc())
      emitSharedStore(rewriter, loc, adaptor.getSrc(),
                      getOffsetDistribution(
                          cast<RankedTensorType>(src.getType()), op.getType()),
                      address, emitThreadIds(rewriter, loc));
    rewriter.replaceOp(op, address);
    return success();
  }
};

struct MemDescIndexOpToGPU : OpConversionPattern<MemDescIndexOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MemDescIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value bytes = arith::MulIOp::create(
        rewriter, loc, adaptor.getIndex(),
        i32Constant(rewriter, loc, op.getType().getSizeInBytes()));
    rewriter.replaceOp(op, byteOffset(rewriter, loc, adaptor.getSrc(), bytes));
    return success();
  }
};

/// A transposed view is the same address; its type's layout tells the
/// readers where each element is.
struct MemDescTransOpToGPU : OpConversionPattern<MemDescTransOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MemDescTransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

struct LocalStoreOpToGPU : OpConversionPattern<LocalStoreOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LocalStoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    emitSharedStore(rewriter, loc, adaptor.getSrc(),
                    getOffsetDistribution(op.getSrc().getType(),
                                          op.getDst().getType()),
                    adaptor.getDst().front(), emitThreadIds(rewriter, loc));
    rewriter.eraseOp(op);
    return success();
  }
};

struct LocalLoadOpToGPU : OpConversionPattern<LocalLoadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LocalLoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getType());
    Type elementType = getTypeConverter()->convertType(type.getElementType());
    SmallVector<Value> values = emitSharedLoad(
        rewriter, loc, getOffsetDistribution(type, op.getSrc().getType()),
        adaptor.getSrc().front(), emitThreadIds(rewriter, loc), elementType);
    rewriter.replaceOpWithMultiple(op, SmallVector<SmallVector<Value>>{values});
    return success();
  }
};

/// Says how `op` copies: by cp.async of `copyBytes` (the most, 16, or why
/// fewer), or by loads and stores, and why: runs of `sharedRun` elements of
/// `bytes` in shared memory, `globalRun` in global memory.
static void remarkCopy(AsyncCopyOp op, bool asynchronous, unsigned copyBytes,
                       unsigned bytes, unsigned sharedRun, unsigned globalRun) {
  Location loc = op.getLoc();
  // The pointers first: the layouts follow what they allow.
  std::string why =
      globalRun <= sharedRun
          ? llvm::formatv("its pointers are known contiguous and aligned for "
                          "{0} element(s) ({1} bytes) at a time",
                          globalRun, globalRun * bytes)
                .str()
          : llvm::formatv("its shared layout's runs are {0} element(s) ({1} "
                          "bytes)",
                          sharedRun, sharedRun * bytes)
                .str();
  if (asynchronous && copyBytes == 16) {
    remark::passed(loc, remarks::opts("CpAsync", remarks::kPipeline, op))
        << "copy by cp.async of 16 bytes";
    return;
  }
  if (asynchronous) {
    remark::missed(loc, remarks::opts("NarrowCpAsync", remarks::kPipeline, op))
        << llvm::formatv("copy by cp.async of {0} bytes, not 16", copyBytes)
               .str()
        << remark::reason("{0}", why);
    return;
  }
  remark::missed(loc, remarks::opts("NoCpAsync", remarks::kPipeline, op))
      << "copy by loads and stores, not cp.async"
      << remark::reason("{0}",
                        copyBytes == 4 || copyBytes == 8 || copyBytes == 16
                            ? std::string("the chip has no cp.async (sm_80 and "
                                          "later have)")
                            : why + ", and cp.async copies 4, 8 or 16 bytes");
}

struct AsyncCopyOpToGPU : OpConversionPattern<AsyncCopyOp> {
  AsyncCopyOpToGPU(const TypeConverter &converter, MLIRContext *context,
                   const AxisInfoAnalysis &axisInfo, bool asyncCopies)
      : OpConversionPattern(converter, context), axisInfo(axisInfo),
        asyncCopies(asyncCopies) {}

  LogicalResult
  matchAndRewrite(AsyncCopyOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto ptrType = cast<RankedTensorType>(op.getPtrs().getType());
    Type elementType = getTypeConverter()->convertType(
        op.getDst().getType().getElementType());
    Type memoryType = getMemoryType(elementType);
    unsigned bytes = getMemoryBytes(memoryType);
    TensorDistribution offsets =
        getOffsetDistribution(ptrType, op.getDst().getType());
    TensorDistribution dist = getDistribution(ptrType);
    // Consecutive in global memory (as the axis info proves) and in shared
    // memory, at most 16 bytes.
    unsigned sharedRun = getSharedAccessWidth(offsets, memoryType);
    unsigned globalRun = axisInfo.getVectorWidth(
        op.getPtrs(), op.getMask(),
        dist.getContiguousRegisters(dist.getLayoutOrder().front()));
    unsigned width = std::max(1u, std::min(sharedRun, globalRun));
    unsigned copyBytes = width * bytes;
    bool asynchronous = asyncCopies && (copyBytes == 4 || copyBytes == 8 ||
                                        copyBytes == 16);
    if (remarks::enabled(op.getContext()))
      remarkCopy(op, asynchronous, copyBytes, bytes, sharedRun, globalRun);

    ValueRange ptrs = adaptor.getPtrs();
    ValueRange masks = adaptor.getMask();
    Value base = adaptor.getDst().front();
    ThreadIds ids = emitThreadIds(rewriter, loc);
    SmallVector<Value> threadOffset = offsets.emitThreadIndex(rewriter, loc, ids);
    for (unsigned reg = 0, e = ptrs.size(); reg < e; reg += width) {
      if (!dist.isFirstCopy(reg))
        continue;
      Value position =
          offsets.emitElementIndex(rewriter, loc, threadOffset, reg)[0];
      Value address =
          emitElementAddress(rewriter, loc, base, memoryType, position);
      Value mask = masks.empty() ? Value() : masks[reg];
      if (asynchronous) {
        Value srcSize;
        if (mask)
          srcSize = arith::SelectOp::create(
              rewriter, loc, mask, i32Constant(rewriter, loc, copyBytes),
              i32Constant(rewriter, loc, 0));
        // .cg (L2 only) exists for 16-byte copies alone.
        auto cache = copyBytes == 16 ? NVVM::LoadCacheModifierKind::CG
                                     : NVVM::LoadCacheModifierKind::CA;
        NVVM::CpAsyncOp::create(rewriter, loc, address, ptrs[reg], copyBytes,
                                cache, srcSize);
        continue;
      }
      SmallVector<Value> loaded = emitGlobalLoad(
          rewriter, loc, ptrs[reg], elementType, width, mask, CacheHints{});
      for (unsigned i = 0; i < width; ++i) {
        Value value = loaded[i];
        if (mask)
          value = arith::SelectOp::create(
              rewriter, loc, mask, value,
              arith::ConstantOp::create(rewriter, loc,
                                        rewriter.getZeroAttr(elementType)));
        Value element = emitElementAddress(
            rewriter, loc, address, memoryType, i32Constant(rewriter, loc, i));
        LLVM::StoreOp::create(rewriter, loc, toMemory(rewriter, loc, value),
                              element, bytes);
      }
    }
    rewriter.replaceOp(op, i32Constant(rewriter, loc, 0));
    return success();
  }

  const AxisInfoAnalysis &axisInfo;
  bool asyncCopies;
};

/// Commit groups and waits: cp.async's, or nothing where copies complete at
/// once.
template <typename SourceOp>
struct AsyncGroupOpToGPU : OpConversionPattern<SourceOp> {
  AsyncGroupOpToGPU(const TypeConverter &converter, MLIRContext *context,
                    bool asyncCopies)
      : OpConversionPattern<SourceOp>(converter, context),
        asyncCopies(asyncCopies) {}

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (asyncCopies) {
      if constexpr (std::is_same_v<SourceOp, AsyncWaitOp>)
        NVVM::CpAsyncWaitGroupOp::create(rewriter, op.getLoc(), op.getNum());
      else
        NVVM::CpAsyncCommitGroupOp::create(rewriter, op.getLoc());
    }
    rewriter.replaceOp(op, i32Constant(rewriter, op.getLoc(), 0));
    return success();
  }

  bool asyncCopies;
};
/// One LLVM poison per register.
struct PoisonOpToGPU : OpConversionPattern<PoisonOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PoisonOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertType(op.getType(), types)))
      return failure();
    SmallVector<Value> registers;
    for (Type type : types)
      registers.push_back(LLVM::PoisonOp::create(rewriter, op.getLoc(), type));
    rewriter.replaceOpWithMultiple(op, SmallVector<SmallVector<Value>>{registers});
    return success();
  }
};

struct FenceAsyncSharedOpToGPU : OpConversionPattern<FenceAsyncSharedOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(FenceAsyncSharedOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::FenceProxyOp>(
        op, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(rewriter.getContext(),
                                   NVVM::SharedSpace::shared_cta));
    return success();
  }
};
} // namespace

void mlir::block::populateSharedMemoryOpToGPUPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns,
    const AxisInfoAnalysis &axisInfo, bool asyncCopies) {
  patterns.add<LocalAllocOpToGPU, MemDescIndexOpToGPU, MemDescTransOpToGPU,
               LocalStoreOpToGPU,
               LocalLoadOpToGPU, FenceAsyncSharedOpToGPU, PoisonOpToGPU>(
      converter, patterns.getContext());
  patterns.add<AsyncCopyOpToGPU>(converter, patterns.getContext(), axisInfo,
                                 asyncCopies);
  patterns.add<AsyncGroupOpToGPU<AsyncCommitGroupOp>,
               AsyncGroupOpToGPU<AsyncWaitOp>>(converter, patterns.getContext(),
                                               asyncCopies);
}
