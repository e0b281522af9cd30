//===- WarpSpecializeToGPU.cpp - Partitions as branches on the warp -------===//
//
// After the other patterns have lowered the partitions' operations (which
// still needed to know their partition: the producer's copies are issued
// by its first thread), a blockgpu.warp_specialize becomes a branch on the
// thread id. Each side starts by moving its register budget; the
// consumers' CTA barriers become a named barrier of the consumer threads,
// since the producer's warps never reach them.
//
//===----------------------------------------------------------------------===//

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
