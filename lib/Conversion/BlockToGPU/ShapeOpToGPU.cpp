//===- ShapeOpToGPU.cpp - arange, splat and the shape operations ----------===//
//
// Shape operations (block.join and block.split among them) and layout
// conversions move no data: every thread already holds the elements of the
// result and they relabel registers (mapRegisters). Or a conversion moves data within warps, by shuffles. The
// layout contract guarantees one of those: conversions between warps went
// through buffers in blockgpu-materialize-shared-memory.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utility.h"

#include "block/Layout/TensorLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::block;

namespace {
struct ArangeOpToGPU : OpConversionPattern<ArangeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ArangeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TensorDistribution dist = getDistribution(op.getType());
    SmallVector<Value> threadIndex =
        dist.emitThreadIndex(rewriter, loc, emitThreadIds(rewriter, loc));
    Value start = i32Constant(rewriter, loc, op.getStart());
    SmallVector<Value> values;
    for (unsigned reg = 0, e = dist.getNumRegisters(); reg < e; ++reg) {
      Value index = dist.emitElementIndex(rewriter, loc, threadIndex, reg)[0];
      values.push_back(op.getStart() ? Value(arith::AddIOp::create(
                                           rewriter, loc, index, start))
                                     : index);
    }
    rewriter.replaceOpWithMultiple(op, SmallVector<SmallVector<Value>>{values});
    return success();
  }
};

struct SplatOpToGPU : OpConversionPattern<SplatOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    unsigned numRegisters = getDistribution(op.getType()).getNumRegisters();
    rewriter.replaceOpWithMultiple(
        op, SmallVector<SmallVector<Value>>{
                SmallVector<Value>(numRegisters, adaptor.getSrc())});
    return success();
  }
};
} // namespace

/// The index maps from a shape operation's result indices to its operand's.
static ElementIndex wrapTo(ArrayRef<int64_t> shape, ArrayRef<int64_t> index) {
  ElementIndex wrapped(index);
  for (auto [i, size] : llvm::enumerate(shape))
    wrapped[i] &= size - 1;
  return wrapped;
}

static ElementIndex dropDim(unsigned dim, ArrayRef<int64_t> index) {
  ElementIndex dropped(index);
  dropped.erase(dropped.begin() + dim);
  return dropped;
}

static ElementIndex permute(ArrayRef<int32_t> order, ArrayRef<int64_t> index) {
  ElementIndex source(index.size(), 0);
  for (auto [i, d] : llvm::enumerate(order))
    source[d] = index[i];
  return source;
}

static ElementIndex reshapeIndex(const TensorDistribution &from,
                                 const TensorDistribution &to,
                                 ArrayRef<int64_t> index) {
  return from.delinearize(to.linearize(index));
}

namespace {
/// Shared lowering of the shape operations: relabel the registers.
template <typename SourceOp>
struct ShapeOpToGPU : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;
  using OneToNOpAdaptor = typename OpConversionPattern<SourceOp>::OneToNOpAdaptor;

  LogicalResult
  matchAndRewrite(SourceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorDistribution from = getDistribution(op.getSrc().getType());
    TensorDistribution to = getDistribution(op.getType());
    auto toFrom = [&](ArrayRef<int64_t> index) {
      return mapIndex(op, from, to, index);
    };
    ValueRange values = adaptor.getSrc();
    if (std::optional<SmallVector<unsigned>> mapping =
            mapRegisters(from, to, toFrom)) {
      SmallVector<Value> results;
      for (unsigned reg : *mapping)
        results.push_back(values[reg]);
      rewriter.replaceOpWithMultiple(op,
                                     SmallVector<SmallVector<Value>>{results});
      return success();
    }
    return rewriter.notifyMatchFailure(op, "moves data between threads");
  }

  static ElementIndex mapIndex(BroadcastOp op, const TensorDistribution &from,
                               const TensorDistribution &,
                               ArrayRef<int64_t> index) {
    return wrapTo(from.getShape(), index);
  }
  static ElementIndex mapIndex(ExpandDimsOp op, const TensorDistribution &,
                               const TensorDistribution &,
                               ArrayRef<int64_t> index) {
    return dropDim(op.getAxis(), index);
  }
  static ElementIndex mapIndex(TransOp op, const TensorDistribution &,
                               const TensorDistribution &,
                               ArrayRef<int64_t> index) {
    return permute(op.getOrder(), index);
  }
  static ElementIndex mapIndex(ReshapeOp, const TensorDistribution &from,
                               const TensorDistribution &to,
                               ArrayRef<int64_t> index) {
    return reshapeIndex(from, to, index);
  }
  static ElementIndex mapIndex(ConvertLayoutOp, const TensorDistribution &,
                               const TensorDistribution &,
                               ArrayRef<int64_t> index) {
    return ElementIndex(index);
  }
};
} // namespace

/// For each register of `op`'s result, the operand (0: lhs, 1: rhs) and its
/// register that hold the element, if every thread holds them: each pair is
/// in one thread's registers, so register `reg`'s pair index is that of
/// lane 0 of warp 0.
static std::optional<SmallVector<std::pair<unsigned, unsigned>>>
mapJoinRegisters(JoinOp op) {
  TensorDistribution from = getDistribution(op.getLhs().getType());
  TensorDistribution to = getDistribution(op.getType());
  if (!isHeldByRegisters(to.getLinearLayout(), to.getRank() - 1))
    return std::nullopt;
  auto toFrom = [&](ArrayRef<int64_t> index) {
    return ElementIndex(index.drop_back());
  };
  std::optional<SmallVector<unsigned>> mapping = mapRegisters(from, to, toFrom);
  if (!mapping)
    return std::nullopt;
  SmallVector<std::pair<unsigned, unsigned>> sources;
  for (auto [reg, source] : llvm::enumerate(*mapping))
    sources.push_back({unsigned(to.getRegisterIndex(reg).back()), source});
  return sources;
}

/// For each result of `op` (lhs, rhs), the registers of the operand that
/// hold its registers' elements, if every thread holds them. The index maps
/// are XOR-linear: the lhs's is (i) -> (i, 0), and the rhs's registers are
/// those XOR the register holding (0, ..., 0, 1) in every thread.
static std::optional<std::array<SmallVector<unsigned>, 2>>
mapSplitRegisters(SplitOp op) {
  TensorDistribution from = getDistribution(op.getSrc().getType());
  TensorDistribution to = getDistribution(op.getLhs().getType());
  unsigned dim = from.getRank() - 1;
  if (!isHeldByRegisters(from.getLinearLayout(), dim))
    return std::nullopt;
  ElementIndex second(from.getRank(), 0);
  second.back() = 1;
  std::optional<unsigned> pairRegister;
  for (unsigned reg = 0, e = from.getNumRegisters(); reg < e; ++reg)
    if (from.getRegisterIndex(reg) == second) {
      pairRegister = reg;
      break;
    }
  auto toFrom = [&](ArrayRef<int64_t> index) {
    ElementIndex paired(index);
    paired.push_back(0);
    return paired;
  };
  std::optional<SmallVector<unsigned>> firsts = mapRegisters(from, to, toFrom);
  if (!pairRegister || !firsts)
    return std::nullopt;
  std::array<SmallVector<unsigned>, 2> sources = {*firsts, *firsts};
  for (unsigned &reg : sources[1])
    reg ^= *pairRegister;
  return sources;
}

namespace {
/// block.join and block.split relabel registers: each thread holds a pair
/// in its registers (their verifiers and the layout contract see to it).
struct JoinOpToGPU : OpConversionPattern<JoinOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(JoinOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<SmallVector<std::pair<unsigned, unsigned>>> sources =
        mapJoinRegisters(op);
    if (!sources)
      return rewriter.notifyMatchFailure(op, "moves data between threads");
    std::array<ValueRange, 2> halves = {adaptor.getLhs(), adaptor.getRhs()};
    SmallVector<Value> results;
    for (auto [half, reg] : *sources)
      results.push_back(halves[half][reg]);
    rewriter.replaceOpWithMultiple(op, SmallVector<SmallVector<Value>>{results});
    return success();
  }
};

struct SplitOpToGPU : OpConversionPattern<SplitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SplitOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<std::array<SmallVector<unsigned>, 2>> sources =
        mapSplitRegisters(op);
    if (!sources)
      return rewriter.notifyMatchFailure(op, "moves data between threads");
    ValueRange values = adaptor.getSrc();
    SmallVector<SmallVector<Value>> results(2);
    for (auto [half, mapping] : llvm::enumerate(*sources))
      for (unsigned reg : mapping)
        results[half].push_back(values[reg]);
    rewriter.replaceOpWithMultiple(op, results);
    return success();
  }
};
} // namespace

namespace {
/// A conversion within warps (getWarpShuffle): each register of the result
/// is one shuffle of a register of the source, from the lane the algebra
/// gives.
struct ConvertLayoutOpToWarpShuffles : OpConversionPattern<ConvertLayoutOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorDistribution to = getDistribution(op.getType());
    std::optional<LinearLayout> shuffle = getWarpShuffle(
        getDistribution(op.getSrc().getType()).getLinearLayout(),
        to.getLinearLayout());
    if (!shuffle)
      return rewriter.notifyMatchFailure(op, "moves data between warps");
    Location loc = op.getLoc();
    // The source lane of each lane, for register 0: the XOR of the images
    // of the lane id's bits.
    Value lane = emitThreadIds(rewriter, loc).lane;
    Value sourceLane = i32Constant(rewriter, loc, 0);
    for (unsigned bit = 0, e = shuffle->getInDimSizeLog2(kLane); bit < e;
         ++bit) {
      int32_t image = shuffle->getBasis(kLane, bit, kLane);
      if (!image)
        continue;
      Value set = emitIdBit(rewriter, loc, lane, bit);
      sourceLane = arith::XOrIOp::create(
          rewriter, loc, sourceLane,
          arith::MulIOp::create(rewriter, loc, set,
                                i32Constant(rewriter, loc, image)));
    }
    ValueRange values = adaptor.getSrc();
    SmallVector<Value> results(to.getNumRegisters());
    for (unsigned reg = 0, e = to.getNumRegisters(); reg < e; ++reg) {
      if (!to.isFirstCopy(reg)) {
        results[reg] = results[to.getFirstCopy(reg)];
        continue;
      }
      SmallVector<int32_t> source = shuffle->apply({int32_t(reg), 0});
      Value fromLane = source[1] ? Value(arith::XOrIOp::create(
                                       rewriter, loc, sourceLane,
                                       i32Constant(rewriter, loc, source[1])))
                                 : sourceLane;
      results[reg] = emitShuffle(rewriter, loc, values[source[0]], fromLane,
                                 gpu::ShuffleMode::IDX);
    }
    rewriter.replaceOpWithMultiple(op, SmallVector<SmallVector<Value>>{results});
    return success();
  }
};
} // namespace

/// Whether every thread holds the elements of `op`'s result in its own
/// registers.
template <typename SourceOp>
static bool movesNoData(SourceOp op) {
  TensorDistribution from = getDistribution(op.getSrc().getType());
  TensorDistribution to = getDistribution(op.getType());
  auto toFrom = [&](ArrayRef<int64_t> index) {
    return ShapeOpToGPU<SourceOp>::mapIndex(op, from, to, index);
  };
  return mapRegisters(from, to, toFrom).has_value();
}

bool mlir::block::isWarpShuffleConversion(ConvertLayoutOp op) {
  return getWarpShuffle(
             getDistribution(op.getSrc().getType()).getLinearLayout(),
             getDistribution(op.getType()).getLinearLayout())
      .has_value();
}

bool mlir::block::isRelabelingShapeOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, bool>(op)
      .Case<BroadcastOp, ExpandDimsOp, TransOp, ReshapeOp, ConvertLayoutOp>(
          [](auto shapeOp) { return movesNoData(shapeOp); })
      .Case([](JoinOp join) { return mapJoinRegisters(join).has_value(); })
      .Case([](SplitOp split) { return mapSplitRegisters(split).has_value(); })
      .Default(false);
}

void mlir::block::populateShapeOpToGPUPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<ArangeOpToGPU, SplatOpToGPU, ShapeOpToGPU<BroadcastOp>,
               ShapeOpToGPU<ExpandDimsOp>, ShapeOpToGPU<TransOp>,
               ShapeOpToGPU<ReshapeOp>, ShapeOpToGPU<ConvertLayoutOp>,
               JoinOpToGPU, SplitOpToGPU>(
      converter, patterns.getContext());
  patterns.add<ConvertLayoutOpToWarpShuffles>(converter, patterns.getContext(),
                                              /*benefit=*/0);
}
