//===- Registration.cpp - Register everything Block provides --------------===//

#include "block/InitAllBlock.h"

#include "block/Conversion/Passes.h"
#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Dialect/Block/Transforms/Passes.h"
#include "block/Pipelines/Pipelines.h"

#include "mlir/IR/DialectRegistry.h"

void mlir::block::registerBlockDialects(DialectRegistry &registry) {
  registry.insert<BlockDialect>();
}

void mlir::block::registerAllBlockPasses() {
  registerBlockPasses();
  registerBlockConversionPasses();
  registerBlockPipelines();
}
