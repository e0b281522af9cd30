//===- Patterns.h - The block-to-GPU conversion patterns --------*- C++ -*-===//
//
// One populate function per concern; the pass in BlockToGPU.cpp combines
// them. Operations that need scratch shared memory also say how much, so that
// the pass can size the kernel's dynamic shared memory before converting.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_BLOCKTOGPU_PATTERNS_H
#define LIB_CONVERSION_BLOCKTOGPU_PATTERNS_H

#include "TensorDistribution.h"

#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::func {
class FuncOp;
} // namespace mlir::func

namespace mlir::block {

class AxisInfoAnalysis;

/// Lowers the blockgpu.warp_specialize ops of `module`, whose partitions'
/// operations the patterns have lowered, to a branch on the thread id.
void lowerWarpSpecialize(gpu::GPUModuleOp module);
/// The stores of an await_turn's `after` values (the await itself stays for
/// lowerWarpSpecialize).
void populateTurnOpToGPUPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns);

/// Tensor maps (hidden kernel parameters), mbarriers and TMA copies.
void populateTmaOpToGPUPatterns(const TypeConverter &converter,
                                RewritePatternSet &patterns);
/// The tensor maps of `kernel`: one per block.make_tensor_desc left for the
/// copy engine, in program order, as kGPUTensorMapsAttrName describes them;
/// failure, after a diagnostic, for one that cannot be a tensor map.
FailureOr<ArrayAttr> getTensorMaps(func::FuncOp kernel);

/// Kernels (func.func -> gpu.func), returns, program ids.
void populateFunctionOpToGPUPatterns(const TypeConverter &converter,
                                     RewritePatternSet &patterns);
/// arith and math on tensors, tensor constants (splat or tables). Registers
/// that `axisInfo` proves equal are computed once.
void populateElementwiseOpToGPUPatterns(const TypeConverter &converter,
                                        RewritePatternSet &patterns,
                                        const AxisInfoAnalysis &axisInfo);
/// arange, splat, broadcast, expand_dims, reshape, trans, convert_layout.
void populateShapeOpToGPUPatterns(const TypeConverter &converter,
                                  RewritePatternSet &patterns);
/// addptr, load, store.
void populateMemoryOpToGPUPatterns(const TypeConverter &converter,
                                   RewritePatternSet &patterns,
                                   const AxisInfoAnalysis &axisInfo);
/// atomic_rmw, atomic_cas.
void populateAtomicOpToGPUPatterns(const TypeConverter &converter,
                                   RewritePatternSet &patterns);
/// ptr_to_int, int_to_ptr, bitcast.
void populateCastOpToGPUPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns);
/// reduce.
void populateReduceOpToGPUPatterns(const TypeConverter &converter,
                                   RewritePatternSet &patterns);
/// scan.
void populateScanOpToGPUPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns);
/// blockgpu.dot on the FMA path.
void populateDotOpToGPUPatterns(const TypeConverter &converter,
                                RewritePatternSet &patterns);
/// blockgpu.dot on mma.sync tensor cores (#block.mma version 2).
void populateMmaDotOpToGPUPatterns(const TypeConverter &converter,
                                   RewritePatternSet &patterns);
void populateWgmmaDotOpToGPUPatterns(const TypeConverter &converter,
                                     RewritePatternSet &patterns);
/// blockgpu: buffers, local loads and stores, asynchronous copies.
/// Where `asyncCopies` is false (before sm_80), asynchronous copies complete
/// at once.
void populateSharedMemoryOpToGPUPatterns(const TypeConverter &converter,
                                         RewritePatternSet &patterns,
                                         const AxisInfoAnalysis &axisInfo,
                                         bool asyncCopies);
/// print, assert.
void populateDebugOpToGPUPatterns(const TypeConverter &converter,
                                  RewritePatternSet &patterns);
/// Scalar math as LLVM intrinsics or PTX approximations, not libdevice.
void populateMathToNVVMPatterns(RewritePatternSet &patterns);
/// Whether `op` is an operation populateMathToNVVMPatterns rewrites.
bool hasNVVMLowering(Operation *op);

/// Elements of `memoryType` in one 16-byte shared-memory access.
unsigned getSharedVectorElements(Type memoryType);
/// Registers per shared-memory access of the positions of `flat` (a 1-D
/// distribution): consecutive positions, at most 16 bytes, and only numbers
/// (no pointers) in vectors.
unsigned getSharedAccessWidth(const TensorDistribution &flat, Type memoryType);
/// Writes the registers of `values` to shared memory at `base`, each at its
/// position in `flat`, runs of consecutive positions in one vector store.
void emitSharedStore(OpBuilder &b, Location loc, ValueRange values,
                     const TensorDistribution &flat, Value base, ThreadIds ids);

/// Reads, for each register of `flat` (a 1-D distribution of positions), the
/// element of `elementType` at its position in shared memory at `base`; runs
/// of consecutive positions in one vector load.
SmallVector<Value> emitSharedLoad(OpBuilder &b, Location loc,
                                  const TensorDistribution &flat, Value base,
                                  ThreadIds ids, Type elementType);

/// Whether the patterns lower `op` with the layouts it has. The layout
/// contract refuses, up front, what they do not, so that a pattern that
/// fails to match leaves the operation to another pattern, and no pattern
/// reports errors.
bool isReduceLowerable(ReduceOp op);
bool isScanLowerable(ScanOp op);
bool isFMADotLowerable(blockgpu::DotOp op);
bool isMmaSyncLowerable(blockgpu::DotOp op);
bool isWgmmaLowerable(blockgpu::DotOp op);
/// Whether `op` (a shape operation or layout conversion) moves no data:
/// every thread holds its result's elements in its own registers.
bool isRelabelingShapeOp(Operation *op);
/// Whether `op` moves data only within warps, by shuffles.
bool isWarpShuffleConversion(ConvertLayoutOp op);

/// Scratch shared memory each operation needs, in bytes (0 for none).
int64_t getAtomicScratchBytes(Operation *op);
int64_t getReduceScratchBytes(ReduceOp op);
int64_t getScanScratchBytes(ScanOp op);

} // namespace mlir::block

#endif // LIB_CONVERSION_BLOCKTOGPU_PATTERNS_H
