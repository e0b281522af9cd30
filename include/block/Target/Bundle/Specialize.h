//===- Specialize.h - Kernel variants on their arguments --------*- C++ -*-===//
//
// Triton specialises a kernel at launch on the integer arguments that are
// divisible by 16 or equal to 1 and the pointers that are 16-byte aligned,
// which is what lets its axis analysis prove vector loads. compileBundle
// does the same ahead of time, for the arguments whose facts the kernel's
// memory accesses can use: it copies each kernel under a new symbol with
// those facts written in as hints (or the constant), lowers the copies with
// the kernel, drops the copies whose PTX the generic kernel (or a less
// specialised copy) already has, and lists the rest in the manifest, where
// the runtime picks the most specialised one that a launch's arguments
// satisfy.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_TARGET_BUNDLE_SPECIALIZE_H
#define BLOCK_TARGET_BUNDLE_SPECIALIZE_H

#include "block/Pipelines/Pipelines.h"
#include "block/Runtime/Manifest.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

namespace mlir::block {

/// What a variant's symbol adds to its kernel's, before its number:
/// <kernel>__spec<n>.
constexpr llvm::StringLiteral kVariantInfix = "__spec";

/// A copy of `kernel` to build under `symbol`, assuming `assume`.
struct PlannedVariant {
  std::string kernel;
  std::string symbol;
  std::vector<blockrt::VariantAssumption> assume;
};

/// The variants `spec` asks for: "none"; "auto", every integer scalar
/// argument that the source does not hint and every pointer it does not
/// hint 16-byte aligned; or a comma-separated list of argument names. Per
/// kernel, with its chosen arguments C: of them, M are those whose
/// divisibility by 16 (alignment to 16 bytes) changes a fact the axis
/// analysis gives some memory access (`options` bring a copy of the kernel
/// to where it is read), and A, of M, those that change an address or a
/// vector width (not only a mask). "Aligned" below means either. U, of the
/// integers of C, are the unit strides: those that, equal to 1 (the rest
/// of M aligned), widen the vector of some access along its last dimension
/// (stride_ak and stride_bn of Triton's matmul tutorial with row-major
/// operands). The variants, less specialised first: A aligned (where A is
/// neither empty nor all of M), M aligned (where M is not empty), U equal
/// to 1 and the rest of M aligned (where U has two or more), then for each
/// integer of C in order, that one equal to 1 and the rest of M aligned;
/// at most `maxVariants` of them. Reports through `fail` a name that no kernel has,
/// or that names neither an integer scalar nor a pointer.
FailureOr<std::vector<PlannedVariant>>
planVariants(ModuleOp module, ArrayRef<blockrt::KernelInfo> kernels,
             StringRef spec, unsigned maxVariants,
             const BlockToPTXOptions &options,
             function_ref<void(const Twine &)> fail);

/// Adds to `module` the func.func of each variant: a copy of its kernel
/// with `block.divisibility` on the arguments assumed divisible,
/// `block.alignment` on the pointers assumed aligned and the constant in
/// place of those assumed equal to a value.
void addVariants(ModuleOp module, ArrayRef<PlannedVariant> plan);

/// The text of `symbol`'s .entry in `ptx`, with `symbol` spelled `as`
/// (so that two entries compare equal when only their names differ); empty
/// when `ptx` has no such entry.
std::string getEntryPTX(StringRef ptx, StringRef symbol, StringRef as);

/// Whether a launch that satisfies `a` always satisfies `b`: a variant
/// assuming `a` whose code a variant assuming `b` already has is dropped.
bool implies(ArrayRef<blockrt::VariantAssumption> a,
             ArrayRef<blockrt::VariantAssumption> b);

} // namespace mlir::block

#endif // BLOCK_TARGET_BUNDLE_SPECIALIZE_H
