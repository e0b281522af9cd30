//===- Specialize.cpp - Kernel variants on their arguments ----------------===//

#include "block/Target/Bundle/Specialize.h"

#include "block/Analysis/AxisInfo.h"
#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Target/Bundle/CompileBundle.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Regex.h"

#include <limits>

using blockrt::KernelInfo;
using blockrt::KernelParameter;
using blockrt::VariantAssumption;

namespace mlir::block {

/// Triton's choices: 16 elements of 4 bytes or fewer make a 16-byte vector,
/// which needs a 16-byte aligned address.
static constexpr uint64_t kDivisibility = 16;
static constexpr uint64_t kAlignment = 16;

/// Integer scalars and pointers, which a specialisation can say more about
/// (i1 takes only 0 and 1 already).
static bool isSpecializable(const KernelParameter &param) {
  if (param.isPointer())
    return true;
  return blockrt::isIntegerType(param.type) &&
         param.type != blockrt::ElementType::I1;
}

/// Whether a specialisation can tell the kernel more of `param` than its
/// hint does: an integer without a hint, a pointer not known 16-byte aligned
/// (the user said what holds of those with a hint).
static bool canAssumeMore(const KernelParameter &param) {
  if (param.isPointer())
    return param.alignment < kAlignment;
  return param.divisibility == 1;
}

/// Of each of `indices`: a pointer 16-byte aligned, an integer divisible
/// by 16.
static std::vector<VariantAssumption>
assumeAligned(const KernelInfo &kernel, ArrayRef<unsigned> indices) {
  std::vector<VariantAssumption> assume;
  for (unsigned index : indices) {
    VariantAssumption assumption;
    assumption.index = index;
    if (kernel.parameters[index].isPointer())
      assumption.alignment = kAlignment;
    else
      assumption.divisibility = kDivisibility;
    assume.push_back(assumption);
  }
  return assume;
}

/// A symbol no function of `module` has and no earlier variant took.
static std::string freshSymbol(ModuleOp module, llvm::StringSet<> &taken,
                               StringRef kernel) {
  for (unsigned n = 1;; ++n) {
    std::string symbol = (kernel + kVariantInfix + Twine(n)).str();
    if (!module.lookupSymbol(symbol) && !taken.contains(symbol)) {
      taken.insert(symbol);
      return symbol;
    }
  }
}

/// A copy of `module` with a copy of `kernel` per entry of `assumptions`
/// (under fresh symbols, listed in `probes`), brought to the form the
/// layouts are assigned on; null where that fails, quietly: the
/// compilation proper reports what is wrong, once.
static OwningOpRef<ModuleOp>
buildProbes(ModuleOp module, const KernelInfo &kernel,
            ArrayRef<std::vector<VariantAssumption>> assumptions,
            const BlockToPTXOptions &options,
            std::vector<PlannedVariant> &probes) {
  OwningOpRef<ModuleOp> probe = cast<ModuleOp>(module->clone());
  llvm::StringSet<> taken;
  for (const std::vector<VariantAssumption> &assume : assumptions)
    probes.push_back(
        {kernel.name, freshSymbol(*probe, taken, kernel.name), assume});
  addVariants(*probe, probes);
  PassManager front(module.getContext());
  buildBlockFrontPipeline(front, options);
  ScopedDiagnosticHandler quiet(module.getContext(),
                                [](Diagnostic &) { return success(); });
  QuietRemarks quietRemarks;
  if (failed(front.run(*probe)))
    return nullptr;
  return probe;
}

/// What the layout assignment and the lowering learn from the axis analysis
/// about each memory access of `kernel`: of its addresses, its pointers'
/// facts and the widest vector along each dimension that they and its mask
/// allow; of its masks, their facts (which masks are equal decides how many
/// predicates the lowering computes).
struct AccessFacts {
  SmallVector<int64_t> addresses, masks;
};

static AccessFacts getAccessFacts(func::FuncOp kernel) {
  AxisInfoAnalysis analysis(kernel);
  AccessFacts facts;
  auto append = [&](SmallVectorImpl<int64_t> &to, Value value) {
    const AxisInfo *info = analysis.getAxisInfo(value);
    if (!info) {
      to.push_back(-1);
      return;
    }
    llvm::append_range(to, info->getContiguity());
    llvm::append_range(to, info->getDivisibility());
    llvm::append_range(to, info->getConstancy());
  };
  kernel.walk([&](Operation *op) {
    Value ptr = getAccessedPointers(op);
    if (!ptr)
      return;
    Value mask = getAccessMask(op);
    append(facts.addresses, ptr);
    if (mask)
      append(facts.masks, mask);
    auto type = dyn_cast<RankedTensorType>(ptr.getType());
    for (unsigned dim = 0, e = type ? type.getRank() : 0; dim < e; ++dim)
      facts.addresses.push_back(analysis.getVectorWidth(
          ptr, mask, /*elemsPerThreadContiguous=*/
          std::numeric_limits<unsigned>::max(), dim));
  });
  return facts;
}

/// The arguments of `chosen` whose divisibility by 16 (integers) or
/// 16-byte alignment (pointers) can change how `kernel` accesses memory:
/// those it changes some fact of the accesses for (`masks`), and of them
/// those it changes a vector width or an address fact for (`addresses`; a
/// row count that only masks rows is not one, a row stride is). The kernel
/// is probed in a copy of `module` brought to the form the layouts are
/// assigned on, once with all of `chosen` aligned and once without each of
/// them. Where that fails, all of `chosen` count (the compilation proper
/// reports what is wrong, once).
static void
findRelevantArguments(ModuleOp module, const KernelInfo &kernel,
                      ArrayRef<unsigned> chosen,
                      const BlockToPTXOptions &options,
                      SmallVectorImpl<unsigned> &masks,
                      SmallVectorImpl<unsigned> &addresses) {
  std::vector<std::vector<VariantAssumption>> assumptions = {
      assumeAligned(kernel, chosen)};
  for (unsigned index : chosen) {
    SmallVector<unsigned> others(llvm::make_filter_range(
        chosen, [&](unsigned other) { return other != index; }));
    assumptions.push_back(assumeAligned(kernel, others));
  }
  std::vector<PlannedVariant> probes;
  OwningOpRef<ModuleOp> probe =
      buildProbes(module, kernel, assumptions, options, probes);
  if (!probe) {
    masks.assign(chosen.begin(), chosen.end());
    addresses.assign(chosen.begin(), chosen.end());
    return;
  }
  auto factsOf = [&](const PlannedVariant &variant) {
    return getAccessFacts(probe->lookupSymbol<func::FuncOp>(variant.symbol));
  };
  AccessFacts all = factsOf(probes.front());
  for (auto [index, without] :
       llvm::zip_equal(chosen, ArrayRef(probes).drop_front())) {
    AccessFacts facts = factsOf(without);
    bool address = facts.addresses != all.addresses;
    if (address || facts.masks != all.masks)
      masks.push_back(index);
    if (address)
      addresses.push_back(index);
  }
}

/// The widest vector along its innermost (last) dimension that each
/// tensor access of `kernel` allows, in program order.
static SmallVector<unsigned> getInnermostWidths(func::FuncOp kernel) {
  AxisInfoAnalysis analysis(kernel);
  SmallVector<unsigned> widths;
  kernel.walk([&](Operation *op) {
    Value ptr = getAccessedPointers(op);
    auto type = ptr ? dyn_cast<RankedTensorType>(ptr.getType())
                    : RankedTensorType();
    if (!type)
      return;
    widths.push_back(analysis.getVectorWidth(
        ptr, getAccessMask(op),
        /*elemsPerThreadContiguous=*/std::numeric_limits<unsigned>::max(),
        type.getRank() - 1));
  });
  return widths;
}

/// The integer arguments of `chosen` that are unit strides of `kernel`'s
/// accesses: equal to 1 (the rest of `divisible` divisible by 16), they
/// widen the vector of some access along its innermost dimension, as
/// stride_ak does `a_ptr + offs_am[:, None] * stride_am + offs_k[None, :] *
/// stride_ak` in Triton's tutorial 03. Innermost is the last dimension:
/// row-major tiles, as PyTorch's contiguous tensors give them (a stride
/// that makes an outer dimension contiguous, of a column-major operand, is
/// left to the variants of one argument equal to 1). Probed as
/// findRelevantArguments probes; none where that fails.
static SmallVector<unsigned>
findUnitStrides(ModuleOp module, const KernelInfo &kernel,
                ArrayRef<unsigned> chosen, ArrayRef<unsigned> divisible,
                const BlockToPTXOptions &options) {
  SmallVector<unsigned> integers(llvm::make_filter_range(
      chosen,
      [&](unsigned index) { return !kernel.parameters[index].isPointer(); }));
  if (integers.empty())
    return {};
  std::vector<std::vector<VariantAssumption>> assumptions = {
      assumeAligned(kernel, divisible)};
  for (unsigned index : integers) {
    SmallVector<unsigned> others(llvm::make_filter_range(
        divisible, [&](unsigned other) { return other != index; }));
    std::vector<VariantAssumption> unit = assumeAligned(kernel, others);
    VariantAssumption one;
    one.index = index;
    one.equals = 1;
    unit.push_back(one);
    assumptions.push_back(std::move(unit));
  }
  std::vector<PlannedVariant> probes;
  OwningOpRef<ModuleOp> probe =
      buildProbes(module, kernel, assumptions, options, probes);
  if (!probe)
    return {};
  auto widthsOf = [&](const PlannedVariant &variant) {
    return getInnermostWidths(
        probe->lookupSymbol<func::FuncOp>(variant.symbol));
  };
  SmallVector<unsigned> base = widthsOf(probes.front());
  SmallVector<unsigned> units;
  for (auto [index, unit] :
       llvm::zip_equal(integers, ArrayRef(probes).drop_front())) {
    SmallVector<unsigned> widths = widthsOf(unit);
    if (widths.size() == base.size() &&
        llvm::any_of(llvm::zip_equal(widths, base), [](auto pair) {
          return std::get<0>(pair) > std::get<1>(pair);
        }))
      units.push_back(index);
  }
  return units;
}

FailureOr<std::vector<PlannedVariant>>
planVariants(ModuleOp module, ArrayRef<KernelInfo> kernels, StringRef spec,
             unsigned maxVariants,
             const BlockToPTXOptions &options,
             function_ref<void(const Twine &)> fail) {
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
        SmallVector<std::string> specializable;
        for (const KernelInfo &kernel : kernels)
          for (const KernelParameter &param : kernel.parameters)
            if (isSpecializable(param) &&
                !llvm::is_contained(specializable, param.name))
              specializable.push_back(param.name);
        fail("--specialize: no kernel has an argument named '" + name +
             "' (the integer and pointer arguments are: " +
             (specializable.empty() ? std::string("none")
                                    : llvm::join(specializable, ", ")) +
             ")");
        return failure();
      }
      if (!isSpecializable(*found)) {
        fail("--specialize: argument '" + name + "' is " +
             found->typeString() +
             "; only integer (i8 to i64) and pointer arguments are "
             "specialised");
        return failure();
      }
      named.insert(name);
    }
  }

  llvm::StringSet<> taken;
  for (const KernelInfo &kernel : kernels) {
    SmallVector<unsigned> chosen;
    for (const KernelParameter &param : kernel.parameters)
      if (isSpecializable(param) && canAssumeMore(param) &&
          (named.empty() || named.contains(param.name)))
        chosen.push_back(param.index);
    if (chosen.empty())
      continue;
    SmallVector<unsigned> masks, addresses;
    findRelevantArguments(module, kernel, chosen, options, masks, addresses);
    unsigned added = 0;
    auto addVariant = [&](ArrayRef<unsigned> divisible,
                          ArrayRef<unsigned> unit) {
      if (added++ >= maxVariants)
        return;
      PlannedVariant variant{kernel.name,
                             freshSymbol(module, taken, kernel.name),
                             {}};
      for (unsigned index : chosen) {
        if (llvm::is_contained(unit, index)) {
          VariantAssumption assumption;
          assumption.index = index;
          assumption.equals = 1;
          variant.assume.push_back(assumption);
        } else if (llvm::is_contained(divisible, index)) {
          llvm::append_range(variant.assume, assumeAligned(kernel, index));
        }
      }
      plan.push_back(std::move(variant));
    };
    // The less specialised first: a variant whose code one of them already
    // has is dropped (addLoweredVariants).
    if (!addresses.empty() && addresses.size() < masks.size())
      addVariant(addresses, {});
    if (!masks.empty())
      addVariant(masks, {});
    // The unit strides all equal to 1 together: Triton's launch sees each
    // of them 1 (and so copies whole rows of its tiles), where the variants
    // below have one at a time.
    SmallVector<unsigned> units =
        findUnitStrides(module, kernel, chosen, masks, options);
    if (units.size() > 1)
      addVariant(masks, units);
    for (unsigned index : chosen)
      if (!kernel.parameters[index].isPointer())
        addVariant(masks, index);
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
      if (assumption.alignment > 1) {
        copy.setArgAttr(assumption.index,
                        BlockDialect::getAlignmentAttrName(),
                        builder.getI64IntegerAttr(assumption.alignment));
        continue;
      }
      if (!assumption.equals) {
        copy.setArgAttr(assumption.index,
                        BlockDialect::getDivisibilityAttrName(),
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
  StringRef entry =
      ptx.slice(start, end == StringRef::npos ? ptx.size() : end + 3);
  // LLVM numbers branch labels and local depots by the function's place in
  // the module, which differs between a kernel and its variants.
  static const llvm::Regex numbered("(\\$L__BB|__local_depot)[0-9]+");
  std::string blanked;
  SmallVector<StringRef, 2> match;
  while (numbered.match(entry, &match)) {
    blanked += entry.take_front(match[0].data() - entry.data()).str();
    blanked += match[1].str() + "#";
    entry = entry.drop_front(match[0].end() - entry.data());
  }
  blanked += entry.str();
  return llvm::join(llvm::split(blanked, symbol), as);
}

bool implies(ArrayRef<VariantAssumption> a, ArrayRef<VariantAssumption> b) {
  return llvm::all_of(b, [&](const VariantAssumption &fact) {
    return llvm::any_of(a, [&](const VariantAssumption &given) {
      if (given.index != fact.index)
        return false;
      if (fact.equals)
        return given.equals == fact.equals;
      if (given.equals)
        return *given.equals % int64_t(fact.divisibility) == 0;
      return given.divisibility % fact.divisibility == 0 &&
             given.alignment % fact.alignment == 0;
    });
  });
}

} // namespace mlir::block
