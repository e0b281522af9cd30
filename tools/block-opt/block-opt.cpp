//===- block-opt.cpp - The Block optimizer driver -------------------------===//
//
// mlir-opt with the block dialect, its passes and pipelines, and the upstream
// dialects, passes and LLVM IR translations a block pipeline needs (the GPU
// serialisation in gpu-module-to-binary translates to LLVM IR).
//
//===----------------------------------------------------------------------===//

#include "block/InitAllBlock.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

namespace mlir::block::test {
void registerTestAxisInfoPass();
void registerTestLayoutsToLinearPass();
} // namespace mlir::block::test

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::block::registerAllBlockPasses();
  mlir::block::test::registerTestAxisInfoPass();
  mlir::block::test::registerTestLayoutsToLinearPass();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllGPUToLLVMIRTranslations(registry);
  mlir::block::registerBlockDialects(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "Block optimizer driver\n", registry));
}
