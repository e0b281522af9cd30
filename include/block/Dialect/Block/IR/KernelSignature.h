//===- KernelSignature.h - A kernel's launch interface --------*- C++ -*-===//
//
// One description of a kernel's launch interface, shared by block-compile
// (which writes it into the bundle's manifest), the interpreter (which checks
// launches against it) and block-run: its name and, for each argument, the
// kind (pointer or scalar), the element type and the hint the compiled code
// relies on, in the vocabulary of the runtime (block/Runtime/Manifest.h).
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_DIALECT_BLOCK_IR_KERNELSIGNATURE_H
#define BLOCK_DIALECT_BLOCK_IR_KERNELSIGNATURE_H

#include "block/Runtime/Manifest.h"

#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"

#include <optional>
#include <string>

namespace mlir {
namespace func {
class FuncOp;
} // namespace func

namespace block {

/// The runtime's element type for `type`: signless i1, i8, i16, i32, i64,
/// f16, bf16, f32 or f64; std::nullopt for any other type.
std::optional<blockrt::ElementType> getRuntimeElementType(Type type);

/// Describes `kernel`: its name, and per argument its kind, element type and
/// `block.alignment` / `block.divisibility` hint (the runtime's defaults
/// where there is none), with the assumptions in words. Argument i is named
/// `argumentNames[i]` where that is given and not empty, "arg<i>" otherwise.
/// Launch shape (warps, shared memory) is left at its defaults: only the
/// lowering decides it. Fails, with an error at the kernel, on an argument
/// that no launch can pass (a pointer to pointers, a tensor, an index).
FailureOr<blockrt::KernelInfo>
describeKernel(func::FuncOp kernel, ArrayRef<std::string> argumentNames = {});

} // namespace block
} // namespace mlir

#endif // BLOCK_DIALECT_BLOCK_IR_KERNELSIGNATURE_H
