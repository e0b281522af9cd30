//===- InsertBarriers.cpp - Barriers that conflicting accesses need -------===//
//
// A forward walk over the kernel's structured control flow, in the manner
// of Triton's Membar: the byte intervals of shared memory read and written
// since the last barrier are pending, and an operation whose accesses
// conflict with them (read after write, write after read or write) gets a
// gpu.barrier before it, which clears them. A loop body starts from the
// join of the loop's entry and its own end, to a fixed point; a conditional
// joins its branches. An asynchronous copy (cp.async or TMA) writes when a
// wait completes it, not when it is issued, so its writes stay in flight,
// untouched by barriers, until an async_wait or an mbarrier wait makes them
// pending.
//
//===----------------------------------------------------------------------===//

#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"
#include "block/Dialect/BlockGPU/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::blockgpu {
#define GEN_PASS_DEF_BLOCKGPUINSERTBARRIERS
#include "block/Dialect/BlockGPU/Transforms/Passes.h.inc"
} // namespace mlir::blockgpu

using namespace mlir;
using namespace mlir::blockgpu;

namespace {
/// Bytes [start, end) of the kernel's shared memory.
struct Interval {
  int64_t start, end;

  bool overlaps(const Interval &other) const {
    return start < other.end && other.start < end;
  }
  bool operator<(const Interval &other) const {
    return std::tie(start, end) < std::tie(other.start, other.end);
  }
  bool operator==(const Interval &other) const {
    return start == other.start && end == other.end;
  }
};

/// Where nothing better is known: all of shared memory.
constexpr Interval kAll = {0, std::numeric_limits<int64_t>::max()};

/// A set of intervals, sorted and without duplicates so that two states
/// compare equal when they are (the fixed points need that).
struct IntervalSet {
  SmallVector<Interval> intervals;

  void insert(ArrayRef<Interval> added) {
    llvm::append_range(intervals, added);
    llvm::sort(intervals);
    intervals.erase(llvm::unique(intervals), intervals.end());
  }
  bool overlaps(ArrayRef<Interval> others) const {
    return llvm::any_of(intervals, [&](const Interval &mine) {
      return llvm::any_of(
          others, [&](const Interval &other) { return mine.overlaps(other); });
    });
  }
  bool operator==(const IntervalSet &other) const {
    return intervals == other.intervals;
  }
};

/// What a barrier placed here would have to order.
struct State {
  /// Accessed by some thread since the last barrier.
  IntervalSet reads, writes;
  /// Asynchronous copies issued and not yet waited for.
  IntervalSet inFlight;

  void join(const State &other) {
    reads.insert(other.reads.intervals);
    writes.insert(other.writes.intervals);
    inFlight.insert(other.inFlight.intervals);
  }
  bool operator==(const State &other) const {
    return reads == other.reads && writes == other.writes &&
           inFlight == other.inFlight;
  }
};

/// The shared memory one operation reads and writes.
struct Accesses {
  SmallVector<Interval> reads, writes;
};
} // namespace

/// The bytes the buffer `view` names: its allocation's, narrowed to the
/// stage a constant memdesc_index picks (a transposed view names its
/// source's).
static Interval getInterval(Value view) {
  if (auto trans = view.getDefiningOp<MemDescTransOp>())
    return getInterval(trans.getSrc());
  if (auto index = view.getDefiningOp<MemDescIndexOp>()) {
    Interval whole = getInterval(index.getSrc());
    llvm::APInt stage;
    if (whole == kAll || !matchPattern(index.getIndex(), m_ConstantInt(&stage)))
      return whole;
    int64_t bytes = index.getType().getSizeInBytes();
    int64_t start = whole.start + stage.getSExtValue() * bytes;
    return {start, start + bytes};
  }
  auto alloc = view.getDefiningOp<LocalAllocOp>();
  if (!alloc)
    return kAll;
  auto offset =
      alloc->getAttrOfType<IntegerAttr>(BlockGPUDialect::getOffsetAttrName());
  if (!offset)
    return kAll;
  return {offset.getInt(), offset.getInt() + alloc.getType().getSizeInBytes()};
}

/// The shared memory `op` (without its regions) accesses: its scratch, read
/// and written, and what its memory effects name, through the buffers they
/// are on. An operation that declares no effects reads and writes the
/// buffers it takes or makes: in a block program shared memory is reachable
/// no other way.
static Accesses getAccesses(Operation *op) {
  Accesses accesses;
  if (auto scratch = dyn_cast<SharedScratchOpInterface>(op))
    if (int64_t bytes = scratch.getSharedScratchBytes()) {
      auto offset =
          op->getAttrOfType<IntegerAttr>(BlockGPUDialect::getOffsetAttrName());
      Interval interval =
          offset ? Interval{offset.getInt(), offset.getInt() + bytes} : kAll;
      accesses.reads.push_back(interval);
      accesses.writes.push_back(interval);
    }

  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects) {
    // Those of a loop or a conditional are its body's.
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return accesses;
    for (Value value : llvm::concat<Value>(op->getOperands(), op->getResults()))
      if (isa<MemDescType>(value.getType())) {
        accesses.reads.push_back(getInterval(value));
        accesses.writes.push_back(getInterval(value));
      }
    return accesses;
  }
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  for (const MemoryEffects::EffectInstance &instance : instances) {
    Value value = instance.getValue();
    Interval interval;
    if (value && isa<MemDescType>(value.getType()))
      interval = getInterval(value);
    else if (isa<SharedMemory>(instance.getResource()))
      interval = kAll;
    else
      continue;
    if (isa<MemoryEffects::Read>(instance.getEffect()))
      accesses.reads.push_back(interval);
    else if (isa<MemoryEffects::Write>(instance.getEffect()))
      accesses.writes.push_back(interval);
  }
  return accesses;
}

namespace {
/// Walks a kernel, inserting barriers where `materialize` is set; without
/// it (while a loop iterates to its fixed point), a barrier it would insert
/// still clears the state, so that both walks see the same states.
/// Whether `op` reads shared memory through the async proxy (a wgmma
/// product, a TMA store), which sees generic writes only after a proxy
/// fence.
static bool readsThroughAsyncProxy(Operation *op) {
  if (isa<TmaStoreOp>(op))
    return true;
  auto dot = dyn_cast<DotOp>(op);
  auto mma =
      dot ? dyn_cast<block::MmaLayoutAttr>(dot.getType().getEncoding()) : nullptr;
  return mma && mma.isWgmma();
}

class BarrierInserter {
public:
  void visit(Block &block, State &state, bool materialize) {
    for (Operation &op : llvm::make_early_inc_range(block))
      visit(&op, state, materialize);
  }

private:
  void visit(Operation *op, State &state, bool materialize) {
    if (isa<gpu::BarrierOp>(op)) {
      clear(state);
      return;
    }
    if (auto wait = dyn_cast<AsyncWaitOp>(op)) {
      // The copies it completes are written now; with groups left in
      // flight, any copy may still be among them.
      state.writes.insert(state.inFlight.intervals);
      if (wait.getNum() == 0)
        state.inFlight = {};
      return;
    }
    if (isa<WaitBarrierOp>(op)) {
      // Completes the TMA copies of one barrier; which ones is not known
      // here, so any copy in flight may be among them, and may remain.
      state.writes.insert(state.inFlight.intervals);
      return;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      State elseState = state;
      visit(ifOp.getThenRegion(), state, materialize);
      visit(ifOp.getElseRegion(), elseState, materialize);
      state.join(elseState);
      return;
    }
    if (auto split = dyn_cast<WarpSpecializeOp>(op)) {
      // The producer's copies synchronise through mbarriers only; the
      // consumers' barriers synchronise the consumers.
      visit(split.getConsumer(), state, materialize);
      return;
    }
    if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      // `before`, then either the exit or `after` and `before` again.
      state = iterate(op, state, materialize, [&](State &s, bool m) {
        visit(whileOp.getBefore(), s, m);
        State exit = s;
        visit(whileOp.getAfter(), s, m);
        return exit;
      });
      return;
    }

    Accesses accesses = getAccesses(op);
    bool readsWrites = state.writes.overlaps(accesses.reads);
    if (readsWrites || state.writes.overlaps(accesses.writes) ||
        state.reads.overlaps(accesses.writes))
      barrier(op, state, materialize,
              /*proxyFence=*/readsWrites && readsThroughAsyncProxy(op));
    state.reads.insert(accesses.reads);
    (isa<AsyncCopyOp, TmaLoadOp>(op) ? state.inFlight : state.writes)
        .insert(accesses.writes);

    // scf.for, and any other operation's regions, as if each may run any
    // number of times: from the join of the entry and their ends.
    if (op->getNumRegions() > 0)
      state = iterate(op, state, materialize, [&](State &s, bool m) {
        State end = s;
        for (Region &region : op->getRegions()) {
          State regionState = s;
          visit(region, regionState, m);
          end.join(regionState);
        }
        s = end;
        return end;
      });
  }

  void visit(Region &region, State &state, bool materialize) {
    for (Block &block : region)
      visit(block, state, materialize);
  }

  static void clear(State &state) {
    state.reads = {};
    state.writes = {};
  }

  /// Where a barrier needed before `before` goes: before it, or before the
  /// `await_turn` it follows with nothing touching shared memory between.
  /// A warpgroup holding its turn cannot meet the others at a barrier: they
  /// wait for the turn it passes only after the barrier.
  static Operation *outsideTurn(Operation *before) {
    for (Operation *op = before->getPrevNode(); op; op = op->getPrevNode()) {
      if (isa<AwaitTurnOp>(op))
        return op;
      Accesses accesses = getAccesses(op);
      if (isa<PassTurnOp>(op) || op->getNumRegions() > 0 ||
          !accesses.reads.empty() || !accesses.writes.empty())
        break;
    }
    return before;
  }

  /// A barrier before `before` (outside any turn it follows); with
  /// `proxyFence`, the writers' fence before it, so that `before` reads
  /// their writes through the async proxy.
  void barrier(Operation *before, State &state, bool materialize,
               bool proxyFence) {
    ++numBarriers;
    if (materialize) {
      OpBuilder builder(outsideTurn(before));
      if (proxyFence)
        FenceAsyncSharedOp::create(builder, before->getLoc());
      gpu::BarrierOp::create(builder, before->getLoc());
    }
    clear(state);
  }

  /// A loop's fixed point: the state at the top of its body and where it
  /// leaves, and the barriers one run of the body inserts.
  struct LoopStates {
    State top, exit;
    unsigned barriers;
  };

  /// Runs `body` (which takes the state at the top to the bottom and
  /// returns the state where the loop leaves) from `entry` joined with the
  /// bottom until nothing changes.
  template <typename Body>
  LoopStates findFixedPoint(const State &entry, Body body) {
    LoopStates states{entry, {}, 0};
    while (true) {
      State bottom = states.top;
      unsigned before = numBarriers;
      states.exit = body(bottom, /*materialize=*/false);
      states.barriers = numBarriers - before;
      numBarriers = before;
      State next = entry;
      next.join(bottom);
      if (next == states.top)
        return states;
      states.top = next;
    }
  }

  /// Walks the loop `loop`; returns the state after it. A barrier the
  /// body needs only because of what comes before the loop goes before the
  /// loop, where it runs once.
  template <typename Body>
  State iterate(Operation *loop, const State &entry, bool materialize,
                Body body) {
    LoopStates states = findFixedPoint(entry, body);
    if (states.barriers > 0 &&
        !(entry.reads.intervals.empty() && entry.writes.intervals.empty())) {
      State cleared = entry;
      clear(cleared);
      LoopStates hoisted = findFixedPoint(cleared, body);
      if (hoisted.barriers < states.barriers) {
        State ignored;
        bool asyncProxyReads = false;
        loop->walk([&](Operation *op) {
          asyncProxyReads |= readsThroughAsyncProxy(op);
        });
        barrier(loop, ignored, materialize,
                /*proxyFence=*/asyncProxyReads && !entry.writes.intervals.empty());
        states = hoisted;
      }
    }
    if (materialize) {
      State bottom = states.top;
      body(bottom, /*materialize=*/true);
    } else {
      numBarriers += states.barriers;
    }
    return states.exit;
  }

  /// Barriers inserted so far, counting those a walk without `materialize`
  /// would insert: how loops compare placements.
  unsigned numBarriers = 0;
};
} // namespace

void mlir::blockgpu::insertBarriers(func::FuncOp kernel) {
  State state;
  BarrierInserter().visit(kernel.getBody().front(), state,
                          /*materialize=*/true);
}

namespace {
struct InsertBarriersPass
    : blockgpu::impl::BlockGPUInsertBarriersBase<InsertBarriersPass> {
  void runOnOperation() override {
    for (func::FuncOp kernel : block::getKernels(getOperation()))
      if (!kernel.isExternal())
        insertBarriers(kernel);
  }
};
} // namespace
