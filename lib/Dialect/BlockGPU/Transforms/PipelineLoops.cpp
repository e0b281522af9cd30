//===- PipelineLoops.cpp - Operands in flight through a ring of buffers ---===//
//
// A loop that loads the operands of tensor-core products and stages them in
// shared memory (blockgpu-materialize-shared-memory's local_alloc of a
// load) copies them instead, with cp.async, into a ring of num_stages
// buffers, num_stages - 1 iterations ahead of the product that reads them.
// Iteration i waits until at most num_stages - 2 groups of copies are in
// flight (its own group is then complete), passes a barrier (its copies
// become visible to every thread, and every thread is done with the buffer
// iteration i - 1 read; for wgmma, which reads through the async proxy,
// each thread fences its copies first), issues the copies of iteration
// i + num_stages - 1 into that buffer, and multiplies from buffer
// i mod num_stages. Copies of iterations past the end are not issued, so
// none is in flight after the loop.
//
//===----------------------------------------------------------------------===//

#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Dialect/Block/Transforms/LoopPipelining.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"
#include "block/Dialect/BlockGPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::blockgpu {
#define GEN_PASS_DEF_BLOCKGPUPIPELINELOOPS
#include "block/Dialect/BlockGPU/Transforms/Passes.h.inc"
} // namespace mlir::blockgpu

using namespace mlir;
using namespace mlir::blockgpu;

namespace {
/// A load whose tile only a local_alloc stages for products.
struct StagedLoad {
  block::LoadOp load;
  LocalAllocOp alloc;
};
} // namespace

/// Whether `value` is absent or zero: what an asynchronous copy writes for
/// masked-off elements.
static bool isAbsentOrZero(Value value) {
  return !value || matchPattern(value, m_Zero()) ||
         matchPattern(value, m_AnyZeroFloat());
}

/// The load `alloc` stages, if the copy can replace both: a non-volatile
/// load of the loop's body, of zero where masked off, used only by `alloc`,
/// whose buffer only tensor-core products of the body read.
static std::optional<StagedLoad> getStagedLoad(LocalAllocOp alloc,
                                               scf::ForOp loop) {
  Value src = alloc.getSrc();
  auto load = src ? src.getDefiningOp<block::LoadOp>() : nullptr;
  if (!load || load->getBlock() != loop.getBody() || load.getIsVolatile() ||
      !load->hasOneUse() || !isAbsentOrZero(load.getOther()))
    return std::nullopt;
  if (!llvm::all_of(alloc->getUses(), [&](OpOperand &use) {
        auto dot = dyn_cast<DotOp>(use.getOwner());
        return dot && dot->getBlock() == loop.getBody() &&
               isa<block::MmaLayoutAttr>(dot.getType().getEncoding());
      }))
    return std::nullopt;
  return StagedLoad{load, alloc};
}

static Type getTokenType(OpBuilder &builder) {
  return AsyncTokenType::get(builder.getContext());
}

/// Issues, at `builder`'s point, the copies of `loads` for the iteration
/// `ahead` iterations after the one whose induction variable is `iv` (and
/// whose advanced pointers are `pointers`) into their rings' buffers
/// `slot`, if that iteration runs, and closes the group.
static void emitCopies(OpBuilder &builder, scf::ForOp loop,
                       ArrayRef<Operation *> slice,
                       ArrayRef<block::AdvancedPointer> advanced,
                       ValueRange pointers, ArrayRef<StagedLoad> loads,
                       ArrayRef<Value> rings, Value iv, int64_t ahead,
                       Value slot) {
  Location loc = loop.getLoc();
  Value target = block::emitIterationValue(builder, loop, iv, ahead);
  Value runs = block::emitBelow(builder, loop, target, loop.getUpperBound());
  auto ifOp = scf::IfOp::create(builder, loc, runs, /*withElseRegion=*/false);
  OpBuilder inside = ifOp.getThenBodyBuilder();
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), target);
  for (auto [pointer, value] : llvm::zip(advanced, pointers))
    mapping.map(pointer.arg, block::emitAdvance(inside, loc, value,
                                                pointer.step, ahead));
  for (Operation *op : slice)
    inside.clone(*op, mapping);
  for (auto [staged, ring] : llvm::zip(loads, rings)) {
    auto ringType = cast<MemDescType>(ring.getType());
    auto bufferType = MemDescType::get(
        builder.getContext(), ringType.getShape().drop_front(),
        ringType.getElementType(), ringType.getLayout(),
        /*mutableMemory=*/true);
    Value buffer = MemDescIndexOp::create(inside, loc, bufferType, ring, slot);
    block::LoadOp load = staged.load;
    Value mask = load.getMask();
    AsyncCopyOp::create(inside, loc, getTokenType(builder),
                        mapping.lookupOrDefault(load.getPtr()), buffer,
                        mask ? mapping.lookupOrDefault(mask) : Value());
  }
  AsyncCommitGroupOp::create(builder, loc, getTokenType(builder),
                             ValueRange());
}

/// The product of `loop` that may stay in flight into the next iteration:
/// the one wgmma product that reads the staged loads, accumulating into an
/// iter_arg of the loop and yielding its result to it alone. Its buffer is
/// then free two iterations later, so the rings get a buffer more, if
/// they fit.
static DotOp getAsyncProduct(scf::ForOp loop, MutableArrayRef<StagedLoad> loads,
                             unsigned numStages) {
  DotOp dot;
  int64_t ringBytes = 0;
  for (StagedLoad staged : loads) {
    ringBytes += (numStages + 1) * staged.alloc.getType().getSizeInBytes();
    for (Operation *user : staged.alloc->getUsers()) {
      if (dot && user != dot)
        return {};
      dot = cast<DotOp>(user);
    }
  }
  if (!dot || ringBytes > kMaxSharedMemoryBytes ||
      !cast<block::MmaLayoutAttr>(dot.getType().getEncoding()).isWgmma())
    return {};
  auto acc = dyn_cast<BlockArgument>(dot.getAcc());
  if (!acc || acc.getOwner() != loop.getBody() || acc.getArgNumber() == 0 ||
      !dot->hasOneUse())
    return {};
  OpOperand &use = *dot->use_begin();
  if (!isa<scf::YieldOp>(use.getOwner()) ||
      use.getOperandNumber() != acc.getArgNumber() - 1)
    return {};
  return dot;
}

static Value i32Constant(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantOp::create(builder, loc, builder.getI32IntegerAttr(value));
}

/// `slot + 1` modulo `numStages`.
static Value emitNextSlot(OpBuilder &builder, Location loc, Value slot,
                          unsigned numStages) {
  Value next = arith::AddIOp::create(builder, loc, slot,
                                     i32Constant(builder, loc, 1));
  Value wraps = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                      next,
                                      i32Constant(builder, loc, numStages));
  return arith::SelectOp::create(builder, loc, wraps,
                                 i32Constant(builder, loc, 0), next);
}

/// Makes `dot` async: each iteration waits for the previous iteration's
/// product only (one group stays in flight), and the loop's result for
/// all.
static void keepInFlight(IRRewriter &rewriter, DotOp dot, scf::ForOp loop) {
  dot.setAsync(true);
  Location loc = dot.getLoc();
  unsigned index = dot->use_begin()->getOperandNumber();
  // An accumulator that starts at zero starts as nothing instead: the first
  // iteration's product does not read it (use_acc false), so no zeros are
  // written into the registers the in-flight products own. Without an
  // iteration the result is the zeros.
  Value zeros = loop.getInitArgs()[index];
  bool fromZero = matchPattern(zeros, m_AnyZeroFloat()) ||
                  matchPattern(zeros, m_Zero());
  Value ran;
  if (fromZero) {
    rewriter.setInsertionPoint(loop);
    Value no = arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(false));
    FailureOr<LoopLikeOpInterface> flagged = loop.replaceWithAdditionalYields(
        rewriter, no, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &builder, Location, ArrayRef<BlockArgument> args) {
          dot.getUseAccMutable().assign(args[0]);
          builder.setInsertionPoint(loop.getBody()->getTerminator());
          return SmallVector<Value>{arith::ConstantOp::create(
              builder, loc, builder.getBoolAttr(true))};
        });
    if (failed(flagged))
      return;
    loop = cast<scf::ForOp>(flagged->getOperation());
    rewriter.setInsertionPoint(loop);
    loop.getInitArgsMutable()[index].assign(
        PoisonOp::create(rewriter, loc, zeros.getType()));
    ran = loop.getResults().back();
  }
  rewriter.setInsertionPointAfter(dot);
  auto inFlight = DotWaitOp::create(rewriter, loc, dot.getType(),
                                    dot.getResult(),
                                    rewriter.getI32IntegerAttr(1));
  dot.getResult().replaceAllUsesExcept(inFlight, inFlight);
  Value result = loop->getResult(index);
  rewriter.setInsertionPointAfter(loop);
  auto done = DotWaitOp::create(rewriter, loc, result.getType(), result,
                                rewriter.getI32IntegerAttr(0));
  Value final = done;
  if (ran) {
    auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{result.getType()},
                                  ran, /*withElseRegion=*/true);
    OpBuilder thenBuilder = ifOp.getThenBodyBuilder();
    scf::YieldOp::create(thenBuilder, loc, ValueRange{done});
    OpBuilder elseBuilder = ifOp.getElseBodyBuilder();
    scf::YieldOp::create(elseBuilder, loc, ValueRange{zeros});
    final = ifOp.getResult(0);
  }
  result.replaceAllUsesExcept(final, done);
}

static void pipelineLoop(scf::ForOp loop, unsigned numStages) {
  if (numStages < 2 || !block::writesOnlySharedMemory(loop))
    return;
  SmallVector<StagedLoad> loads;
  llvm::SetVector<Operation *> slice;
  SmallVector<block::AdvancedPointer> advanced;
  for (auto alloc : loop.getBody()->getOps<LocalAllocOp>()) {
    std::optional<StagedLoad> staged = getStagedLoad(alloc, loop);
    llvm::SetVector<Operation *> loadSlice;
    SmallVector<block::AdvancedPointer> loadAdvanced(advanced);
    if (!staged || failed(block::collectAddressSlice(staged->load, loop,
                                                     loadSlice, &loadAdvanced)))
      continue;
    loads.push_back(*staged);
    slice.insert(loadSlice.begin(), loadSlice.end());
    advanced = std::move(loadAdvanced);
  }
  if (loads.empty())
    return;
  SmallVector<Operation *> ordered =
      block::sortInProgramOrder(std::move(slice));

  DotOp asyncProduct = getAsyncProduct(loop, loads, numStages);
  unsigned ringSize = numStages + (asyncProduct ? 1 : 0);
  IRRewriter rewriter(loop->getContext());
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  SmallVector<Value> rings;
  for (StagedLoad &staged : loads) {
    MemDescType type = staged.alloc.getType();
    SmallVector<int64_t> shape{int64_t(ringSize)};
    llvm::append_range(shape, type.getShape());
    rings.push_back(LocalAllocOp::create(
        rewriter, loc,
        MemDescType::get(rewriter.getContext(), shape, type.getElementType(),
                         type.getLayout(), /*mutableMemory=*/true),
        Value()));
  }
  SmallVector<Value> initialPointers;
  for (block::AdvancedPointer &pointer : advanced)
    initialPointers.push_back(loop.getTiedLoopInit(pointer.arg)->get());
  for (unsigned stage = 0; stage + 1 < numStages; ++stage)
    emitCopies(rewriter, loop, ordered, advanced, initialPointers, loads,
               rings, loop.getLowerBound(), stage,
               i32Constant(rewriter, loc, stage));

  // wgmma reads the buffers through the async proxy: each thread fences its
  // completed copies before the barrier that hands them over.
  bool readThroughAsyncProxy = llvm::any_of(loads, [](StagedLoad &staged) {
    return llvm::any_of(staged.alloc->getUsers(), [](Operation *user) {
      return cast<block::MmaLayoutAttr>(cast<DotOp>(user).getType().getEncoding())
          .isWgmma();
    });
  });
  SmallVector<Value> initialSlots{i32Constant(rewriter, loc, 0),
                                  i32Constant(rewriter, loc, numStages - 1)};
  auto yieldSlots = [&](OpBuilder &builder, Location bodyLoc,
                        ArrayRef<BlockArgument> slots) -> SmallVector<Value> {
    Value read = slots[0], write = slots[1];
    builder.setInsertionPointToStart(loop.getBody());
    AsyncWaitOp::create(builder, bodyLoc, getTokenType(builder), ValueRange(),
                        numStages - 2);
    if (readThroughAsyncProxy)
      FenceAsyncSharedOp::create(builder, bodyLoc);
    gpu::BarrierOp::create(builder, bodyLoc);
    SmallVector<Value> pointers;
    for (block::AdvancedPointer &pointer : advanced)
      pointers.push_back(pointer.arg);
    emitCopies(builder, loop, ordered, advanced, pointers, loads, rings,
               loop.getInductionVar(), numStages - 1, write);
    for (auto [staged, ring] : llvm::zip(loads, rings)) {
      builder.setInsertionPoint(staged.alloc);
      auto type = staged.alloc.getType();
      Value buffer = MemDescIndexOp::create(
          builder, bodyLoc,
          MemDescType::get(builder.getContext(), type.getShape(),
                           type.getElementType(), type.getLayout(),
                           /*mutableMemory=*/true),
          ring, read);
      staged.alloc.getResult().replaceAllUsesWith(buffer);
    }
    builder.setInsertionPoint(loop.getBody()->getTerminator());
    return {emitNextSlot(builder, bodyLoc, read, ringSize),
            emitNextSlot(builder, bodyLoc, write, ringSize)};
  };
  FailureOr<LoopLikeOpInterface> pipelined = loop.replaceWithAdditionalYields(
      rewriter, initialSlots, /*replaceInitOperandUsesInLoop=*/false,
      yieldSlots);
  if (failed(pipelined))
    return;
  for (StagedLoad &staged : loads) {
    rewriter.eraseOp(staged.alloc);
    rewriter.eraseOp(staged.load);
  }
  for (Operation *op : llvm::reverse(ordered))
    if (op->use_empty())
      rewriter.eraseOp(op);
  rewriter.setInsertionPointAfter(pipelined->getOperation());
  AsyncWaitOp::create(rewriter, loc, getTokenType(rewriter), ValueRange(), 0);
  if (asyncProduct)
    keepInFlight(rewriter, asyncProduct,
                 cast<scf::ForOp>(pipelined->getOperation()));
}

void mlir::blockgpu::pipelineLoops(func::FuncOp kernel) {
  SmallVector<scf::ForOp> loops;
  kernel.walk([&](scf::ForOp loop) { loops.push_back(loop); });
  for (scf::ForOp loop : loops)
    pipelineLoop(loop, block::getNumStages(loop));
}

namespace {
struct BlockGPUPipelineLoopsPass
    : blockgpu::impl::BlockGPUPipelineLoopsBase<BlockGPUPipelineLoopsPass> {
  void runOnOperation() override {
    for (auto kernel : getOperation().getOps<func::FuncOp>())
      if (block::isKernel(kernel) && !kernel.isExternal())
        pipelineLoops(kernel);
  }
};
} // namespace
