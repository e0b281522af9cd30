//===- CompileBundle.h - From a block program to a kernel bundle -*- C++
//-*-===//
//
// What block-compile does, as a library for tools, the C API
// (block/Target/Bundle/CApi.h) and C++ embedders: runs the block-to-ptx
// pipeline on a module and writes, into a directory, the bundle the runtime
// loads: <name>.ptx, <name>.cubin (assembled by ptxas where it is found, or
// required) and the manifest <name>.json. The manifest describes each
// kernel's parameters (in launch order, named as in the source), warps,
// dynamic shared memory, target and the assumptions (argument hints)
// compiled into the code.
//
// Where ptxas is found, each kernel that uses a barrier then gets the most
// CTAs per SM that ptxas fits without spilling (`nvvm.minctasm`; see
// Occupancy.h). Each kernel also gets variants specialised on its
// arguments, as Triton does at launch (see Specialize.h); the manifest lists
// them, and the runtime launches the most specialised one that a launch's
// arguments satisfy.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_TARGET_BUNDLE_COMPILEBUNDLE_H
#define BLOCK_TARGET_BUNDLE_COMPILEBUNDLE_H

#include "block/Pipelines/Pipelines.h"
#include "block/Runtime/Manifest.h"
#include "block/Support/ArgumentNames.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringSet.h"

#include <string>
#include <vector>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class DialectRegistry;

namespace block {

/// Whether a bundle gets a cubin.
enum class CubinMode {
  /// Where ptxas is found.
  WhereFound,
  /// Always: a failure without ptxas.
  Required,
  /// Never: PTX only.
  Never,
};

/// block-compile's options.
struct BundleOptions {
  /// The pipeline's; compileBundle sets their format and GPU module name.
  BlockToPTXOptions pipeline;
  /// The bundle's name: its files are <name>.ptx, .cubin and .json, and the
  /// runtime's module is named so.
  std::string moduleName;
  CubinMode cubin = CubinMode::WhereFound;
  /// Raise the CTAs per SM of kernels with barriers (needs ptxas).
  bool raiseOccupancy = true;
  /// The arguments to build variants on: "auto", "none" or argument names,
  /// comma-separated (planVariants).
  std::string specialize = "auto";
  /// The most variants of one kernel.
  unsigned maxVariants = 4;
};

/// Checks `options` before anything runs: the pipeline's
/// (verifyBlockToPTXOptions), and that ptxas is found where a cubin is
/// required. Reports the first error through `emitError`, naming the option
/// as `optionPrefix` followed by its name.
LogicalResult verifyBundleOptions(const BundleOptions &options,
                                  function_ref<void(const Twine &)> emitError,
                                  StringRef optionPrefix = "");

/// What the occupancy search did for one kernel (or variant): its
/// registers per thread and CTAs per SM as ptxas first chose them, and as
/// kept.
struct KernelOccupancy {
  std::string kernel;
  unsigned firstRegisters = 0, registers = 0;
  unsigned firstCTAs = 0, ctas = 0;
};

/// A bundle as written.
struct CompiledBundle {
  blockrt::Manifest manifest;
  /// One entry per function searched; empty without the search.
  std::vector<KernelOccupancy> occupancy;
};

/// Lowers `module` (consumed: it ends lowered) and writes its bundle into
/// `outDir`, created where missing. `argumentNames` name the kernels'
/// parameters as the source does (parseKeepingArgumentNames); `options`
/// must have been verified (verifyBundleOptions). Everything is made before
/// anything is written, and each file goes to a temporary one renamed into
/// place once all are written: a failure leaves the directory's bundle as it
/// was. Fails after reporting why through the context's diagnostic handler
/// (an error without a location where nothing in the program is at fault).
FailureOr<CompiledBundle> compileBundle(ModuleOp module,
                                        const ArgumentNames &argumentNames,
                                        const BundleOptions &options,
                                        StringRef outDir);

/// The dialects, extensions and translations compileBundle's context needs.
void registerBundleDialects(DialectRegistry &registry);

/// Enables the passes' optimisation remarks (block/Support/Remarks.h), all
/// categories, as remarks at the ops' locations through the context's
/// diagnostic handler.
LogicalResult enableBlockRemarks(MLIRContext &context);

/// While one lives, the remarks enableBlockRemarks prints are dropped: the
/// copies that planVariants compiles to learn from are not what runs.
class QuietRemarks {
public:
  QuietRemarks();
  ~QuietRemarks();
};

/// Prints diagnostics as block-compile does: a located one with its source
/// line, as SourceMgrDiagnosticHandler does, the others as
/// "block-compile: error: <message>"; one error per source location, and
/// without the failing op's lowered form.
class BundleDiagnosticHandler : public SourceMgrDiagnosticHandler {
public:
  BundleDiagnosticHandler(llvm::SourceMgr &sourceMgr, MLIRContext *context,
                          raw_ostream &os);

private:
  /// Where errors were reported: the kernel and each of its variants fail
  /// at the same op of the source, which the user needs to read once.
  llvm::StringSet<> errorLocations;
};

} // namespace block
} // namespace mlir

#endif // BLOCK_TARGET_BUNDLE_COMPILEBUNDLE_H
