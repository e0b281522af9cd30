//===- BlockPlugin.cpp - The block dialect as an mlir-opt plugin ----------===//
//
// Loaded by stock mlir-opt-22 with --load-dialect-plugin (the dialect) and
// --load-pass-plugin (the passes and pipelines). Both entry points live in
// this one shared object; it links libMLIR.so like mlir-opt-22 does, so the
// two share one copy of MLIR's TypeIDs and command-line options.
//
//===----------------------------------------------------------------------===//

#include "block/InitAllBlock.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Block", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            mlir::block::registerBlockDialects(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Block", LLVM_VERSION_STRING,
          [] { mlir::block::registerAllBlockPasses(); }};
}
