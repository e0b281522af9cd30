//===- Passes.h - Conversions out of the block dialect ----------*- C++ -*-===//

#ifndef BLOCK_CONVERSION_PASSES_H
#define BLOCK_CONVERSION_PASSES_H

#include "block/Conversion/BlockToGPU/BlockToGPU.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace mlir::block {

#define GEN_PASS_DECL
#include "block/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "block/Conversion/Passes.h.inc"

} // namespace mlir::block

#endif // BLOCK_CONVERSION_PASSES_H
