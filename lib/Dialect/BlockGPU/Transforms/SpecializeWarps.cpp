//===- SpecializeWarps.cpp - A TMA producer beside the consumer warps -----===//
//
// A kernel whose products read tiles that TMA copies in one loop splits its
// warps (blockgpu.warp_specialize): the kernel's warps consume, and one
// warpgroup more produces. The producer runs a copy of the kernel pruned
// to what the copies need (the loops, the coordinates); per iteration it
// waits until the consumers have handed the next buffer of the ring back
// (an "empty" mbarrier per buffer, one arrival per consumer warp), arms the
// buffer's "full" barrier with the bytes of the tiles and starts the
// copies. The consumers wait for "full", multiply with one product in
// flight, and hand back the buffer the previous product read once it has
// completed; a loop of several products (attention's two) keeps none in
// flight across iterations and hands its buffer back at the iteration's
// end; with `turns`, its consumer warpgroups, where there are several,
// take turns at issuing the products (one turn: the iteration's last
// products and the next one's first), so that one's other work (a
// softmax) runs while the other's products do; consecutive loops of turns
// (the unmasked and masked key blocks) share the turn across their change.
// Both count iterations with one i32 threaded through the enclosing loops,
// so a persistent kernel's tiles share the ring: buffer (count mod size),
// phase parity (count / size) mod 2.
// The producer waits for the parity before the consumers', which a fresh
// barrier reports complete: the first pass over the ring does not wait.
//
//===----------------------------------------------------------------------===//

#include "StagedLoads.h"

#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Dialect/Block/IR/TargetChips.h"
#include "block/Dialect/Block/Transforms/LoopPipelining.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"
#include "block/Dialect/BlockGPU/Transforms/Passes.h"
#include "block/Support/Remarks.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::blockgpu {
#define GEN_PASS_DEF_BLOCKGPUSPECIALIZEWARPS
#include "block/Dialect/BlockGPU/Transforms/Passes.h.inc"
} // namespace mlir::blockgpu

using namespace mlir;
using namespace mlir::blockgpu;

/// Warps of the producer partition: one warpgroup, the unit setmaxnreg
/// moves registers for.
constexpr int64_t kProducerWarps = 4;
/// The producer's registers per thread: setmaxnreg's least (coordinates,
/// a loop and mbarrier waits fit; FA3's producer takes as few), so that the
/// consumers get 240 of 168 x 384 where two warpgroups consume.
constexpr int64_t kProducerRegisters = 24;

namespace {
/// The loop whose copies the producer takes over.
struct Candidate {
  scf::ForOp loop;
  SmallVector<StagedLoad> loads;
  /// The product kept in flight into the next iteration, if one can be.
  DotOp product;
  unsigned numStages;
};
} // namespace

static remark::RemarkOpts remarkOpts(StringRef name, scf::ForOp loop) {
  return block::remarks::opts(name, block::remarks::kWarpSpecialize, loop);
}

/// Says why the loop of the warp specialisation asked for is not
/// specialised.
static void remarkNotSpecialized(scf::ForOp loop, StringRef why) {
  remark::missed(loop.getLoc(), remarkOpts("NotSpecialized", loop))
      << "loop not warp-specialised" << remark::reason("{0}", why.str());
}

/// The loop's staged loads and in-flight product (if it has one), if every
/// staged load is a TMA tile and the loop sits in the kernel's body or in
/// loops only; otherwise, where the loop asks for warp specialisation (or
/// only its request is missing), a remark says why not.
static std::optional<Candidate> getCandidate(scf::ForOp loop, bool all) {
  bool asked = block::getWarpSpecialize(loop).value_or(all);
  bool remarks = block::remarks::enabled(loop->getContext());
  if (!asked && !remarks)
    return std::nullopt;
  auto fail = [&](StringRef why) -> std::optional<Candidate> {
    if (asked)
      remarkNotSpecialized(loop, why);
    return std::nullopt;
  };
  Candidate candidate{loop, {}, {}, block::getNumStages(loop)};
  if (candidate.numStages < 2)
    return fail("num_stages < 2");
  if (!block::writesOnlySharedMemory(loop))
    return fail("it writes global memory");
  for (auto alloc : loop.getBody()->getOps<LocalAllocOp>()) {
    std::optional<StagedLoad> staged = getStagedLoad(alloc, loop);
    if (!staged)
      continue;
    if (!staged->getTile())
      return fail("an operand it stages is not a TMA tile");
    candidate.loads.push_back(*staged);
  }
  if (candidate.loads.empty())
    return fail("it stages no TMA tile");
  candidate.numStages = fitStages(loop, candidate.loads, candidate.numStages);
  if (candidate.numStages < 2)
    return fail("two stages of its tiles exceed the shared memory");
  candidate.product = getAsyncProduct(loop, candidate.loads);
  for (Operation *parent = loop->getParentOp(); !isa<func::FuncOp>(parent);
       parent = parent->getParentOp())
    if (!isa<scf::ForOp>(parent))
      return fail("it is under an operation other than a loop");
  if (!asked) {
    remark::missed(loop.getLoc(), remarkOpts("NotAsked", loop))
        << "loop not warp-specialised"
        << remark::reason("not asked for (block.warp_specialize or "
                          "--warp-specialize)");
    return std::nullopt;
  }
  return candidate;
}

/// Threads one iteration count through `loops`, siblings in program order,
/// and the loops around them: each continues the previous one's count.
static void countIterations(IRRewriter &rewriter,
                            MutableArrayRef<Candidate> candidates, Value zero) {
  candidates[0].loop = countLoopIterations(rewriter, candidates[0].loop, zero);
  for (unsigned i = 1; i < candidates.size(); ++i) {
    Value previous = candidates[i - 1].loop.getResults().back();
    scf::ForOp counted = addCounter(rewriter, candidates[i].loop, previous);
    // What an enclosing loop carries on is the last loop's count.
    rewriter.replaceUsesWithIf(
        previous, counted.getResults().back(),
        [&](OpOperand &use) { return use.getOwner() != counted; });
    candidates[i].loop = counted;
  }
}

/// The ring buffer and the phase parity of iteration `count` of a ring of
/// `size`.
static std::pair<Value, Value>
emitSlotAndPhase(OpBuilder &builder, Location loc, Value count, int64_t size) {
  Value ringSize = i32Constant(builder, loc, size);
  Value slot = arith::RemUIOp::create(builder, loc, count, ringSize);
  Value round = arith::DivUIOp::create(builder, loc, count, ringSize);
  Value phase =
      arith::AndIOp::create(builder, loc, round, i32Constant(builder, loc, 1));
  return {slot, phase};
}

/// At `builder`'s point: if `condition`, the consumer warps hand back the
/// buffer of iteration `count - 1`.
static void emitRelease(OpBuilder &builder, Location loc, Value condition,
                        Value count, Value empty, int64_t size) {
  auto ifOp = scf::IfOp::create(builder, loc, condition,
                                /*withElseRegion=*/false);
  OpBuilder inside = ifOp.getThenBodyBuilder();
  Value previous =
      arith::SubIOp::create(inside, loc, count, i32Constant(inside, loc, 1));
  Value slot = arith::RemUIOp::create(inside, loc, previous,
                                      i32Constant(inside, loc, size));
  ArriveBarrierOp::create(inside, loc, emitStage(inside, loc, empty, slot));
}

/// Whether `op` passes data between threads through shared memory scratch
/// (a layout conversion, a reduction across warps).
static bool usesSharedScratch(Operation *op) {
  auto scratch = dyn_cast<SharedScratchOpInterface>(op);
  return scratch && scratch.getSharedScratchBytes() > 0;
}

/// Whether the consumers' loop `loop` passes data through shared memory
/// besides its rings (a layout conversion, a reduction's scratch): that
/// takes a barrier of all consumer warps, which a warpgroup holding its
/// turn could not meet.
static bool sharesThroughMemory(scf::ForOp loop) {
  return loop.getBody()
      ->walk([](Operation *op) {
        return isa<LocalAllocOp, LocalLoadOp, LocalStoreOp>(op) ||
                       usesSharedScratch(op)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// What `loop` carries to its next iteration that its body computes
/// between `first` and `second` other than by a product: the work between
/// two turns (the softmax's row maximum and sum), which the second turn's
/// await must follow.
static SmallVector<Value> getWorkBetweenTurns(scf::ForOp loop, DotOp first,
                                              DotOp second) {
  SmallVector<Value> work;
  for (Value value : loop.getYieldedValues()) {
    Operation *def = value.getDefiningOp();
    if (def && !isa<DotOp>(def) && def->getBlock() == loop.getBody() &&
        first->isBeforeInBlock(def) && def->isBeforeInBlock(second) &&
        !llvm::is_contained(work, value))
      work.push_back(value);
  }
  return work;
}

/// Makes the consumer warpgroups take turns at the products of `loop`, a
/// loop of several: a turn issues the last products of one iteration and
/// the first of the next (attention's P V, then the next block's Q K^T),
/// so that between turns a warpgroup works on the first product's result
/// (the softmax) while the other warpgroup's products run.
static void takeTurns(IRRewriter &rewriter, scf::ForOp loop) {
  SmallVector<DotOp> products =
      llvm::to_vector(loop.getBody()->getOps<DotOp>());
  if (products.size() < 2 || sharesThroughMemory(loop))
    return;
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  AwaitTurnOp::create(rewriter, loc, ValueRange());
  rewriter.setInsertionPointAfter(products[0]);
  PassTurnOp::create(rewriter, loc);
  rewriter.setInsertionPoint(products[1]);
  AwaitTurnOp::create(rewriter, loc,
                      getWorkBetweenTurns(loop, products[0], products[1]));
  rewriter.setInsertionPointAfter(loop);
  PassTurnOp::create(rewriter, loc);
}

/// Whether `op` works in registers only: no memory, no barrier, no region.
static bool isRegisterWork(Operation *op) {
  return op->getNumRegions() == 0 && isMemoryEffectFree(op) &&
         !usesSharedScratch(op);
}

/// Keeps one turn across consecutive loops of turns (attention's unmasked
/// and masked key blocks): a warpgroup that issued the first loop's last
/// products goes on to the second loop's first without handing the turn
/// over in between, as it would between two iterations of one loop.
static void joinTurns(Region &consumer) {
  SmallVector<PassTurnOp> passes;
  consumer.walk([&](PassTurnOp pass) { passes.push_back(pass); });
  for (PassTurnOp pass : passes) {
    if (!isa_and_nonnull<scf::ForOp>(pass->getPrevNode()))
      continue;
    Operation *next = pass->getNextNode();
    while (next && isRegisterWork(next))
      next = next->getNextNode();
    auto await = dyn_cast_or_null<AwaitTurnOp>(next);
    if (!await || !isa_and_nonnull<scf::ForOp>(await->getNextNode()))
      continue;
    await->erase();
    pass->erase();
  }
}

static bool isWgmmaProduct(DotOp dot) {
  auto mma = dyn_cast<block::MmaLayoutAttr>(dot.getType().getEncoding());
  return mma && mma.isWgmma();
}

/// The 32-bit registers a thread holds `value` in (none for a buffer).
static int64_t getThreadRegisters(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  auto layout = type ? dyn_cast_or_null<block::DistributedLayoutAttr>(
                           type.getEncoding())
                     : nullptr;
  if (!layout)
    return 0;
  return llvm::divideCeil(layout.getTotalElemsPerThread(type.getShape()) *
                              type.getElementTypeBitWidth(),
                          32);
}

/// The most registers a thread may give the operands and accumulators of
/// two products in flight together: ptxas serialises the products where
/// they leave too few for the work between them (D64 attention's 128 x 256
/// scores, their weights and O take 224).
constexpr int64_t kInFlightRegisters = 192;

/// In a loop of two wgmma products whose second accumulates into a value
/// the loop carries, after elementwise work on it (attention's
/// O = O * alpha + P V), keeps the second in flight into the next
/// iteration, which waits for it together with its own first product (the
/// next key block's Q K^T) once it has issued that: the tensor cores go
/// from one product to the next without draining in between, and the
/// warpgroup's turn passes as soon as both are issued. Every use of the
/// carried value must come after the first product (and the turn passed
/// after it). Returns the loop (replaced), the wait in it after which the
/// previous iteration's product has completed, and the wait after the loop.
static FailureOr<InFlightProduct> keepLastProductInFlight(IRRewriter &rewriter,
                                                          scf::ForOp loop) {
  SmallVector<DotOp> products =
      llvm::to_vector(loop.getBody()->getOps<DotOp>());
  if (products.size() != 2)
    return failure();
  DotOp first = products[0], last = products[1];
  if (!isWgmmaProduct(first) || !isWgmmaProduct(last) || first.getAsync() ||
      last.getAsync() || !last->hasOneUse())
    return failure();
  int64_t inFlight = 0;
  for (DotOp product : products)
    inFlight += getThreadRegisters(product.getA()) +
                getThreadRegisters(product.getResult());
  if (inFlight > kInFlightRegisters)
    return failure();
  OpOperand &yielded = *last->use_begin();
  if (yielded.getOwner() != loop.getBody()->getTerminator())
    return failure();
  unsigned index = yielded.getOperandNumber();
  Operation *issued = first;
  if (isa_and_nonnull<PassTurnOp>(first->getNextNode()))
    issued = first->getNextNode();
  for (Operation *user : loop.getRegionIterArgs()[index].getUsers()) {
    Operation *inBody = loop.getBody()->findAncestorOpInBlock(*user);
    if (!inBody || !issued->isBeforeInBlock(inBody))
      return failure();
  }

  first.setAsync(true);
  last.setAsync(true);
  Location loc = last.getLoc();
  Value zeros = loop.getInitArgs()[index];
  FailureOr<Value> ran = startFromNothing(rewriter, last, loop, index);
  if (failed(ran))
    return failure();
  // One wait for both: ptxas serialises the products where the previous
  // one is waited for alone (wgmma.wait_group 1).
  BlockArgument acc = loop.getRegionIterArgs()[index];
  rewriter.setInsertionPointAfter(issued);
  auto previous = DotWaitOp::create(rewriter, loc, acc.getType(), acc,
                                    rewriter.getI32IntegerAttr(0));
  acc.replaceAllUsesExcept(previous, previous);
  auto scores =
      DotWaitOp::create(rewriter, loc, first.getType(), first.getResult(),
                        rewriter.getI32IntegerAttr(0));
  first.getResult().replaceAllUsesExcept(scores, scores);
  // After the loop, the turn passes before the wait.
  Operation *exit = loop;
  if (isa_and_nonnull<PassTurnOp>(loop->getNextNode()))
    exit = loop->getNextNode();
  DotWaitOp done = waitAfterLoop(rewriter, loop, index, exit, *ran, zeros);
  return InFlightProduct{loop, previous, done};
}

/// The consumer's loop: waits for its tiles, reads them from the ring, and
/// hands each buffer back once the product that read it completed.
static LogicalResult consume(IRRewriter &rewriter, const Candidate &candidate,
                             ArrayRef<Value> rings, Value full, Value empty,
                             int64_t ringSize, int64_t consumerWarps,
                             bool turns) {
  scf::ForOp loop = candidate.loop;
  Location loc = loop.getLoc();
  unsigned counter = loop.getNumRegionIterArgs() - 1;
  Value first = loop.getInitArgs().back();
  Value count = loop.getRegionIterArgs().back();
  rewriter.setInsertionPointToStart(loop.getBody());
  auto [slot, phase] = emitSlotAndPhase(rewriter, loc, count, ringSize);
  WaitBarrierOp::create(rewriter, loc, emitStage(rewriter, loc, full, slot),
                        phase);
  for (auto [staged, ring] : llvm::zip(candidate.loads, rings)) {
    rewriter.setInsertionPoint(staged.alloc);
    rewriter.replaceOp(staged.alloc, emitStage(rewriter, loc, ring, slot));
    rewriter.eraseOp(staged.load);
  }
  FailureOr<InFlightProduct> inFlight = failure();
  if (candidate.product) {
    inFlight = keepInFlight(rewriter, candidate.product, loop);
    if (failed(inFlight))
      return failure();
  } else {
    if (turns && consumerWarps >= 8)
      takeTurns(rewriter, loop);
    inFlight = keepLastProductInFlight(rewriter, loop);
  }
  if (failed(inFlight)) {
    // The products complete in their iteration (blockgpu-defer-product-
    // waits keeps their waits above the release).
    rewriter.setInsertionPoint(loop.getBody()->getTerminator());
    ArriveBarrierOp::create(rewriter, loc,
                            emitStage(rewriter, loc, empty, slot));
    return success();
  }
  loop = inFlight->loop;
  count = loop.getRegionIterArgs()[counter];

  // The previous iteration's product has completed once this iteration's
  // wait leaves one in flight; the last one once the loop's wait returns.
  rewriter.setInsertionPointAfter(inFlight->inLoop);
  Value notFirst = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::ne, count, first);
  emitRelease(rewriter, loc, notFirst, count, empty, ringSize);
  rewriter.setInsertionPointAfter(inFlight->afterLoop);
  Value last = loop.getResults()[counter];
  Value ran = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                    last, first);
  emitRelease(rewriter, loc, ran, last, empty, ringSize);
  return success();
}

/// The producer's copy of the loop: waits for each buffer to come back,
/// arms its barrier and copies the tiles into it.
static void produce(IRRewriter &rewriter, scf::ForOp loop,
                    ArrayRef<StagedLoad> loads, ArrayRef<Value> rings,
                    Value full, Value empty, int64_t ringSize) {
  Location loc = loop.getLoc();
  Value count = loop.getRegionIterArgs().back();
  rewriter.setInsertionPointToStart(loop.getBody());
  auto [slot, phase] = emitSlotAndPhase(rewriter, loc, count, ringSize);
  Value previousPhase = arith::XOrIOp::create(rewriter, loc, phase,
                                              i32Constant(rewriter, loc, 1));
  WaitBarrierOp::create(rewriter, loc, emitStage(rewriter, loc, empty, slot),
                        previousPhase);
  Value barrier = emitStage(rewriter, loc, full, slot);
  int64_t bytes = 0;
  for (StagedLoad staged : loads)
    bytes += staged.alloc.getType().getSizeInBytes();
  BarrierExpectOp::create(rewriter, loc, barrier, int32_t(bytes));
  for (auto [staged, ring] : llvm::zip(loads, rings)) {
    block::DescLoadOp tile = staged.getTile();
    rewriter.setInsertionPoint(tile);
    TmaLoadOp::create(rewriter, loc, tile.getDesc(), tile.getIndices(),
                      emitStage(rewriter, loc, ring, slot), barrier);
  }
}

/// Whether the producer keeps `op` whether used or not: its copies and
/// waits, and the control flow around them.
static bool isProducerOp(Operation *op) {
  return isa<TmaLoadOp, BarrierExpectOp, WaitBarrierOp>(op) ||
         op->getNumRegions() > 0 || op->hasTrait<OpTrait::IsTerminator>();
}

namespace {
/// The values the producer's copies, waits and control flow need, traced
/// back through loop-carried values and branches per result, so that a
/// value a loop only carries into itself (attention's running maximum) is
/// not needed.
class ProducerLiveness {
public:
  explicit ProducerLiveness(Region &producer) {
    producer.walk([&](Operation *op) {
      if (isa<TmaLoadOp, BarrierExpectOp, WaitBarrierOp>(op) ||
          (op->hasTrait<OpTrait::IsTerminator>() &&
           op->getParentRegion() == &producer))
        markOp(op);
    });
    while (!values.empty() || !ops.empty()) {
      if (!ops.empty())
        visitOp(ops.pop_back_val());
      else
        visitValue(values.pop_back_val());
    }
  }

  bool isLive(Value value) const { return liveValues.contains(value); }

private:
  void markValue(Value value) {
    if (liveValues.insert(value).second)
      values.push_back(value);
  }
  void markOp(Operation *op) {
    if (op && liveOps.insert(op).second)
      ops.push_back(op);
  }

  /// A live op needs its parents and the operands that steer or feed it;
  /// a loop's and a branch's carried values are traced per result.
  void visitOp(Operation *op) {
    if (!isa<func::FuncOp, WarpSpecializeOp>(op->getParentOp()))
      markOp(op->getParentOp());
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      markValue(loop.getLowerBound());
      markValue(loop.getUpperBound());
      markValue(loop.getStep());
    } else if (auto branch = dyn_cast<scf::IfOp>(op)) {
      markValue(branch.getCondition());
    } else if (!isa<scf::YieldOp>(op)) {
      for (Value operand : op->getOperands())
        markValue(operand);
    }
  }

  /// Result `index` of `op` (a loop or a branch) is live: what yields it.
  void markCarried(Operation *op, unsigned index) {
    markOp(op);
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      markValue(loop.getInitArgs()[index]);
      markValue(loop.getRegionIterArgs()[index]);
      markValue(loop.getBody()->getTerminator()->getOperand(index));
      markValue(loop.getResult(index));
      return;
    }
    for (Region &region : op->getRegions())
      for (Block &block : region)
        markValue(block.getTerminator()->getOperand(index));
  }

  void visitValue(Value value) {
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
      if (loop && arg != loop.getInductionVar())
        markCarried(loop, arg.getArgNumber() - loop.getNumInductionVars());
      else if (loop)
        markOp(loop);
      return;
    }
    Operation *def = value.getDefiningOp();
    if (isa<scf::ForOp, scf::IfOp>(def))
      markCarried(def, cast<OpResult>(value).getResultNumber());
    else
      markOp(def);
  }

  llvm::DenseSet<Value> liveValues;
  llvm::DenseSet<Operation *> liveOps;
  SmallVector<Value> values;
  SmallVector<Operation *> ops;
};
} // namespace

/// Makes each loop of the producer carry what no copy needs through
/// unchanged (the canonicaliser then drops it), so that the computations
/// feeding it die.
static void forwardDeadIterations(Region &producer) {
  ProducerLiveness liveness(producer);
  producer.walk([&](scf::ForOp loop) {
    Operation *yield = loop.getBody()->getTerminator();
    for (auto [index, arg] : llvm::enumerate(loop.getRegionIterArgs()))
      if (!liveness.isLive(arg))
        yield->setOperand(index, arg);
  });
}

/// Removes from the producer's region what only the consumers do: the
/// products (their accumulators pass through), and then everything whose
/// results nobody uses but the copies, their waits and the control flow.
/// Fails where something is left that the producer cannot run or must not
/// run twice: a tensor, a CTA barrier, a write to memory.
static LogicalResult pruneProducer(Region &producer) {
  producer.walk([](DotOp dot) { dot.replaceAllUsesWith(dot.getAcc()); });
  forwardDeadIterations(producer);
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<Operation *> ops;
    producer.walk([&](Operation *op) { ops.push_back(op); });
    for (Operation *op : llvm::reverse(ops)) {
      if (isProducerOp(op) || !op->use_empty())
        continue;
      op->erase();
      changed = true;
    }
  }
  MLIRContext *context = producer.getContext();
  RewritePatternSet patterns(context);
  for (Dialect *dialect : context->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName name : context->getRegisteredOperations())
    name.getCanonicalizationPatterns(patterns, context);
  (void)applyPatternsGreedily(producer, std::move(patterns));
  WalkResult walked = producer.walk([](Operation *op) {
    auto isTensor = [](Type type) { return isa<RankedTensorType>(type); };
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    bool writes = !isa<TmaLoadOp, BarrierExpectOp, WaitBarrierOp>(op) &&
                  op->getNumRegions() == 0 &&
                  (effects ? effects.hasEffect<MemoryEffects::Write>()
                           : !isMemoryEffectFree(op));
    return writes || llvm::any_of(op->getResultTypes(), isTensor) ||
                   llvm::any_of(op->getOperandTypes(), isTensor)
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return failure(walked.wasInterrupted());
}

namespace {
/// A tile the producer copies once each time its block runs (attention's
/// Q): its buffer, the barrier that reports it full, and where the block
/// runs again (a persistent kernel's loop over tiles), the barrier the
/// consumer warps hand it back on and the count of the block's runs.
struct TileCopiedOnce {
  LocalAllocOp alloc;
  Value buffer, full, empty, count;
};
} // namespace

/// The tiles of `kernel` the copy engine brings once, each with its buffer
/// and barriers made before the kernel's first operation.
static SmallVector<TileCopiedOnce>
prepareTilesCopiedOnce(IRRewriter &rewriter, func::FuncOp kernel,
                       int64_t consumerWarps) {
  SmallVector<TileCopiedOnce> tiles;
  Block &body = kernel.getBody().front();
  llvm::DenseMap<Block *, Value> counts;
  // Deepest first: counting a loop replaces the loops around it, and with
  // them the arguments of their blocks, where an outer tile's count is.
  SmallVector<LocalAllocOp> allocs = getTilesCopiedOnce(kernel.getBody());
  auto depth = [](Operation *op) {
    unsigned levels = 0;
    while ((op = op->getParentOp()))
      ++levels;
    return levels;
  };
  llvm::stable_sort(allocs, [&](LocalAllocOp a, LocalAllocOp b) {
    return depth(a) > depth(b);
  });
  for (LocalAllocOp alloc : allocs) {
    Location loc = alloc.getLoc();
    rewriter.setInsertionPointToStart(&body);
    Value first = i32Constant(rewriter, loc, 0);
    TileCopiedOnce tile{alloc};
    tile.buffer = emitOnceBuffer(rewriter, loc, alloc.getType());
    tile.full = emitOnceBarrier(rewriter, loc, /*count=*/1);
    if (auto loop = dyn_cast<scf::ForOp>(alloc->getParentOp())) {
      tile.empty = emitOnceBarrier(rewriter, loc, consumerWarps);
      Value &count = counts[alloc->getBlock()];
      if (!count)
        count = countLoopIterations(rewriter, loop, first)
                    .getRegionIterArgs()
                    .back();
      tile.count = count;
    }
    tiles.push_back(tile);
  }
  return tiles;
}

/// The producer's copy of `tile` (its clone by `mapping`): once the
/// consumers have handed the buffer back, arms the full barrier and starts
/// the copy.
static void produceOnce(IRRewriter &rewriter, TileCopiedOnce tile,
                        IRMapping &mapping) {
  auto alloc = cast<LocalAllocOp>(mapping.lookup(tile.alloc.getOperation()));
  auto load = alloc.getSrc().getDefiningOp<block::DescLoadOp>();
  Location loc = alloc.getLoc();
  rewriter.setInsertionPoint(alloc);
  if (tile.empty) {
    Value parity = emitParity(rewriter, loc, mapping.lookup(tile.count));
    WaitBarrierOp::create(
        rewriter, loc, tile.empty,
        arith::XOrIOp::create(rewriter, loc, parity,
                              i32Constant(rewriter, loc, 1)));
  }
  BarrierExpectOp::create(rewriter, loc, tile.full,
                          int32_t(alloc.getType().getSizeInBytes()));
  TmaLoadOp::create(rewriter, loc, load.getDesc(), load.getIndices(),
                    tile.buffer, tile.full);
}

/// The consumers' side of `tile`: they wait for the copy, read the buffer,
/// and hand it back once its last reader has completed.
static void consumeOnce(IRRewriter &rewriter, TileCopiedOnce tile) {
  LocalAllocOp alloc = tile.alloc;
  Block *block = alloc->getBlock();
  Location loc = alloc.getLoc();
  rewriter.setInsertionPoint(alloc);
  WaitBarrierOp::create(rewriter, loc, tile.full,
                        emitParity(rewriter, loc, tile.count));
  Operation *load = alloc.getSrc().getDefiningOp();
  rewriter.replaceOp(alloc, tile.buffer);
  rewriter.eraseOp(load);
  if (!tile.empty)
    return;
  // A read into registers is each lane's own: the warp converges first.
  Operation *lastRead = getLastRead(tile.buffer, block);
  rewriter.setInsertionPointAfter(lastRead);
  ArriveBarrierOp::create(rewriter, loc, tile.empty,
                          /*converge=*/isa<LocalLoadOp>(lastRead));
}

/// Splits `kernel`, whose loops `candidates` are, into a producer and its
/// consumers.
static LogicalResult specialize(func::FuncOp kernel,
                                MutableArrayRef<Candidate> candidates,
                                bool turns) {
  auto warps = kernel->getAttrOfType<IntegerAttr>(
      block::BlockDialect::getNumWarpsAttrName());
  if (!warps || warps.getInt() % 4 != 0)
    return failure();
  int64_t consumerWarps = warps.getInt();
  int64_t threads = 32 * (consumerWarps + kProducerWarps);
  int64_t consumerRegisters = std::min<int64_t>(
      (WarpSpecializeOp::getEntryRegisters(threads) * threads -
       32 * kProducerWarps * kProducerRegisters) /
          (32 * consumerWarps) / 8 * 8,
      WarpSpecializeOp::getEntryRegisters(32 * consumerWarps));

  IRRewriter rewriter(kernel.getContext());
  Block &body = kernel.getBody().front();
  Operation *firstOp = &body.front();
  Location loc = candidates.front().loop.getLoc();
  rewriter.setInsertionPointToStart(&body);
  int64_t ringSize = candidates.front().numStages;
  SmallVector<Value> rings;
  for (StagedLoad staged : candidates.front().loads)
    rings.push_back(emitRing(rewriter, loc, staged.alloc.getType(), ringSize));
  Value full = emitBarrierRing(rewriter, loc, ringSize, /*count=*/1);
  Value empty = emitBarrierRing(rewriter, loc, ringSize, consumerWarps);
  countIterations(rewriter, candidates, i32Constant(rewriter, loc, 0));
  SmallVector<TileCopiedOnce> once =
      prepareTilesCopiedOnce(rewriter, kernel, consumerWarps);

  rewriter.setInsertionPoint(body.getTerminator());
  auto split =
      WarpSpecializeOp::create(rewriter, loc, consumerWarps, kProducerWarps,
                               consumerRegisters, kProducerRegisters);
  Block *consumer = rewriter.createBlock(&split.getConsumer());
  consumer->getOperations().splice(consumer->end(), body.getOperations(),
                                   Block::iterator(firstOp),
                                   Block::iterator(split));
  IRMapping mapping;
  split.getConsumer().cloneInto(&split.getProducer(), mapping);

  for (Candidate &candidate : candidates) {
    SmallVector<StagedLoad> producerLoads;
    for (StagedLoad staged : candidate.loads)
      producerLoads.push_back(
          {mapping.lookup(staged.load),
           cast<LocalAllocOp>(mapping.lookup(staged.alloc.getOperation()))});
    produce(rewriter,
            cast<scf::ForOp>(mapping.lookup(candidate.loop.getOperation())),
            producerLoads, rings, full, empty, ringSize);
  }
  for (const TileCopiedOnce &tile : once)
    produceOnce(rewriter, tile, mapping);
  if (failed(pruneProducer(split.getProducer())))
    return failure();
  for (const Candidate &candidate : candidates)
    if (failed(consume(rewriter, candidate, rings, full, empty, ringSize,
                       consumerWarps, turns)))
      return failure();
  for (const TileCopiedOnce &tile : once)
    consumeOnce(rewriter, tile);
  if (turns)
    joinTurns(split.getConsumer());
  // The consumers' descriptors of copied tiles lose their last uses.
  split.getConsumer().walk([&](block::MakeTensorDescOp desc) {
    if (desc->use_empty())
      rewriter.eraseOp(desc);
  });
  return success();
}

/// Whether `candidates` can share one ring (loops of one block, in program
/// order, staging tiles of the same types in the same order); if so, gives
/// them all the stages of the shallowest.
static bool shareRing(MutableArrayRef<Candidate> candidates) {
  Candidate &first = candidates.front();
  for (Candidate &candidate : candidates.drop_front()) {
    if (candidate.loop->getBlock() != first.loop->getBlock() ||
        candidate.loads.size() != first.loads.size())
      return false;
    for (auto [a, b] : llvm::zip(candidate.loads, first.loads))
      if (a.alloc.getType() != b.alloc.getType())
        return false;
  }
  unsigned stages = first.numStages;
  for (const Candidate &candidate : candidates)
    stages = std::min(stages, candidate.numStages);
  for (Candidate &candidate : candidates)
    candidate.numStages = stages;
  return true;
}

void mlir::blockgpu::specializeWarps(func::FuncOp kernel, bool all,
                                     bool turns) {
  SmallVector<Candidate> candidates;
  kernel.walk([&](scf::ForOp loop) {
    if (std::optional<Candidate> found = getCandidate(loop, all))
      candidates.push_back(*found);
  });
  if (candidates.empty())
    return;
  auto failAll = [&](StringRef why) {
    for (Candidate &candidate : candidates)
      remarkNotSpecialized(candidate.loop, why);
  };
  if (!shareRing(candidates))
    return failAll("the kernel's loops to specialise are not siblings "
                   "staging tiles of the same types, which one ring holds");
  // Split a copy, and keep it only if the producer could be pruned. The
  // rings live as long as the kernel, beside whatever else it buffers (a
  // persistent kernel's epilogue): fewer buffers where they would not fit.
  int64_t maxBytes = getMaxSharedMemoryBytes(kernel);
  for (unsigned stages = candidates.front().numStages; stages >= 2;
       --stages) {
    IRMapping mapping;
    auto copy = cast<func::FuncOp>(kernel->clone(mapping));
    SmallVector<Candidate> copied = candidates;
    for (Candidate &candidate : copied) {
      candidate.loop =
          cast<scf::ForOp>(mapping.lookup(candidate.loop.getOperation()));
      if (candidate.product)
        candidate.product =
            cast<DotOp>(mapping.lookup(candidate.product.getOperation()));
      for (StagedLoad &staged : candidate.loads)
        staged = {
            mapping.lookup(staged.load),
            cast<LocalAllocOp>(mapping.lookup(staged.alloc.getOperation()))};
      candidate.numStages = stages;
    }
    if (failed(specialize(copy, copied, turns))) {
      copy->erase();
      auto warps = kernel->getAttrOfType<IntegerAttr>(
          block::BlockDialect::getNumWarpsAttrName());
      return failAll(warps && warps.getInt() % 4 == 0
                         ? "the kernel cannot be split between a producer "
                           "warpgroup and its consumers"
                         : "num_warps is not a multiple of 4, whole "
                           "consumer warpgroups");
    }
    if (stages == 2 || getSharedMemoryPeak(copy) <= maxBytes) {
      // The kernel's own loops: specialising the copy replaced its loops.
      if (block::remarks::enabled(kernel.getContext()))
        for (Candidate &candidate : candidates)
          remark::passed(candidate.loop.getLoc(),
                         remarkOpts("Specialized", candidate.loop))
              << llvm::formatv("loop warp-specialised: a producer warpgroup "
                               "issues its TMA copies into {0} stages",
                               stages)
                     .str();
      kernel.getBody().takeBody(copy.getBody());
      copy->erase();
      return;
    }
    copy->erase();
  }
}

namespace {
struct BlockGPUSpecializeWarpsPass
    : blockgpu::impl::BlockGPUSpecializeWarpsBase<BlockGPUSpecializeWarpsPass> {
  using Base::Base;

  void runOnOperation() override {
    for (auto kernel : getOperation().getOps<func::FuncOp>()) {
      if (!block::isKernel(kernel) || kernel.isExternal())
        continue;
      // A producer warpgroup beside the kernel's warps must fit in a CTA:
      // refused where the program asks for one, not tried otherwise.
      auto warps = kernel->getAttrOfType<IntegerAttr>(
          block::BlockDialect::getNumWarpsAttrName());
      int64_t threads = 32 * ((warps ? warps.getInt() : 0) + kProducerWarps);
      if (threads > block::kMaxThreadsPerBlock) {
        Operation *asked = nullptr;
        if (auto request = kernel->getAttrOfType<BoolAttr>(
                block::BlockDialect::getWarpSpecializeAttrName());
            request && request.getValue())
          asked = kernel;
        kernel.walk([&](scf::ForOp loop) {
          if (!asked && block::getWarpSpecialize(loop).value_or(false))
            asked = loop;
        });
        if (asked) {
          asked->emitError()
              << "block.warp_specialize needs a producer warpgroup of "
              << kProducerWarps << " warps beside the kernel's "
              << warps.getInt() << ", " << threads << " threads, more than "
              << "the " << block::kMaxThreadsPerBlock
              << " a CTA may have; use at most "
              << block::kMaxThreadsPerBlock / 32 / 2
              << " warps (block.num_warps) or no warp specialisation";
          return signalPassFailure();
        }
        continue;
      }
      specializeWarps(kernel, all, turns);
    }
  }
};
} // namespace
