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

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::block {

class AxisInfoAnalysis;

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
/// addptr, load, store, pointer casts, bitcast.
void populateMemoryOpToGPUPatterns(const TypeConverter &converter,
                                   RewritePatternSet &patterns,
                                   const AxisInfoAnalysis &axisInfo);
/// atomic_rmw, atomic_cas.
void populateAtomicOpToGPUPatterns(const TypeConverter &converter,
                                   RewritePatternSet &patterns);
/// reduce.
void populateReduceOpToGPUPatterns(const TypeConverter &converter,
                                   RewritePatternSet &patterns);
/// scan.
void populateScanOpToGPUPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns);
/// dot.
void populateDotOpToGPUPatterns(const TypeConverter &converter,
                                RewritePatternSet &patterns);
/// print, assert.
void populateDebugOpToGPUPatterns(const TypeConverter &converter,
                                  RewritePatternSet &patterns);
/// Scalar math as LLVM intrinsics or PTX approximations, not libdevice.
void populateMathToNVVMPatterns(RewritePatternSet &patterns);
/// Whether `op` is an operation populateMathToNVVMPatterns rewrites.
bool hasNVVMLowering(Operation *op);

/// Moves the elements of a tensor between two distributions through shared
/// memory: `values` are the registers of `from`; returns those of `to`, whose
/// element indices `toFrom` maps to `from`'s.
SmallVector<Value> emitRelayout(OpBuilder &b, Location loc, ValueRange values,
                                const TensorDistribution &from,
                                const TensorDistribution &to, IndexMap toFrom);
/// Scratch bytes emitRelayout needs for `from` with elements of `elementType`.
int64_t getRelayoutScratchBytes(const TensorDistribution &from,
                                Type elementType);

/// Scratch shared memory each operation needs, in bytes (0 for none).
int64_t getShapeOpScratchBytes(Operation *op);
int64_t getAtomicScratchBytes(Operation *op);
int64_t getReduceScratchBytes(ReduceOp op);
int64_t getScanScratchBytes(ScanOp op);
int64_t getDotScratchBytes(DotOp op);

} // namespace mlir::block

#endif // LIB_CONVERSION_BLOCKTOGPU_PATTERNS_H
