//===- AllocateSharedMemory.cpp - Offsets for buffers and scratch ---------===//
//
// Liveness intervals over the kernel's operations in pre-order, then a
// greedy placement: largest (then earliest) first, each at the lowest
// aligned offset that no allocation live at the same time occupies.
//
//===----------------------------------------------------------------------===//

#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"
#include "block/Dialect/BlockGPU/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::blockgpu {
#define GEN_PASS_DEF_BLOCKGPUALLOCATESHAREDMEMORY
#include "block/Dialect/BlockGPU/Transforms/Passes.h.inc"
} // namespace mlir::blockgpu

using namespace mlir;
using namespace mlir::blockgpu;

namespace {
/// A buffer or an operation's scratch: its size, alignment and the
/// operations (by pre-order number) during which it is live.
struct Allocation {
  Operation *owner;
  int64_t bytes;
  int64_t alignment;
  int64_t start, end;
  int64_t offset = 0;

  bool overlapsInTime(const Allocation &other) const {
    return start <= other.end && other.start <= end;
  }
};

/// Pre-order numbers of a kernel's operations, and for each operation the
/// last number inside it. A warp_specialize producer's operations all take
/// the number of the consumers' first: the producer writes the buffers it
/// shares only for consumers that wait for the writes, so what the
/// consumers use after their last wait may reuse them.
struct Numbering {
  DenseMap<Operation *, int64_t> first, last;

  explicit Numbering(func::FuncOp kernel) {
    int64_t next = 0;
    number(kernel, next);
  }

private:
  void number(Operation *op, int64_t &next) {
    first[op] = next++;
    if (auto split = dyn_cast<WarpSpecializeOp>(op)) {
      int64_t start = next;
      numberRegion(split.getConsumer(), next);
      split.getProducer().walk([&](Operation *nested) {
        first[nested] = last[nested] = start;
      });
    } else {
      for (Region &region : op->getRegions())
        numberRegion(region, next);
    }
    last[op] = next - 1;
  }

  void numberRegion(Region &region, int64_t &next) {
    for (Block &block : region)
      for (Operation &nested : block)
        number(&nested, next);
  }
};
} // namespace

/// The interval during which the buffer `alloc` makes is live: to its last
/// use (through memdesc_index and memdesc_trans views), the whole of any
/// loop it is used in but allocated outside of, and to the end of the
/// kernel if it escapes into another region's values.
static void computeLiveness(LocalAllocOp alloc, const Numbering &numbering,
                            func::FuncOp kernel, Allocation &allocation) {
  allocation.start = allocation.end = numbering.first.lookup(alloc);
  SmallVector<Value> views = {alloc.getResult()};
  while (!views.empty()) {
    Value view = views.pop_back_val();
    for (Operation *user : view.getUsers()) {
      if (isa<MemDescIndexOp, MemDescTransOp>(user))
        views.push_back(user->getResult(0));
      if (user->hasTrait<OpTrait::IsTerminator>() ||
          user->getNumRegions() > 0) {
        allocation.end = numbering.last.lookup(kernel);
        continue;
      }
      int64_t end = numbering.last.lookup(user);
      for (Operation *loop = user->getParentOp(); loop && loop != kernel;
           loop = loop->getParentOp())
        if (isa<LoopLikeOpInterface>(loop) && !loop->isAncestor(alloc))
          end = std::max(end, numbering.last.lookup(loop));
      allocation.end = std::max(allocation.end, end);
    }
  }
}

/// Fills `allocations` with the buffers and scratch of `kernel` and places
/// them: largest (then earliest) first (`order`), each at the lowest aligned
/// offset that no allocation live at the same time occupies. Returns the
/// bytes they span.
static int64_t place(func::FuncOp kernel,
                     SmallVectorImpl<Allocation> &allocations,
                     SmallVectorImpl<Allocation *> &order) {
  Numbering numbering(kernel);
  kernel.walk([&](Operation *op) {
    if (auto alloc = dyn_cast<LocalAllocOp>(op)) {
      MemDescType type = alloc.getType();
      Allocation allocation{op, type.getSizeInBytes(),
                            type.getLayout().getAlignment(), 0, 0};
      computeLiveness(alloc, numbering, kernel, allocation);
      allocations.push_back(allocation);
      return;
    }
    if (auto scratch = dyn_cast<SharedScratchOpInterface>(op))
      if (int64_t bytes = scratch.getSharedScratchBytes())
        allocations.push_back({op, bytes, scratch.getSharedScratchAlignment(),
                               numbering.first.lookup(op),
                               numbering.last.lookup(op)});
    // The slots an await_turn's warps store its `after` values into, which
    // nothing reads: live through the whole kernel, so that no other access
    // meets them and none needs a barrier.
    if (auto await = dyn_cast<AwaitTurnOp>(op); await && !await.getAfter().empty())
      allocations.push_back({op, await.getSlotsBytes(), AwaitTurnOp::kSlotBytes,
                             0, numbering.last.lookup(kernel)});
  });

  for (Allocation &allocation : allocations)
    order.push_back(&allocation);
  llvm::stable_sort(order, [](const Allocation *a, const Allocation *b) {
    return std::make_pair(-a->bytes, a->start) <
           std::make_pair(-b->bytes, b->start);
  });
  SmallVector<Allocation *> placed;
  int64_t total = 0;
  for (Allocation *allocation : order) {
    // Candidates: 0 and the end of every placed allocation live at the same
    // time, aligned; the lowest that overlaps none of them wins.
    SmallVector<int64_t> candidates = {0};
    for (Allocation *other : placed)
      if (other->overlapsInTime(*allocation))
        candidates.push_back(other->offset + other->bytes);
    llvm::sort(candidates);
    for (int64_t candidate : candidates) {
      int64_t offset = llvm::alignTo(candidate, allocation->alignment);
      bool fits = llvm::none_of(placed, [&](Allocation *other) {
        return other->overlapsInTime(*allocation) &&
               offset < other->offset + other->bytes &&
               other->offset < offset + allocation->bytes;
      });
      if (fits) {
        allocation->offset = offset;
        break;
      }
    }
    placed.push_back(allocation);
    total = std::max(total, allocation->offset + allocation->bytes);
  }
  return total;
}

int64_t mlir::blockgpu::getSharedMemoryPeak(func::FuncOp kernel) {
  SmallVector<Allocation> allocations;
  SmallVector<Allocation *> order;
  return place(kernel, allocations, order);
}

FailureOr<int64_t> mlir::blockgpu::allocateSharedMemory(func::FuncOp kernel,
                                                        int64_t maxBytes) {
  SmallVector<Allocation> allocations;
  SmallVector<Allocation *> order;
  int64_t total = place(kernel, allocations, order);
  if (total > maxBytes) {
    InFlightDiagnostic diag =
        kernel.emitOpError()
        << "needs " << total << " bytes of shared memory, more than the "
        << maxBytes << " bytes a program instance may use";
    for (Allocation *allocation : ArrayRef(order).take_front(3))
      diag.attachNote(allocation->owner->getLoc())
          << allocation->bytes << " bytes here ("
          << allocation->owner->getName() << ")";
    return failure();
  }

  Builder builder(kernel.getContext());
  for (Allocation &allocation : allocations)
    allocation.owner->setAttr(BlockGPUDialect::getOffsetAttrName(),
                              builder.getI64IntegerAttr(allocation.offset));
  kernel->setAttr(BlockGPUDialect::getSharedMemoryAttrName(),
                  builder.getI64IntegerAttr(total));
  return total;
}

int64_t mlir::blockgpu::getMaxSharedMemoryBytes(Operation *op) {
  // Without a chip, sm_90's limit: the largest of the chips with tensor
  // cores the pipeliner serves.
  block::TargetChip chip = block::getTargetChip(op).value_or(
      block::TargetChip{/*capability=*/90});
  return chip.getMaxSharedMemoryBytes();
}

namespace {
struct AllocateSharedMemoryPass
    : blockgpu::impl::BlockGPUAllocateSharedMemoryBase<
          AllocateSharedMemoryPass> {
  using Base::Base;

  void runOnOperation() override {
    if (maxBytes < 0) {
      emitError(getOperation().getLoc())
          << "blockgpu-allocate-shared-memory: max-bytes="
          << maxBytes.getValue()
          << " must be 0 (what the chip allows) or a number of bytes";
      return signalPassFailure();
    }
    bool failed = false;
    for (func::FuncOp kernel : block::getKernels(getOperation()))
      failed |= mlir::failed(allocateSharedMemory(
          kernel, maxBytes > 0 ? int64_t(maxBytes)
                               : getMaxSharedMemoryBytes(kernel)));
    if (failed)
      signalPassFailure();
  }
};
} // namespace
