//===- Remarks.h - Optimisation remarks of the Block passes -----*- C++ -*-===//
//
// The categories of the optimisation remarks the passes emit (MLIR's remark
// engine, off unless a tool enables it): what each product, descriptor tile
// and loop got, and why not better. docs/writing-kernels.md lists them.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_SUPPORT_REMARKS_H
#define BLOCK_SUPPORT_REMARKS_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::block::remarks {

/// Which instruction a block.dot runs on: wgmma, mma.sync or FMA.
constexpr llvm::StringLiteral kDot = "block-dot";
/// How a tensor descriptor's tile moves: TMA or pointer code.
constexpr llvm::StringLiteral kDescriptor = "block-descriptor";
/// Whether a loop is pipelined, in how many stages, and how its copies go.
constexpr llvm::StringLiteral kPipeline = "block-pipeline";
/// Whether a loop's copies move to a producer warpgroup.
constexpr llvm::StringLiteral kWarpSpecialize = "block-warp-specialize";

/// Whether remarks are enabled at all: composing a reason is skipped
/// otherwise.
inline bool enabled(MLIRContext *context) {
  return context->getRemarkEngine() != nullptr;
}

/// A remark's options for `op`: the function around it names the kernel
/// or variant the remark is about.
inline remark::RemarkOpts opts(StringRef name, StringRef category,
                               Operation *op) {
  remark::RemarkOpts opts = remark::RemarkOpts::name(name).category(category);
  if (!enabled(op->getContext()))
    return opts;
  if (auto function = op->getParentOfType<FunctionOpInterface>())
    return opts.function(function.getName());
  return opts;
}

} // namespace mlir::block::remarks

#endif // BLOCK_SUPPORT_REMARKS_H
