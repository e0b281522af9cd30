//===- PrintPTX.cpp - The PTX of gpu.binary ops as text -------------------===//
//
// gpu.binary keeps the PTX as an escaped string attribute; this pass writes
// it out as the text ptxas and users read.
//
//===----------------------------------------------------------------------===//

#include "block/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"

namespace mlir::block {
#define GEN_PASS_DEF_BLOCKPRINTPTX
#include "block/Conversion/Passes.h.inc"
} // namespace mlir::block

using namespace mlir;
using namespace mlir::block;

namespace {
struct BlockPrintPTXPass
    : block::impl::BlockPrintPTXBase<BlockPrintPTXPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<StringRef> ptx;
    for (auto binary : getOperation().getOps<gpu::BinaryOp>()) {
      for (auto object : binary.getObjects().getAsRange<gpu::ObjectAttr>()) {
        if (object.getFormat() != gpu::CompilationTarget::Assembly) {
          // At the location alone: the op would print a whole cubin.
          emitError(binary.getLoc())
              << "gpu.binary @" << binary.getSymName()
              << " holds no PTX to print (block-to-ptx writes PTX with "
                 "format=isa)";
          return signalPassFailure();
        }
        ptx.push_back(object.getObject().getValue());
      }
    }
    if (ptx.empty()) {
      emitError(getOperation().getLoc())
          << "no gpu.binary holds PTX: run block-to-ptx first";
      return signalPassFailure();
    }
    std::string error;
    std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(output, &error);
    if (!file) {
      emitError(getOperation().getLoc()) << error;
      return signalPassFailure();
    }
    for (StringRef text : ptx)
      file->os() << text;
    file->keep();
  }
};
} // namespace
