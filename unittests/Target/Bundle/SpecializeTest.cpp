//===- SpecializeTest.cpp - Which variants a kernel gets ------------------===//
//
// planVariants on small kernels: which arguments are assumed aligned, which
// equal to 1, in which order and how many; the variants' code as the
// module gets it (addVariants); and how variants are told apart and pruned
// (getEntryPTX, implies).
//
//===----------------------------------------------------------------------===//

#include "block/Target/Bundle/Specialize.h"

#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Dialect/Block/IR/KernelSignature.h"
#include "block/Support/ArgumentNames.h"
#include "block/Target/Bundle/CompileBundle.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::block;
using blockrt::VariantAssumption;

namespace {

/// out[r][c] = x[r * stride + c] * scale for the rows r < m of a 16x64
/// tile: the stride changes the addresses, m only the mask (of whole
/// rows, whatever the vectors along them). The pointers are hinted aligned
/// already.
constexpr const char *kRows = R"mlir(
func.func @rows(%x: !block.ptr<f32> {block.alignment = 16},
                %out: !block.ptr<f32> {block.alignment = 16},
                %stride: i32, %m: i32, %scale: f32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %r = block.arange 0, 16 : tensor<16xi32>
  %c = block.arange 0, 64 : tensor<64xi32>
  %rows = block.broadcast %r dims [0] : tensor<16xi32> -> tensor<16x64xi32>
  %cols = block.broadcast %c dims [1] : tensor<64xi32> -> tensor<16x64xi32>
  %strides = block.splat %stride : tensor<16x64xi32>
  %starts = arith.muli %rows, %strides : tensor<16x64xi32>
  %offsets = arith.addi %starts, %cols : tensor<16x64xi32>
  %ms = block.splat %m : tensor<16x64xi32>
  %mask = arith.cmpi slt, %rows, %ms : tensor<16x64xi32>
  %v = block.load %x[%offsets] mask %mask : !block.ptr<f32>, tensor<16x64xi32>
  %s = block.splat %scale : tensor<16x64xf32>
  %w = arith.mulf %v, %s : tensor<16x64xf32>
  block.store %out[%offsets], %w mask %mask : !block.ptr<f32>, tensor<16x64xi32>
  return
}
)mlir";

/// out = x + y on 16x64 tiles of two matrices of any strides (a row-major
/// operand's column stride is 1, as in Triton's matmul tutorial).
constexpr const char *kStrides = R"mlir(
func.func @strides(%x: !block.ptr<f32> {block.alignment = 16},
                   %y: !block.ptr<f32> {block.alignment = 16},
                   %out: !block.ptr<f32> {block.alignment = 16},
                   %xr: i32, %xc: i32, %yr: i32, %yc: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %r = block.arange 0, 16 : tensor<16xi32>
  %c = block.arange 0, 64 : tensor<64xi32>
  %rows = block.broadcast %r dims [0] : tensor<16xi32> -> tensor<16x64xi32>
  %cols = block.broadcast %c dims [1] : tensor<64xi32> -> tensor<16x64xi32>
  %xrs = block.splat %xr : tensor<16x64xi32>
  %xcs = block.splat %xc : tensor<16x64xi32>
  %yrs = block.splat %yr : tensor<16x64xi32>
  %ycs = block.splat %yc : tensor<16x64xi32>
  %xro = arith.muli %rows, %xrs : tensor<16x64xi32>
  %xco = arith.muli %cols, %xcs : tensor<16x64xi32>
  %xo = arith.addi %xro, %xco : tensor<16x64xi32>
  %yro = arith.muli %rows, %yrs : tensor<16x64xi32>
  %yco = arith.muli %cols, %ycs : tensor<16x64xi32>
  %yo = arith.addi %yro, %yco : tensor<16x64xi32>
  %a = block.load %x[%xo] : !block.ptr<f32>, tensor<16x64xi32>
  %b = block.load %y[%yo] : !block.ptr<f32>, tensor<16x64xi32>
  %sum = arith.addf %a, %b : tensor<16x64xf32>
  %oo = arith.addi %rows, %cols : tensor<16x64xi32>
  block.store %out[%oo], %sum : !block.ptr<f32>, tensor<16x64xi32>
  return
}
)mlir";

class PlanVariants : public ::testing::Test {
protected:
  PlanVariants() : context(makeRegistry()) {}

  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    registerBundleDialects(registry);
    return registry;
  }

  /// Parses `source` and describes its kernels.
  void parse(StringRef source) {
    sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(source),
                                 llvm::SMLoc());
    module = parseKeepingArgumentNames(sourceMgr, &context, names);
    ASSERT_TRUE(module);
    for (func::FuncOp kernel : getKernels(*module)) {
      FailureOr<blockrt::KernelInfo> info =
          describeKernel(kernel, names.lookup(kernel.getSymName()));
      ASSERT_TRUE(succeeded(info));
      kernels.push_back(*info);
    }
  }

  /// The plan for `spec`, each variant as "symbol: assumption, ...", an
  /// assumption as "x@16" (aligned), "m%16" (divisible) or "m=1"; or the
  /// error reported.
  std::vector<std::string> plan(StringRef spec, unsigned maxVariants = 4) {
    std::string error;
    FailureOr<std::vector<PlannedVariant>> plan =
        planVariants(*module, kernels, spec, maxVariants, options,
                     [&](const Twine &message) { error = message.str(); });
    if (failed(plan))
      return {"error: " + error};
    std::vector<std::string> rendered;
    for (const PlannedVariant &variant : *plan) {
      const blockrt::KernelInfo &kernel = kernels.front();
      EXPECT_EQ(variant.kernel, kernel.name);
      SmallVector<std::string> facts;
      for (const VariantAssumption &fact : variant.assume) {
        const std::string &name = kernel.parameters[fact.index].name;
        if (fact.equals)
          facts.push_back(name + "=" + std::to_string(*fact.equals));
        else if (fact.alignment > 1)
          facts.push_back(name + "@" + std::to_string(fact.alignment));
        else
          facts.push_back(name + "%" + std::to_string(fact.divisibility));
      }
      rendered.push_back(variant.symbol + ": " + llvm::join(facts, ", "));
    }
    return rendered;
  }

  MLIRContext context;
  llvm::SourceMgr sourceMgr;
  ArgumentNames names;
  OwningOpRef<ModuleOp> module;
  SmallVector<blockrt::KernelInfo> kernels;
  BlockToPTXOptions options;
};

using Plan = std::vector<std::string>;

TEST_F(PlanVariants, AddressArgumentsFirstThenMasksThenUnitValues) {
  parse(kRows);
  // The stride alone (an address), then with m (a mask), then each integer
  // equal to 1 with the rest divisible.
  EXPECT_EQ(
      plan("auto"),
      (Plan{"rows__spec1: stride%16", "rows__spec2: stride%16, m%16",
            "rows__spec3: stride=1, m%16", "rows__spec4: stride%16, m=1"}));
}

TEST_F(PlanVariants, UnitStridesTogether) {
  parse(kStrides);
  // Every stride changes an address. The column strides, equal to 1, make
  // both loads contiguous along rows: one variant has both, before each
  // integer equal to 1 alone (as many as --max-variants leaves room for).
  EXPECT_EQ(plan("auto"), (Plan{"strides__spec1: xr%16, xc%16, yr%16, yc%16",
                                "strides__spec2: xr%16, xc=1, yr%16, yc=1",
                                "strides__spec3: xr=1, xc%16, yr%16, yc%16",
                                "strides__spec4: xr%16, xc=1, yr%16, yc%16"}));
}

TEST_F(PlanVariants, AtMostMaxVariantsTheLeastSpecialisedFirst) {
  parse(kRows);
  EXPECT_EQ(plan("auto", 2),
            (Plan{"rows__spec1: stride%16", "rows__spec2: stride%16, m%16"}));
  EXPECT_EQ(plan("auto", 0), Plan{});
  EXPECT_EQ(plan("none"), Plan{});
}

TEST_F(PlanVariants, NamedArgumentsOnly) {
  parse(kRows);
  // m alone changes only a mask: divisible, then equal to 1.
  EXPECT_EQ(plan("m"), (Plan{"rows__spec1: m%16", "rows__spec2: m=1"}));
  // A pointer hinted 16-byte aligned has nothing more to assume.
  EXPECT_EQ(plan("x"), Plan{});
}

TEST_F(PlanVariants, SymbolsNoFunctionHas) {
  parse(
      (std::string(kRows) + "func.func private @rows__spec1(%a: i32) -> i32\n")
          .c_str());
  EXPECT_EQ(plan("m"), (Plan{"rows__spec2: m%16", "rows__spec3: m=1"}));
}

TEST_F(PlanVariants, RefusesNamesThatAreNoSpecialisableArgument) {
  parse(kRows);
  EXPECT_EQ(plan("k"), Plan{"error: --specialize: no kernel has an argument "
                            "named 'k' (the integer and pointer arguments "
                            "are: x, out, stride, m)"});
  EXPECT_EQ(plan("scale"),
            Plan{"error: --specialize: argument 'scale' is f32; only integer "
                 "(i8 to i64) and pointer arguments are specialised"});
  EXPECT_EQ(plan(","), Plan{"error: --specialize expects auto, none or a "
                            "comma-separated list of argument names"});
}

TEST_F(PlanVariants, VariantsAreHintedCopiesAfterEverythingElse) {
  parse(kRows);
  std::vector<PlannedVariant> plan = {{"rows", "rows__spec1", {}},
                                      {"rows", "rows__spec2", {}}};
  VariantAssumption divisible, one, aligned;
  divisible.index = 3;
  divisible.divisibility = 16;
  one.index = 2;
  one.equals = 1;
  aligned.index = 0;
  aligned.alignment = 32;
  plan[0].assume = {divisible, aligned};
  plan[1].assume = {one};
  addVariants(*module, plan);

  std::vector<std::string> order;
  for (func::FuncOp function : module->getOps<func::FuncOp>())
    order.push_back(function.getSymName().str());
  EXPECT_EQ(order,
            (std::vector<std::string>{"rows", "rows__spec1", "rows__spec2"}));
  auto first = module->lookupSymbol<func::FuncOp>("rows__spec1");
  ASSERT_TRUE(first);
  EXPECT_EQ(first
                .getArgAttrOfType<IntegerAttr>(
                    3, BlockDialect::getDivisibilityAttrName())
                .getInt(),
            16);
  EXPECT_EQ(first
                .getArgAttrOfType<IntegerAttr>(
                    0, BlockDialect::getAlignmentAttrName())
                .getInt(),
            32);
  // Equal to 1: the argument stays, unused, with the constant in its place.
  auto second = module->lookupSymbol<func::FuncOp>("rows__spec2");
  ASSERT_TRUE(second);
  EXPECT_EQ(second.getNumArguments(), 5u);
  EXPECT_TRUE(second.getArgument(2).use_empty());
  auto constant = cast<arith::ConstantOp>(second.getBody().front().front());
  EXPECT_EQ(cast<IntegerAttr>(constant.getValue()).getInt(), 1);
  // The kernel itself is untouched.
  auto kernel = module->lookupSymbol<func::FuncOp>("rows");
  EXPECT_FALSE(kernel.getArgument(2).use_empty());
  EXPECT_FALSE(kernel.getArgAttr(3, BlockDialect::getDivisibilityAttrName()));
}

TEST(EntryPTX, ComparesEntriesWhateverTheirNamesAndLabelNumbers) {
  const char *ptx =
      ".visible .entry k(\n  .param .u32 k_param_0\n)\n{\n"
      "$L__BB0_1:\n  bra $L__BB0_1;\n}\n"
      ".visible .entry k__spec1(\n  .param .u32 k__spec1_param_0\n"
      ")\n{\n$L__BB1_1:\n  bra $L__BB1_1;\n}\n"
      ".visible .entry k__spec2(\n  .param .u32 k__spec2_param_0\n"
      ")\n{\n$L__BB2_1:\n  bra.uni $L__BB2_1;\n}\n";
  std::string kernel = getEntryPTX(ptx, "k", "k");
  EXPECT_EQ(kernel, ".entry k(\n  .param .u32 k_param_0\n)\n{\n"
                    "$L__BB#_1:\n  bra $L__BB#_1;\n}\n");
  EXPECT_EQ(getEntryPTX(ptx, "k__spec1", "k"), kernel);
  EXPECT_NE(getEntryPTX(ptx, "k__spec2", "k"), kernel);
  EXPECT_EQ(getEntryPTX(ptx, "k__spec3", "k"), "");
}

TEST(Implies, WhatALaunchSatisfyingOneSetSatisfiesOfAnother) {
  auto divisible = [](unsigned index, uint64_t by) {
    VariantAssumption fact;
    fact.index = index;
    fact.divisibility = by;
    return fact;
  };
  auto equal = [](unsigned index, int64_t value) {
    VariantAssumption fact;
    fact.index = index;
    fact.equals = value;
    return fact;
  };
  auto aligned = [](unsigned index, uint64_t to) {
    VariantAssumption fact;
    fact.index = index;
    fact.alignment = to;
    return fact;
  };
  using Facts = std::vector<VariantAssumption>;
  EXPECT_TRUE(implies(Facts{divisible(0, 32)}, Facts{divisible(0, 16)}));
  EXPECT_FALSE(implies(Facts{divisible(0, 16)}, Facts{divisible(0, 32)}));
  EXPECT_FALSE(implies(Facts{divisible(1, 16)}, Facts{divisible(0, 16)}));
  EXPECT_TRUE(implies(Facts{equal(0, 32)}, Facts{divisible(0, 16)}));
  EXPECT_FALSE(implies(Facts{equal(0, 1)}, Facts{divisible(0, 16)}));
  EXPECT_FALSE(implies(Facts{divisible(0, 16)}, Facts{equal(0, 1)}));
  EXPECT_TRUE(
      implies(Facts{equal(0, 1), divisible(1, 16)}, Facts{equal(0, 1)}));
  EXPECT_TRUE(implies(Facts{aligned(0, 32)}, Facts{aligned(0, 16)}));
  EXPECT_FALSE(implies(Facts{aligned(0, 16)}, Facts{aligned(0, 32)}));
  EXPECT_TRUE(implies(Facts{divisible(0, 16)}, Facts{}));
  EXPECT_FALSE(implies(Facts{}, Facts{divisible(0, 16)}));
}

} // namespace
