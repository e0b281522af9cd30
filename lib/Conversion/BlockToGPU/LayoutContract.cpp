//===- LayoutContract.cpp - What the lowering requires of its input -------===//
//
// The contract (see block-assign-layouts): every tensor has a distributed
// layout over the kernel's warps; element-wise and memory operations see one
// linear layout on all their tensors; shape operations and layout
// conversions move no data (those that would went through buffers in
// blockgpu-materialize-shared-memory, as did block.dot's operands), reductions give slices and scans keep the layout (their verifiers
// check those through the layout algebra); and what the patterns need of the
// layouts beyond that (isReduceLowerable, ...). Checked up front, once, so
// that the patterns may rely on it and never report errors themselves.
//
//===----------------------------------------------------------------------===//

#include "LayoutContract.h"
#include "Patterns.h"
#include "TensorDistribution.h"

#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"
#include "block/Layout/TensorLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::block;

static constexpr StringLiteral kRunLayouts = "; run block-assign-layouts first";
static constexpr StringLiteral kRunMaterialize =
    ": run blockgpu-materialize-shared-memory before "
    "blockgpu-allocate-shared-memory";

/// Registers per thread beyond which a tensor would spill and the lowering
/// would unroll for minutes: 2^20 elements over 32 warps.
static constexpr unsigned kMaxRegistersPerThread = 1024;

static SmallVector<Type> getTensorTypes(Operation *op) {
  SmallVector<Type> types;
  for (Type type : llvm::concat<const Type>(op->getOperandTypes(),
                                            op->getResultTypes()))
    if (isa<TensorType>(type))
      types.push_back(type);
  return types;
}

/// Whether `layout` is, or slices, a tensor-core layout no pattern produces
/// or consumes yet: operand fragments in registers (#block.dot_operand).
/// Accumulators (#block.mma) are tensors like any other.
static bool isUnsupportedTensorCoreLayout(Attribute layout) {
  if (auto slice = dyn_cast<SliceLayoutAttr>(layout))
    return isUnsupportedTensorCoreLayout(slice.getParent());
  return isa<DotOperandLayoutAttr>(layout);
}

/// An error about `op`'s tensor type, at `op`; for a constant the folder
/// hoisted (which erases its location), at its first use that has one, so
/// that the message points at the user's line.
static InFlightDiagnostic emitTypeError(Operation *op) {
  if (isa<UnknownLoc>(op->getLoc()))
    for (Operation *user : op->getUsers())
      if (!isa<UnknownLoc>(user->getLoc()))
        return emitError(user->getLoc())
               << "'" << op->getName() << "' op (used here) ";
  return op->emitOpError();
}

/// Every tensor type has a distributed layout over `numWarps` warps.
static LogicalResult checkTensorType(Operation *op, Type type,
                                     int64_t numWarps) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape())
    return emitTypeError(op) << "has the tensor type " << type
                             << ", but the GPU lowering needs static shapes";
  auto layout = dyn_cast_or_null<DistributedLayoutAttr>(tensor.getEncoding());
  if (!layout)
    return emitTypeError(op) << "has the tensor type " << type
                             << " without a distributed layout" << kRunLayouts;
  if (isUnsupportedTensorCoreLayout(layout))
    return emitTypeError(op)
           << "has the tensor type " << type
           << " with a tensor-core layout the GPU lowering does not support "
              "yet (operand fragments in registers): use #block.mma, "
              "#block.blocked or #block.linear layouts";
  if (layout.getNumWarps() != numWarps)
    return emitTypeError(op)
           << "has the tensor type " << type << " whose layout spreads over "
           << layout.getNumWarps() << " warps, but the kernel has " << numWarps
           << " (block.num_warps)" << kRunLayouts;
  if (!TensorDistribution::get(tensor))
    return emitTypeError(op) << "has the tensor type " << type
                             << " whose layout does not describe the tensor";
  if (unsigned n = layout.getTotalElemsPerThread(tensor.getShape());
      n > kMaxRegistersPerThread)
    return emitTypeError(op)
           << "has the tensor type " << type << ", of which each thread "
           << "would hold " << n << " elements (at most "
           << kMaxRegistersPerThread << "): use smaller blocks or more warps";
  return success();
}

/// Operations whose tensors must all have one layout.
static bool needsOneLayout(Operation *op) {
  if (isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
    return true;
  return isa<LoadOp, StoreOp, AddPtrOp, AtomicRMWOp, AtomicCASOp, BitcastOp,
             PtrToIntOp, IntToPtrOp>(op);
}

static bool isSupported(Operation *op) {
  if (isa<BlockDialect, blockgpu::BlockGPUDialect>(op->getDialect()))
    return true;
  if (isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
    return isa<arith::ConstantOp>(op) ||
           mlir::OpTrait::hasElementwiseMappableTraits(op);
  return isa<scf::ForOp, scf::IfOp, scf::WhileOp, scf::YieldOp,
             scf::ConditionOp, func::ReturnOp>(op);
}

static LinearLayout getLinearLayout(Type type) {
  auto tensor = cast<RankedTensorType>(type);
  return cast<DistributedLayoutAttr>(tensor.getEncoding())
      .toLinearLayout(tensor.getShape());
}

/// Whether each thread holds the elements of the result of `reduce` that
/// its operand elements reduce to, in its own registers.
static bool reducesInPlace(ReduceOp reduce) {
  Type result = reduce.getResult(0).getType();
  if (!isa<RankedTensorType>(result))
    return true;
  std::string axis = getTensorDimName(reduce.getAxis());
  LinearLayout src =
      getLinearLayout(reduce.getSrcs().front().getType()).resizeOut(axis, 1);
  return getRegisterRelabel(dropTensorDim(src, reduce.getAxis()),
                            getLinearLayout(result))
      .has_value();
}

/// What the patterns need of an operation's layouts beyond the rules of its
/// verifier.
static LogicalResult checkLowerable(Operation *op) {
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    if (!isa<DenseElementsAttr>(constant.getValue()))
      return op->emitOpError("needs a dense tensor constant");
  if (isa<BroadcastOp, ExpandDimsOp, JoinOp, SplitOp>(op) &&
      !isRelabelingShapeOp(op))
    return op->emitOpError()
           << "operand layout " << op->getOperand(0).getType()
           << " does not match result layout " << op->getResult(0).getType()
           << " as the layout contract requires" << kRunLayouts;
  auto convert = dyn_cast<ConvertLayoutOp>(op);
  if (isa<TransOp, ReshapeOp, ConvertLayoutOp>(op) && !isRelabelingShapeOp(op) &&
      !(convert && isWarpShuffleConversion(convert)))
    return op->emitOpError()
           << "moves data between threads (" << op->getOperand(0).getType()
           << " to " << op->getResult(0).getType()
           << "), which goes through a buffer" << kRunMaterialize;
  if (isa<DotOp>(op))
    return op->emitOpError("reads its operands from buffers")
           << kRunMaterialize;
  if (auto wait = dyn_cast<blockgpu::DotWaitOp>(op);
      wait && !wait.getType().getElementType().isF32() &&
      !wait.getType().getElementType().isInteger(32))
    return op->emitOpError(
        "waits for a wgmma accumulator, which is f32 or i32");
  if (auto dot = dyn_cast<blockgpu::DotOp>(op)) {
    auto mma = dyn_cast<MmaLayoutAttr>(dot.getType().getEncoding());
    Type operand = getElementTypeOrSelf(dot.getA().getType());
    if (isFloat8(operand) && !(mma && mma.isWgmma()))
      return op->emitOpError()
             << "multiplies " << operand
             << " operands, which only wgmma does (sm_90a, both operands "
                "loaded with k contiguous)";
    if (dot.getUseAcc() && !(mma && mma.isWgmma()))
      return op->emitOpError("takes use_acc, which only wgmma products "
                             "(#block.mma version 3 accumulators) do");
    if (dot.getAsync() && !(mma && mma.isWgmma()))
      return op->emitOpError("is async, which only wgmma products (#block.mma "
                             "version 3 accumulators) are");
    if (mma && mma.isWgmma()) {
      std::optional<TargetChip> chip = getTargetChip(op);
      if (!chip || !chip->hasWgmma())
        return op->emitOpError(
            "has a wgmma accumulator (#block.mma version 3), but the target "
            "chip has no wgmma (sm_90a only)");
      if (!isWgmmaLowerable(dot))
        return op->emitOpError(
            "has a wgmma accumulator, but wgmma does not read these operands: "
            "f16 or bf16 into f32 with k steps of 16, f8E4M3FN or f8E5M2 "
            "into f32 or i8 into i32 with k steps of 32, f32 with precision "
            "= tf32 into f32 with k steps of 8, in #blockgpu.nvmma "
            "buffers of a 32, 64 or 128-byte "
            "swizzle whose layout the instructions' descriptors describe (b "
            "n-major or k-major, a m-major or k-major; 8- and 32-bit "
            "operands k-major only)");
    } else if (isa<MmaLayoutAttr>(dot.getType().getEncoding())) {
      if (!isMmaSyncLowerable(dot))
        return op->emitOpError(
            "has an mma.sync accumulator, but mma.sync does not multiply "
            "these operands: f16 into f16 or f32, bf16 or f32 with "
            "precision = tf32 or tf32x3 into f32, or i8 into i32, with M a "
            "multiple of 16, N of 8 and K of the layout's instruction k (16, "
            "8, 32)");
    } else if (!isFMADotLowerable(dot)) {
      return op->emitOpError(
          "cannot read its operands on the FMA path: their buffers must keep "
          "k in rows of m (n) elements, swizzled only within rows and by the "
          "rows of one chunk of steps");
    }
  }
  if (auto reduce = dyn_cast<ReduceOp>(op)) {
    if (!reducesInPlace(reduce))
      return op->emitOpError()
             << "result layout " << reduce.getResult(0).getType()
             << " is not the slice of the operand layout along the axis, as "
                "the layout contract requires"
             << kRunLayouts;
    if (!isReduceLowerable(reduce))
      return op->emitOpError("cannot reduce a layout whose lanes or warps "
                             "move along the axis and another dimension at "
                             "once");
  }
  if (auto scan = dyn_cast<ScanOp>(op); scan && !isScanLowerable(scan))
    return op->emitOpError(
        "cannot scan this layout: each bit of the axis index must come from "
        "one register, lane or warp bit whose basis moves along the axis "
        "only");
  return success();
}

/// 8-bit floats are loaded, stored, moved and multiplied by wgmma; the
/// GPU lowering computes nothing else on them.
static LogicalResult checkFloat8Use(Operation *op) {
  bool computes = isa<AtomicRMWOp, AtomicCASOp>(op) ||
                  (isa<arith::ArithDialect, math::MathDialect>(
                       op->getDialect()) &&
                   !isa<arith::ConstantOp, arith::SelectOp, arith::BitcastOp>(
                       op));
  if (!computes)
    return success();
  for (Type type : llvm::concat<Type>(op->getOperandTypes(),
                                      op->getResultTypes()))
    if (Type element = getElementTypeOrSelf(type); isFloat8(element))
      return op->emitOpError()
             << "computes on " << element
             << " values, which the GPU lowering does not: 8-bit floats are "
                "loaded, stored and multiplied (block.dot on wgmma, sm_90a) "
                "only";
  return success();
}

static LogicalResult checkOperation(Operation *op, int64_t numWarps) {
  // block.addptr of a scalar base lowers as it stands.
  if (isShortForm(op) && !isa<AddPtrOp>(op))
    return op->emitOpError("is a short form, which the GPU lowering does not "
                           "take: run canonicalize or block-assign-layouts "
                           "first, which rewrite it to core operations");
  if (failed(checkFloat8Use(op)))
    return failure();
  if (isa<func::CallOp, func::CallIndirectOp>(op))
    return op->emitOpError("calls in kernels are not supported: inline the "
                           "callee first (the inline pass)");
  SmallVector<Type> tensors = getTensorTypes(op);
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Type type : block.getArgumentTypes())
        if (isa<TensorType>(type))
          tensors.push_back(type);
  if (tensors.empty())
    return success();
  if (!isSupported(op))
    return op->emitOpError("on tensors is not supported by the GPU lowering");
  for (Type type : tensors)
    if (failed(checkTensorType(op, type, numWarps)))
      return failure();
  // The operation's tensors (all of one shape) place every element in the
  // same register of the same thread. The shape operations' own rules are
  // their verifiers'.
  if (needsOneLayout(op)) {
    auto first = cast<RankedTensorType>(tensors.front());
    LinearLayout layout = getLinearLayout(first);
    for (Type type : tensors) {
      if (cast<RankedTensorType>(type).getShape() != first.getShape() ||
          getLinearLayout(type) != layout)
        return op->emitOpError()
               << "mixes the layouts of " << tensors.front() << " and " << type
               << ", but its tensors must share one layout" << kRunLayouts;
    }
  }
  return checkLowerable(op);
}

LogicalResult mlir::block::verifyLayoutContract(func::FuncOp kernel) {
  auto numWarps =
      kernel->getAttrOfType<IntegerAttr>(BlockDialect::getNumWarpsAttrName());
  if (!numWarps)
    return kernel.emitOpError()
           << "kernel @" << kernel.getName()
           << " has no block.num_warps; run block-kernel-defaults first";
  WalkResult result = kernel.walk([&](Operation *op) {
    if (op == kernel.getOperation())
      return WalkResult::advance();
    return failed(checkOperation(op, numWarps.getInt()))
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}
