//===- BarrierOps.cpp - mbarriers and warp-specialized partitions ---------===//
//
// An mbarrier is its phase, the arrivals its phase still waits for (of the
// count it was initialised with) and the bytes of copies it still waits
// for, kept in the barrier's 8 bytes of shared memory. A phase completes
// when both reach zero: the parity flips and the arrivals start again.
// A wait for parity P returns once the phase of parity P has completed,
// i.e. while the current phase's parity is not P.
//
// An instance runs as one thread, so a wait that is not satisfied at once
// would never be: that is an error (the GPU would hang). The partitions of
// a blockgpu.warp_specialize run in two threads, each with its own frame,
// sharing the instance's shared memory; their barrier operations take one
// lock, and a wait blocks until another partition completes the phase.
// When every partition still running waits, none ever completes: that is
// the GPU's hang, reported as an error.
//
//===----------------------------------------------------------------------===//

#include "Compiler.h"

#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/TypeSwitch.h"

#include <condition_variable>
#include <mutex>
#include <thread>

using namespace mlir;
using namespace mlir::block;
using namespace mlir::block::interpreter;
using namespace mlir::block::interpreter::detail;
using namespace mlir::blockgpu;

namespace {
/// An mbarrier's state, in its 8 bytes: the arrivals and the bytes of
/// copies its phase still waits for, the arrivals it was initialised with
/// (at most 32767) and the phase's parity in the top bit.
struct MBarrier {
  uint16_t pending;
  uint16_t countAndPhase;
  int32_t bytes;

  uint16_t getCount() const { return countAndPhase & 0x7fff; }
  uint16_t getPhase() const { return countAndPhase >> 15; }
};
static_assert(sizeof(MBarrier) == 8);

/// What an operation does to a barrier.
struct Transaction : InstrData {
  /// The bytes an arming adds, or a copy delivers.
  int32_t bytes = 0;
  /// The arrivals an operation makes (1 for an arming, the partition's
  /// warps for arrive_barrier), or the count a barrier is initialised with.
  int32_t arrivals = 0;
};
} // namespace

namespace mlir::block::interpreter::detail {
/// What the partitions of one warp_specialize synchronise on.
struct MBarrierSync {
  std::mutex mutex;
  std::condition_variable changed;
  /// Partitions that have not finished.
  int live = 2;
  /// The barriers and parities the waiting partitions wait for.
  std::vector<std::pair<const MBarrier *, uint16_t>> waits;
};
} // namespace mlir::block::interpreter::detail

/// The barrier an instruction's first operand addresses.
static MBarrier &getBarrier(const Instr &instr, Frame &frame) {
  return *reinterpret_cast<MBarrier *>(*frame.get<uint64_t>(instr.operands[0]));
}

/// Runs `update` on the barrier of `instr` under the partitions' lock (if
/// they run), then completes its phase if nothing is pending.
template <typename Update>
static bool updateBarrier(const Instr &instr, Frame &frame, Update update) {
  std::unique_lock<std::mutex> lock;
  if (frame.mbarriers)
    lock = std::unique_lock<std::mutex>(frame.mbarriers->mutex);
  MBarrier &barrier = getBarrier(instr, frame);
  if (!update(barrier))
    return false;
  if (barrier.pending == 0 && barrier.bytes == 0) {
    barrier.countAndPhase ^= 0x8000;
    barrier.pending = barrier.getCount();
    if (frame.mbarriers)
      frame.mbarriers->changed.notify_all();
  }
  return true;
}

// operands: barrier.
static bool execInit(const Instr &instr, Frame &frame) {
  int32_t count = instr.getData<Transaction>().arrivals;
  if (count > 0x7fff)
    return frame.fail(instr, RunError::Kind::InvalidOperation, -1,
                      "blockgpu.init_barrier in " +
                          frame.describeLane(instr, -1) + ": " +
                          std::to_string(count) +
                          " arrivals per phase, more than the interpreter's "
                          "32767");
  getBarrier(instr, frame) = {uint16_t(count), uint16_t(count), 0};
  return true;
}

// operands: barrier. Arrivals, and bytes the phase now also waits for.
static bool execArrive(const Instr &instr, Frame &frame) {
  const Transaction &transaction = instr.getData<Transaction>();
  return updateBarrier(instr, frame, [&](MBarrier &barrier) {
    if (barrier.pending < transaction.arrivals)
      return frame.fail(instr, RunError::Kind::InvalidOperation, -1,
                        instr.op->name + " in " + frame.describeLane(instr, -1) +
                            ": " + std::to_string(transaction.arrivals) +
                            " arrivals on an mbarrier whose phase waits for " +
                            std::to_string(barrier.pending) + " more");
    barrier.pending -= transaction.arrivals;
    barrier.bytes += transaction.bytes;
    return true;
  });
}

// operands: barrier. A copy's bytes delivered.
static bool execCompleteTransaction(const Instr &instr, Frame &frame) {
  int32_t bytes = instr.getData<Transaction>().bytes;
  return updateBarrier(instr, frame, [&](MBarrier &barrier) {
    barrier.bytes -= bytes;
    return true;
  });
}

// operands: barrier, parity.
static bool execWait(const Instr &instr, Frame &frame) {
  uint16_t parity = *frame.get<int32_t>(instr.operands[1]) & 1;
  MBarrier &barrier = getBarrier(instr, frame);
  auto hang = [&] {
    return frame.fail(instr, RunError::Kind::InvalidOperation, -1,
                      "blockgpu.wait_barrier in " +
                          frame.describeLane(instr, -1) +
                          ": waits for the phase of parity " +
                          std::to_string(parity) +
                          " of an mbarrier that nothing running completes "
                          "(on the GPU, a hang)");
  };
  if (!frame.mbarriers)
    return barrier.getPhase() != parity || hang();
  MBarrierSync &sync = *frame.mbarriers;
  std::unique_lock<std::mutex> lock(sync.mutex);
  while (barrier.getPhase() == parity) {
    // A hang: every other partition has finished or waits for a phase
    // that has not completed either (one that has will run once woken).
    bool othersStuck =
        int(sync.waits.size()) == sync.live - 1 &&
        llvm::all_of(sync.waits, [](auto wait) {
          return wait.first->getPhase() == wait.second;
        });
    if (othersStuck)
      return hang();
    sync.waits.emplace_back(&barrier, parity);
    sync.changed.wait(lock);
    sync.waits.erase(llvm::find(sync.waits, std::pair<const MBarrier *, uint16_t>(
                                               &barrier, parity)));
  }
  return true;
}

/// The warps that run `op`: its warp_specialize partition's, or the
/// kernel's.
static int32_t getArrivingWarps(Operation *op) {
  if (auto producer = WarpSpecializeOp::getProducerOf(op))
    return producer.getProducerWarps();
  if (auto split = op->getParentOfType<WarpSpecializeOp>())
    return split.getConsumerWarps();
  auto kernel = op->getParentOfType<func::FuncOp>();
  auto warps = kernel ? kernel->getAttrOfType<IntegerAttr>(
                            BlockDialect::getNumWarpsAttrName())
                      : IntegerAttr();
  return warps ? warps.getInt() : 1;
}

static Instr &emitBarrierUpdate(Compiler &c, Operation *op, ExecFn exec,
                                Value barrier, int32_t arrivals,
                                int32_t bytes) {
  auto &transaction = c.makeData<Transaction>();
  transaction.arrivals = arrivals;
  transaction.bytes = bytes;
  Instr &instr = c.emit(op, exec, barrier.getType());
  instr.numElements = 1;
  instr.data = &transaction;
  instr.operands = {c.lookup(barrier)};
  return instr;
}

void mlir::block::interpreter::detail::emitCompleteTransaction(
    Compiler &c, Operation *op, Value barrier, int64_t bytes) {
  emitBarrierUpdate(c, op, &execCompleteTransaction, barrier, 0,
                    int32_t(bytes));
}

namespace {
struct Partitions : InstrData {
  const Program *program = nullptr;
  Code consumer, producer;
};
} // namespace

/// Runs the consumer in this thread and frame, the producer in another
/// thread with a copy of the frame's values. The error reported is the
/// first a partition stopped with (a hang the other then sees is its
/// consequence).
static bool execWarpSpecialize(const Instr &instr, Frame &frame) {
  const Partitions &partitions = instr.getData<Partitions>();
  Frame producer(*partitions.program, frame.memory, frame.printStream);
  if (!producer.hasStorage())
    return frame.fail(instr, RunError::Kind::InvalidOperation, -1,
                      "cannot allocate the values of the producer of " +
                          frame.describeLane(instr, -1));
  producer.copyValuesFrom(frame);
  MBarrierSync sync;
  producer.mbarriers = frame.mbarriers = &sync;
  int firstFailure = 0;
  auto finish = [&](bool ok, int partition) {
    std::lock_guard<std::mutex> lock(sync.mutex);
    --sync.live;
    if (!ok && !firstFailure)
      firstFailure = partition;
    sync.changed.notify_all();
  };
  std::thread thread([&] { finish(runCode(partitions.producer, producer), 2); });
  finish(runCode(partitions.consumer, frame), 1);
  thread.join();
  frame.mbarriers = nullptr;
  if (firstFailure == 2)
    frame.error = std::move(producer.error);
  return firstFailure == 0;
}

static LogicalResult compileWarpSpecialize(Compiler &c, WarpSpecializeOp op) {
  auto &partitions = c.makeData<Partitions>();
  partitions.program = &c.getProgram();
  if (failed(c.compileOps(op.getConsumer().front(), partitions.consumer)) ||
      failed(c.compileOps(op.getProducer().front(), partitions.producer)))
    return failure();
  Instr &instr = c.emit(op, &execWarpSpecialize);
  instr.data = &partitions;
  return success();
}

LogicalResult mlir::block::interpreter::detail::compileBarrierOp(Compiler &c,
                                                                 Operation *op) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](InitBarrierOp o) {
        emitBarrierUpdate(c, o, &execInit, o.getBarrier(), o.getCount(), 0);
        return success();
      })
      .Case([&](BarrierExpectOp o) {
        emitBarrierUpdate(c, o, &execArrive, o.getBarrier(), 1, o.getBytes());
        return success();
      })
      .Case([&](ArriveBarrierOp o) {
        emitBarrierUpdate(c, o, &execArrive, o.getBarrier(),
                          getArrivingWarps(o), 0);
        return success();
      })
      .Case([&](WaitBarrierOp o) {
        Instr &instr = emitBarrierUpdate(c, o, &execWait, o.getBarrier(), 0, 0);
        instr.operands.push_back(c.lookup(o.getPhase()));
        return success();
      })
      .Case([&](WarpSpecializeOp o) { return compileWarpSpecialize(c, o); })
      // The consumers run as one program here: there is no other
      // warpgroup to take turns with.
      .Case<AwaitTurnOp, PassTurnOp>([&](Operation *) { return success(); })
      .Default([&](Operation *) { return emitUnsupported(op); });
}
