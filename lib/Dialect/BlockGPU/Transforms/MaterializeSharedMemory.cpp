//===- MaterializeSharedMemory.cpp - Trips through shared memory as ops ---===//
//
// Layout conversions that move data, and the products' operands, go
// through buffers written and read by blockgpu ops. Each buffer's layout is
// chosen here, from the layouts of its writers and readers, and the
// lowering follows it.
//
//===----------------------------------------------------------------------===//

#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"
#include "block/Dialect/BlockGPU/Transforms/Passes.h"
#include "block/Layout/TensorLayouts.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::blockgpu {
#define GEN_PASS_DEF_BLOCKGPUMATERIALIZESHAREDMEMORY
#include "block/Dialect/BlockGPU/Transforms/Passes.h.inc"
} // namespace mlir::blockgpu

using namespace mlir;
using namespace mlir::blockgpu;
using block::LinearLayout;

static LinearLayout getLayout(Type type) {
  auto tensor = cast<RankedTensorType>(type);
  return cast<block::DistributedLayoutAttr>(tensor.getEncoding())
      .toLinearLayout(tensor.getShape());
}

namespace {
/// The element width and the widest vector of one shared access.
struct SharedElements {
  unsigned bytes;
  unsigned vector;

  explicit SharedElements(Type elementType)
      : bytes(std::max(8u, isa<block::PointerType>(elementType)
                               ? 64u
                               : elementType.getIntOrFloatBitWidth()) /
              8),
        vector(elementType.isIntOrFloat() ? std::max(1u, 16 / bytes) : 1) {}

  /// The vector width at which a thread of `flat` (a 1-D layout over
  /// offsets) accesses its consecutive registers.
  int32_t getAccessWidth(const LinearLayout &flat) const {
    return std::min<int32_t>(flat.getNumConsecutiveInOut(), vector);
  }
};

/// XORs the offset bits above one 128-byte line that the lanes of an access
/// vary into the bits of the line from the access width up, so that those
/// lanes (a transposition's, reading down columns) meet different banks.
class BankSwizzle {
public:
  BankSwizzle() = default;
  /// For accesses of `flatReader` (lanes to offsets) of `unit` elements of
  /// `bytes` each.
  BankSwizzle(const LinearLayout &flatReader, unsigned bytes, unsigned unit) {
    int64_t numElements = flatReader.getTotalOutDimSize();
    int64_t lineElements =
        std::min<int64_t>(numElements, std::max(1u, 128 / bytes));
    unsigned lineBits = llvm::Log2_64(lineElements);
    targetBit = llvm::Log2_64(unit);
    for (ArrayRef<int32_t> basis : flatReader.getBases(block::kLane))
      for (unsigned bit = lineBits; (int64_t(1) << bit) < numElements; ++bit)
        if ((basis[0] >> bit) & 1 && !llvm::is_contained(sourceBits, bit))
          sourceBits.push_back(bit);
    llvm::sort(sourceBits);
    sourceBits.resize(std::min<size_t>(
        sourceBits.size(), lineBits > targetBit ? lineBits - targetBit : 0));
  }

  int64_t apply(int64_t offset) const {
    return offset ^ (block::packBits(offset, sourceBits) << targetBit);
  }

  /// Whether the swizzle keeps within each row of `rowElements` and reads
  /// no bit of a row at or above `chunkRows` rows.
  bool staysBelow(int64_t rowElements, int64_t chunkRows) const {
    return (int64_t(1) << (targetBit + sourceBits.size())) <= rowElements &&
           llvm::all_of(sourceBits, [&](unsigned bit) {
             return (int64_t(1) << bit) < chunkRows * rowElements;
           });
  }

private:
  SmallVector<unsigned> sourceBits;
  unsigned targetBit = 0;
};
} // namespace

/// A read-only buffer holding `value` row-major in `order`, swizzled.
static Value allocate(OpBuilder &b, Location loc, Value value,
                      ArrayRef<unsigned> order, const BankSwizzle &swizzle) {
  auto type = cast<RankedTensorType>(value.getType());
  LinearLayout shared = block::getSharedLayout(
      type.getShape(), order,
      [&](int64_t offset) { return swizzle.apply(offset); });
  auto buffer = MemDescType::get(
      b.getContext(), type.getShape(), type.getElementType(),
      LinearSharedLayoutAttr::get(b.getContext(), shared),
      /*mutableMemory=*/false);
  return LocalAllocOp::create(b, loc, buffer, value);
}

/// `value` in `type`'s layout through a buffer that keeps it row-major,
/// swizzled for the reads.
static Value convertThroughBuffer(OpBuilder &b, Location loc, Value value,
                                  RankedTensorType type) {
  SmallVector<unsigned> order = block::getRowMajorOrder(type.getRank());
  SharedElements elements(type.getElementType());
  LinearLayout writer = block::flattenInOrder(getLayout(value.getType()),
                                              order, block::kOffset);
  LinearLayout reader =
      block::flattenInOrder(getLayout(type), order, block::kOffset);
  unsigned unit = std::max(elements.getAccessWidth(writer),
                           elements.getAccessWidth(reader));
  Value buffer = allocate(b, loc, value, order,
                          BankSwizzle(reader, elements.bytes, unit));
  return LocalLoadOp::create(b, loc, type, buffer);
}

/// Whether a thread holds the elements of `layout` in the registers that
/// hold them in `type`'s layout.
static bool isRegisterRelabel(const LinearLayout &layout, Type type) {
  return block::getRegisterRelabel(layout, getLayout(type)).has_value();
}

static RankedTensorType withLayout(RankedTensorType type,
                                   const LinearLayout &layout) {
  return RankedTensorType::get(
      type.getShape(), type.getElementType(),
      block::LinearLayoutAttr::get(type.getContext(), layout));
}

static Value stageCopyEngineTile(OpBuilder &b, Location loc, Value value);

static void materialize(block::ConvertLayoutOp op) {
  OpBuilder b(op);
  // A tile left for the copy engine reaches registers through the buffer
  // the copy engine writes, whatever the layouts.
  if (op.getSrc().getDefiningOp<block::DescLoadOp>()) {
    op.replaceAllUsesWith(LocalLoadOp::create(
                              b, op.getLoc(), op.getType(),
                              stageCopyEngineTile(b, op.getLoc(), op.getSrc()))
                              .getResult());
    op.erase();
    return;
  }
  LinearLayout from = getLayout(op.getSrc().getType());
  if (isRegisterRelabel(from, op.getType()) ||
      block::getWarpShuffle(from, getLayout(op.getType())))
    return;
  op.replaceAllUsesWith(
      convertThroughBuffer(b, op.getLoc(), op.getSrc(), op.getType()));
  op.erase();
}

/// A reshape that moves data: the reshape in the source's layout, then a
/// conversion.
static void materialize(block::ReshapeOp op) {
  LinearLayout reshaped = block::reshapeTensor(
      getLayout(op.getSrc().getType()), op.getType().getShape());
  if (isRegisterRelabel(reshaped, op.getType()))
    return;
  OpBuilder b(op);
  auto relabeled = block::ReshapeOp::create(
      b, op.getLoc(), withLayout(op.getType(), reshaped), op.getSrc());
  op.replaceAllUsesWith(
      convertThroughBuffer(b, op.getLoc(), relabeled, op.getType()));
  op.erase();
}

/// The FMA product reads, per step of k, one vector of each operand per run
/// of the accumulator's elements along its dimension (m for `a`, n for
/// `b`): the operands are kept with k rows (`a` transposed) and swizzled as
/// far as the lowering's unrolled chunk of steps allows.
static Value stageDotOperand(OpBuilder &b, Location loc, Value operand,
                             unsigned accDim, const LinearLayout &acc,
                             int64_t kChunk) {
  auto type = cast<RankedTensorType>(operand.getType());
  SmallVector<unsigned> order = accDim == 0 ? SmallVector<unsigned>{0, 1}
                                            : SmallVector<unsigned>{1, 0};
  int64_t rowElements = type.getDimSize(accDim);
  SharedElements elements(type.getElementType());
  LinearLayout flat =
      block::flattenInOrder(getLayout(type), order, block::kOffset);
  unsigned width = std::min<int32_t>(block::getElementRun(acc, accDim),
                                     elements.vector);
  BankSwizzle swizzle(flat, elements.bytes,
                      std::max<unsigned>(width, elements.getAccessWidth(flat)));
  if (!swizzle.staysBelow(rowElements, kChunk))
    swizzle = BankSwizzle();
  return allocate(b, loc, operand, order, swizzle);
}

/// The mma.sync product reads its operands with ldmatrix, eight rows of 16
/// bytes per 8 x 8 matrix: the operand is kept with its rows along the
/// dimension its loads hold consecutive elements of (so that it is written
/// in vectors), and its 16-byte groups swizzled by row so that any eight
/// consecutive rows (a column of groups) fall on different banks.
static Value stageMmaOperand(OpBuilder &b, Location loc, Value operand) {
  auto type = cast<RankedTensorType>(operand.getType());
  unsigned fastest = block::getLayoutOrder(getLayout(type)).front();
  SharedElements elements(type.getElementType());
  int64_t rowBytes = type.getDimSize(fastest) * elements.bytes;
  auto layout = SwizzledLayoutAttr::get(
      b.getContext(), elements.vector,
      /*perPhase=*/unsigned(std::max<int64_t>(1, 128 / rowBytes)),
      /*maxPhase=*/unsigned(std::clamp<int64_t>(rowBytes / 16, 1, 8)),
      /*transposed=*/fastest == 0);
  auto buffer = MemDescType::get(b.getContext(), type.getShape(),
                                 type.getElementType(), layout,
                                 /*mutableMemory=*/false);
  return LocalAllocOp::create(b, loc, buffer, operand);
}

/// wgmma reads its operands through descriptors of the NVMMA layout: the
/// operand keeps the dimension its loads hold consecutive elements of
/// contiguous (so that it is written in vectors), in slabs of the widest
/// swizzle (128, 64 or 32 bytes) its rows fill. Operands of other types
/// than 16 bits keep k contiguous whatever their registers hold: wgmma
/// reads them no other way.
static Value stageWgmmaOperand(OpBuilder &b, Location loc, Value operand,
                               unsigned opIdx) {
  auto type = cast<RankedTensorType>(operand.getType());
  unsigned fastest = type.getElementTypeBitWidth() == 16
                         ? block::getLayoutOrder(getLayout(type)).front()
                         : 1 - opIdx;
  SharedElements elements(type.getElementType());
  auto buffer = MemDescType::get(
      b.getContext(), type.getShape(), type.getElementType(),
      getWgmmaOperandLayout(b.getContext(), type.getShape(),
                            elements.bytes * 8, /*transposed=*/fastest == 0),
      /*mutableMemory=*/false);
  return LocalAllocOp::create(b, loc, buffer, operand);
}

/// A read-only buffer holding `value` in the NVMMA layout the copy engine
/// reads and writes (its last dimension contiguous).
static Value stageCopyEngineTile(OpBuilder &b, Location loc, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  auto buffer = MemDescType::get(
      b.getContext(), type.getShape(), type.getElementType(),
      getWgmmaOperandLayout(b.getContext(), type.getShape(),
                            type.getElementTypeBitWidth(),
                            /*transposed=*/false),
      /*mutableMemory=*/false);
  return LocalAllocOp::create(b, loc, buffer, value);
}

/// The tile left for the copy engine in `dot`'s block that `operand` is, as
/// it lies or transposed (block-lower-tensor-descriptors leaves a block.trans
/// of such a tile only where products read it), if it is one.
static block::DescLoadOp getCopiedTile(block::DotOp dot, Value operand,
                                       bool &transposed) {
  transposed = false;
  if (auto trans = operand.getDefiningOp<block::TransOp>()) {
    transposed = true;
    operand = trans.getSrc();
  }
  auto tile = operand.getDefiningOp<block::DescLoadOp>();
  if (!tile || tile->getBlock() != dot->getBlock())
    return {};
  return tile;
}

/// `dot`'s operand read from the buffer the copy engine writes for `tile`
/// (one per tile, made before the first product that reads it, which the
/// others of its block follow), through a transposed view where the product
/// reads it `transposed`: attention's K as the k-major b of Q K^T, its
/// backward's Q both as it lies and transposed.
static Value stageCopiedTile(OpBuilder &b, Location loc,
                             block::DescLoadOp tile, bool transposed) {
  Value buffer;
  for (Operation *user : tile->getUsers())
    if (auto alloc = dyn_cast<LocalAllocOp>(user);
        alloc && alloc->getBlock() == b.getInsertionBlock())
      buffer = alloc;
  if (!buffer)
    buffer = stageCopyEngineTile(b, loc, tile);
  return transposed ? Value(MemDescTransOp::create(b, loc, buffer)) : buffer;
}

/// Stages `operand` of `dot` with `stage`: before the product, or after its
/// definition where a loop around the product does not change it (Q in
/// attention), so that the loop reads one copy; loops that read the same
/// operand alike (attention's unmasked and masked key blocks) share it.
template <typename Stage>
static Value stageOperand(OpBuilder &b, block::DotOp dot, Value operand,
                          Stage stage) {
  OpBuilder::InsertionGuard guard(b);
  auto loop = dot->getParentOfType<LoopLikeOpInterface>();
  if (!loop || !loop.isDefinedOutsideOfLoop(operand))
    return stage(b, dot.getLoc(), operand);
  b.setInsertionPointAfterValue(operand);
  Value staged = stage(b, dot.getLoc(), operand);
  auto alloc = staged.getDefiningOp<LocalAllocOp>();
  if (!alloc)
    return staged;
  for (Operation *user : operand.getUsers()) {
    auto other = dyn_cast<LocalAllocOp>(user);
    if (other && other != alloc && other->getBlock() == alloc->getBlock() &&
        other.getType() == alloc.getType()) {
      alloc->erase();
      return other;
    }
  }
  return staged;
}

/// For a wgmma product whose a is a tile left for the copy engine outside
/// the loop around the product (attention's Q), where the product reads a
/// loop-invariant a from registers: the tile staged as the copy engine
/// writes it and read once into the instruction's fragments. Null
/// otherwise.
static Value loadCopiedOperandA(OpBuilder &b, block::DotOp dot,
                                block::MmaLayoutAttr mma) {
  Value a = dot.getA();
  auto loop = dot->getParentOfType<LoopLikeOpInterface>();
  if (!mma.isWgmma() || !a.getDefiningOp<block::DescLoadOp>() || !loop ||
      !loop.isDefinedOutsideOfLoop(a))
    return {};
  auto type = cast<RankedTensorType>(a.getType());
  SmallVector<unsigned> warps(mma.getWarpsPerCTA());
  SmallVector<unsigned> instrShape(mma.getInstrShape());
  RankedTensorType fragments = withLayout(
      type, block::getDotOperandLayout(0, mma.getVersion(), warps, instrShape,
                                       /*kWidth=*/2, type.getShape()));
  if (!readsOperandAFromRegisters(dot, a, fragments, mma))
    return {};
  // One buffer and one read for every product of the tile (attention's
  // unmasked and masked key blocks).
  for (Operation *user : a.getUsers())
    if (auto alloc = dyn_cast<LocalAllocOp>(user))
      for (Operation *reader : alloc->getUsers())
        if (auto load = dyn_cast<LocalLoadOp>(reader);
            load && load.getType() == fragments)
          return load;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointAfterValue(a);
  Value buffer = stageCopyEngineTile(b, dot.getLoc(), a);
  return LocalLoadOp::create(b, dot.getLoc(), fragments, buffer);
}

static void materialize(block::DotOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value a, bStaged;
  if (auto mma = dyn_cast<block::MmaLayoutAttr>(op.getType().getEncoding())) {
    auto stage = [&](unsigned opIdx) {
      return [&mma, opIdx](OpBuilder &b, Location loc, Value operand) {
        return mma.isWgmma() ? stageWgmmaOperand(b, loc, operand, opIdx)
                             : stageMmaOperand(b, loc, operand);
      };
    };
    // An a whose threads already hold the instruction's fragments (an
    // earlier product's accumulator, rounded) stays in registers.
    bool transposed;
    if (block::DescLoadOp tile = getCopiedTile(op, op.getA(), transposed);
        tile && mma.isWgmma())
      a = stageCopiedTile(b, loc, tile, transposed);
    else if (Value fragments = loadCopiedOperandA(b, op, mma))
      a = fragments;
    else
      a = readsOperandAFromRegisters(
              op, op.getA(), cast<RankedTensorType>(op.getA().getType()), mma)
              ? op.getA()
              : stageOperand(b, op, op.getA(), stage(0));
    if (block::DescLoadOp tile = getCopiedTile(op, op.getB(), transposed);
        tile && mma.isWgmma())
      bStaged = stageCopiedTile(b, loc, tile, transposed);
    else
      bStaged = stageOperand(b, op, op.getB(), stage(1));
  } else {
    LinearLayout acc = getLayout(op.getType());
    int64_t kChunk =
        std::min(cast<RankedTensorType>(op.getA().getType()).getDimSize(1),
                 DotOp::kFMAUnrolledSteps);
    a = stageDotOperand(b, loc, op.getA(), 0, acc, kChunk);
    bStaged = stageDotOperand(b, loc, op.getB(), 1, acc, kChunk);
  }
  op.replaceAllUsesWith(
      DotOp::create(b, loc, op.getType(), a, bStaged, op.getAcc(),
                    /*useAcc=*/Value(),
                    op.getPrecision())
          .getResult());
  Operation *aDef = op.getA().getDefiningOp();
  Operation *bDef = op.getB().getDefiningOp();
  op.erase();
  // A transposition that only the product read goes with it.
  if (isa_and_nonnull<block::TransOp>(aDef) && aDef->use_empty())
    aDef->erase();
  if (bDef != aDef && isa_and_nonnull<block::TransOp>(bDef) &&
      bDef->use_empty())
    bDef->erase();
}

/// A tile block-lower-tensor-descriptors left for the copy engine goes
/// through a buffer in the NVMMA layout TMA reads.
static void materialize(block::DescStoreOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value staged = stageCopyEngineTile(b, loc, op.getValue());
  TmaStoreOp::create(b, loc, op.getDesc(), op.getIndices(), staged);
  op.erase();
}

/// Whether every tensor of `op` has a distributed layout that describes it.
/// Others are left to the layout contract of convert-block-to-gpu, which
/// refuses them.
static bool hasDistributedLayouts(Operation *op) {
  return llvm::all_of(
      llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes()),
      [](Type type) {
        auto tensor = dyn_cast<RankedTensorType>(type);
        if (!tensor)
          return true;
        auto layout = dyn_cast_or_null<block::DistributedLayoutAttr>(
            tensor.getEncoding());
        return layout && tensor.hasStaticShape() &&
               layout.getRank() == tensor.getRank() &&
               llvm::all_of(tensor.getShape(), [](int64_t size) {
                 return size > 0 && llvm::isPowerOf2_64(size);
               });
      });
}

void mlir::blockgpu::materializeSharedMemory(func::FuncOp kernel) {
  kernel.walk([](Operation *op) {
    if (!hasDistributedLayouts(op))
      return;
    llvm::TypeSwitch<Operation *>(op)
        .Case<block::ConvertLayoutOp, block::ReshapeOp, block::DotOp,
              block::DescStoreOp>([](auto o) { materialize(o); });
  });
}

namespace {
struct BlockGPUMaterializeSharedMemoryPass
    : blockgpu::impl::BlockGPUMaterializeSharedMemoryBase<
          BlockGPUMaterializeSharedMemoryPass> {
  void runOnOperation() override {
    for (auto kernel : getOperation().getOps<func::FuncOp>())
      materializeSharedMemory(kernel);
  }
};
} // namespace
