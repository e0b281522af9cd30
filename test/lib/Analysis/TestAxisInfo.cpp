//===- TestAxisInfo.cpp - Print the axis-info analysis as remarks ---------===//
//
// For FileCheck and -verify-diagnostics tests of the analysis: a remark on
// every operation per integer or pointer result, and on every operation with
// regions per integer or pointer region argument.
//
//===----------------------------------------------------------------------===//

#include "block/Analysis/AxisInfo.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::block;

namespace {
struct TestAxisInfoPass
    : PassWrapper<TestAxisInfoPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAxisInfoPass)

  StringRef getArgument() const final { return "block-test-print-axis-info"; }
  StringRef getDescription() const final {
    return "Print the contiguity, divisibility and constancy of every "
           "integer and pointer value as remarks";
  }

  void runOnOperation() override {
    AxisInfoAnalysis analysis(getOperation());
    getOperation().walk([&](Operation *op) {
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            remark(analysis, op, arg,
                   "arg #" + std::to_string(arg.getArgNumber()) + ": ");
      for (OpResult result : op->getResults())
        remark(analysis, op, result,
               op->getNumResults() == 1
                   ? std::string()
                   : "result #" + std::to_string(result.getResultNumber()) +
                         ": ");
    });
  }

  static void remark(const AxisInfoAnalysis &analysis, Operation *op,
                     Value value, const std::string &prefix) {
    const AxisInfo *info = analysis.getAxisInfo(value);
    if (!info)
      return;
    std::string text;
    llvm::raw_string_ostream os(text);
    info->print(os);
    op->emitRemark() << prefix << text;
  }
};
} // namespace

namespace mlir::block::test {
void registerTestAxisInfoPass() { PassRegistration<TestAxisInfoPass>(); }
} // namespace mlir::block::test
