//===- PipelineLoops.cpp - Operands in flight through a ring of buffers ---===//
//
// A loop that loads the operands of tensor-core products and stages them in
// shared memory (blockgpu-materialize-shared-memory's local_alloc of a
// load) copies them instead, with cp.async, into a ring of num_stages
// buffers (as many as the chip's shared memory holds), num_stages - 1
// iterations ahead of the product that reads them. Iteration i waits until
// at most num_stages - 2 groups of copies are in flight (its own group is
// then complete), passes a barrier (its copies become visible to every
// thread, and every thread is done with the buffer iteration i - 1 read;
// for wgmma, which reads through the async proxy, each thread fences its
// copies first), issues the copies of iteration i + num_stages - 1 into
// that buffer, and multiplies from buffer i mod num_stages. A wgmma
// product kept in flight into the next iteration still reads buffer i - 1
// there: its copies wait for the end of the iteration, after the wait for
// that product and a second barrier. Copies of iterations past the end are
// not issued, so none is in flight after the loop.
//
// Tiles of tensor descriptors (block.desc_load, left for the copy engine by
// block-lower-tensor-descriptors) are copied by TMA instead: each buffer of
// the ring has an mbarrier, which one thread arms with the bytes of the
// iteration's tiles; iteration i waits for the phase of its buffer's
// barrier, (i / ring size) mod 2, where cp.async waits for its groups.
//
//===----------------------------------------------------------------------===//

#include "StagedLoads.h"

#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Dialect/Block/Transforms/LoopPipelining.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"
#include "block/Dialect/BlockGPU/Transforms/Passes.h"
#include "block/Support/Remarks.h"

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

/// Whether `value` is absent or zero: what an asynchronous copy writes for
/// masked-off elements.
static bool isAbsentOrZero(Value value) {
  return !value || matchPattern(value, m_Zero()) ||
         matchPattern(value, m_AnyZeroFloat());
}

std::optional<SmallVector<DotOp>>
mlir::blockgpu::getProductReaders(Value buffer) {
  SmallVector<DotOp> readers;
  for (Operation *user : buffer.getUsers()) {
    if (auto dot = dyn_cast<DotOp>(user)) {
      readers.push_back(dot);
      continue;
    }
    auto view = dyn_cast<MemDescTransOp>(user);
    std::optional<SmallVector<DotOp>> through =
        view ? getProductReaders(view.getResult()) : std::nullopt;
    if (!through)
      return std::nullopt;
    readers.append(*through);
  }
  return readers;
}

std::optional<StagedLoad> mlir::blockgpu::getStagedLoad(LocalAllocOp alloc,
                                                        scf::ForOp loop) {
  Value src = alloc.getSrc();
  Operation *load = src ? src.getDefiningOp() : nullptr;
  if (!load || load->getBlock() != loop.getBody() || !load->hasOneUse())
    return std::nullopt;
  if (auto pointers = dyn_cast<block::LoadOp>(load)) {
    if (pointers.getIsVolatile() || !isAbsentOrZero(pointers.getOther()))
      return std::nullopt;
  } else if (auto tile = dyn_cast<block::DescLoadOp>(load)) {
    MemDescType buffer = alloc.getType();
    if (!getTileCopyProblem(buffer.getShape(), buffer.getElementBits(),
                            buffer.getLayout())
             .empty())
      return std::nullopt;
  } else {
    return std::nullopt;
  }
  std::optional<SmallVector<DotOp>> readers = getProductReaders(alloc);
  if (!readers || !llvm::all_of(*readers, [&](DotOp dot) {
        return dot->getBlock() == loop.getBody() &&
               isa<block::MmaLayoutAttr>(dot.getType().getEncoding());
      }))
    return std::nullopt;
  return StagedLoad{load, alloc};
}

static Type getTokenType(OpBuilder &builder) {
  return AsyncTokenType::get(builder.getContext());
}

Value mlir::blockgpu::emitStage(OpBuilder &builder, Location loc, Value ring,
                               Value index) {
  auto ringType = cast<MemDescType>(ring.getType());
  auto stageType = MemDescType::get(
      builder.getContext(), ringType.getShape().drop_front(),
      ringType.getElementType(), ringType.getLayout(), /*mutableMemory=*/true);
  return MemDescIndexOp::create(builder, loc, stageType, ring, index);
}

Value mlir::blockgpu::emitRing(OpBuilder &builder, Location loc,
                               MemDescType buffer, int64_t size) {
  SmallVector<int64_t> shape{size};
  llvm::append_range(shape, buffer.getShape());
  return LocalAllocOp::create(
      builder, loc,
      MemDescType::get(builder.getContext(), shape, buffer.getElementType(),
                       buffer.getLayout(), /*mutableMemory=*/true),
      Value());
}

Value mlir::blockgpu::emitBarrierRing(OpBuilder &builder, Location loc,
                                      int64_t size, int32_t count) {
  auto layout = SwizzledLayoutAttr::get(builder.getContext(), 1, 1, 1,
                                        /*transposed=*/false);
  Value barriers = emitRing(
      builder, loc,
      MemDescType::get(builder.getContext(), {1, 1}, builder.getI64Type(),
                       layout, /*mutableMemory=*/true),
      size);
  for (int64_t stage = 0; stage < size; ++stage)
    InitBarrierOp::create(
        builder, loc,
        emitStage(builder, loc, barriers, i32Constant(builder, loc, stage)),
        count);
  return barriers;
}

/// Issues, at `builder`'s point, the copies of `loads` for the iteration
/// `ahead` iterations after the one whose induction variable is `iv` (and
/// whose advanced pointers are `pointers`) into their rings' buffers
/// `slot`, if that iteration runs: cp.async copies closed as a group, and
/// TMA copies signalling the slot's barrier of `barriers`.
static void emitCopies(OpBuilder &builder, scf::ForOp loop,
                       ArrayRef<Operation *> slice,
                       ArrayRef<block::AdvancedPointer> advanced,
                       ValueRange pointers, ArrayRef<StagedLoad> loads,
                       ArrayRef<Value> rings, Value barriers, Value iv,
                       int64_t ahead, Value slot) {
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
  Value barrier;
  if (barriers) {
    int64_t bytes = 0;
    for (StagedLoad staged : loads)
      if (staged.getTile())
        bytes += staged.alloc.getType().getSizeInBytes();
    barrier = emitStage(inside, loc, barriers, slot);
    BarrierExpectOp::create(inside, loc, barrier, int32_t(bytes));
  }
  bool anyPointers = false;
  for (auto [staged, ring] : llvm::zip(loads, rings)) {
    Value buffer = emitStage(inside, loc, ring, slot);
    if (block::DescLoadOp tile = staged.getTile()) {
      SmallVector<Value> indices = llvm::map_to_vector(
          tile.getIndices(), [&](Value v) { return mapping.lookupOrDefault(v); });
      TmaLoadOp::create(inside, tile.getLoc(), tile.getDesc(), indices, buffer,
                        barrier);
      continue;
    }
    auto load = cast<block::LoadOp>(staged.load);
    Value mask = load.getMask();
    // At the load's location: its lowering says how it copies.
    AsyncCopyOp::create(inside, load.getLoc(), getTokenType(builder),
                        mapping.lookupOrDefault(load.getPtr()), buffer,
                        mask ? mapping.lookupOrDefault(mask) : Value());
    anyPointers = true;
  }
  if (anyPointers)
    AsyncCommitGroupOp::create(builder, loc, getTokenType(builder),
                               ValueRange());
}

unsigned mlir::blockgpu::fitStages(scf::ForOp loop,
                                   ArrayRef<StagedLoad> loads,
                                   unsigned numStages) {
  int64_t stageBytes = 0;
  for (StagedLoad staged : loads)
    stageBytes += staged.alloc.getType().getSizeInBytes();
  if (stageBytes == 0)
    return numStages;
  return std::min<int64_t>(numStages,
                           getMaxSharedMemoryBytes(loop) / stageBytes);
}

DotOp mlir::blockgpu::getAsyncProduct(scf::ForOp loop,
                                      MutableArrayRef<StagedLoad> loads) {
  DotOp dot;
  for (StagedLoad staged : loads) {
    SmallVector<DotOp> readers = *getProductReaders(staged.alloc);
    for (DotOp reader : readers) {
      if (dot && reader != dot)
        return {};
      dot = reader;
    }
  }
  if (!dot ||
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

FailureOr<Value> mlir::blockgpu::startFromNothing(IRRewriter &rewriter,
                                                  DotOp dot, scf::ForOp &loop,
                                                  unsigned index) {
  Value zeros = loop.getInitArgs()[index];
  if (!matchPattern(zeros, m_AnyZeroFloat()) && !matchPattern(zeros, m_Zero()))
    return Value();
  Location loc = dot.getLoc();
  rewriter.setInsertionPoint(loop);
  Value no =
      arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(false));
  FailureOr<LoopLikeOpInterface> flagged = loop.replaceWithAdditionalYields(
      rewriter, no, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &builder, Location, ArrayRef<BlockArgument> args) {
        dot.getUseAccMutable().assign(args[0]);
        builder.setInsertionPoint(loop.getBody()->getTerminator());
        return SmallVector<Value>{
            arith::ConstantOp::create(builder, loc, builder.getBoolAttr(true))};
      });
  if (failed(flagged))
    return failure();
  loop = cast<scf::ForOp>(flagged->getOperation());
  rewriter.setInsertionPoint(loop);
  loop.getInitArgsMutable()[index].assign(
      PoisonOp::create(rewriter, loc, zeros.getType()));
  return loop.getResults().back();
}

Value mlir::blockgpu::emitZerosUnlessRan(OpBuilder &builder, Location loc,
                                         Value ran, Value result, Value zeros) {
  auto ifOp = scf::IfOp::create(builder, loc, TypeRange{result.getType()}, ran,
                                /*withElseRegion=*/true);
  OpBuilder thenBuilder = ifOp.getThenBodyBuilder();
  scf::YieldOp::create(thenBuilder, loc, ValueRange{result});
  OpBuilder elseBuilder = ifOp.getElseBodyBuilder();
  scf::YieldOp::create(elseBuilder, loc, ValueRange{zeros});
  return ifOp.getResult(0);
}

FailureOr<InFlightProduct>
mlir::blockgpu::keepInFlight(IRRewriter &rewriter, DotOp dot, scf::ForOp loop) {
  dot.setAsync(true);
  Location loc = dot.getLoc();
  unsigned index = dot->use_begin()->getOperandNumber();
  Value zeros = loop.getInitArgs()[index];
  FailureOr<Value> ran = startFromNothing(rewriter, dot, loop, index);
  if (failed(ran))
    return failure();
  rewriter.setInsertionPointAfter(dot);
  auto inFlight = DotWaitOp::create(rewriter, loc, dot.getType(),
                                    dot.getResult(),
                                    rewriter.getI32IntegerAttr(1));
  dot.getResult().replaceAllUsesExcept(inFlight, inFlight);
  DotWaitOp done = waitAfterLoop(rewriter, loop, index, loop, *ran, zeros);
  return InFlightProduct{loop, inFlight, done};
}

DotWaitOp mlir::blockgpu::waitAfterLoop(IRRewriter &rewriter, scf::ForOp loop,
                                        unsigned index, Operation *after,
                                        Value ran, Value zeros) {
  Value result = loop->getResult(index);
  Location loc = loop.getLoc();
  rewriter.setInsertionPointAfter(after);
  auto done = DotWaitOp::create(rewriter, loc, result.getType(), result,
                                rewriter.getI32IntegerAttr(0));
  Value final = done;
  if (ran)
    final = emitZerosUnlessRan(rewriter, loc, ran, done, zeros);
  result.replaceAllUsesExcept(final, done);
  return done;
}

/// Whether a wgmma product reads `buffer`, directly or through transposed
/// views of it (K's tile in attention's Q K^T).
static bool isReadByWgmma(Value buffer) {
  std::optional<SmallVector<DotOp>> readers = getProductReaders(buffer);
  return readers && llvm::any_of(*readers, [](DotOp dot) {
           auto mma =
               dyn_cast<block::MmaLayoutAttr>(dot.getType().getEncoding());
           return mma && mma.isWgmma();
         });
}

/// Says in how many stages `loop` is pipelined, `numStages` of the `asked`
/// that shared memory holds, or why not, and how `loads` copy.
static void remarkPipelined(scf::ForOp loop, MutableArrayRef<StagedLoad> loads,
                            unsigned asked, unsigned numStages) {
  int64_t stageBytes = 0;
  for (StagedLoad &staged : loads)
    stageBytes += staged.alloc.getType().getSizeInBytes();
  std::string fits =
      llvm::formatv("shared memory ({0} bytes) holds {1} stage(s) of {2} "
                    "bytes",
                    getMaxSharedMemoryBytes(loop), numStages, stageBytes)
          .str();
  if (numStages < 2) {
    remark::missed(
        loop.getLoc(),
        block::remarks::opts("NotPipelined", block::remarks::kPipeline, loop))
        << "loop not pipelined" << remark::reason("{0}", fits);
    return;
  }
  remark::detail::InFlightRemark pipelined = remark::passed(
      loop.getLoc(),
      block::remarks::opts("Pipelined", block::remarks::kPipeline, loop));
  pipelined << llvm::formatv("loop pipelined in {0} stages", numStages).str();
  if (numStages < asked)
    pipelined << remark::reason("num_stages = {0}, but {1}", asked, fits);
  for (StagedLoad &staged : loads)
    remark::passed(staged.load->getLoc(),
                   block::remarks::opts("CopiedAhead",
                                        block::remarks::kPipeline, staged.load))
        << llvm::formatv("operand copied {0} iteration{1} ahead by {2}",
                         numStages - 1, numStages > 2 ? "s" : "",
                         staged.getTile() ? "TMA" : "cp.async")
               .str();
}

static void pipelineLoop(scf::ForOp loop, unsigned numStages) {
  // Only loops with tensor-core products have operands to copy ahead, and
  // a remark to make; a producer warpgroup copies those of a specialised
  // one.
  bool staging =
      !loop->getParentOfType<WarpSpecializeOp>() &&
      llvm::any_of(loop.getBody()->getOps<DotOp>(), [](DotOp dot) {
        return isa<block::MmaLayoutAttr>(dot.getType().getEncoding());
      });
  auto notPipelined = [&](const std::string &why) {
    if (staging)
      remark::missed(
          loop.getLoc(),
          block::remarks::opts("NotPipelined", block::remarks::kPipeline, loop))
          << "loop not pipelined" << remark::reason("{0}", why);
  };
  if (numStages < 2)
    return notPipelined(llvm::formatv("num_stages = {0}", numStages).str());
  if (!block::writesOnlySharedMemory(loop))
    return notPipelined("it writes global memory, and its stores would run "
                        "ahead of the copies");
  SmallVector<StagedLoad> loads;
  llvm::SetVector<Operation *> slice;
  SmallVector<block::AdvancedPointer> advanced;
  for (auto alloc : loop.getBody()->getOps<LocalAllocOp>()) {
    std::optional<StagedLoad> staged = getStagedLoad(alloc, loop);
    llvm::SetVector<Operation *> loadSlice;
    SmallVector<block::AdvancedPointer> loadAdvanced(advanced);
    if (!staged)
      continue;
    if (failed(block::collectAddressSlice(staged->load, loop, loadSlice,
                                          &loadAdvanced))) {
      remark::missed(staged->load->getLoc(),
                     block::remarks::opts("NotCopiedAhead",
                                          block::remarks::kPipeline,
                                          staged->load))
          << "load not copied ahead"
          << remark::reason("its addresses are not computed in the loop "
                            "from pointers it advances by an invariant step");
      continue;
    }
    loads.push_back(*staged);
    slice.insert(loadSlice.begin(), loadSlice.end());
    advanced = std::move(loadAdvanced);
  }
  if (loads.empty())
    return notPipelined("no load of a product's operand can be copied ahead");
  unsigned asked = numStages;
  numStages = fitStages(loop, loads, numStages);
  if (block::remarks::enabled(loop->getContext()))
    remarkPipelined(loop, loads, asked, numStages);
  if (numStages < 2)
    return;
  // The copies before the loop advance the pointers too: their offsets,
  // where the body computes them, are computed before it instead (a slice
  // may have shared some of those operations).
  for (block::AdvancedPointer &pointer : advanced)
    block::hoistLoopInvariant(loop, pointer.step);
  slice.remove_if(
      [&](Operation *op) { return op->getBlock() != loop.getBody(); });
  SmallVector<Operation *> ordered =
      block::sortInProgramOrder(std::move(slice));

  DotOp asyncProduct = getAsyncProduct(loop, loads);
  IRRewriter rewriter(loop->getContext());
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  SmallVector<Value> rings;
  for (StagedLoad &staged : loads)
    rings.push_back(
        emitRing(rewriter, loc, staged.alloc.getType(), numStages));
  bool anyTiles = llvm::any_of(
      loads, [](const StagedLoad &staged) { return bool(staged.getTile()); });
  bool anyPointers = llvm::any_of(
      loads, [](const StagedLoad &staged) { return !staged.getTile(); });
  // One mbarrier per buffer of the rings, each armed once per use.
  Value barriers;
  if (anyTiles)
    barriers = emitBarrierRing(rewriter, loc, numStages, /*count=*/1);
  SmallVector<Value> initialPointers;
  for (block::AdvancedPointer &pointer : advanced)
    initialPointers.push_back(loop.getTiedLoopInit(pointer.arg)->get());
  for (unsigned stage = 0; stage + 1 < numStages; ++stage)
    emitCopies(rewriter, loop, ordered, advanced, initialPointers, loads,
               rings, barriers, loop.getLowerBound(), stage,
               i32Constant(rewriter, loc, stage));

  // wgmma reads the buffers through the async proxy: each thread fences its
  // completed cp.async copies (TMA writes through the async proxy itself)
  // before the barrier that hands them over.
  bool readThroughAsyncProxy =
      anyPointers && llvm::any_of(loads, [](StagedLoad &staged) {
        return isReadByWgmma(staged.alloc);
      });
  // The slots read and written, and (with TMA) the parity of the phase of
  // the read slot's barrier.
  SmallVector<Value> initialSlots{i32Constant(rewriter, loc, 0),
                                  i32Constant(rewriter, loc, numStages - 1)};
  if (anyTiles)
    initialSlots.push_back(i32Constant(rewriter, loc, 0));
  auto yieldSlots = [&](OpBuilder &builder, Location bodyLoc,
                        ArrayRef<BlockArgument> slots) -> SmallVector<Value> {
    Value read = slots[0], write = slots[1];
    builder.setInsertionPointToStart(loop.getBody());
    if (anyPointers)
      AsyncWaitOp::create(builder, bodyLoc, getTokenType(builder), ValueRange(),
                          numStages - 2);
    if (readThroughAsyncProxy)
      FenceAsyncSharedOp::create(builder, bodyLoc);
    if (anyTiles)
      WaitBarrierOp::create(builder, bodyLoc,
                            emitStage(builder, bodyLoc, barriers, read),
                            slots[2]);
    gpu::BarrierOp::create(builder, bodyLoc);
    SmallVector<Value> pointers;
    for (block::AdvancedPointer &pointer : advanced)
      pointers.push_back(pointer.arg);
    // A product in flight still reads the buffer iteration i - 1 used until
    // it completes (at the wait after iteration i's product): the copies
    // follow that wait, and a barrier after it in every warpgroup.
    if (asyncProduct) {
      builder.setInsertionPoint(loop.getBody()->getTerminator());
      gpu::BarrierOp::create(builder, bodyLoc);
    }
    emitCopies(builder, loop, ordered, advanced, pointers, loads, rings,
               barriers, loop.getInductionVar(), numStages - 1, write);
    for (auto [staged, ring] : llvm::zip(loads, rings)) {
      builder.setInsertionPoint(staged.alloc);
      staged.alloc.getResult().replaceAllUsesWith(
          emitStage(builder, bodyLoc, ring, read));
    }
    builder.setInsertionPoint(loop.getBody()->getTerminator());
    Value nextRead = emitNextSlot(builder, bodyLoc, read, numStages);
    SmallVector<Value> next{nextRead,
                            emitNextSlot(builder, bodyLoc, write, numStages)};
    if (anyTiles) {
      // The parity flips each time the reads wrap around the ring.
      Value wrapped = arith::CmpIOp::create(
          builder, bodyLoc, arith::CmpIPredicate::eq, nextRead,
          i32Constant(builder, bodyLoc, 0));
      Value flipped = arith::XOrIOp::create(builder, bodyLoc, slots[2],
                                            i32Constant(builder, bodyLoc, 1));
      next.push_back(arith::SelectOp::create(builder, bodyLoc, wrapped,
                                             flipped, slots[2]));
    }
    return next;
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
  if (anyPointers)
    AsyncWaitOp::create(rewriter, loc, getTokenType(rewriter), ValueRange(), 0);
  if (asyncProduct)
    (void)keepInFlight(rewriter, asyncProduct,
                       cast<scf::ForOp>(pipelined->getOperation()));
}

void mlir::blockgpu::pipelineLoops(func::FuncOp kernel) {
  SmallVector<scf::ForOp> loops;
  kernel.walk([&](scf::ForOp loop) { loops.push_back(loop); });
  for (scf::ForOp loop : loops)
    pipelineLoop(loop, block::getNumStages(loop));
  copyTilesOnce(kernel);
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
