//===- TilesCopiedOnce.cpp - Loop-invariant product operands by TMA -------===//
//
// A tile that block-lower-tensor-descriptors left for the copy engine
// outside the loops whose products read it (attention's Q, read by every
// key block's Q K^T) is copied once each time its block runs, into a buffer
// of its own with an mbarrier of its own. blockgpu-specialize-warps gives
// the copy to its producer; what is left (a kernel whose warps are not
// specialized) copies it in place: every thread waits for the barrier's
// phase, which flips each time the block runs (a persistent kernel's loop
// over tiles counts its iterations for it).
//
//===----------------------------------------------------------------------===//

#include "StagedLoads.h"

#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Dialect/Block/IR/BlockOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::blockgpu;

scf::ForOp mlir::blockgpu::addCounter(IRRewriter &rewriter, scf::ForOp loop,
                                      Value init) {
  return cast<scf::ForOp>(
      loop.replaceWithAdditionalYields(
              rewriter, init, /*replaceInitOperandUsesInLoop=*/false,
              [&](OpBuilder &builder, Location loc,
                  ArrayRef<BlockArgument> args) -> SmallVector<Value> {
                return {arith::AddIOp::create(builder, loc, args[0],
                                              i32Constant(builder, loc, 1))};
              })
          ->getOperation());
}

scf::ForOp mlir::blockgpu::countLoopIterations(IRRewriter &rewriter,
                                               scf::ForOp loop, Value zero) {
  scf::ForOp counted = addCounter(rewriter, loop, zero);
  scf::ForOp inner = counted;
  while (auto outer = dyn_cast<scf::ForOp>(inner->getParentOp())) {
    scf::ForOp child = inner;
    outer = cast<scf::ForOp>(
        outer
            .replaceWithAdditionalYields(
                rewriter, zero, /*replaceInitOperandUsesInLoop=*/false,
                [&](OpBuilder &, Location,
                    ArrayRef<BlockArgument> args) -> SmallVector<Value> {
                  child.getInitArgsMutable()[child.getNumRegionIterArgs() - 1]
                      .assign(args[0]);
                  return {child.getResults().back()};
                })
            ->getOperation());
    inner = outer;
  }
  return counted;
}

/// Whether `alloc`'s tile is read into registers only, or by the products
/// of loops nested in its block only.
static bool isReadOnceOrAcrossLoops(LocalAllocOp alloc) {
  if (llvm::all_of(alloc->getUsers(),
                   [](Operation *user) { return isa<LocalLoadOp>(user); }))
    return !alloc->use_empty();
  std::optional<SmallVector<DotOp>> readers = getProductReaders(alloc);
  return readers && llvm::none_of(*readers, [&](DotOp dot) {
           return dot->getBlock() == alloc->getBlock();
         });
}

SmallVector<LocalAllocOp> mlir::blockgpu::getTilesCopiedOnce(Region &region) {
  SmallVector<LocalAllocOp> tiles;
  region.walk([&](LocalAllocOp alloc) {
    Value src = alloc.getSrc();
    MemDescType buffer = alloc.getType();
    if (!src || !src.getDefiningOp<block::DescLoadOp>() ||
        !getTileCopyProblem(buffer.getShape(), buffer.getElementBits(),
                            buffer.getLayout())
             .empty())
      return;
    if (!isReadOnceOrAcrossLoops(alloc))
      return;
    for (Operation *parent = alloc->getParentOp();
         parent != region.getParentOp(); parent = parent->getParentOp())
      if (!isa<scf::ForOp>(parent))
        return;
    tiles.push_back(alloc);
  });
  return tiles;
}

/// Where the last reader of `buffer` in `block` has completed: after a read
/// into registers, or after the wait for all products that follows the
/// last operation holding a product reader (a wgmma product reads its
/// operands until waited for), or after that operation where no such wait
/// follows.
Operation *mlir::blockgpu::getLastRead(Value buffer, Block *block) {
  Operation *last = nullptr;
  for (Operation *user : buffer.getUsers()) {
    Operation *inBlock = block->findAncestorOpInBlock(*user);
    if (inBlock && (!last || last->isBeforeInBlock(inBlock)))
      last = inBlock;
  }
  if (isa<LocalLoadOp>(last))
    return last;
  for (Operation *op = last->getNextNode(); op; op = op->getNextNode())
    if (auto wait = dyn_cast<DotWaitOp>(op); wait && wait.getPendings() == 0)
      return wait;
  return last;
}

Value mlir::blockgpu::emitOnceBuffer(OpBuilder &builder, Location loc,
                                     MemDescType type) {
  return emitStage(builder, loc, emitRing(builder, loc, type, 1),
                   i32Constant(builder, loc, 0));
}

Value mlir::blockgpu::emitOnceBarrier(OpBuilder &builder, Location loc,
                                      int32_t count) {
  return emitStage(builder, loc, emitBarrierRing(builder, loc, 1, count),
                   i32Constant(builder, loc, 0));
}

Value mlir::blockgpu::emitParity(OpBuilder &builder, Location loc,
                                 Value count) {
  if (!count)
    return i32Constant(builder, loc, 0);
  return arith::AndIOp::create(builder, loc, count,
                               i32Constant(builder, loc, 1));
}

void mlir::blockgpu::copyTilesOnce(func::FuncOp kernel) {
  SmallVector<LocalAllocOp> tiles = getTilesCopiedOnce(kernel.getBody());
  if (tiles.empty())
    return;
  IRRewriter rewriter(kernel.getContext());
  Block &entry = kernel.getBody().front();
  for (LocalAllocOp alloc : tiles) {
    Location loc = alloc.getLoc();
    rewriter.setInsertionPointToStart(&entry);
    Value buffer = emitOnceBuffer(rewriter, loc, alloc.getType());
    Value barrier = emitOnceBarrier(rewriter, loc, /*count=*/1);
    // The phase: how many times the block ran before, mod 2.
    Value count;
    if (auto loop = dyn_cast<scf::ForOp>(alloc->getParentOp()))
      count = countLoopIterations(rewriter, loop,
                                  i32Constant(rewriter, loc, 0))
                  .getRegionIterArgs()
                  .back();
    rewriter.setInsertionPoint(alloc);
    Value phase = emitParity(rewriter, loc, count);
    auto tile = alloc.getSrc().getDefiningOp<block::DescLoadOp>();
    BarrierExpectOp::create(rewriter, loc, barrier,
                            int32_t(alloc.getType().getSizeInBytes()));
    TmaLoadOp::create(rewriter, loc, tile.getDesc(), tile.getIndices(), buffer,
                      barrier);
    WaitBarrierOp::create(rewriter, loc, barrier, phase);
    rewriter.replaceOp(alloc, buffer);
    rewriter.eraseOp(tile);
  }
}
