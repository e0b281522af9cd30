//===- LayoutContract.cpp - What the lowering requires of its input -------===//
//
// The contract (see block-assign-layouts): every tensor has a distributed
// layout over the kernel's warps; element-wise and memory operations see one
// layout on all their tensors; the operand of expand_dims is the slice of
// the result's layout along the new axis; broadcast keeps its layout;
// reductions give slices and scans keep the layout (their verifiers check
// those). Checked up front so that the patterns may rely on it.
//
//===----------------------------------------------------------------------===//

#include "LayoutContract.h"
#include "TensorDistribution.h"

#include "block/Dialect/Block/IR/BlockOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::block;

static constexpr StringLiteral kRunLayouts = "; run block-assign-layouts first";

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

/// Every tensor type has a distributed layout over `numWarps` warps.
static LogicalResult checkTensorType(Operation *op, Type type,
                                     int64_t numWarps) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape())
    return op->emitOpError() << "has the tensor type " << type
                             << ", but the GPU lowering needs static shapes";
  auto layout = dyn_cast_or_null<DistributedLayoutAttr>(tensor.getEncoding());
  if (!layout)
    return op->emitOpError() << "has the tensor type " << type
                             << " without a distributed layout" << kRunLayouts;
  if (layout.getNumWarps() != numWarps)
    return op->emitOpError()
           << "has the tensor type " << type << " whose layout spreads over "
           << layout.getNumWarps() << " warps, but the kernel has " << numWarps
           << " (block.num_warps)" << kRunLayouts;
  if (!TensorDistribution::get(tensor))
    return op->emitOpError() << "has the tensor type " << type
                             << " whose layout does not describe the tensor";
  if (unsigned n = layout.getTotalElemsPerThread(tensor.getShape());
      n > kMaxRegistersPerThread)
    return op->emitOpError()
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
             PtrToIntOp, IntToPtrOp, BroadcastOp>(op);
}

static bool isSupported(Operation *op) {
  if (isa<BlockDialect>(op->getDialect()))
    return true;
  if (isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
    return isa<arith::ConstantOp>(op) ||
           mlir::OpTrait::hasElementwiseMappableTraits(op);
  return isa<scf::ForOp, scf::IfOp, scf::WhileOp, scf::YieldOp,
             scf::ConditionOp, func::ReturnOp>(op);
}

static LogicalResult checkOperation(Operation *op, int64_t numWarps) {
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
  if (needsOneLayout(op)) {
    Attribute layout = cast<RankedTensorType>(tensors.front()).getEncoding();
    for (Type type : tensors)
      if (cast<RankedTensorType>(type).getEncoding() != layout)
        return op->emitOpError()
               << "mixes the layouts of " << tensors.front() << " and " << type
               << ", but its tensors must share one layout" << kRunLayouts;
  }
  if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
    auto result = cast<DistributedLayoutAttr>(expand.getType().getEncoding());
    Attribute expected =
        SliceLayoutAttr::get(op->getContext(), expand.getAxis(), result);
    if (expand.getSrc().getType().getEncoding() != expected)
      return op->emitOpError()
             << "operand layout must be " << expected
             << ", the slice of the result layout along axis "
             << expand.getAxis() << kRunLayouts;
  }
  return success();
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
