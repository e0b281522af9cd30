//===- TestAxisInfo.cpp - Print the axis-info analysis as remarks ---------===//
//
// For FileCheck and -verify-diagnostics tests of the analysis: a remark on
// every operation per integer or pointer result, on every operation with
// regions per integer or pointer region argument, and on loads and stores the
// vector width of the access. The short forms are expanded first, as the
// lowering sees them: their core operations keep the short form's location.
//
//===----------------------------------------------------------------------===//

#include "block/Analysis/AxisInfo.h"
#include "block/Dialect/Block/IR/BlockOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::block;

namespace {
struct TestAxisInfoPass
    : PassWrapper<TestAxisInfoPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAxisInfoPass)

  TestAxisInfoPass() = default;
  TestAxisInfoPass(const TestAxisInfoPass &pass) : PassWrapper(pass) {}

  StringRef getArgument() const final { return "block-test-print-axis-info"; }
  StringRef getDescription() const final {
    return "Print the contiguity, divisibility and constancy of every "
           "integer and pointer value as remarks";
  }

  Option<bool> perFunction{
      *this, "per-function",
      llvm::cl::desc("Analyse each function on its own, as the lowering of a "
                     "single kernel does")};

  void runOnOperation() override {
    RewritePatternSet shortForms(&getContext());
    populateShortFormPatterns(shortForms);
    walkAndApplyPatterns(getOperation(), std::move(shortForms));
    if (!perFunction)
      return print(getOperation());
    for (auto func : getOperation().getOps<FunctionOpInterface>())
      print(func);
  }

  static void print(Operation *root) {
    AxisInfoAnalysis analysis(root);
    root->walk([&](Operation *op) {
      for (Region &region : op->getRegions()) {
        std::string regionName =
            op->getNumRegions() == 1
                ? std::string()
                : "region #" + std::to_string(region.getRegionNumber()) + " ";
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            remark(analysis, op, arg,
                   regionName + "arg #" + std::to_string(arg.getArgNumber()) +
                       ": ");
      }
      if (auto load = dyn_cast<LoadOp>(op))
        remarkVectorWidth(analysis, op, load.getPtr(), load.getMask());
      if (auto store = dyn_cast<StoreOp>(op))
        remarkVectorWidth(analysis, op, store.getPtr(), store.getMask());
      for (OpResult result : op->getResults())
        remark(analysis, op, result,
               op->getNumResults() == 1
                   ? std::string()
                   : "result #" + std::to_string(result.getResultNumber()) +
                         ": ");
    });
  }

  /// The vector width of an access, for a thread holding the whole run (or
  /// the contiguous elements its layout gives it).
  static void remarkVectorWidth(const AxisInfoAnalysis &analysis, Operation *op,
                                Value ptr, Value mask) {
    auto type = dyn_cast<RankedTensorType>(ptr.getType());
    if (!type)
      return;
    unsigned perThread = type.getNumElements();
    if (auto layout = dyn_cast_or_null<BlockedLayoutAttr>(type.getEncoding()))
      perThread = layout.getSizePerThread()[layout.getOrder().front()];
    op->emitRemark() << "vector width = "
                     << analysis.getVectorWidth(ptr, mask, perThread);
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
