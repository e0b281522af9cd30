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
#include "block/Support/Remarks.h"

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

/// Why a computed base keeps a tile from TMA.
constexpr llvm::StringLiteral kBaseNotArgument =
    "its base is not a kernel argument (a tensor map is encoded at launch)";

/// Why a tensor map cannot describe `desc` accessed as `access` (its tile
/// or the tile without leading 1s), or empty where it can: its base, sizes
/// and strides are known at launch, its innermost stride is 1, it has at
/// most five dimensions, and the NVMMA buffer of the rank-2 tile accessed
/// is one TMA copies.
std::string whyNotTensorMapTile(MakeTensorDescOp desc,
                                RankedTensorType access) {
  if (!desc)
    return "its descriptor is not made by block.make_tensor_desc in the "
           "kernel";
  auto base = dyn_cast<BlockArgument>(desc.getBase());
  if (!base || !isKernel(base.getOwner()->getParentOp()))
    return kBaseNotArgument.str();
  for (auto [d, size] : llvm::enumerate(desc.getShape()))
    if (!isKnownAtLaunch(size))
      return llvm::formatv("size {0} is not a kernel argument, constant or "
                           "product of them",
                           d)
          .str();
  for (auto [d, stride] : llvm::enumerate(desc.getStrides()))
    if (!isKnownAtLaunch(stride))
      return llvm::formatv("stride {0} is not a kernel argument, constant or "
                           "product of them",
                           d)
          .str();
  int64_t rank = desc.getType().getRank();
  if (rank > kMaxTensorMapRank)
    return llvm::formatv("it has {0} dimensions, a tensor map at most {1}",
                         rank, kMaxTensorMapRank)
        .str();
  if (!desc.hasUnitStride(rank - 1))
    return "its innermost stride is not 1";
  if (access.getRank() != 2)
    return llvm::formatv("its tile has {0} dimensions other than leading 1s, "
                         "TMA copies 2",
                         access.getRank())
        .str();
  unsigned bits = access.getElementTypeBitWidth();
  return blockgpu::getTileCopyProblem(
      access.getShape(), bits,
      blockgpu::getWgmmaOperandLayout(desc.getContext(), access.getShape(),
                                      bits, /*transposed=*/false));
}

/// Why two stages of the tiles `loop` loads by descriptor do not fit in
/// the chip's shared memory, the least blockgpu-pipeline-loops rings them
/// in, or empty where they do.
std::string whyNotTwoStages(scf::ForOp loop) {
  std::optional<TargetChip> chip = getTargetChip(loop);
  if (!chip)
    return "the module has no target chip";
  int64_t stageBytes = 0;
  for (auto load : loop.getBody()->getOps<DescLoadOp>()) {
    auto tile = cast<RankedTensorType>(load.getType());
    stageBytes += tile.getNumElements() * tile.getElementTypeBitWidth() / 8;
  }
  if (2 * stageBytes <= chip->getMaxSharedMemoryBytes())
    return "";
  return llvm::formatv("two stages of its tiles ({0} bytes) exceed the "
                       "shared memory ({1} bytes)",
                       2 * stageBytes, chip->getMaxSharedMemoryBytes())
      .str();
}

/// Why `loop` does not pipeline its tiles, or empty where it does: loops
/// that write global memory are not pipelined (their stores would run
/// ahead of the copies), nor those whose tiles two stages of the ring
/// cannot hold.
std::string whyNotPipelinesTiles(scf::ForOp loop) {
  if (unsigned stages = getNumStages(loop); stages < 2)
    return llvm::formatv("the loop is not pipelined (num_stages = {0})", stages)
        .str();
  if (!writesOnlySharedMemory(loop))
    return "the loop is not pipelined (it writes global memory)";
  if (std::string why = whyNotTwoStages(loop); !why.empty())
    return "the loop is not pipelined (" + why + ")";
  return "";
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

/// Why `dot` is not a wgmma product that reads `operand` (one of its
/// operands, of `bits`-bit elements, transposed or not from the tile) from
/// the copy engine's buffer, or empty where it is.
std::string whyNotReadsCopiedTile(DotOp dot, Value operand, bool transposed,
                                  unsigned bits) {
  if (operand == dot.getAcc())
    return "a product's accumulator uses it";
  unsigned opIdx = operand == dot.getA() ? 0 : 1;
  // The same tile as both operands is two reads of one buffer too.
  if ((operand == dot.getA() && operand == dot.getB() &&
       !readsCopiedOperand(1, transposed, bits)) ||
      !readsCopiedOperand(opIdx, transposed, bits))
    return llvm::formatv("wgmma reads a {0}-bit operand k-major only, and "
                         "this tile's last dimension is not k",
                         bits)
        .str();
  MmaLayoutAttr mma = chooseDotAccumulatorLayout(dot);
  if (!mma || !mma.isWgmma())
    return "the product that uses it is not on wgmma";
  return "";
}

/// Whether the copy engine can bring `load`'s tile to the wgmma products
/// that use it (see the pass's description): in a pipelined loop, where
/// every use is an operand of a product of the loop's body, as the tile
/// lies or transposed (a block.trans there, read as a transposed view of
/// the one buffer: attention's K as the k-major b of Q K^T, its backward's
/// Q as both b of dS^T Q and the transposed b of K Q^T); or around one
/// that reads it unchanged (attention's Q), copied once.
std::string whyNotCopyEngineTile(DescLoadOp load) {
  if (load->use_empty())
    return "it is not used";
  if (std::string why =
          whyNotTensorMapTile(load.getDesc().getDefiningOp<MakeTensorDescOp>(),
                              cast<RankedTensorType>(load.getType()));
      !why.empty())
    return why;
  const char *notProducts = "it is used by something other than a product";
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
      return notProducts;
    for (Operation *reader : trans->getUsers()) {
      auto dot = dyn_cast<DotOp>(reader);
      if (!dot)
        return notProducts;
      reads.emplace_back(dot, trans.getResult(), true);
    }
  }
  for (auto [dot, operand, transposed] : reads)
    if (std::string why = whyNotReadsCopiedTile(dot, operand, transposed, bits);
        !why.empty())
      return why;
  // A pipelined loop's tile, read by products of its body.
  auto loop = dyn_cast<scf::ForOp>(load->getParentOp());
  if (loop && llvm::all_of(reads, [&](const auto &read) {
        return std::get<0>(read)->getBlock() == load->getBlock();
      }))
    return whyNotPipelinesTiles(loop);
  // A tile copied once, read unchanged by one product of a pipelined loop
  // below it.
  const char *notAhead = "it is neither loaded in the pipelined loop of its "
                         "products nor read unchanged by one product of a "
                         "pipelined loop below it";
  if (reads.size() != 1 || !load->hasOneUse())
    return notAhead;
  auto [dot, operand, transposed] = reads.front();
  loop = dyn_cast<scf::ForOp>(dot->getParentOp());
  if (!loop || transposed || loop->isAncestor(load) ||
      !load->getParentRegion()->isAncestor(&loop.getRegion()) ||
      !isInLoopsOnly(load) || !isInLoopsOnly(loop))
    return notAhead;
  return whyNotPipelinesTiles(loop);
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

/// Why the copy engine cannot store `store`'s tile, or empty where it can:
/// on a chip with wgmma (the TMA copies of products and stores share that
/// chip's NVMMA layouts), a tile computed from a product. Another tile is
/// held in a layout made for the global accesses, which store it directly;
/// the copy engine would take it through shared memory first.
std::string whyNotCopyEngineStore(DescStoreOp store) {
  std::optional<TargetChip> chip = getTargetChip(store);
  if (!chip || !chip->hasWgmma())
    return "the chip has no wgmma, whose NVMMA layouts TMA stores share";
  if (std::string why = whyNotTensorMapTile(
          store.getDesc().getDefiningOp<MakeTensorDescOp>(),
          cast<RankedTensorType>(store.getValue().getType()));
      !why.empty())
    return why;
  if (!isComputedFromProduct(store.getValue()))
    return "the tile is not computed from a product (stored directly from "
           "its registers)";
  return "";
}

/// Says how `op`, a block.desc_load or block.desc_store, moves its tile:
/// by TMA, or as pointer code because of `whyNot`.
void remarkTile(Operation *op, StringRef whyNot) {
  StringRef what = isa<DescLoadOp>(op) ? "load" : "store";
  if (whyNot.empty()) {
    remark::passed(op->getLoc(), remarks::opts("Tma", remarks::kDescriptor, op))
        << ("tile " + what + " by TMA").str();
    return;
  }
  remark::detail::InFlightRemark missed = remark::missed(
      op->getLoc(), remarks::opts("PointerCode", remarks::kDescriptor, op));
  missed << ("tile " + what + " by pointer code, not TMA").str()
         << remark::reason("{0}", whyNot.str());
  // A computed base has a rewrite the user can make.
  if (whyNot == kBaseNotArgument)
    missed << remark::suggest("the descriptor on the kernel's argument, with "
                              "the offset in the tile's coordinates");
}

struct BlockLowerTensorDescriptors
    : impl::BlockLowerTensorDescriptorsBase<BlockLowerTensorDescriptors> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Operation *> accesses;
    getOperation().walk([&](Operation *op) {
      if (!isa<DescLoadOp, DescStoreOp>(op))
        return;
      std::string whyNot;
      if (!tma) {
        std::optional<TargetChip> chip = getTargetChip(op);
        whyNot = chip && !chip->hasWgmma() ? "the chip has no TMA (sm_90a has)"
                                           : "TMA is off (--tma=false)";
      } else if (auto load = dyn_cast<DescLoadOp>(op)) {
        whyNot = whyNotCopyEngineTile(load);
      } else {
        whyNot = whyNotCopyEngineStore(cast<DescStoreOp>(op));
      }
      remarkTile(op, whyNot);
      if (!whyNot.empty())
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
