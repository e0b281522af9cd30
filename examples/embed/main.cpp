//===- main.cpp - Embed the block dialect in another MLIR tool ------------===//
//
// Parses a block program (from the file given, or a built-in one), verifies
// it, runs the block-kernel-defaults pass and canonicalize through a pass
// manager, and prints the result.
//
//===----------------------------------------------------------------------===//

#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Dialect/Block/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/raw_ostream.h"

static const char *kProgram = R"mlir(
func.func @double(%p: !block.ptr<f32> {block.alignment = 16}) attributes {block.kernel} {
  %r = block.arange 0, 256 : tensor<256xi32>
  %ps = block.splat %p : tensor<256x!block.ptr<f32>>
  %a = block.addptr %ps, %r : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  %all = arith.constant dense<true> : tensor<256xi1>
  %v = block.load %a mask %all : tensor<256x!block.ptr<f32>>
  %w = arith.addf %v, %v : tensor<256xf32>
  block.store %a, %w mask %all : tensor<256x!block.ptr<f32>>
  return
}
)mlir";

int main(int argc, char **argv) {
  mlir::MLIRContext context;
  context.loadDialect<mlir::block::BlockDialect, mlir::arith::ArithDialect,
                      mlir::func::FuncDialect>();

  mlir::OwningOpRef<mlir::ModuleOp> module =
      argc > 1 ? mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context)
               : mlir::parseSourceString<mlir::ModuleOp>(kProgram, &context);
  if (!module)
    return 1;

  mlir::PassManager pm(&context);
  mlir::block::BlockKernelDefaultsOptions options;
  options.numWarps = 8;
  pm.addPass(mlir::block::createBlockKernelDefaults(options));
  pm.addPass(mlir::createCanonicalizerPass());
  if (mlir::failed(pm.run(*module)))
    return 1;

  int kernels = 0;
  module->walk([&](mlir::func::FuncOp func) {
    if (mlir::block::isKernel(func))
      ++kernels;
  });
  module->print(llvm::outs());
  llvm::outs() << "kernels: " << kernels << "\n";
  return 0;
}
