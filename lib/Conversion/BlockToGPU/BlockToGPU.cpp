//===- BlockToGPU.cpp - The convert-block-to-gpu pass ---------------------===//
//
// Checks the layout contract, sizes each kernel's scratch shared memory,
// moves the kernels into one gpu.module and converts them with the patterns
// of this directory, one file per concern.
//
//===----------------------------------------------------------------------===//

#include "LayoutContract.h"
#include "Patterns.h"
#include "Utility.h"

#include "block/Analysis/AxisInfo.h"
#include "block/Conversion/BlockToGPU/BlockToGPU.h"
#include "block/Conversion/Passes.h"
#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"
#include "block/Dialect/BlockGPU/Transforms/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::block;

/// The alignment the kernels' buffers need of the shared memory's base.
static unsigned getSharedMemoryAlignment(ModuleOp module) {
  unsigned alignment = 16;
  module.walk([&](blockgpu::LocalAllocOp alloc) {
    alignment =
        std::max(alignment, alloc.getType().getLayout().getAlignment());
  });
  return alignment;
}

static bool hasTensorType(Operation *op) {
  auto isTensor = [](Type type) { return isa<TensorType>(type); };
  return llvm::any_of(op->getOperandTypes(), isTensor) ||
         llvm::any_of(op->getResultTypes(), isTensor);
}

/// Moves `barrier`, which stood before a whole operation, past the
/// operations after it that touch no memory (the register work its lowering
/// starts with: thread ids, addresses, shuffles) to the first that may, so
/// that the threads wait as late as they can; what it orders is unchanged.
static void sinkBarrier(gpu::BarrierOp barrier) {
  Operation *next = barrier->getNextNode();
  while (next && next->getNumRegions() == 0 &&
         !next->hasTrait<mlir::OpTrait::IsTerminator>() &&
         isMemoryEffectFree(next))
    next = next->getNextNode();
  if (next)
    barrier->moveBefore(next);
}

namespace mlir::block {
#define GEN_PASS_DEF_CONVERTBLOCKTOGPU
#include "block/Conversion/Passes.h.inc"

namespace {
struct ConvertBlockToGPUPass
    : impl::ConvertBlockToGPUBase<ConvertBlockToGPUPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    registerSharedScratchInterfaces(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    SmallVector<func::FuncOp> kernels = getKernels(module);
    if (kernels.empty())
      return;

    // Where blockgpu-allocate-shared-memory did not run, neither did the
    // pass that makes the buffers it allocates: both run here.
    for (func::FuncOp kernel : kernels)
      if (!kernel->hasAttr(
              blockgpu::BlockGPUDialect::getSharedMemoryAttrName()))
        blockgpu::materializeSharedMemory(kernel);

    bool contractHolds = true;
    for (func::FuncOp kernel : kernels)
      contractHolds &= succeeded(verifyLayoutContract(kernel));
    if (!contractHolds)
      return signalPassFailure();

    // Shared memory as blockgpu-allocate-shared-memory placed it, with the
    // barriers of blockgpu-insert-barriers (or, where allocation did not
    // run, both now, without a limit: the lowering of a scratch user has no
    // barrier before it).
    OpBuilder builder(context);
    int64_t maxSharedBytes = 0;
    for (func::FuncOp kernel : kernels) {
      auto allocated = kernel->getAttrOfType<IntegerAttr>(
          blockgpu::BlockGPUDialect::getSharedMemoryAttrName());
      FailureOr<int64_t> bytes =
          allocated ? FailureOr<int64_t>(allocated.getInt())
                    : blockgpu::allocateSharedMemory(
                          kernel, std::numeric_limits<int64_t>::max());
      if (failed(bytes))
        return signalPassFailure();
      if (!allocated)
        blockgpu::insertBarriers(kernel);
      kernel->setAttr(kGPUSharedMemoryBytesAttrName,
                      builder.getI32IntegerAttr(*bytes));
      maxSharedBytes = std::max(maxSharedBytes, *bytes);
    }

    builder.setInsertionPointToEnd(module.getBody());
    std::string name = gpuModuleName;
    if (name.empty())
      name = module.getSymName().value_or("block_kernels").str();
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    builder.getUnitAttr());
    auto gpuModule = gpu::GPUModuleOp::create(builder, module.getLoc(), name);
    builder.setInsertionPointToStart(gpuModule.getBody());
    if (maxSharedBytes > 0)
      LLVM::GlobalOp::create(
          builder, module.getLoc(),
          LLVM::LLVMArrayType::get(builder.getI8Type(), 0),
          /*isConstant=*/false, LLVM::Linkage::External,
          kSharedMemorySymbolName, /*value=*/Attribute(),
          /*alignment=*/getSharedMemoryAlignment(module),
          /*addrSpace=*/3);
    for (func::FuncOp kernel : kernels)
      kernel->moveBefore(gpuModule.getBody(), gpuModule.getBody()->end());

    AxisInfoAnalysis axisInfo(gpuModule);
    BlockToGPUTypeConverter converter(context);
    RewritePatternSet patterns(context);
    populateFunctionOpToGPUPatterns(converter, patterns);
    populateElementwiseOpToGPUPatterns(converter, patterns, axisInfo);
    populateShapeOpToGPUPatterns(converter, patterns);
    populateMemoryOpToGPUPatterns(converter, patterns, axisInfo);
    populateAtomicOpToGPUPatterns(converter, patterns);
    populateReduceOpToGPUPatterns(converter, patterns);
    populateScanOpToGPUPatterns(converter, patterns);
    populateDotOpToGPUPatterns(converter, patterns);
    populateMmaDotOpToGPUPatterns(converter, patterns);
    populateWgmmaDotOpToGPUPatterns(converter, patterns);
    populateSharedMemoryOpToGPUPatterns(converter, patterns, axisInfo,
                                        asyncCopies);
    populateTmaOpToGPUPatterns(converter, patterns);
    populateTurnOpToGPUPatterns(converter, patterns);
    populateDebugOpToGPUPatterns(converter, patterns);
    populateCastOpToGPUPatterns(converter, patterns);
    populateMathToNVVMPatterns(patterns);

    ConversionTarget target(*context);
    target.addLegalDialect<gpu::GPUDialect, LLVM::LLVMDialect,
                           NVVM::NVVMDialect, cf::ControlFlowDialect>();
    target.addIllegalDialect<BlockDialect, blockgpu::BlockGPUDialect>();
    // Combiner bodies are cloned by the reduce and scan patterns.
    target.addLegalOp<YieldOp>();
    // Lowered after its partitions' operations (lowerWarpSpecialize).
    target.addLegalOp<blockgpu::WarpSpecializeOp, blockgpu::PassTurnOp>();
    target.addDynamicallyLegalOp<blockgpu::AwaitTurnOp>(
        [](blockgpu::AwaitTurnOp op) { return op.getAfter().empty(); });
    target.addIllegalOp<func::FuncOp, func::ReturnOp>();
    target.addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect>(
        [](Operation *op) { return !hasTensorType(op) && !hasNVVMLowering(op); });
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    // The barriers of the block-level kernel stand before whole operations.
    SmallVector<gpu::BarrierOp> barriers;
    gpuModule.walk(
        [&](gpu::BarrierOp barrier) { barriers.push_back(barrier); });
    if (failed(applyPartialConversion(gpuModule, target, std::move(patterns))))
      return signalPassFailure();
    for (gpu::BarrierOp barrier : barriers)
      sinkBarrier(barrier);
    lowerWarpSpecialize(gpuModule);
  }
};
} // namespace
} // namespace mlir::block
