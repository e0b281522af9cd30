//===- KernelSignature.cpp - What a kernel takes, in the runtime's words --===//

#include "block/Dialect/Block/IR/KernelSignature.h"

#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Dialect/Block/IR/BlockOps.h"
#include "mlir/IR/BuiltinOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::block;

std::optional<blockrt::ElementType>
mlir::block::getRuntimeElementType(Type type) {
  using blockrt::ElementType;
  if (auto integer = dyn_cast<IntegerType>(type)) {
    if (!integer.isSignless())
      return std::nullopt;
    switch (integer.getWidth()) {
    case 1:
      return ElementType::I1;
    case 8:
      return ElementType::I8;
    case 16:
      return ElementType::I16;
    case 32:
      return ElementType::I32;
    case 64:
      return ElementType::I64;
    default:
      return std::nullopt;
    }
  }
  if (type.isF16())
    return ElementType::F16;
  if (type.isBF16())
    return ElementType::BF16;
  if (type.isF32())
    return ElementType::F32;
  if (type.isF64())
    return ElementType::F64;
  if (isa<Float8E4M3FNType>(type))
    return ElementType::F8E4M3FN;
  if (isa<Float8E5M2Type>(type))
    return ElementType::F8E5M2;
  return std::nullopt;
}

FailureOr<blockrt::KernelInfo>
mlir::block::describeKernel(func::FuncOp kernel,
                            ArrayRef<std::string> argumentNames) {
  blockrt::KernelInfo info;
  info.name = kernel.getSymName().str();
  for (auto [i, type] : llvm::enumerate(kernel.getArgumentTypes())) {
    blockrt::KernelParameter param;
    param.index = i;
    param.name = i < argumentNames.size() && !argumentNames[i].empty()
                     ? argumentNames[i]
                     : "arg" + std::to_string(i);
    auto ptr = dyn_cast<PointerType>(type);
    std::optional<blockrt::ElementType> element =
        getRuntimeElementType(ptr ? ptr.getPointeeType() : type);
    if (!element) {
      InFlightDiagnostic diag = kernel.emitError()
                                << "kernel argument #" << i << " ";
      if (ptr)
        diag << "points to " << ptr.getPointeeType();
      else
        diag << "has type " << type;
      diag << ", which a launch cannot pass (kernel arguments are pointers "
              "to, and scalars of, "
           << blockrt::elementTypeList() << ")";
      return failure();
    }
    param.type = *element;
    if (ptr) {
      param.kind = blockrt::KernelParameter::Kind::Pointer;
      param.alignment = blockrt::elementSize(*element);
      if (auto hint = kernel.getArgAttrOfType<IntegerAttr>(
              i, BlockDialect::getAlignmentAttrName()))
        param.alignment = hint.getValue().getZExtValue();
    } else if (auto hint = kernel.getArgAttrOfType<IntegerAttr>(
                   i, BlockDialect::getDivisibilityAttrName())) {
      param.divisibility = hint.getValue().getZExtValue();
    }
    info.parameters.push_back(std::move(param));
  }
  // A tensor descriptor's innermost stride is 1: where a launch gives it,
  // the launch is checked.
  kernel.walk([&](MakeTensorDescOp desc) {
    auto stride = dyn_cast_or_null<BlockArgument>(
        desc.getDynamicStride(desc.getType().getRank() - 1));
    if (stride && stride.getOwner()->getParentOp() == kernel)
      info.parameters[stride.getArgNumber()].equals = 1;
  });
  info.assumptions = blockrt::describeAssumptions(info.parameters);
  return info;
}
