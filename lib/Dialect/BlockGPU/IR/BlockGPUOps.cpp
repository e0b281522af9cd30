//===- BlockGPUOps.cpp - Shared-memory operations -------------------------===//

#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"
#include "block/Dialect/Block/IR/TargetChips.h"
#include "block/Layout/TensorLayouts.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace mlir::blockgpu;

#include "block/Dialect/BlockGPU/IR/SharedScratchOpInterface.cpp.inc"

#define GET_OP_CLASSES
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.cpp.inc"

/// A tensor and a buffer must hold the same elements: same shape, same
/// element type.
static LogicalResult verifySameElements(Operation *op, RankedTensorType tensor,
                                        StringRef tensorName,
                                        MemDescType buffer) {
  if (tensor.getShape() != buffer.getShape() ||
      tensor.getElementType() != buffer.getElementType())
    return op->emitOpError()
           << tensorName << " " << Type(tensor) << " and buffer "
           << Type(buffer) << " must have the same shape and element type";
  return success();
}

static LogicalResult verifyMutable(Operation *op, MemDescType buffer) {
  if (!buffer.getMutableMemory())
    return op->emitOpError() << "writes the read-only buffer " << Type(buffer)
                             << "; only a mutable buffer may be written";
  return success();
}

// (%src)? attr-dict : (type(src) ->)? type(result)
ParseResult LocalAllocOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand src;
  OptionalParseResult hasSrc = parser.parseOptionalOperand(src);
  if (hasSrc.has_value() && failed(*hasSrc))
    return failure();
  Type srcType, resultType;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  if (hasSrc.has_value() &&
      (parser.parseType(srcType) || parser.parseArrow() ||
       parser.resolveOperand(src, srcType, result.operands)))
    return failure();
  if (parser.parseType(resultType))
    return failure();
  result.addTypes(resultType);
  return success();
}

void LocalAllocOp::print(OpAsmPrinter &printer) {
  if (getSrc())
    printer << " " << getSrc();
  printer.printOptionalAttrDict((*this)->getAttrs());
  printer << " : ";
  if (getSrc())
    printer << getSrc().getType() << " -> ";
  printer << getType();
}

void LocalAllocOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  OpResult buffer = getOperation()->getOpResult(0);
  effects.emplace_back(MemoryEffects::Allocate::get(), buffer,
                       SharedMemory::get());
  if (getSrc())
    effects.emplace_back(MemoryEffects::Write::get(), buffer,
                         SharedMemory::get());
}

LogicalResult LocalAllocOp::verify() {
  MemDescType type = getType();
  if (!getSrc()) {
    if (!type.getMutableMemory())
      return emitOpError() << "without an initial tensor makes an "
                              "uninitialised buffer, which must be mutable";
    return success();
  }
  return verifySameElements(*this, cast<RankedTensorType>(getSrc().getType()),
                            "initial tensor", type);
}

LogicalResult LocalStoreOp::verify() {
  if (failed(verifyMutable(*this, getDst().getType())))
    return failure();
  return verifySameElements(*this, cast<RankedTensorType>(getSrc().getType()),
                            "stored tensor", getDst().getType());
}

LogicalResult LocalLoadOp::verify() {
  return verifySameElements(*this, cast<RankedTensorType>(getType()),
                            "result", getSrc().getType());
}

LogicalResult MemDescIndexOp::verify() {
  MemDescType src = getSrc().getType();
  MemDescType result = getType();
  if (src.getShape().size() < 2)
    return emitOpError() << "needs a buffer of rank 2 or more to index, but "
                            "has "
                         << Type(src);
  auto expected = MemDescType::get(getContext(), src.getShape().drop_front(),
                                   src.getElementType(), src.getLayout(),
                                   src.getMutableMemory());
  if (result != expected)
    return emitOpError() << "result must be " << Type(expected)
                         << ", one stage of " << Type(src) << ", but is "
                         << Type(result);
  APInt index;
  if (matchPattern(getIndex(), m_ConstantInt(&index)) &&
      (index.isNegative() || index.getSExtValue() >= src.getShape().front()))
    return emitOpError() << "index " << index.getSExtValue()
                         << " is out of range for " << src.getShape().front()
                         << " stages";
  return success();
}

/// `layout` with the other of the last two dimensions contiguous.
static SharedLayoutAttr transposeSharedLayout(SharedLayoutAttr layout) {
  if (auto nvmma = dyn_cast<NVMMALayoutAttr>(layout))
    return NVMMALayoutAttr::get(nvmma.getContext(), nvmma.getSwizzle(),
                                !nvmma.getTransposed());
  if (auto swizzled = dyn_cast<SwizzledLayoutAttr>(layout))
    return SwizzledLayoutAttr::get(
        swizzled.getContext(), swizzled.getVec(), swizzled.getPerPhase(),
        swizzled.getMaxPhase(), !swizzled.getTransposed());
  auto linear = cast<LinearSharedLayoutAttr>(layout);
  SmallVector<int64_t> bases(linear.getOffsetBases());
  for (size_t i = 0; i + 1 < bases.size(); i += 2)
    std::swap(bases[i], bases[i + 1]);
  return LinearSharedLayoutAttr::get(linear.getContext(), linear.getNumDims(),
                                     bases);
}

void MemDescTransOp::build(OpBuilder &builder, OperationState &state,
                           Value src) {
  auto type = cast<MemDescType>(src.getType());
  ArrayRef<int64_t> shape = type.getShape();
  build(builder, state,
        MemDescType::get(builder.getContext(), {shape[1], shape[0]},
                         type.getElementType(),
                         transposeSharedLayout(type.getLayout()),
                         type.getMutableMemory()),
        src);
}

LogicalResult MemDescTransOp::verify() {
  MemDescType src = getSrc().getType();
  MemDescType result = getType();
  if (src.getShape().size() != 2)
    return emitOpError() << "transposes a buffer of rank 2, but has "
                         << Type(src);
  if (result.getShape().size() != 2 ||
      result.getShape()[0] != src.getShape()[1] ||
      result.getShape()[1] != src.getShape()[0] ||
      result.getElementType() != src.getElementType())
    return emitOpError() << "result must have the shape "
                         << src.getShape()[1] << "x" << src.getShape()[0]
                         << " and the elements of " << Type(src)
                         << ", but is " << Type(result);
  if (result.getMutableMemory() && !src.getMutableMemory())
    return emitOpError() << "cannot make a mutable view of the read-only "
                         << Type(src);
  // Every offset must name the swapped index of the element it names in
  // the source.
  block::LinearLayout srcLayout = src.toLinearLayout();
  block::LinearLayout resultLayout = result.toLinearLayout();
  auto srcBases = srcLayout.getBases(block::kOffset);
  auto resultBases = resultLayout.getBases(block::kOffset);
  bool swapped = srcBases.size() == resultBases.size();
  for (size_t i = 0; swapped && i < srcBases.size(); ++i)
    swapped = resultBases[i][0] == srcBases[i][1] &&
              resultBases[i][1] == srcBases[i][0];
  if (!swapped)
    return emitOpError() << "result layout " << result.getLayout()
                         << " is not the transpose of " << src.getLayout();
  return success();
}

LogicalResult AsyncCopyOp::verify() {
  MemDescType dst = getDst().getType();
  if (failed(verifyMutable(*this, dst)))
    return failure();
  auto ptrs = cast<RankedTensorType>(getPtrs().getType());
  return verifySameElements(
      *this, cast<RankedTensorType>(block::getPointeeType(ptrs)),
      "pointed-to tensor", dst);
}

NVMMALayoutAttr blockgpu::getWgmmaOperandLayout(MLIRContext *context,
                                                ArrayRef<int64_t> shape,
                                                unsigned elementBits,
                                                bool transposed) {
  int64_t rowBytes =
      shape[shape.size() - (transposed ? 2 : 1)] * std::max(8u, elementBits) / 8;
  unsigned swizzle = 128;
  while (swizzle > 32 && rowBytes % swizzle)
    swizzle /= 2;
  return NVMMALayoutAttr::get(context, swizzle, transposed);
}

std::string blockgpu::getTileCopyProblem(ArrayRef<int64_t> shape,
                                         unsigned elementBits,
                                         Attribute layout) {
  auto nvmma = dyn_cast<NVMMALayoutAttr>(layout);
  if (!nvmma || nvmma.getTransposed())
    return "the copy engine writes an NVMMA layout that is not transposed";
  int64_t rowBytes = shape.back() * elementBits / 8;
  unsigned swizzle = nvmma.getSwizzle();
  int64_t boxBytes = swizzle ? swizzle : rowBytes;
  if (rowBytes % 16 != 0 || (swizzle && rowBytes % swizzle != 0) ||
      boxBytes * 8 / elementBits > 256)
    return "the copy engine moves rows of a multiple of 16 bytes, in slabs of "
           "the swizzle's width and at most 256 elements, but these rows "
           "are " +
           std::to_string(rowBytes) + " bytes and the swizzle " +
           std::to_string(swizzle);
  for (int64_t dim : shape.drop_back())
    if (dim > 256)
      return "the copy engine moves at most 256 elements per dimension, but "
             "the tile has " +
             std::to_string(dim);
  return "";
}

/// The rules a TMA copy between `tile` (of a descriptor, with `numIndices`
/// coordinates) and the buffer `buffer` follows; the buffer may leave out
/// the tile's leading 1s, as block.desc_load's result may.
static LogicalResult verifyTileCopy(Operation *op, RankedTensorType tile,
                                    size_t numIndices, MemDescType buffer) {
  if (static_cast<int64_t>(numIndices) != tile.getRank())
    return op->emitOpError() << "takes one coordinate per dimension of its rank-"
                             << tile.getRank() << " tile, but has "
                             << numIndices;
  if (!block::isTileWithoutLeadingUnits(tile.getShape(), buffer.getShape()) ||
      tile.getElementType() != buffer.getElementType())
    return op->emitOpError()
           << "tile " << Type(tile) << " and buffer " << Type(buffer)
           << " must have the same element type and shape (leading "
              "dimensions of size 1 may be left out of the buffer's)";
  std::string problem = getTileCopyProblem(
      tile.getShape(), buffer.getElementBits(), buffer.getLayout());
  if (!problem.empty())
    return op->emitOpError() << "cannot copy " << Type(buffer) << ": "
                             << problem;
  return success();
}

LogicalResult TmaLoadOp::verify() {
  if (failed(verifyMutable(*this, getDst().getType())))
    return failure();
  return verifyTileCopy(*this, getDesc().getType().getBlockType(),
                        getIndices().size(), getDst().getType());
}

LogicalResult TmaStoreOp::verify() {
  return verifyTileCopy(*this, getDesc().getType().getBlockType(),
                        getIndices().size(), getSrc().getType());
}

/// Whether `type`'s layout is one no wgmma accumulator has: a blocked
/// layout or an mma.sync one. (Any layout may also be written as
/// #block.linear, which the layout contract checks.)
static bool hasNonWgmmaLayout(Type type) {
  Attribute layout = cast<RankedTensorType>(type).getEncoding();
  if (auto mma = dyn_cast_or_null<block::MmaLayoutAttr>(layout))
    return !mma.isWgmma();
  return isa_and_nonnull<block::BlockedLayoutAttr>(layout);
}

bool mlir::blockgpu::holdsOperandAFragments(RankedTensorType a,
                                            block::MmaLayoutAttr acc) {
  auto layout =
      dyn_cast_or_null<block::DistributedLayoutAttr>(a.getEncoding());
  if (!acc || !layout || a.getRank() != 2 ||
      a.getElementTypeBitWidth() != 16 || acc.getInstrShape().size() != 3 ||
      acc.getInstrShape()[2] != 16 ||
      !llvm::all_of(a.getShape(), [](int64_t size) {
        return size > 0 && llvm::isPowerOf2_64(size);
      }))
    return false;
  block::LinearLayout fragments = block::getDotOperandLayout(
      0, acc.getVersion(), acc.getWarpsPerCTA(), acc.getInstrShape(),
      /*kWidth=*/2, a.getShape());
  return block::getRegisterRelabel(layout.toLinearLayout(a.getShape()),
                                   fragments)
      .has_value();
}

/// The 32-bit registers a thread holds of the accumulators of the products
/// in `loop` (block.dot, or blockgpu.dot once staged).
static int64_t getAccumulatorRegisters(LoopLikeOpInterface loop) {
  int64_t registers = 0;
  loop->walk([&](Operation *op) {
    if (!isa<block::DotOp, DotOp>(op))
      return;
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    if (auto layout = dyn_cast_or_null<block::DistributedLayoutAttr>(
            type.getEncoding()))
      registers += layout.getTotalElemsPerThread(type.getShape()) *
                   llvm::divideCeil(type.getElementTypeBitWidth(), 32);
  });
  return registers;
}

bool mlir::blockgpu::readsOperandAFromRegisters(Operation *dot, Value source,
                                                RankedTensorType fragments,
                                                block::MmaLayoutAttr acc) {
  if (!holdsOperandAFragments(fragments, acc))
    return false;
  auto loop = dot->getParentOfType<LoopLikeOpInterface>();
  if (!acc.isWgmma() || !loop || !loop.isDefinedOutsideOfLoop(source))
    return true;
  // The accumulators' elementwise work (attention's softmax) needs about as
  // many registers again as they take, of the 255 a thread can hold.
  constexpr int64_t kHalfThreadRegisters = 128;
  return getAccumulatorRegisters(loop) <= kHalfThreadRegisters;
}

LogicalResult DotOp::verify() {
  if (getAsync() && hasNonWgmmaLayout(getType()))
    return emitOpError("is async, but only wgmma products (#block.mma "
                       "version 3 accumulators) run asynchronously");
  // (Layouts written as #block.linear are not checked here.)
  auto mma = dyn_cast_or_null<block::MmaLayoutAttr>(getType().getEncoding());
  if (auto a = dyn_cast<RankedTensorType>(getA().getType());
      a && a.getEncoding() &&
      (isa_and_nonnull<block::BlockedLayoutAttr>(getType().getEncoding()) ||
       (mma && !holdsOperandAFragments(a, mma))))
    return emitOpError()
           << "takes a in registers, which only tensor-core products "
              "(#block.mma accumulators) do, from a 16-bit tensor whose "
              "layout holds the instruction's A fragments "
              "(#block.dot_operand<0, the accumulator's layout, kWidth = 2> "
              "up to a register relabel), but a is "
           << Type(a) << " and the accumulator " << getType();
  return block::verifyDotOperands(
      *this, cast<ShapedType>(getA().getType()), getB().getType(),
      cast<ShapedType>(getAcc().getType()), getPrecision());
}

LogicalResult DotWaitOp::verify() {
  if (hasNonWgmmaLayout(getType()))
    return emitOpError("waits for wgmma products, but its value has a "
                       "layout no wgmma accumulator has");
  return success();
}

/// Whether `registers` is a budget setmaxnreg can set.
static bool isRegisterBudget(int64_t registers) {
  return registers >= 24 && registers <= 256 && registers % 8 == 0;
}

/// Turns are taken by the consumer warpgroups of a warp_specialize, two or
/// more.
static LogicalResult verifyTurn(Operation *op) {
  auto split = op->getParentOfType<WarpSpecializeOp>();
  if (!split || WarpSpecializeOp::getProducerOf(op))
    return op->emitOpError()
           << "takes a turn among the consumer warpgroups of a "
              "blockgpu.warp_specialize, but is not in its consumer region";
  if (split.getConsumerWarps() < 8)
    return op->emitOpError()
           << "takes a turn among two or more consumer warpgroups, but the "
              "consumers are one warpgroup ("
           << split.getConsumerWarps() << " warps)";
  return success();
}

LogicalResult AwaitTurnOp::verify() { return verifyTurn(*this); }

int64_t AwaitTurnOp::getSlotsBytes() {
  return (*this)->getParentOfType<WarpSpecializeOp>().getConsumerWarps() *
         kSlotBytes;
}
LogicalResult PassTurnOp::verify() { return verifyTurn(*this); }

LogicalResult WarpSpecializeOp::verify() {
  if (getConsumerWarps() % 4 != 0 || getProducerWarps() % 4 != 0)
    return emitOpError() << "splits whole warpgroups, but has "
                         << getConsumerWarps() << " consumer and "
                         << getProducerWarps() << " producer warps";
  auto kernel = (*this)->getParentOfType<func::FuncOp>();
  auto kernelWarps =
      kernel ? kernel->getAttrOfType<IntegerAttr>(
                   block::BlockDialect::getNumWarpsAttrName())
             : IntegerAttr();
  if (kernelWarps && kernelWarps.getInt() != getConsumerWarps())
    return emitOpError() << "has " << getConsumerWarps()
                         << " consumer warps, but its kernel's layouts are for "
                         << kernelWarps.getInt();
  if (getNumThreads() > block::kMaxThreadsPerBlock)
    return emitOpError() << "runs " << getNumThreads()
                         << " threads, more than the "
                         << block::kMaxThreadsPerBlock
                         << " a CTA may have";
  for (int64_t registers : {getConsumerRegisters(), getProducerRegisters()})
    if (!isRegisterBudget(registers))
      return emitOpError() << "gives " << registers
                           << " registers per thread; setmaxnreg takes a "
                              "multiple of 8 from 24 to 256";
  int64_t threads = getNumThreads();
  int64_t available = getEntryRegisters(threads) * threads;
  int64_t budget = 32 * getConsumerWarps() * getConsumerRegisters() +
                   32 * getProducerWarps() * getProducerRegisters();
  if (budget > available)
    return emitOpError() << "gives its threads " << budget
                         << " registers, more than the " << available
                         << " its " << threads << " threads start with";
  WalkResult walked = getProducer().walk([&](Operation *op) {
    if (isa<gpu::BarrierOp>(op))
      return WalkResult(op->emitOpError()
                        << "synchronises the CTA inside a warp_specialize "
                           "producer, whose warps synchronise through "
                           "mbarriers only");
    auto isTensor = [](Type type) { return isa<RankedTensorType>(type); };
    if (llvm::any_of(op->getResultTypes(), isTensor))
      return WalkResult(op->emitOpError()
                        << "makes a tensor inside a warp_specialize producer, "
                           "whose warps hold no tensors");
    return WalkResult::advance();
  });
  return failure(walked.wasInterrupted());
}
