//===- BlockDialect.cpp - The block dialect -------------------------------===//
//
// Dialect registration, type helpers, and the verification of the kernel
// attributes (`block.kernel`, `block.num_warps`) and argument hints
// (`block.divisibility`, `block.alignment`).
//
//===----------------------------------------------------------------------===//

#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Dialect/Block/IR/TargetChips.h"
#include "block/Dialect/Block/IR/BlockOps.h"
#include "KernelOperations.h"
#include "block/Dialect/Block/IR/KernelSignature.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::block;

#include "block/Dialect/Block/IR/BlockOpsDialect.cpp.inc"
#include "block/Dialect/Block/IR/BlockOpsEnums.cpp.inc"

namespace {
/// Prints layouts as #blocked, #blocked1, ..., #slice..., #linear..., #mma...
/// and #dot_op..., so that layout-annotated IR stays readable.
struct BlockOpAsmInterface : OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    // Tensor-core layouts as Triton writes them: #mma, #mma1, ... and
    // #dot_op, ... (a #dot_op's parent prints as its #mma alias).
    StringRef alias = llvm::TypeSwitch<Attribute, StringRef>(attr)
                          .Case([](BlockedLayoutAttr) { return "blocked"; })
                          .Case([](SliceLayoutAttr) { return "slice"; })
                          .Case([](LinearLayoutAttr) { return "linear"; })
                          .Case([](MmaLayoutAttr) { return "mma"; })
                          .Case([](DotOperandLayoutAttr) { return "dot_op"; })
                          .Default(StringRef());
    if (alias.empty())
      return AliasResult::NoAlias;
    os << alias;
    return AliasResult::FinalAlias;
  }
};

/// Every block op may be inlined, and calls into the regions of block ops
/// (combiners) too: none depends on the function it is in, so a kernel may
/// call helpers written with block ops, and block-to-ptx inlines them.
struct BlockInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Region *dest, Region *src, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }
  bool isLegalToInline(Operation *op, Region *dest, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }
};
} // namespace

void BlockDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "block/Dialect/Block/IR/BlockOps.cpp.inc"
      >();
  addInterfaces<BlockOpAsmInterface, BlockInlinerInterface>();
}

Operation *BlockDialect::materializeConstant(OpBuilder &builder,
                                             Attribute value, Type type,
                                             Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

//===----------------------------------------------------------------------===//
// Type helpers
//===----------------------------------------------------------------------===//

/// Replaces the element type of `type` (scalar or tensor) by `element`.
static Type withElementType(Type type, Type element) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.clone(element);
  return element;
}

Type mlir::block::getPointeeType(Type type) {
  if (auto ptr = dyn_cast<PointerType>(getElementTypeOrSelf(type)))
    return withElementType(type, ptr.getPointeeType());
  return type;
}

Type mlir::block::getBoolTypeLike(Type type) {
  return withElementType(type, IntegerType::get(type.getContext(), 1));
}

Type mlir::block::getI64TypeLike(Type type) {
  return withElementType(type, IntegerType::get(type.getContext(), 64));
}

LogicalResult
mlir::block::verifyTensorSize(function_ref<InFlightDiagnostic()> emitError,
                              Type type, StringRef what) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return success();
  if (!tensor.hasStaticShape())
    return emitError() << what << " has type " << type
                       << ", but block tensors have static shapes";
  if (tensor.getRank() == 0)
    return emitError() << what << " has type " << type
                       << ", but block tensors have rank 1 or more (use a "
                          "scalar)";
  for (int64_t dim : tensor.getShape())
    if (dim <= 0 || !llvm::isPowerOf2_64(dim))
      return emitError() << what << " has type " << type
                         << ", but every dimension of a block tensor must be "
                            "a power of two";
  // Every dimension is a power of two, so the element count is 2^(sum of
  // their logarithms): exact, where getNumElements() wraps around for
  // shapes whose product overflows int64_t.
  unsigned log2Elements = 0;
  for (int64_t dim : tensor.getShape())
    log2Elements += llvm::Log2_64(dim);
  if (log2Elements > llvm::Log2_64(kMaxTensorElements)) {
    InFlightDiagnostic diag = emitError() << what << " has type " << type
                                          << " with ";
    if (log2Elements < 63)
      diag << (int64_t(1) << log2Elements);
    else
      diag << "2^" << log2Elements;
    return diag << " elements, but a block tensor has at most "
                << kMaxTensorElements << " (2^20)";
  }
  Attribute encoding = tensor.getEncoding();
  if (encoding && !isa<DistributedLayoutAttr>(encoding))
    return emitError() << what << " has type " << type << ", but the "
                       << "encoding of a block tensor must be a block layout "
                          "(#block.blocked, #block.slice), not "
                       << encoding;
  if (auto layout = dyn_cast_or_null<DistributedLayoutAttr>(encoding))
    if (layout.getRank() != tensor.getRank())
      return emitError() << what << " has type " << type << ": its layout "
                         << "is of rank " << layout.getRank()
                         << ", but the tensor is of rank " << tensor.getRank();
  return success();
}

LogicalResult mlir::block::OpTrait::impl::verifyTensorSizeRule(Operation *op) {
  auto emit = [op] { return op->emitOpError(); };
  for (auto [i, operand] : llvm::enumerate(op->getOperands()))
    if (failed(verifyTensorSize(emit, operand.getType(),
                                "operand #" + std::to_string(i))))
      return failure();
  for (auto [i, result] : llvm::enumerate(op->getResults()))
    if (failed(verifyTensorSize(emit, result.getType(),
                                "result #" + std::to_string(i))))
      return failure();
  return success();
}

bool mlir::block::isKernel(Operation *op) {
  return isa<func::FuncOp>(op) &&
         op->hasAttr(BlockDialect::getKernelAttrName());
}

SmallVector<func::FuncOp> mlir::block::getKernels(ModuleOp module) {
  return llvm::to_vector(llvm::make_filter_range(
      module.getOps<func::FuncOp>(),
      [](func::FuncOp func) { return isKernel(func); }));
}

//===----------------------------------------------------------------------===//
// Kernel attributes
//===----------------------------------------------------------------------===//

/// A pointer (to anything: the interpreter runs kernels that take pointers
/// to pointers, which no bundle can describe) or a scalar a launch passes.
static bool isKernelArgumentType(Type type) {
  return isa<PointerType>(type) || getRuntimeElementType(type).has_value();
}

/// Checks what the lowering relies on in a kernel's body: only operations
/// it takes, and every tensor value, also those of upstream arith/math
/// operations, obeys the size rule.
static LogicalResult verifyKernelBody(func::FuncOp func) {
  WalkResult result = func.walk([](Operation *op) {
    if (failed(verifyKernelOperation(op)))
      return WalkResult::interrupt();
    if (op->getDialect() && isa<BlockDialect>(op->getDialect()))
      return WalkResult::advance(); // Checked by the op's own trait.
    for (auto [i, value] : llvm::enumerate(op->getResults()))
      if (failed(verifyTensorSize([op] { return op->emitOpError(); },
                                  value.getType(),
                                  "result #" + std::to_string(i))))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

LogicalResult BlockDialect::verifyOperationAttribute(Operation *op,
                                                     NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == getKernelAttrName()) {
    auto func = dyn_cast<func::FuncOp>(op);
    if (!func)
      return op->emitError() << "'" << name
                             << "' is only valid on a func.func";
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "'" << name << "' must be a unit attribute";
    // Dialect attributes are verified before the op's own invariants: a
    // func.func without a function type or name (generic form) is left to
    // its own verifier, which names the missing attribute (getFunctionType()
    // would read a null or non-function type).
    TypeAttr typeAttr = func.getFunctionTypeAttr();
    if (!typeAttr || !isa<FunctionType>(typeAttr.getValue()) ||
        !func.getSymNameAttr())
      return success();
    if (func.isExternal())
      return op->emitError() << "kernel @" << func.getSymName()
                             << " must have a body";
    // The name is the PTX entry's and the manifest's: a PTX identifier, so
    // that LLVM neither aborts on it nor writes PTX ptxas refuses.
    StringRef symbol = func.getSymName();
    if (symbol.empty() || llvm::isDigit(symbol.front()) ||
        !llvm::all_of(symbol,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; }))
      return op->emitError()
             << "kernel name \"" << symbol
             << "\" is not a PTX identifier: a kernel is named with ASCII "
                "letters, digits and '_', not starting with a digit";
    FunctionType type = func.getFunctionType();
    if (type.getNumInputs() > blockrt::maxKernelParameters)
      return op->emitError()
             << "kernel @" << symbol << " takes " << type.getNumInputs()
             << " arguments, but a kernel may have at most "
             << blockrt::maxKernelParameters << " (the runtime's limit)";
    if (type.getNumResults() != 0)
      return op->emitError() << "kernel @" << func.getSymName()
                             << " must not return values, but returns "
                             << type.getNumResults();
    for (auto [i, argType] : llvm::enumerate(type.getInputs()))
      if (!isKernelArgumentType(argType))
        return op->emitError()
               << "kernel argument #" << i << " has type " << argType
               << ", but a kernel takes only !block.ptr and scalars of "
               << blockrt::elementTypeList();
    return verifyKernelBody(func);
  }
  if (name == getNumWarpsAttrName()) {
    if (!isKernel(op))
      return op->emitError() << "'" << name
                             << "' is only valid on a kernel (a func.func "
                                "with 'block.kernel')";
    auto value = dyn_cast<IntegerAttr>(attr.getValue());
    if (!value || !value.getType().isInteger(32))
      return op->emitError() << "'" << name << "' must be an i32 integer";
    int64_t n = value.getInt();
    if (n < 1 || n > 32 || !llvm::isPowerOf2_64(n))
      return op->emitError() << "'" << name << "' is " << n
                             << ", but must be a power of two from 1 to 32";
    return success();
  }
  if (name == getNumStagesAttrName()) {
    if (!isKernel(op) && op->getName().getStringRef() != "scf.for")
      return op->emitError() << "'" << name
                             << "' is only valid on a kernel or an scf.for";
    auto value = dyn_cast<IntegerAttr>(attr.getValue());
    if (!value || !value.getType().isInteger(32))
      return op->emitError() << "'" << name << "' must be an i32 integer";
    if (int64_t n = value.getInt(); n < 1 || n > 8)
      return op->emitError() << "'" << name << "' is " << n
                             << ", but must be from 1 to 8";
    return success();
  }
  if (name == getWarpSpecializeAttrName()) {
    if (!isKernel(op) && op->getName().getStringRef() != "scf.for")
      return op->emitError() << "'" << name
                             << "' is only valid on a kernel or an scf.for";
    if (!isa<BoolAttr>(attr.getValue()))
      return op->emitError() << "'" << name << "' must be true or false";
    return success();
  }
  if (name == getVersionedOnSignsAttrName()) {
    // block-version-on-signs marks its branch so as not to version the
    // branch's copies again.
    if (op->getName().getStringRef() != "scf.if")
      return op->emitError() << "'" << name << "' is only valid on an scf.if";
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "'" << name << "' must be a unit attribute";
    return success();
  }
  if (name == getTargetAttrName()) {
    if (!isa<ModuleOp>(op))
      return op->emitError() << "'" << name
                             << "' is only valid on a builtin.module";
    auto chip = dyn_cast<StringAttr>(attr.getValue());
    if (!chip || !parseTargetChip(chip.getValue()))
      return op->emitError() << "'" << name << "' must name a chip as a "
                             << "string \"sm_<capability>[a|f]\" (e.g. "
                                "\"sm_90a\"), but is "
                             << attr.getValue();
    return success();
  }
  return op->emitError() << "unknown block dialect attribute '" << name
                         << "'";
}

/// The chips of LLVM 22's NVPTX backend from sm_50 on, with the lowest PTX
/// version LLVM takes for each (`llc -mcpu=<chip> -mattr=+ptx32` says it).
static constexpr ChipInfo kChips[] = {
    {"sm_50", 40},   {"sm_52", 41},   {"sm_53", 42},   {"sm_60", 50},
    {"sm_61", 50},   {"sm_62", 50},   {"sm_70", 60},   {"sm_72", 61},
    {"sm_75", 63},   {"sm_80", 70},   {"sm_86", 71},   {"sm_87", 74},
    {"sm_88", 90},   {"sm_89", 78},   {"sm_90", 78},   {"sm_90a", 80},
    {"sm_100", 86},  {"sm_100a", 86}, {"sm_100f", 88}, {"sm_101", 86},
    {"sm_101a", 86}, {"sm_101f", 88}, {"sm_103", 88},  {"sm_103a", 88},
    {"sm_103f", 88}, {"sm_110", 90},  {"sm_110a", 90}, {"sm_110f", 90},
    {"sm_120", 87},  {"sm_120a", 87}, {"sm_120f", 88}, {"sm_121", 88},
    {"sm_121a", 88}, {"sm_121f", 88}};


ArrayRef<ChipInfo> mlir::block::getSupportedChips() { return kChips; }

std::optional<TargetChip> mlir::block::parseTargetChip(StringRef name) {
  if (!llvm::any_of(kChips,
                    [&](const ChipInfo &chip) { return chip.name == name; }))
    return std::nullopt;
  name.consume_front("sm_");
  StringRef digits = name.take_while(llvm::isDigit);
  StringRef suffix = name.drop_front(digits.size());
  TargetChip chip;
  if (digits.getAsInteger(10, chip.capability))
    return std::nullopt;
  chip.archSpecific = suffix == "a";
  chip.familySpecific = suffix == "f";
  return chip;
}

bool mlir::block::covers(const TargetChip &chip, const TargetChip &other) {
  if (other.capability > chip.capability)
    return false;
  // An `a` chip's features are its own; an `f` chip's its family's (the
  // same major version, from that minor version on).
  if (other.archSpecific)
    return chip.capability == other.capability && chip.archSpecific;
  if (other.familySpecific)
    return chip.capability / 10 == other.capability / 10 &&
           (chip.archSpecific || chip.familySpecific);
  return true;
}

std::string mlir::block::getChipName(const TargetChip &chip) {
  return "sm_" + std::to_string(chip.capability) +
         (chip.archSpecific ? "a" : chip.familySpecific ? "f" : "");
}

int64_t TargetChip::getMaxSharedMemoryBytes() const {
  // CUDA C Programming Guide, "Technical Specifications per Compute
  // Capability": maximum shared memory per thread block.
  constexpr int64_t kiB = 1024;
  if (capability == 80 || capability == 87)
    return 163 * kiB;
  if (capability == 86 || capability == 89 || capability >= 120)
    return 99 * kiB;
  if (capability >= 90)
    return 227 * kiB;
  if (capability == 70 || capability == 72)
    return 96 * kiB;
  if (capability == 75)
    return 64 * kiB;
  return 48 * kiB;
}

std::optional<TargetChip> mlir::block::getTargetChip(Operation *op) {
  for (; op; op = op->getParentOp())
    if (auto chip = op->getAttrOfType<StringAttr>(
            BlockDialect::getTargetAttrName()))
      return parseTargetChip(chip.getValue());
  return std::nullopt;
}

LogicalResult BlockDialect::verifyRegionArgAttribute(Operation *op,
                                                     unsigned regionIndex,
                                                     unsigned argIndex,
                                                     NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  bool isDivisibility = name == getDivisibilityAttrName();
  if (!isDivisibility && name != getAlignmentAttrName())
    return op->emitError() << "unknown block dialect argument attribute '"
                           << name << "'";
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func || regionIndex != 0)
    return op->emitError() << "'" << name
                           << "' is only valid on function arguments";
  auto value = dyn_cast<IntegerAttr>(attr.getValue());
  // getInt() keeps only the low 64 bits of a wider integer (an i128 2^64 + 16
  // read as 16).
  if (!value || value.getValue().getSignificantBits() > 64 ||
      value.getInt() < 1 || !llvm::isPowerOf2_64(value.getInt()))
    return op->emitError() << "'" << name << "' of argument #" << argIndex
                           << " must be a positive power of two";
  // The bundle manifest reader (runtime/lib/Manifest.cpp) takes alignments
  // up to 2^30: beyond it block-compile wrote bundles the runtime refused.
  constexpr int64_t maxAlignment = int64_t(1) << 30;
  if (!isDivisibility && value.getInt() > maxAlignment)
    return op->emitError() << "'" << name << "' of argument #" << argIndex
                           << " is " << value.getInt()
                           << ", but an alignment is at most 2^30 ("
                           << maxAlignment << ") bytes";
  Type argType = func.getArgumentTypes()[argIndex];
  if (isDivisibility && !isa<IntegerType>(argType))
    return op->emitError()
           << "'" << name << "' applies to integer arguments, but argument #"
           << argIndex << " has type " << argType
           << " (use 'block.alignment' for pointers)";
  if (!isDivisibility && !isa<PointerType>(argType))
    return op->emitError()
           << "'" << name << "' applies to pointer arguments, but argument #"
           << argIndex << " has type " << argType
           << " (use 'block.divisibility' for integers)";
  return success();
}
