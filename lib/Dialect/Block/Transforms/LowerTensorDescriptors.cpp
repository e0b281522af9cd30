//===- LowerTensorDescriptors.cpp - Descriptors as masked pointer ops -----===//
//
// A tile of a tensor descriptor is a rectangle of the described tensor; as
// pointer code it is the tile's addresses and a mask of the elements inside
// the tensor, built per dimension from an arange and broadcast to the tile.
// The per-dimension vectors use the short forms (a broadcast from a lower
// rank, an addptr of a scalar base) that block-assign-layouts and
// canonicalisation expand. What does not change in a loop (the rows of a
// tile whose row coordinate the loop keeps) moves out of it, as a
// hand-written program computes it once; tensors move out of innermost
// loops only.
//
//===----------------------------------------------------------------------===//

#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Dialect/Block/Transforms/DotLayouts.h"
#include "block/Dialect/Block/Transforms/LoopPipelining.h"
#include "block/Dialect/Block/Transforms/Passes.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::block {
#define GEN_PASS_DEF_BLOCKLOWERTENSORDESCRIPTORS
#include "block/Dialect/Block/Transforms/Passes.h.inc"

namespace {
/// The pointers of the tile of `desc` at `indices` and the mask of those
/// inside the described tensor.
struct TileAddresses {
  Value pointers;
  Value inside;
};

/// The tile of `desc` at `indices` accessed as `access` (the tile's shape,
/// or that shape without some of its leading 1s): the leading dimensions
/// left out add a scalar offset and a scalar condition.
TileAddresses buildTileAddresses(OpBuilder &b, Location loc,
                                 MakeTensorDescOp desc, ValueRange indices,
                                 RankedTensorType access) {
  RankedTensorType tile = desc.getType().getBlockType();
  ArrayRef<int64_t> shape = access.getShape();
  int64_t dropped = tile.getRank() - access.getRank();
  Type indexType = desc.getShape().front().getType();
  Type i32 = b.getI32Type();
  // Element offsets in i64 wherever a position is multiplied by a stride or
  // added to another's: with i32 sizes, row * stride and the sum pass 2^31
  // in a tensor of fewer than 2^31 elements per row, which the interpreter
  // computes exactly. A position alone is below its size where it is read.
  Type offsetType = tile.getRank() > 1 || !desc.hasUnitStride(0)
                        ? b.getI64Type()
                        : indexType;
  auto fullType = [&](Type element) {
    return RankedTensorType::get(shape, element);
  };
  Value offsets, inside, scalarOffset, scalarInside;
  for (int64_t d = 0, rank = tile.getRank(); d < rank; ++d) {
    // A dimension left out is one position: scalars of their own.
    bool isScalar = d < dropped;
    auto vectorOf = [&](Type element) -> Type {
      if (isScalar)
        return element;
      return RankedTensorType::get({shape[d - dropped]}, element);
    };
    auto splat = [&](Type element, Value scalar) -> Value {
      if (isScalar)
        return scalar;
      return SplatOp::create(b, loc, vectorOf(element), scalar);
    };
    Value range;
    if (!isScalar)
      range = ArangeOp::create(b, loc, vectorOf(i32), 0, shape[d - dropped]);
    Value position = splat(i32, indices[d]);
    // coordinate + index in the sizes' type: past 2^31 in an i64 tensor,
    // an i32 sum would wrap negative and read as outside.
    if (indexType != i32) {
      position = arith::ExtSIOp::create(b, loc, vectorOf(indexType), position);
      if (range)
        range = arith::ExtSIOp::create(b, loc, vectorOf(indexType), range);
    }
    if (range)
      position = arith::AddIOp::create(b, loc, position, range);
    // 0 <= position < size in one comparison: a negative position is a
    // large unsigned one.
    Value size = splat(indexType, desc.getShape()[d]);
    Value dimInside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                            position, size);
    Value dimOffsets = position;
    if (offsetType != indexType)
      dimOffsets =
          arith::ExtSIOp::create(b, loc, vectorOf(offsetType), position);
    if (!desc.hasUnitStride(d)) {
      Value stride = desc.getDynamicStride(d);
      if (!stride)
        stride = arith::ConstantOp::create(
            b, loc, b.getIntegerAttr(offsetType, desc.getStaticStrides()[d]));
      else if (offsetType != indexType)
        stride = arith::ExtSIOp::create(b, loc, offsetType, stride);
      dimOffsets =
          arith::MulIOp::create(b, loc, dimOffsets, splat(offsetType, stride));
    }
    if (isScalar) {
      scalarOffset =
          scalarOffset ? arith::AddIOp::create(b, loc, scalarOffset, dimOffsets)
                       : dimOffsets;
      scalarInside =
          scalarInside ? arith::AndIOp::create(b, loc, scalarInside, dimInside)
                       : dimInside;
      continue;
    }
    if (access.getRank() > 1) {
      DenseI32ArrayAttr dims = b.getDenseI32ArrayAttr({int32_t(d - dropped)});
      dimOffsets =
          BroadcastOp::create(b, loc, fullType(offsetType), dimOffsets, dims);
      dimInside = BroadcastOp::create(b, loc, fullType(b.getI1Type()),
                                      dimInside, dims);
    }
    offsets = offsets ? arith::AddIOp::create(b, loc, offsets, dimOffsets)
                      : dimOffsets;
    inside =
        inside ? arith::AndIOp::create(b, loc, inside, dimInside) : dimInside;
  }
  Type pointer = PointerType::get(tile.getElementType());
  Value base = desc.getBase();
  if (scalarOffset) {
    base = AddPtrOp::create(b, loc, pointer, base, scalarOffset);
    inside = arith::AndIOp::create(
        b, loc, inside,
        SplatOp::create(b, loc, fullType(b.getI1Type()), scalarInside));
  }
  Value pointers = AddPtrOp::create(b, loc, fullType(pointer), base, offsets);
  return {pointers, inside};
}

/// The block.make_tensor_desc that made the descriptor `op` accesses, or
/// null after a diagnostic.
MakeTensorDescOp getMaker(Operation *op, Value desc) {
  auto maker = desc.getDefiningOp<MakeTensorDescOp>();
  if (!maker)
    op->emitOpError()
        << "cannot be lowered to pointer operations: its descriptor must be "
           "made by block.make_tensor_desc in the same function (after "
           "inlining), not carried through a loop, a branch or an argument";
  return maker;
}

/// A tile of a load must not have a layout yet: this pass runs before
/// block-assign-layouts.
LogicalResult checkNoLayout(Operation *op, Type tile) {
  if (!cast<RankedTensorType>(tile).getEncoding())
    return success();
  return op->emitOpError() << "has a tile with a layout, " << tile
                           << ", but descriptors are lowered to pointer "
                              "operations before layouts are assigned";
}

/// Whether `op` makes a tensor (registers per thread, where a scalar takes
/// one).
bool makesTensor(Operation *op) {
  return llvm::any_of(op->getResultTypes(), llvm::IsaPred<RankedTensorType>);
}

/// Records the operations the lowering creates, to hoist them later.
struct CreatedOps : OpBuilder::Listener {
  llvm::SmallPtrSet<Operation *, 32> ops;
  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint) override {
    ops.insert(op);
  }
};

LogicalResult lowerLoad(DescLoadOp load, CreatedOps &created) {
  MakeTensorDescOp desc = getMaker(load, load.getDesc());
  if (!desc || failed(checkNoLayout(load, load.getType())))
    return failure();
  OpBuilder b(load, &created);
  Location loc = load.getLoc();
  auto tileType = cast<RankedTensorType>(load.getType());
  TileAddresses tile =
      buildTileAddresses(b, loc, desc, load.getIndices(), tileType);
  Value zeros = arith::ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(tileType,
                             b.getZeroAttr(tileType.getElementType())));
  auto value = LoadOp::create(b, loc, tile.pointers, tile.inside, zeros);
  // A tile read transposed (an operand k-major in memory, as K in QK^T)
  // is loaded transposed, as canonicalisation would do.
  if (load->hasOneUse())
    if (auto trans = dyn_cast<TransOp>(*load->user_begin())) {
      trans.replaceAllUsesWith(
          createTransposedLoad(b, value, trans.getOrder()).getResult());
      trans.erase();
      value.erase();
      load.erase();
      return success();
    }
  load.replaceAllUsesWith(value.getResult());
  load.erase();
  return success();
}

LogicalResult lowerStore(DescStoreOp store, CreatedOps &created) {
  MakeTensorDescOp desc = getMaker(store, store.getDesc());
  if (!desc || failed(checkNoLayout(store, store.getValue().getType())))
    return failure();
  OpBuilder b(store, &created);
  TileAddresses tile =
      buildTileAddresses(b, store.getLoc(), desc, store.getIndices(),
                         cast<RankedTensorType>(store.getValue().getType()));
  StoreOp::create(b, store.getLoc(), tile.pointers, store.getValue(),
                  tile.inside);
  store.erase();
  return success();
}

/// Whether the runtime knows `value` when it launches the kernel around it:
/// an argument of the kernel, a constant, or a product of them.
bool isKnownAtLaunch(Value value) {
  return getLaunchProduct(value).has_value();
}

/// The most dimensions a tensor map describes.
constexpr int64_t kMaxTensorMapRank = 5;

/// Whether a tensor map can describe `desc` accessed as `access` (its tile
/// or the tile without leading 1s): its base, sizes and strides are known
/// at launch, its innermost stride is 1, it has at most five dimensions,
/// and the NVMMA buffer of the rank-2 tile accessed is one TMA copies.
bool isTensorMapTile(MakeTensorDescOp desc, RankedTensorType access) {
  auto base = desc ? dyn_cast<BlockArgument>(desc.getBase()) : nullptr;
  if (!base || !isKernel(base.getOwner()->getParentOp()) ||
      !llvm::all_of(desc.getShape(), isKnownAtLaunch) ||
      !llvm::all_of(desc.getStrides(), isKnownAtLaunch) ||
      desc.getType().getRank() > kMaxTensorMapRank ||
      !desc.hasUnitStride(desc.getType().getRank() - 1))
    return false;
  if (access.getRank() != 2)
    return false;
  unsigned bits = access.getElementTypeBitWidth();
  return blockgpu::getTileCopyProblem(
             access.getShape(), bits,
             blockgpu::getWgmmaOperandLayout(desc.getContext(),
                                             access.getShape(), bits,
                                             /*transposed=*/false))
      .empty();
}

/// Whether two stages of the tiles `loop` loads by descriptor fit in the
/// chip's shared memory, the least blockgpu-pipeline-loops rings them in.
bool fitsTwoStages(scf::ForOp loop) {
  std::optional<TargetChip> chip = getTargetChip(loop);
  if (!chip)
    return false;
  int64_t stageBytes = 0;
  for (auto load : loop.getBody()->getOps<DescLoadOp>()) {
    auto tile = cast<RankedTensorType>(load.getType());
    stageBytes += tile.getNumElements() * tile.getElementTypeBitWidth() / 8;
  }
  return 2 * stageBytes <= chip->getMaxSharedMemoryBytes();
}

/// Whether `loop` pipelines its tiles: loops that write global memory are
/// not pipelined (their stores would run ahead of the copies), nor those
/// whose tiles two stages of the ring cannot hold.
bool pipelinesTiles(scf::ForOp loop) {
  return getNumStages(loop) >= 2 && writesOnlySharedMemory(loop) &&
         fitsTwoStages(loop);
}

/// Whether `op` sits in the kernel's body or in loops only.
bool isInLoopsOnly(Operation *op) {
  for (Operation *parent = op->getParentOp(); !isKernel(parent);
       parent = parent->getParentOp())
    if (!isa<scf::ForOp>(parent))
      return false;
  return true;
}

/// Whether wgmma reads operand `opIdx` (0: a, 1: b) of `bits`-bit elements
/// from the buffer the copy engine writes (the tile's last dimension
/// contiguous), read as it lies or, with `transposed`, through a transposed
/// view: 16-bit operands either way (the descriptor's transpose bits),
/// others only k-major (a as it lies, b transposed).
bool readsCopiedOperand(unsigned opIdx, bool transposed, unsigned bits) {
  return bits == 16 || (opIdx == 0) != transposed;
}

/// Whether `dot` is a wgmma product that reads `operand` (one of its
/// operands, of `bits`-bit elements, transposed or not from the tile) from
/// the copy engine's buffer.
bool readsCopiedTile(DotOp dot, Value operand, bool transposed,
                     unsigned bits) {
  if (operand == dot.getAcc())
    return false;
  unsigned opIdx = operand == dot.getA() ? 0 : 1;
  // The same tile as both operands is two reads of one buffer too.
  if (operand == dot.getA() && operand == dot.getB() &&
      !readsCopiedOperand(1, transposed, bits))
    return false;
  if (!readsCopiedOperand(opIdx, transposed, bits))
    return false;
  MmaLayoutAttr mma = chooseDotAccumulatorLayout(dot);
  return mma && mma.isWgmma();
}

/// Whether the copy engine can bring `load`'s tile to the wgmma products
/// that use it (see the pass's description): in a pipelined loop, where
/// every use is an operand of a product of the loop's body, as the tile
/// lies or transposed (a block.trans there, read as a transposed view of
/// the one buffer: attention's K as the k-major b of Q K^T, its backward's
/// Q as both b of dS^T Q and the transposed b of K Q^T); or around one
/// that reads it unchanged (attention's Q), copied once.
bool isCopyEngineTile(DescLoadOp load) {
  if (load->use_empty() ||
      !isTensorMapTile(load.getDesc().getDefiningOp<MakeTensorDescOp>(),
                       cast<RankedTensorType>(load.getType())))
    return false;
  unsigned bits = load.getType().getElementTypeBitWidth();
  // The products that read the tile, each with the operand it reads and
  // whether that operand is the tile transposed.
  SmallVector<std::tuple<DotOp, Value, bool>> reads;
  for (Operation *user : load->getUsers()) {
    if (auto dot = dyn_cast<DotOp>(user)) {
      reads.emplace_back(dot, load.getResult(), false);
      continue;
    }
    auto trans = dyn_cast<TransOp>(user);
    if (!trans || trans->use_empty() ||
        trans->getBlock() != load->getBlock())
      return false;
    for (Operation *reader : trans->getUsers()) {
      auto dot = dyn_cast<DotOp>(reader);
      if (!dot)
        return false;
      reads.emplace_back(dot, trans.getResult(), true);
    }
  }
  for (auto [dot, operand, transposed] : reads)
    if (!readsCopiedTile(dot, operand, transposed, bits))
      return false;
  // A pipelined loop's tile, read by products of its body.
  auto loop = dyn_cast<scf::ForOp>(load->getParentOp());
  if (loop && llvm::all_of(reads, [&](const auto &read) {
        return std::get<0>(read)->getBlock() == load->getBlock();
      }))
    return pipelinesTiles(loop);
  // A tile copied once, read unchanged by one product of a pipelined loop
  // below it.
  if (reads.size() != 1 || !load->hasOneUse())
    return false;
  auto [dot, operand, transposed] = reads.front();
  loop = dyn_cast<scf::ForOp>(dot->getParentOp());
  return loop && pipelinesTiles(loop) && !transposed &&
         !loop->isAncestor(load) &&
         load->getParentRegion()->isAncestor(&loop.getRegion()) &&
         isInLoopsOnly(load) && isInLoopsOnly(loop);
}

/// Whether `tile` is computed from a product's accumulator by elementwise
/// operations (through the loops and branches that carry it).
bool isComputedFromProduct(Value tile, unsigned depth = 0) {
  Operation *def = tile.getDefiningOp();
  if (!def || depth > 16)
    return false;
  if (isa<DotOp>(def))
    return true;
  unsigned result = cast<OpResult>(tile).getResultNumber();
  if (auto loop = dyn_cast<scf::ForOp>(def))
    return isComputedFromProduct(loop.getYieldedValues()[result], depth + 1);
  if (auto branch = dyn_cast<scf::IfOp>(def))
    return isComputedFromProduct(branch.thenYield().getOperand(result),
                                 depth + 1) ||
           (branch.elseBlock() &&
            isComputedFromProduct(branch.elseYield().getOperand(result),
                                  depth + 1));
  if (!def->hasTrait<mlir::OpTrait::Elementwise>() &&
      !isa<ConvertLayoutOp>(def))
    return false;
  return llvm::any_of(def->getOperands(), [&](Value operand) {
    return isa<RankedTensorType>(operand.getType()) &&
           isComputedFromProduct(operand, depth + 1);
  });
}

/// Whether the copy engine can store `store`'s tile: on a chip with wgmma
/// (the TMA copies of products and stores share that chip's NVMMA layouts),
/// a tile computed from a product. Another tile is held in a layout made for
/// the global accesses, which store it directly; the copy engine would take
/// it through shared memory first.
bool isCopyEngineStore(DescStoreOp store) {
  std::optional<TargetChip> chip = getTargetChip(store);
  return chip && chip->hasWgmma() &&
         isTensorMapTile(store.getDesc().getDefiningOp<MakeTensorDescOp>(),
                         cast<RankedTensorType>(store.getValue().getType())) &&
         isComputedFromProduct(store.getValue());
}

struct BlockLowerTensorDescriptors
    : impl::BlockLowerTensorDescriptorsBase<BlockLowerTensorDescriptors> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Operation *> accesses;
    getOperation().walk([&](Operation *op) {
      if (auto load = dyn_cast<DescLoadOp>(op); load && tma &&
                                                isCopyEngineTile(load))
        return;
      if (auto store = dyn_cast<DescStoreOp>(op); store && tma &&
                                                  isCopyEngineStore(store))
        return;
      if (isa<DescLoadOp, DescStoreOp>(op))
        accesses.push_back(op);
    });
    bool failed = false;
    CreatedOps created;
    for (Operation *op : accesses) {
      LogicalResult lowered =
          isa<DescLoadOp>(op) ? lowerLoad(cast<DescLoadOp>(op), created)
                              : lowerStore(cast<DescStoreOp>(op), created);
      failed |= mlir::failed(lowered);
    }
    // Innermost loops first, so that an address computation can leave a
    // nest level by level. Tensors (a tile's offsets and mask, and their
    // per-dimension vectors, registers per thread) leave innermost loops
    // only: out of a loop around other loops (a persistent kernel's loop
    // over tiles) they would stay live through the inner loops, whose own
    // tiles need the registers. Scalars leave any loop.
    getOperation().walk([&](LoopLikeOpInterface loop) {
      bool innermost = true;
      for (Region *region : loop.getLoopRegions())
        region->walk([&](LoopLikeOpInterface inner) { innermost = false; });
      moveLoopInvariantCode(
          loop.getLoopRegions(),
          [&](Value value, Region *) {
            return loop.isDefinedOutsideOfLoop(value);
          },
          [&](Operation *op, Region *) {
            return created.ops.contains(op) && isPure(op) &&
                   (innermost || !makesTensor(op));
          },
          [&](Operation *op, Region *) { loop.moveOutOfLoop(op); });
    });
    getOperation().walk([&](MakeTensorDescOp desc) {
      if (desc->use_empty()) {
        desc.erase();
        return;
      }
      if (llvm::all_of(desc->getUsers(), [](Operation *user) {
            return isa<DescLoadOp, DescStoreOp>(user);
          }))
        return; // Left for the copy engine.
      if (!failed)
        desc->getUses().begin()->getOwner()->emitOpError()
            << "takes a tensor descriptor, which only block.desc_load and "
               "block.desc_store can use once descriptors are lowered to "
               "pointer operations";
      failed = true;
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
} // namespace mlir::block
