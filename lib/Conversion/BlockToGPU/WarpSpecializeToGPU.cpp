//===- WarpSpecializeToGPU.cpp - Partitions as branches on the warp -------===//
//
// After the other patterns have lowered the partitions' operations (which
// still needed to know their partition: the producer's copies are issued
// by its first thread), a blockgpu.warp_specialize becomes a branch on the
// thread id. Each side starts by moving its register budget; the
// consumers' CTA barriers become a named barrier of the consumer threads,
// since the producer's warps never reach them. The consumer warpgroups'
// turns are named barriers too, one per warpgroup: a warpgroup awaits its
// turn with bar.sync on its own, and passes it with bar.arrive on the
// next one's; the last warpgroup passes once before the first turn, and
// warpgroup 0 collects the last pass after the last. An await after values
// (the work between turns) first stores them, which ptxas keeps before the
// bar.sync: register work alone it would move past the wait.
//
//===----------------------------------------------------------------------===//

#include "GlobalAccess.h"
#include "Patterns.h"
#include "Utility.h"

#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::block;

/// The barrier consumers synchronise on: 0 is the CTA's.
constexpr int32_t kConsumerBarrier = 1;
/// The barrier of consumer warpgroup 0's turn; warpgroup i's is this + i.
constexpr int32_t kFirstTurnBarrier = 2;
/// The threads of one turn's barrier: the warpgroup that awaits the turn
/// and the one that passes it.
constexpr int32_t kTurnThreads = 2 * 128;

namespace {
/// The named barriers of the consumer warpgroups' turns, at one point of
/// the consumer region.
class TurnBarriers {
public:
  TurnBarriers(OpBuilder &builder, Location loc,
               blockgpu::WarpSpecializeOp split)
      : builder(builder), loc(loc),
        numGroups(split.getConsumerWarps() / 4) {
    Value tid = NVVM::ThreadIdXOp::create(builder, loc, builder.getI32Type());
    group = arith::DivUIOp::create(builder, loc, tid,
                                   i32Constant(builder, loc, 128));
  }

  /// bar.sync on warpgroup `index`'s barrier.
  void await(Value index) {
    NVVM::BarrierOp::create(builder, loc, Type(), barrierOf(index),
                            i32Constant(builder, loc, kTurnThreads),
                            /*reductionOp=*/nullptr,
                            /*reductionPredicate=*/Value());
  }
  /// bar.arrive on warpgroup `index`'s barrier.
  void pass(Value index) {
    NVVM::BarrierArriveOp::create(builder, loc, barrierOf(index),
                                  i32Constant(builder, loc, kTurnThreads));
  }

  Value self() const { return group; }
  Value next() {
    Value following = arith::AddIOp::create(builder, loc, group,
                                            i32Constant(builder, loc, 1));
    return arith::RemUIOp::create(builder, loc, following,
                                  i32Constant(builder, loc, numGroups));
  }
  /// Whether this thread's warpgroup is `index`.
  Value isGroup(int64_t index) {
    return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                 group, i32Constant(builder, loc, index));
  }
  int64_t getNumGroups() const { return numGroups; }

private:
  Value barrierOf(Value index) {
    return arith::AddIOp::create(builder, loc, index,
                                 i32Constant(builder, loc, kFirstTurnBarrier));
  }

  OpBuilder &builder;
  Location loc;
  int64_t numGroups;
  Value group;
};
} // namespace

namespace {
/// An await_turn after values: the first lane of each warp stores their
/// registers, four at a time, into the warp's slot (volatile, so that the
/// stores stay though nothing reads them), then awaits without them.
struct AwaitTurnOpToGPU : OpConversionPattern<blockgpu::AwaitTurnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(blockgpu::AwaitTurnOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getAfter().empty())
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> words;
    for (ValueRange registers : adaptor.getAfter())
      for (Value reg : registers)
        words.push_back(toWord(rewriter, loc, reg));
    Value zero = i32Constant(rewriter, loc, 0);
    words.resize(llvm::alignTo(words.size(), 4), zero);
    ThreadIds ids = emitThreadIds(rewriter, loc);
    Value firstLane = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, ids.lane, zero);
    Value slotOffset = arith::MulIOp::create(
        rewriter, loc, ids.warp,
        i32Constant(rewriter, loc, blockgpu::AwaitTurnOp::kSlotBytes));
    Value slot = LLVM::PtrToIntOp::create(
        rewriter, loc, rewriter.getI32Type(),
        emitElementAddress(rewriter, loc, emitScratchBase(rewriter, loc, op),
                           rewriter.getI8Type(), slotOffset));
    for (size_t first = 0; first < words.size(); first += 4) {
      SmallVector<Value> operands{slot};
      llvm::append_range(operands, ArrayRef(words).slice(first, 4));
      createPredicatedPtx(rewriter, loc, TypeRange(),
                          "st.volatile.shared.v4.b32 [{$r0}], {{$r1}, {$r2}, "
                          "{$r3}, {$r4}};",
                          operands, firstLane);
    }
    rewriter.replaceOpWithNewOp<blockgpu::AwaitTurnOp>(op, ValueRange());
    return success();
  }

private:
  /// `reg` as 32 bits that depend on it.
  static Value toWord(OpBuilder &b, Location loc, Value reg) {
    Type type = reg.getType();
    if (isa<LLVM::LLVMPointerType>(type))
      reg = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), reg);
    else if (isa<FloatType>(type))
      reg = LLVM::BitcastOp::create(
          b, loc, b.getIntegerType(type.getIntOrFloatBitWidth()), reg);
    unsigned bits = reg.getType().getIntOrFloatBitWidth();
    if (bits < 32)
      return LLVM::ZExtOp::create(b, loc, b.getI32Type(), reg);
    if (bits > 32)
      return LLVM::TruncOp::create(b, loc, b.getI32Type(), reg);
    return reg;
  }
};
} // namespace

void mlir::block::populateTurnOpToGPUPatterns(const TypeConverter &converter,
                                              RewritePatternSet &patterns) {
  patterns.add<AwaitTurnOpToGPU>(converter, patterns.getContext());
}

/// Lowers the turns of `split`'s consumer warpgroups, if it has any.
static void lowerTurns(blockgpu::WarpSpecializeOp split) {
  SmallVector<Operation *> turns;
  split.getConsumer().walk([&](Operation *op) {
    if (isa<blockgpu::AwaitTurnOp, blockgpu::PassTurnOp>(op))
      turns.push_back(op);
  });
  if (turns.empty())
    return;
  Block &consumer = split.getConsumer().front();
  Location loc = split.getLoc();
  {
    // The last warpgroup passes first, so that warpgroup 0's first turn
    // comes at once.
    OpBuilder builder = OpBuilder::atBlockBegin(&consumer);
    TurnBarriers barriers(builder, loc, split);
    auto ifOp = scf::IfOp::create(
        builder, loc, barriers.isGroup(barriers.getNumGroups() - 1),
        /*withElseRegion=*/false);
    builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    barriers.pass(i32Constant(builder, loc, 0));
  }
  for (Operation *turn : turns) {
    OpBuilder builder(turn);
    TurnBarriers barriers(builder, turn->getLoc(), split);
    if (isa<blockgpu::AwaitTurnOp>(turn))
      barriers.await(barriers.self());
    else
      barriers.pass(barriers.next());
    turn->erase();
  }
  // Warpgroup 0 collects the last warpgroup's last pass.
  OpBuilder builder = OpBuilder::atBlockEnd(&consumer);
  TurnBarriers barriers(builder, loc, split);
  auto ifOp = scf::IfOp::create(builder, loc, barriers.isGroup(0),
                                /*withElseRegion=*/false);
  builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  barriers.await(i32Constant(builder, loc, 0));
}

/// Moves the operations of `partition` to the start of `branch`'s block,
/// after setting the partition's budget of `registers`.
static void emitPartition(OpBuilder &builder, Region &partition,
                          Region &branch, NVVM::SetMaxRegisterAction action,
                          int64_t registers) {
  Block &body = branch.front();
  builder.setInsertionPointToStart(&body);
  NVVM::SetMaxRegisterOp::create(builder, partition.getLoc(),
                                 int32_t(registers), action);
  body.getOperations().splice(body.getTerminator()->getIterator(),
                              partition.front().getOperations());
}

void mlir::block::lowerWarpSpecialize(gpu::GPUModuleOp module) {
  SmallVector<blockgpu::WarpSpecializeOp> splits;
  module.walk([&](blockgpu::WarpSpecializeOp split) { splits.push_back(split); });
  for (blockgpu::WarpSpecializeOp split : splits) {
    OpBuilder builder(split);
    Location loc = split.getLoc();
    split.getConsumer().walk([&](gpu::BarrierOp barrier) {
      OpBuilder at(barrier);
      NVVM::BarrierOp::create(
          at, barrier.getLoc(), Type(),
          i32Constant(at, barrier.getLoc(), kConsumerBarrier),
          i32Constant(at, barrier.getLoc(), 32 * split.getConsumerWarps()),
          /*reductionOp=*/nullptr, /*reductionPredicate=*/Value());
      barrier.erase();
    });
    lowerTurns(split);
    Value tid = NVVM::ThreadIdXOp::create(builder, loc, builder.getI32Type());
    Value producing = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::uge, tid,
        i32Constant(builder, loc, split.getProducerFirstThread()));
    auto branch = scf::IfOp::create(builder, loc, producing,
                                    /*withElseRegion=*/true);
    emitPartition(builder, split.getProducer(), branch.getThenRegion(),
                  NVVM::SetMaxRegisterAction::decrease,
                  split.getProducerRegisters());
    emitPartition(builder, split.getConsumer(), branch.getElseRegion(),
                  NVVM::SetMaxRegisterAction::increase,
                  split.getConsumerRegisters());
    split.erase();
  }
}
