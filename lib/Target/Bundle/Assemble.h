//===- Assemble.h - PTX and cubins of a lowered module ----------*- C++ -*-===//
//
// The last steps of compileBundle: the PTX of the lowered module, and the
// cubin ptxas makes of it, with each kernel's CTAs per SM raised where that
// pays (Occupancy.h).
//
//===----------------------------------------------------------------------===//

#ifndef LIB_TARGET_BUNDLE_ASSEMBLE_H
#define LIB_TARGET_BUNDLE_ASSEMBLE_H

#include "block/Pipelines/Pipelines.h"
#include "block/Runtime/Manifest.h"
#include "block/Target/Bundle/CompileBundle.h"
#include "block/Target/Bundle/Occupancy.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"

#include <string>

namespace mlir::block {

/// A lowered module's PTX and what ptxas made of it.
struct Assembly {
  std::string ptx;
  std::string cubin;
  llvm::StringMap<KernelResources> resources;
};

/// The PTX of a copy of the lowered `module`, whose gpu.module is `name`.
FailureOr<std::string> serializeToPTX(ModuleOp module, StringRef name,
                                      const BlockToPTXOptions &options);

/// Fails where `ptx` calls a libdevice function: the lowering leaves those
/// external when no CUDA toolkit (hence no libdevice) was found, and no
/// driver could load them.
LogicalResult checkResolved(MLIRContext *context, StringRef ptx);

/// Serializes a copy of the lowered `module` and assembles it with
/// `ptxas -v`.
FailureOr<Assembly> assemble(ModuleOp module, StringRef name,
                             const BlockToPTXOptions &options, StringRef ptxas);

/// Raises `nvvm.minctasm` on each of `kernels` (of the lowered `module`)
/// that uses a barrier, one CTA at a time, while ptxas holds more of its
/// CTAs per SM without spilling or a bigger stack; keeps the last value
/// that did (Occupancy.h says why only kernels with barriers). Returns the
/// assembly of the module as it is left, and what the search did per
/// kernel in `report`.
FailureOr<Assembly> raiseKernelOccupancy(ModuleOp module, StringRef name,
                                         ArrayRef<blockrt::KernelInfo> kernels,
                                         StringRef ptxas,
                                         const BlockToPTXOptions &options,
                                         std::vector<KernelOccupancy> &report);

} // namespace mlir::block

#endif // LIB_TARGET_BUNDLE_ASSEMBLE_H
