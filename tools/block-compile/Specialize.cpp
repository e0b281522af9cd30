//===- Specialize.cpp - Kernel variants on integer arguments --------------===//

#include "Specialize.h"

#include "block/Dialect/Block/IR/BlockDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using blockrt::KernelInfo;
using blockrt::KernelParameter;
using blockrt::VariantAssumption;

namespace block {

/// Triton's choice: 16 elements of 4 bytes or fewer make a 16-byte vector.
static constexpr uint64_t kDivisibility = 16;

/// Integer scalars, which a specialisation can say more about (i1 takes
/// only 0 and 1 already).
static bool isSpecializable(const KernelParameter &param) {
  return !param.isPointer() && blockrt::isIntegerType(param.type) &&
         param.type != blockrt::ElementType::I1;
}

/// A symbol no function of `module` has and no earlier variant took.
static std::string freshSymbol(ModuleOp module, llvm::StringSet<> &taken,
                               StringRef kernel) {
  for (unsigned n = 1;; ++n) {
    std::string symbol = (kernel + "__spec" + Twine(n)).str();
    if (!module.lookupSymbol(symbol) && !taken.contains(symbol)) {
      taken.insert(symbol);
      return symbol;
    }
  }
}

FailureOr<std::vector<PlannedVariant>>
planVariants(ModuleOp module, ArrayRef<KernelInfo> kernels, StringRef spec,
             unsigned maxVariants, function_ref<void(const Twine &)> fail) {
  std::vector<PlannedVariant> plan;
  if (spec == "none" || maxVariants == 0)
    return plan;
  llvm::StringSet<> named;
  if (spec != "auto") {
    SmallVector<StringRef> names;
    spec.split(names, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    if (names.empty()) {
      fail("--specialize expects auto, none or a comma-separated list of "
           "argument names");
      return failure();
    }
    for (StringRef name : names) {
      name = name.trim();
      const KernelParameter *found = nullptr;
      for (const KernelInfo &kernel : kernels)
        for (const KernelParameter &param : kernel.parameters)
          if (param.name == name && (!found || isSpecializable(param)))
            found = &param;
      if (!found) {
        SmallVector<std::string> integers;
        for (const KernelInfo &kernel : kernels)
          for (const KernelParameter &param : kernel.parameters)
            if (isSpecializable(param) && !llvm::is_contained(integers,
                                                              param.name))
              integers.push_back(param.name);
        fail("--specialize: no kernel has an argument named '" + name +
             "' (the integer arguments are: " +
             (integers.empty() ? std::string("none")
                               : llvm::join(integers, ", ")) +
             ")");
        return failure();
      }
      if (!isSpecializable(*found)) {
        fail("--specialize: argument '" + name + "' is " +
             found->typeString() +
             "; only integer arguments (i8 to i64) are specialised");
        return failure();
      }
      named.insert(name);
    }
  }

  llvm::StringSet<> taken;
  for (const KernelInfo &kernel : kernels) {
    // Arguments the source hints keep the hint: the user said what holds.
    SmallVector<unsigned> chosen;
    for (const KernelParameter &param : kernel.parameters)
      if (isSpecializable(param) && param.divisibility == 1 &&
          (named.empty() || named.contains(param.name)))
        chosen.push_back(param.index);
    if (chosen.empty())
      continue;
    unsigned added = 0;
    auto addVariant = [&](std::optional<unsigned> unit) {
      if (added++ >= maxVariants)
        return;
      PlannedVariant variant{kernel.name,
                             freshSymbol(module, taken, kernel.name),
                             {}};
      for (unsigned index : chosen) {
        VariantAssumption assumption;
        assumption.index = index;
        if (unit == index)
          assumption.equals = 1;
        else
          assumption.divisibility = kDivisibility;
        variant.assume.push_back(assumption);
      }
      plan.push_back(std::move(variant));
    };
    addVariant(std::nullopt);
    for (unsigned index : chosen)
      addVariant(index);
  }
  return plan;
}

void addVariants(ModuleOp module, ArrayRef<PlannedVariant> plan) {
  for (const PlannedVariant &variant : plan) {
    auto kernel = module.lookupSymbol<func::FuncOp>(variant.kernel);
    auto copy = cast<func::FuncOp>(kernel->clone());
    copy.setSymName(variant.symbol);
    // After everything else: the PTX numbers labels by function, so the
    // kernels' code stays byte for byte what it is without variants.
    module.getBody()->push_back(copy);
    OpBuilder builder = OpBuilder::atBlockBegin(&copy.getBody().front());
    for (const VariantAssumption &assumption : variant.assume) {
      BlockArgument arg = copy.getArgument(assumption.index);
      if (!assumption.equals) {
        copy.setArgAttr(assumption.index,
                        mlir::block::BlockDialect::getDivisibilityAttrName(),
                        builder.getI64IntegerAttr(assumption.divisibility));
        continue;
      }
      // The argument stays in the signature, so that every variant takes
      // the launch's arguments as they are.
      Value constant = arith::ConstantOp::create(
          builder, copy.getLoc(),
          builder.getIntegerAttr(arg.getType(), *assumption.equals));
      arg.replaceAllUsesWith(constant);
    }
  }
}

std::string getEntryPTX(StringRef ptx, StringRef symbol, StringRef as) {
  size_t start = ptx.find((".entry " + symbol + "(").str());
  if (start == StringRef::npos)
    return {};
  size_t end = ptx.find("\n}\n", start);
  StringRef entry = ptx.slice(start, end == StringRef::npos ? ptx.size()
                                                             : end + 3);
  std::string renamed;
  for (size_t at = 0;;) {
    size_t next = entry.find(symbol, at);
    renamed += entry.slice(at, next).str();
    if (next == StringRef::npos)
      return renamed;
    renamed += as.str();
    at = next + symbol.size();
  }
}

} // namespace block
