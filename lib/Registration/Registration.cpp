//===- Registration.cpp - Register everything Block provides --------------===//

#include "block/InitAllBlock.h"

#include "block/Conversion/BlockToGPU/BlockToGPU.h"
#include "block/Conversion/Passes.h"
#include "block/Dialect/BlockGPU/Transforms/Passes.h"
#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Dialect/Block/Transforms/Passes.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUDialect.h"
#include "block/Pipelines/Pipelines.h"

#include "mlir/IR/DialectRegistry.h"

void mlir::block::registerBlockDialects(DialectRegistry &registry) {
  registry.insert<BlockDialect, blockgpu::BlockGPUDialect>();
  registerSharedScratchInterfaces(registry);
}

void mlir::block::registerAllBlockPasses() {
  registerBlockPasses();
  blockgpu::registerBlockGPUPasses();
  registerBlockConversionPasses();
  registerBlockPipelines();
}
