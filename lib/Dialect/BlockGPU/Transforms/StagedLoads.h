//===- StagedLoads.h - Product operands staged through rings ----*- C++ -*-===//
//
// What blockgpu-pipeline-loops and blockgpu-specialize-warps share: which
// loads a loop stages for its tensor-core products, the rings and
// mbarriers that replace their buffers, and the product that stays in
// flight into the next iteration.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_LIB_DIALECT_BLOCKGPU_TRANSFORMS_STAGEDLOADS_H
#define BLOCK_LIB_DIALECT_BLOCKGPU_TRANSFORMS_STAGEDLOADS_H

#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>

namespace mlir::blockgpu {

/// A load whose tile only a local_alloc stages for products: a block.load
/// (copied with cp.async) or a block.desc_load (copied by TMA).
struct StagedLoad {
  Operation *load;
  LocalAllocOp alloc;

  block::DescLoadOp getTile() const {
    return dyn_cast<block::DescLoadOp>(load);
  }
};

/// The products that read `buffer`, directly or through transposed views;
/// none if anything else uses it.
std::optional<SmallVector<DotOp>> getProductReaders(Value buffer);

/// The load `alloc` stages, if a copy can replace both: a non-volatile
/// load of the loop's body, of zero where masked off, used only by `alloc`,
/// whose buffer only tensor-core products of the body read (directly or
/// through a transposed view).
std::optional<StagedLoad> getStagedLoad(LocalAllocOp alloc, scf::ForOp loop);

inline Value i32Constant(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantOp::create(builder, loc,
                                   builder.getI32IntegerAttr(value));
}

/// A ring of `size` mutable buffers shaped and laid out as `buffer`.
Value emitRing(OpBuilder &builder, Location loc, MemDescType buffer,
               int64_t size);
/// A ring of `size` mbarriers, each initialised for `count` arrivals.
Value emitBarrierRing(OpBuilder &builder, Location loc, int64_t size,
                      int32_t count);
/// One stage of `ring` at `index`: the buffer of one iteration.
Value emitStage(OpBuilder &builder, Location loc, Value ring, Value index);

/// `numStages`, or fewer where rings of that many buffers of `loads` would
/// not fit the shared memory of the chip `loop` is compiled for.
unsigned fitStages(scf::ForOp loop, ArrayRef<StagedLoad> loads,
                   unsigned numStages);

/// The product of `loop` that may stay in flight into the next iteration:
/// the one wgmma product that reads the staged loads, accumulating into an
/// iter_arg of the loop and yielding its result to it alone. The buffer it
/// reads is free once the next iteration has waited for it.
DotOp getAsyncProduct(scf::ForOp loop, MutableArrayRef<StagedLoad> loads);

/// A product kept in flight: its loop (replaced when the product gained a
/// flag), the wait in the loop that leaves it in flight, and the wait for
/// all after the loop.
struct InFlightProduct {
  scf::ForOp loop;
  DotWaitOp inLoop, afterLoop;
};

/// Where the accumulator `index` of `loop` (the one `dot` reads) starts at
/// zero, starts it as nothing instead: the first iteration's product does
/// not read it (use_acc, a loop-carried i1, false), so no zeros are written
/// into the registers the in-flight products own. Replaces `loop`; returns
/// its new i1 result, true if an iteration ran (null where the accumulator
/// does not start at zero).
FailureOr<Value> startFromNothing(IRRewriter &rewriter, DotOp dot,
                                  scf::ForOp &loop, unsigned index);
/// `result` if `ran`, else `zeros` (a loop's result that started as
/// nothing, where the loop may run no iteration).
Value emitZerosUnlessRan(OpBuilder &builder, Location loc, Value ran,
                         Value result, Value zeros);

/// Waits, after `after` (`loop` or an operation that follows it), for all
/// products, whose last is `loop`'s result `index`, and replaces that
/// result's other uses with the wait's, or with `zeros` where `ran` (a
/// startFromNothing flag, null for none) says the loop ran no iteration.
DotWaitOp waitAfterLoop(IRRewriter &rewriter, scf::ForOp loop, unsigned index,
                        Operation *after, Value ran, Value zeros);

/// Makes `dot` async: each iteration waits for the previous iteration's
/// product only (one group stays in flight), and the loop's result for
/// all.
FailureOr<InFlightProduct> keepInFlight(IRRewriter &rewriter, DotOp dot,
                                        scf::ForOp loop);


/// `loop`, replaced by one that also carries an i32 from `init`, one more
/// per iteration.
scf::ForOp addCounter(IRRewriter &rewriter, scf::ForOp loop, Value init);

/// Threads an iteration count through `loop` (from 0 at the kernel's start,
/// one per iteration) and the loops around it; returns the loop, replaced.
scf::ForOp countLoopIterations(IRRewriter &rewriter, scf::ForOp loop,
                               Value zero);

/// The tiles of `region` that the copy engine brings once each time their
/// block runs (TilesCopiedOnce.cpp): a local_alloc of a block.desc_load in
/// the region's block or in loops only, whose buffer only products of
/// loops nested in that block read.
SmallVector<LocalAllocOp> getTilesCopiedOnce(Region &region);

/// The operation of `block` after which the readers of `buffer` there have
/// all completed.
Operation *getLastRead(Value buffer, Block *block);

/// The buffer of a tile copied once, shaped and laid out as `type`, and
/// an mbarrier of its own for `count` arrivals, made at `builder`'s point.
Value emitOnceBuffer(OpBuilder &builder, Location loc, MemDescType type);
Value emitOnceBarrier(OpBuilder &builder, Location loc, int32_t count);

/// The parity of the phase of a tile's barriers in its block's run `count`
/// (0 where `count` is null: the block runs once).
Value emitParity(OpBuilder &builder, Location loc, Value count);

/// Copies each tile of `kernel` that the copy engine brings once where it
/// stands: one thread starts the copy, every thread waits for it.
void copyTilesOnce(func::FuncOp kernel);

} // namespace mlir::blockgpu

#endif // BLOCK_LIB_DIALECT_BLOCKGPU_TRANSFORMS_STAGEDLOADS_H
