//===- TmaOpToGPU.cpp - Tensor maps, mbarriers and TMA copies -------------===//
//
// A tensor descriptor left for the copy engine is a tensor map the runtime
// encodes at launch and passes as a hidden kernel parameter after the
// user's (KernelToGPUFunc adds them; getTensorMaps describes them for the
// manifest); in the kernel it is the parameter's generic address. Thread 0
// of the program instance initialises and arms the mbarriers and issues the
// copies (predicated, so no branch splits the warp); every thread waits.
// A tile copies as one box per swizzle slab, the slabs stored one after the
// other as the NVMMA layout has them, through the cluster window of shared
// memory (.shared::cluster): the form every PTX version from 8.0 has and
// that takes a predicate; the CTA's own (.shared::cta) needs 8.6 (LLVM
// aborts below it) and no thread predicate.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utility.h"

#include "block/Conversion/BlockToGPU/BlockToGPU.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::block;
using namespace mlir::blockgpu;

/// Where a tensor map's box lands in shared memory: the tile in slabs of
/// `slabElements` along its last dimension, `slabBytes` apart.
struct TileBoxes {
  SmallVector<int64_t> box;
  int64_t slabElements;
  int64_t slabBytes;
  int64_t slabs;
  unsigned swizzle;
};

static TileBoxes getTileBoxes(RankedTensorType tile, NVMMALayoutAttr layout) {
  unsigned bits = tile.getElementTypeBitWidth();
  int64_t rowElements = tile.getShape().back();
  TileBoxes boxes;
  boxes.swizzle = layout.getSwizzle();
  boxes.slabElements =
      boxes.swizzle ? boxes.swizzle * 8 / bits : rowElements;
  boxes.slabs = rowElements / boxes.slabElements;
  boxes.box.assign(tile.getShape().begin(), tile.getShape().end());
  boxes.box.back() = boxes.slabElements;
  boxes.slabBytes = tile.getNumElements() / boxes.slabs * bits / 8;
  return boxes;
}

/// Calls `copy` once per slab of the tile of `tile` in `buffer` (a shared
/// pointer, of NVMMA layout `layout`) at `indices`, with the slab's address
/// and coordinates, innermost first, as the copy engine takes them.
static void forEachSlab(OpBuilder &b, Location loc, RankedTensorType tile,
                        NVMMALayoutAttr layout, Value buffer,
                        ValueRange indices,
                        function_ref<void(Value, ValueRange)> copy) {
  TileBoxes boxes = getTileBoxes(tile, layout);
  SmallVector<Value> coordinates(llvm::reverse(indices));
  Value inner = coordinates.front();
  for (int64_t slab = 0; slab < boxes.slabs; ++slab) {
    Value address = LLVM::GEPOp::create(
        b, loc, buffer.getType(), b.getI8Type(), buffer,
        ValueRange{i32Constant(b, loc, slab * boxes.slabBytes)});
    coordinates.front() = arith::AddIOp::create(
        b, loc, inner, i32Constant(b, loc, slab * boxes.slabElements));
    copy(address, coordinates);
  }
}

/// An operand of a tensor map: {arg = i}, the kernel argument that gives
/// it; {value = n}, a constant; or {product = [i, j, ...], value = n}, the
/// arguments multiplied, and by a constant.
static FailureOr<Attribute> describeMapOperand(Value value, Builder &b) {
  std::optional<LaunchProduct> product = getLaunchProduct(value);
  if (!product)
    return failure();
  if (product->args.size() == 1 && product->factor == 1)
    return Attribute(b.getDictionaryAttr(
        b.getNamedAttr("arg", b.getI64IntegerAttr(product->args.front()))));
  SmallVector<NamedAttribute> fields;
  if (!product->args.empty())
    fields.push_back(b.getNamedAttr(
        "product",
        b.getDenseI64ArrayAttr(llvm::to_vector_of<int64_t>(product->args))));
  if (product->args.empty() || product->factor != 1)
    fields.push_back(
        b.getNamedAttr("value", b.getI64IntegerAttr(product->factor)));
  return Attribute(b.getDictionaryAttr(fields));
}

FailureOr<ArrayAttr> mlir::block::getTensorMaps(func::FuncOp kernel) {
  Builder b(kernel.getContext());
  SmallVector<Attribute> maps;
  WalkResult walked = kernel.walk([&](MakeTensorDescOp desc) {
    auto base = dyn_cast<BlockArgument>(desc.getBase());
    NVMMALayoutAttr layout;
    for (Operation *user : desc->getUsers()) {
      MemDescType buffer =
          llvm::TypeSwitch<Operation *, MemDescType>(user)
              .Case([](TmaLoadOp copy) { return copy.getDst().getType(); })
              .Case([](TmaStoreOp copy) { return copy.getSrc().getType(); })
              .Default([](Operation *) { return MemDescType(); });
      auto userLayout =
          buffer ? dyn_cast<NVMMALayoutAttr>(buffer.getLayout()) : nullptr;
      if (!userLayout || (layout && userLayout != layout)) {
        desc.emitOpError("is lowered as a tensor map only when TMA copies "
                         "of one layout are its only users");
        return WalkResult::interrupt();
      }
      layout = userLayout;
    }
    if (!base || !layout) {
      desc.emitOpError("is lowered as a tensor map only when its base is a "
                       "kernel argument and TMA copies use it");
      return WalkResult::interrupt();
    }
    SmallVector<Attribute> sizes, strides;
    auto describe = [&](Value value, SmallVectorImpl<Attribute> &out) {
      FailureOr<Attribute> operand = describeMapOperand(value, b);
      if (failed(operand)) {
        desc.emitOpError("is lowered as a tensor map only when its sizes "
                         "and strides are kernel arguments, positive "
                         "constants or their products");
        return false;
      }
      out.push_back(*operand);
      return true;
    };
    for (Value size : desc.getShape())
      if (!describe(size, sizes))
        return WalkResult::interrupt();
    for (auto [dim, stride] : llvm::enumerate(desc.getStaticStrides())) {
      if (Value value = desc.getDynamicStride(dim)) {
        if (!describe(value, strides))
          return WalkResult::interrupt();
        continue;
      }
      strides.push_back(b.getDictionaryAttr(
          b.getNamedAttr("value", b.getI64IntegerAttr(stride))));
    }
    TileBoxes boxes = getTileBoxes(desc.getType().getBlockType(), layout);
    maps.push_back(b.getDictionaryAttr(
        {b.getNamedAttr("base", b.getI64IntegerAttr(base.getArgNumber())),
         b.getNamedAttr("sizes", b.getArrayAttr(sizes)),
         b.getNamedAttr("strides", b.getArrayAttr(strides)),
         b.getNamedAttr("box", b.getDenseI64ArrayAttr(boxes.box)),
         b.getNamedAttr("swizzle", b.getI64IntegerAttr(boxes.swizzle))}));
    return WalkResult::advance();
  });
  if (walked.wasInterrupted())
    return failure();
  return b.getArrayAttr(maps);
}

/// Whether this thread is the one of `op`'s program instance (of its
/// warp_specialize partition) that initialises, arms and copies: the first.
static Value emitIsLeader(OpBuilder &b, Operation *op) {
  int64_t leader = 0;
  if (auto producer = WarpSpecializeOp::getProducerOf(op))
    leader = producer.getProducerFirstThread();
  Location loc = op->getLoc();
  Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid,
                               i32Constant(b, loc, leader));
}

namespace {
/// The descriptor is its hidden parameter (KernelToGPUFunc numbered it).
struct MakeTensorDescOpToGPU : OpConversionPattern<MakeTensorDescOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MakeTensorDescOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto param = op->getAttrOfType<IntegerAttr>(kTensorMapParamAttrName);
    auto func = op->getParentOfType<gpu::GPUFuncOp>();
    if (!param || !func)
      return rewriter.notifyMatchFailure(op, "not a kernel's tensor map");
    rewriter.replaceOp(op, func.getArgument(param.getInt()));
    return success();
  }
};

/// Whether another barrier's initialisation follows `op` in its block with
/// nothing between that reads or writes memory (the barriers of one ring or
/// of rings allocated one after another): the last of such a run fences and
/// synchronises once for all of them.
static bool isFollowedByInit(InitBarrierOp op) {
  for (Operation *next = op->getNextNode(); next; next = next->getNextNode()) {
    if (isa<InitBarrierOp>(next))
      return true;
    if (!isMemoryEffectFree(next) &&
        !hasSingleEffect<MemoryEffects::Allocate>(next))
      return false;
  }
  return false;
}

struct InitBarrierOpToGPU : OpConversionPattern<InitBarrierOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(InitBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value leader = emitIsLeader(rewriter, op);
    NVVM::MBarrierInitOp::create(rewriter, loc, adaptor.getBarrier(),
                                 i32Constant(rewriter, loc, op.getCount()),
                                 leader);
    if (isFollowedByInit(op)) {
      rewriter.eraseOp(op);
      return success();
    }
    // The copy engine and the other threads see the initialised barriers.
    NVVM::FenceMbarrierInitOp::create(rewriter, loc);
    rewriter.replaceOpWithNewOp<gpu::BarrierOp>(op);
    return success();
  }
};

struct BarrierExpectOpToGPU : OpConversionPattern<BarrierExpectOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BarrierExpectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::MBarrierArriveExpectTxOp::create(
        rewriter, loc, Type(), adaptor.getBarrier(),
        i32Constant(rewriter, loc, op.getBytes()), NVVM::MemScopeKind::CTA,
        /*relaxed=*/false, emitIsLeader(rewriter, op));
    rewriter.eraseOp(op);
    return success();
  }
};

struct TmaLoadOpToGPU : OpConversionPattern<TmaLoadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TmaLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value leader = emitIsLeader(rewriter, op);
    auto clusterPtr = LLVM::LLVMPointerType::get(rewriter.getContext(), 7);
    forEachSlab(
        rewriter, loc, op.getDesc().getType().getBlockType(),
        cast<NVMMALayoutAttr>(op.getDst().getType().getLayout()),
        adaptor.getDst(), adaptor.getIndices(),
        [&](Value dst, ValueRange coordinates) {
          NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
              rewriter, loc,
              LLVM::AddrSpaceCastOp::create(rewriter, loc, clusterPtr, dst),
              adaptor.getDesc(), coordinates, adaptor.getBarrier(),
              /*im2colOffsets=*/ValueRange(), /*multicastMask=*/Value(),
              /*l2CacheHint=*/Value(), NVVM::TMALoadMode::TILE,
              /*isCTAOnly=*/false, /*group=*/nullptr, leader);
        });
    rewriter.eraseOp(op);
    return success();
  }
};

/// The copies of a tile's slabs from shared memory, then the wait until
/// they have read it (so that the buffer may be written again).
struct TmaStoreOpToGPU : OpConversionPattern<TmaStoreOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TmaStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value leader = emitIsLeader(rewriter, op);
    forEachSlab(rewriter, loc, op.getDesc().getType().getBlockType(),
                cast<NVMMALayoutAttr>(op.getSrc().getType().getLayout()),
                adaptor.getSrc(), adaptor.getIndices(),
                [&](Value src, ValueRange coordinates) {
                  NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
                      rewriter, loc, adaptor.getDesc(), src, coordinates,
                      /*l2CacheHint=*/Value(), NVVM::TMAStoreMode::TILE,
                      leader);
                });
    NVVM::CpAsyncBulkCommitGroupOp::create(rewriter, loc);
    NVVM::CpAsyncBulkWaitGroupOp::create(rewriter, loc, 0,
                                         /*read=*/rewriter.getUnitAttr());
    rewriter.eraseOp(op);
    return success();
  }
};

/// One arrival per warp: its first lane's (once the warp's lanes have met,
/// with `converge`).
struct ArriveBarrierOpToGPU : OpConversionPattern<ArriveBarrierOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ArriveBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (op.getConverge())
      NVVM::SyncWarpOp::create(rewriter, loc, i32Constant(rewriter, loc, -1));
    Value lane = NVVM::LaneIdOp::create(rewriter, loc, rewriter.getI32Type());
    Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                        lane, i32Constant(rewriter, loc, 0));
    auto ifOp = scf::IfOp::create(rewriter, loc, first, /*withElseRegion=*/false);
    OpBuilder inside = ifOp.getThenBodyBuilder();
    NVVM::MBarrierArriveOp::create(inside, loc, Type(), adaptor.getBarrier(),
                                   /*count=*/Value());
    rewriter.eraseOp(op);
    return success();
  }
};

struct WaitBarrierOpToGPU : OpConversionPattern<WaitBarrierOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(WaitBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // Polls until the phase completes; the ticks bound each try's wait.
    rewriter.replaceOpWithNewOp<NVVM::MBarrierTryWaitParityOp>(
        op, adaptor.getBarrier(), adaptor.getPhase(),
        i32Constant(rewriter, op.getLoc(), 0x989680));
    return success();
  }
};
} // namespace

void mlir::block::populateTmaOpToGPUPatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<MakeTensorDescOpToGPU, InitBarrierOpToGPU, BarrierExpectOpToGPU,
               TmaLoadOpToGPU, TmaStoreOpToGPU, ArriveBarrierOpToGPU,
               WaitBarrierOpToGPU>(converter, patterns.getContext());
}
