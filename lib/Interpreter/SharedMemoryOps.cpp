//===- SharedMemoryOps.cpp - The blockgpu layer ---------------------------===//
//
// Shared memory as the interpreter sees it: a buffer is storage in the
// instance's frame, and a memdesc value holds the address of its first
// element, so that memdesc_index is an address computation. Elements are
// kept in row-major order: a shared layout changes where the GPU puts them,
// not what a program computes (a memdesc_trans view is the same address,
// which the products reading it read transposed). Asynchronous copies
// complete at once (a masked-off element is written as zero) and cp.async
// waits do nothing, so programs after the passes that introduce this
// layer run as before them. A new buffer's contents are undefined (here:
// what the frame held before). gpu.barrier, the layer's synchronisation,
// does nothing either; mbarriers keep their phases (BarrierOps.cpp).
//
//===----------------------------------------------------------------------===//

#include "Compiler.h"
#include "Elements.h"

#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cstring>

using namespace mlir;
using namespace mlir::block;
using namespace mlir::block::interpreter;
using namespace mlir::block::interpreter::detail;
using namespace mlir::blockgpu;

namespace {
/// Bytes of one buffer or stage an instruction copies.
struct CopyInfo : InstrData {
  int64_t bytes = 0;
  int64_t stages = 0;
};
} // namespace

static int64_t getBufferBytes(MemDescType type) {
  return type.getNumElements() *
         getElementKindSize(*getElementKind(type.getElementType()));
}

// operands: storage [, initial tensor]; results: the address.
static bool execAlloc(const Instr &instr, Frame &frame) {
  char *storage = frame.get<char>(instr.operands[0]);
  if (instr.operands.size() > 1)
    std::memcpy(storage, frame.get<char>(instr.operands[1]),
                instr.getData<CopyInfo>().bytes);
  *frame.get<uint64_t>(instr.results[0]) = reinterpret_cast<uint64_t>(storage);
  return true;
}

// operands: address, index; results: the stage's address.
static bool execIndex(const Instr &instr, Frame &frame) {
  const CopyInfo &info = instr.getData<CopyInfo>();
  int32_t index = *frame.get<int32_t>(instr.operands[1]);
  if (index < 0 || index >= info.stages)
    return frame.fail(instr, RunError::Kind::OutOfBounds, -1,
                      "blockgpu.memdesc_index in " +
                          frame.describeLane(instr, -1) + ": index " +
                          std::to_string(index) + " is outside the " +
                          std::to_string(info.stages) + " stages");
  *frame.get<uint64_t>(instr.results[0]) =
      *frame.get<uint64_t>(instr.operands[0]) + index * info.bytes;
  return true;
}

// operands: tensor, address.
static bool execStoreToBuffer(const Instr &instr, Frame &frame) {
  std::memcpy(reinterpret_cast<void *>(*frame.get<uint64_t>(instr.operands[1])),
              frame.get<char>(instr.operands[0]),
              instr.getData<CopyInfo>().bytes);
  return true;
}

// operands: address; results: tensor.
static bool execLoadFromBuffer(const Instr &instr, Frame &frame) {
  std::memcpy(frame.get<char>(instr.results[0]),
              reinterpret_cast<const void *>(
                  *frame.get<uint64_t>(instr.operands[0])),
              instr.getData<CopyInfo>().bytes);
  return true;
}

static bool execNothing(const Instr &, Frame &) { return true; }

/// The slot of a memdesc value: its address.
static SlotId defineAddress(Compiler &c, Value value) {
  SlotId slot = c.addScratch(sizeof(uint64_t));
  c.alias(value, slot);
  return slot;
}

static CopyInfo &makeCopyInfo(Compiler &c, int64_t bytes, int64_t stages = 0) {
  CopyInfo &info = c.makeData<CopyInfo>();
  info.bytes = bytes;
  info.stages = stages;
  return info;
}

static LogicalResult compileAlloc(Compiler &c, LocalAllocOp op) {
  int64_t bytes = getBufferBytes(op.getType());
  Instr &instr = c.emit(op, &execAlloc);
  instr.data = &makeCopyInfo(c, bytes);
  instr.operands = {c.addScratch(bytes)};
  if (Value src = op.getSrc())
    instr.operands.push_back(c.lookup(src));
  instr.results = {defineAddress(c, op.getResult())};
  return success();
}

static LogicalResult compileIndex(Compiler &c, MemDescIndexOp op) {
  Instr &instr = c.emit(op, &execIndex);
  instr.data = &makeCopyInfo(c, getBufferBytes(op.getType()),
                             op.getSrc().getType().getShape().front());
  instr.operands = {c.lookup(op.getSrc()), c.lookup(op.getIndex())};
  instr.results = {defineAddress(c, op.getResult())};
  return success();
}

/// A transposed view is its source's address: buffers here are row-major
/// in their own shape, so the products that read the view (the only
/// readers the interpreter takes) read it transposed.
static LogicalResult compileTrans(Compiler &c, MemDescTransOp op) {
  for (Operation *user : op->getUsers())
    if (!isa<blockgpu::DotOp>(user))
      return op.emitOpError()
             << "is read by '" << user->getName()
             << "': the interpreter runs transposed views read by "
                "blockgpu.dot only";
  return c.view(op.getResult(), op.getSrc());
}

static LogicalResult compileLocalStore(Compiler &c, LocalStoreOp op) {
  Instr &instr = c.emit(op, &execStoreToBuffer, op.getSrc().getType());
  instr.data = &makeCopyInfo(c, getBufferBytes(op.getDst().getType()));
  instr.operands = {c.lookup(op.getSrc()), c.lookup(op.getDst())};
  return success();
}

static LogicalResult compileLocalLoad(Compiler &c, LocalLoadOp op) {
  Instr &instr = c.emit(op, &execLoadFromBuffer);
  instr.data = &makeCopyInfo(c, getBufferBytes(op.getSrc().getType()));
  instr.operands = {c.lookup(op.getSrc())};
  instr.results = {c.define(op.getResult())};
  return success();
}

// A gather from global memory, as block.load with no `other`, then a copy.
static LogicalResult compileAsyncCopy(Compiler &c, AsyncCopyOp op) {
  auto ptrs = cast<RankedTensorType>(op.getPtrs().getType());
  ElementKind kind = *getElementKind(op.getDst().getType().getElementType());
  int64_t bytes = getBufferBytes(op.getDst().getType());
  Instr &gather =
      c.emit(op, getLoadExec(kind, bool(op.getMask()), /*hasOther=*/false),
             ptrs);
  gather.operands = {c.lookup(op.getPtrs())};
  if (Value mask = op.getMask())
    gather.operands.push_back(c.lookup(mask));
  SlotId elements = c.addScratch(bytes);
  gather.results = {elements};
  Instr &copy = c.emit(op, &execStoreToBuffer, ptrs);
  copy.data = &makeCopyInfo(c, bytes);
  copy.operands = {elements, c.lookup(op.getDst())};
  c.alias(op.getToken(), c.addScratch(0));
  return success();
}

// The tile as block.desc_load reads it, then a copy, which delivers its
// bytes to the barrier's phase.
static LogicalResult compileTmaLoad(Compiler &c, TmaLoadOp op) {
  MemDescType dst = op.getDst().getType();
  int64_t bytes = getBufferBytes(dst);
  Instr &read =
      emitTileAccess(c, op, getDescLoadExec(*getElementKind(dst.getElementType())),
                     op.getDesc(), op.getIndices());
  SlotId elements = c.addScratch(bytes);
  read.results = {elements};
  Instr &copy = c.emit(op, &execStoreToBuffer,
                       op.getDesc().getType().getBlockType());
  copy.data = &makeCopyInfo(c, bytes);
  copy.operands = {elements, c.lookup(op.getDst())};
  emitCompleteTransaction(c, op, op.getBarrier(), bytes);
  return success();
}

// A copy of the buffer, then the tile as block.desc_store writes it.
static LogicalResult compileTmaStore(Compiler &c, TmaStoreOp op) {
  MemDescType src = op.getSrc().getType();
  int64_t bytes = getBufferBytes(src);
  Instr &copy = c.emit(op, &execLoadFromBuffer,
                       op.getDesc().getType().getBlockType());
  copy.data = &makeCopyInfo(c, bytes);
  copy.operands = {c.lookup(op.getSrc())};
  SlotId elements = c.addScratch(bytes);
  copy.results = {elements};
  Instr &write = emitTileAccess(
      c, op, getDescStoreExec(*getElementKind(src.getElementType())),
      op.getDesc(), op.getIndices());
  write.operands.push_back(elements);
  return success();
}

static LogicalResult compileTokenOp(Compiler &c, Operation *op) {
  c.alias(op->getResult(0), c.addScratch(0));
  c.emit(op, &execNothing);
  return success();
}

LogicalResult
mlir::block::interpreter::detail::compileSharedMemoryOp(Compiler &c,
                                                        Operation *op) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](LocalAllocOp o) { return compileAlloc(c, o); })
      .Case([&](MemDescIndexOp o) { return compileIndex(c, o); })
      .Case([&](MemDescTransOp o) { return compileTrans(c, o); })
      .Case([&](LocalStoreOp o) { return compileLocalStore(c, o); })
      .Case([&](LocalLoadOp o) { return compileLocalLoad(c, o); })
      .Case([&](AsyncCopyOp o) { return compileAsyncCopy(c, o); })
      .Case([&](TmaLoadOp o) { return compileTmaLoad(c, o); })
      .Case([&](TmaStoreOp o) { return compileTmaStore(c, o); })
      .Case<AsyncCommitGroupOp, AsyncWaitOp>(
          [&](Operation *o) { return compileTokenOp(c, o); })
      // Nothing reads a poison before writing it: zeros will do.
      .Case([&](PoisonOp o) {
        auto type = cast<RankedTensorType>(o.getType());
        unsigned bytes = std::max(1u, type.getElementTypeBitWidth() / 8);
        c.defineConstant(o.getResult(),
                         std::vector<char>(type.getNumElements() * bytes, 0));
        return success();
      })
      // Products complete at once: the wait passes its value through.
      .Case([&](DotWaitOp o) { return c.view(o.getResult(), o.getValue()); })
      // An instance runs as one thread with one view of memory, and copies
      // complete at once: barriers and proxy fences order nothing more.
      .Case<gpu::BarrierOp, FenceAsyncSharedOp>([&](Operation *o) {
        c.emit(o, &execNothing);
        return success();
      })
      .Case<InitBarrierOp, BarrierExpectOp, WaitBarrierOp, ArriveBarrierOp,
            WarpSpecializeOp, AwaitTurnOp, PassTurnOp>(
          [&](Operation *o) { return compileBarrierOp(c, o); })
      .Default([&](Operation *) { return emitUnsupported(op); });
}
