//===- block-opt.cpp - The Block optimizer driver -------------------------===//
//
// mlir-opt with the block dialect, its passes and pipelines, and the upstream
// dialects, passes and LLVM IR translations a block pipeline needs (the GPU
// serialisation in gpu-module-to-binary translates to LLVM IR).
//
// The driver is MlirOptMain's, with the input read here first: input nested
// deeper than the parser's stack allows is refused before it parses.
//
//===----------------------------------------------------------------------===//

#include "block/InitAllBlock.h"
#include "block/Support/Nesting.h"
#include "block/Support/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

namespace mlir::block::test {
void registerTestAxisInfoPass();
void registerTestLayoutsToLinearPass();
void registerTestDotLayoutsPass();
} // namespace mlir::block::test

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  mlir::registerAllPasses();
  mlir::block::registerAllBlockPasses();
  mlir::block::test::registerTestAxisInfoPass();
  mlir::block::test::registerTestLayoutsToLinearPass();
  mlir::block::test::registerTestDotLayoutsPass();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllGPUToLLVMIRTranslations(registry);
  mlir::block::registerBlockDialects(registry);

  mlir::block::setVersionPrinter("block-opt");
  auto [inputFile, outputFile] = mlir::registerAndParseCLIOptions(
      argc, argv, "Block optimizer driver\n", registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  // These print and read no input.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(mlir::MlirOptMain(
        llvm::outs(), llvm::MemoryBuffer::getMemBuffer(""), registry, config));

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFile, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  unsigned bufferId = sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(input->getMemBufferRef(),
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  if (failed(mlir::block::checkNestingDepth(sourceMgr, bufferId)))
    return 1;
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFile, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (failed(mlir::MlirOptMain(output->os(), std::move(input), registry,
                               config)))
    return 1;
  // Nothing is written unless everything succeeded.
  output->keep();
  return 0;
}
