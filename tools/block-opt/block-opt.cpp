//===- block-opt.cpp - The Block optimizer driver -------------------------===//
//
// mlir-opt with the block dialect, its passes and pipelines, and the upstream
// dialects, passes and LLVM IR translations a block pipeline needs (the GPU
// serialisation in gpu-module-to-binary translates to LLVM IR).
//
// The driver is MlirOptMain's, with the input read here first: a file that
// is not a regular one of sane size, and input nested deeper than the
// parser's stack allows, are refused before it parses. The output goes to a
// temporary file renamed over -o once the command succeeded: a failure
// leaves the file -o named (the input itself, when -o names it) as it was.
//
//===----------------------------------------------------------------------===//

#include "block/InitAllBlock.h"
#include "block/Support/InputFile.h"
#include "block/Support/Nesting.h"
#include "block/Support/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

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
  // MlirOptMain reports a pipeline's bad option at no location
  // ("<unknown>:0:"): it is the command line's, so the tool names itself.
  config.setPassPipelineSetupFn([parsed = config](mlir::PassManager &pm) {
    mlir::ScopedDiagnosticHandler atCommandLine(
        pm.getContext(), [](mlir::Diagnostic &diag) {
          if (!llvm::isa<mlir::UnknownLoc>(diag.getLocation()) ||
              diag.getSeverity() != mlir::DiagnosticSeverity::Error)
            return mlir::failure();
          llvm::errs() << "block-opt: error: " << diag << "\n";
          return mlir::success();
        });
    return parsed.setupPassPipeline(pm);
  });
  // These print and read no input.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(mlir::MlirOptMain(
        llvm::outs(), llvm::MemoryBuffer::getMemBuffer(""), registry, config));

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::block::openCheckedInputFile(inputFile, error);
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
  // Bytecode is read without recursion, but what comes after recurses: its
  // nesting is checked once read. A file that does not read is left to
  // MlirOptMain's diagnostics.
  if (mlir::isBytecode(input->getMemBufferRef())) {
    mlir::MLIRContext context(registry);
    context.allowUnregisteredDialects();
    mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
    // Destroying IR recurses as deep as it nests: what is refused is
    // left to the end of the process.
    auto parsed = std::make_unique<mlir::Block>();
    mlir::ParserConfig parserConfig(&context, /*verifyAfterParse=*/false);
    if (succeeded(mlir::readBytecodeFile(input->getMemBufferRef(),
                                         parsed.get(), parserConfig))) {
      llvm::SmallVector<mlir::Operation *> ops;
      for (mlir::Operation &op : *parsed)
        ops.push_back(&op);
      if (failed(mlir::block::checkRegionNesting(ops))) {
        (void)parsed.release();
        return 1;
      }
    }
  }
  if (failed(mlir::block::writeFileAtomically(
          outputFile,
          [&](llvm::raw_ostream &os) {
            return mlir::MlirOptMain(os, std::move(input), registry, config);
          },
          error))) {
    if (!error.empty())
      llvm::errs() << error << "\n";
    return 1;
  }
  return 0;
}
