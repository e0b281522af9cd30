//===- FunctionOpToGPU.cpp - Kernels, returns and program ids -------------===//

#include "Patterns.h"
#include "Utility.h"

#include "block/Conversion/BlockToGPU/BlockToGPU.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::block;

namespace {
/// A kernel becomes a gpu.func kernel of 32 x num_warps threads with one
/// parameter per argument (pointers as !llvm.ptr<1>), so that a launch passes
/// exactly the kernel's arguments, then one per tensor map (the runtime
/// encodes them), described by kGPUTensorMapsAttrName.
struct KernelToGPUFunc : OpConversionPattern<func::FuncOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(func::FuncOp func, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isKernel(func))
      return rewriter.notifyMatchFailure(func, "not a kernel");
    TypeConverter::SignatureConversion signature(func.getNumArguments());
    for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
      Type converted = typeConverter->convertType(type);
      if (!converted)
        return rewriter.notifyMatchFailure(func, "unconvertible argument");
      signature.addInputs(i, converted);
    }
    FailureOr<ArrayAttr> maps = getTensorMaps(func);
    if (failed(maps))
      return failure();
    unsigned numUser = func.getNumArguments();
    auto mapPointer = LLVM::LLVMPointerType::get(getContext());
    signature.addInputs(SmallVector<Type>(maps->size(), mapPointer));
    unsigned next = numUser;
    func.walk([&](MakeTensorDescOp desc) {
      rewriter.modifyOpInPlace(desc, [&] {
        desc->setAttr(kTensorMapParamAttrName,
                      rewriter.getI64IntegerAttr(next++));
      });
    });
    auto type = FunctionType::get(getContext(), signature.getConvertedTypes(),
                                  {});
    auto gpuFunc =
        gpu::GPUFuncOp::create(rewriter, func.getLoc(), func.getName(), type);
    gpuFunc->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                     rewriter.getUnitAttr());
    // A warp-specialized kernel has the warps of its producer too, and
    // starts with the registers their setmaxnreg budgets share.
    int64_t numWarps = func->getAttrOfType<IntegerAttr>(
                               BlockDialect::getNumWarpsAttrName())
                           .getInt();
    func.walk([&](blockgpu::WarpSpecializeOp split) {
      numWarps += split.getProducerWarps();
      gpuFunc->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                       rewriter.getI32IntegerAttr(
                           blockgpu::WarpSpecializeOp::getEntryRegisters(
                               split.getNumThreads())));
    });
    gpuFunc.setKnownBlockSizeAttr(
        rewriter.getDenseI32ArrayAttr({int32_t(32 * numWarps), 1, 1}));
    gpuFunc->setAttr(kGPUNumWarpsAttrName,
                     rewriter.getI32IntegerAttr(numWarps));
    if (Attribute shared = func->getAttr(kGPUSharedMemoryBytesAttrName))
      gpuFunc->setAttr(kGPUSharedMemoryBytesAttrName, shared);
    if (!maps->empty())
      gpuFunc->setAttr(kGPUTensorMapsAttrName, *maps);

    // Alignment hints become LLVM parameter alignment.
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      if (auto alignment = func.getArgAttrOfType<IntegerAttr>(
              i, BlockDialect::getAlignmentAttrName()))
        gpuFunc.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                           rewriter.getI64IntegerAttr(alignment.getInt()));

    rewriter.eraseBlock(&gpuFunc.getBody().front());
    rewriter.inlineRegionBefore(func.getBody(), gpuFunc.getBody(),
                                gpuFunc.getBody().end());
    if (failed(rewriter.convertRegionTypes(&gpuFunc.getBody(), *typeConverter,
                                           &signature)))
      return failure();
    rewriter.eraseOp(func);
    return success();
  }
};

struct ReturnToGPUReturn : OpConversionPattern<func::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(func::ReturnOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<gpu::ReturnOp>(op);
    return success();
  }
};

static gpu::Dimension toGPUDimension(ProgramDim dim) {
  switch (dim) {
  case ProgramDim::x:
    return gpu::Dimension::x;
  case ProgramDim::y:
    return gpu::Dimension::y;
  case ProgramDim::z:
    return gpu::Dimension::z;
  }
  llvm_unreachable("unknown grid dimension");
}

/// program_id -> gpu.block_id, num_programs -> gpu.grid_dim, as i32.
template <typename SourceOp, typename GPUOp>
struct GridQueryToGPU : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value id = GPUOp::create(rewriter, op.getLoc(), toGPUDimension(op.getDim()));
    rewriter.replaceOpWithNewOp<arith::IndexCastUIOp>(op, rewriter.getI32Type(),
                                                      id);
    return success();
  }
};
} // namespace

void mlir::block::populateFunctionOpToGPUPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<KernelToGPUFunc, ReturnToGPUReturn,
               GridQueryToGPU<ProgramIdOp, gpu::BlockIdOp>,
               GridQueryToGPU<NumProgramsOp, gpu::GridDimOp>>(
      converter, patterns.getContext());
}
