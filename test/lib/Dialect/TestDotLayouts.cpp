//===- TestDotLayouts.cpp - Show the layout each block.dot would get ------===//
//
// -test-block-dot-layouts sets `test.accumulator` on every block.dot to the
// #block.mma layout chooseDotAccumulatorLayout gives its accumulator for the
// module's block.target, or to "fma", considering every tensor-core version
// (block-assign-layouts takes them as far as its max-mma-version).
//
//===----------------------------------------------------------------------===//

#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Dialect/Block/Transforms/DotLayouts.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::block;

namespace {
struct TestDotLayoutsPass
    : PassWrapper<TestDotLayoutsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestDotLayoutsPass)

  StringRef getArgument() const final { return "test-block-dot-layouts"; }
  StringRef getDescription() const final {
    return "Annotate every block.dot with the accumulator layout it would get";
  }

  void runOnOperation() override {
    Builder builder(&getContext());
    getOperation().walk([&](DotOp dot) {
      MmaLayoutAttr layout = chooseDotAccumulatorLayout(dot);
      dot->setAttr("test.accumulator",
                   layout ? Attribute(layout) : builder.getStringAttr("fma"));
    });
  }
};
} // namespace

namespace mlir::block::test {
void registerTestDotLayoutsPass() { PassRegistration<TestDotLayoutsPass>(); }
} // namespace mlir::block::test
