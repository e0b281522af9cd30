//===- BlockGPUOps.h - Shared-memory operations -----------------*- C++ -*-===//

#ifndef BLOCK_DIALECT_BLOCKGPU_IR_BLOCKGPUOPS_H
#define BLOCK_DIALECT_BLOCKGPU_IR_BLOCKGPUOPS_H

#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUDialect.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"

#include "block/Dialect/BlockGPU/IR/SharedScratchOpInterface.h.inc"

#define GET_OP_CLASSES
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h.inc"

#endif // BLOCK_DIALECT_BLOCKGPU_IR_BLOCKGPUOPS_H
