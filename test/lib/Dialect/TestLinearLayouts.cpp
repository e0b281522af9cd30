//===- TestLinearLayouts.cpp - Every layout written as #block.linear ------===//
//
// -test-block-layouts-to-linear replaces the layout of every tensor type in
// the module by the #block.linear attribute of its linear layout. The
// lowering must produce the same code for both: it reads layouts only
// through the algebra.
//
//===----------------------------------------------------------------------===//

#include "block/Dialect/Block/IR/BlockDialect.h"

#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::block;

namespace {
struct TestLayoutsToLinearPass
    : PassWrapper<TestLayoutsToLinearPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestLayoutsToLinearPass)

  StringRef getArgument() const final { return "test-block-layouts-to-linear"; }
  StringRef getDescription() const final {
    return "Write the layout of every tensor as #block.linear";
  }

  void runOnOperation() override {
    auto toLinear = [](RankedTensorType type) -> std::optional<Type> {
      auto layout = dyn_cast_or_null<DistributedLayoutAttr>(type.getEncoding());
      if (!layout)
        return std::nullopt;
      return RankedTensorType::get(
          type.getShape(), type.getElementType(),
          LinearLayoutAttr::get(type.getContext(),
                                layout.toLinearLayout(type.getShape())));
    };
    AttrTypeReplacer replacer;
    replacer.addReplacement(toLinear);
    // Dense constants do not expose their type to the replacer.
    replacer.addReplacement(
        [&](DenseElementsAttr attr) -> std::optional<Attribute> {
          auto type = dyn_cast<RankedTensorType>(attr.getType());
          std::optional<Type> linear = type ? toLinear(type) : std::nullopt;
          if (!linear)
            return std::nullopt;
          return attr.reshape(cast<ShapedType>(*linear));
        });
    replacer.recursivelyReplaceElementsIn(getOperation(), /*replaceAttrs=*/true,
                                          /*replaceLocs=*/false,
                                          /*replaceTypes=*/true);
  }
};
} // namespace

namespace mlir::block::test {
void registerTestLayoutsToLinearPass() {
  PassRegistration<TestLayoutsToLinearPass>();
}
} // namespace mlir::block::test
