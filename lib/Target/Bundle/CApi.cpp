//===- CApi.cpp - C interface to block-compile ----------------------------===//

#include "block/Target/Bundle/CApi.h"

#include "block/Support/ArgumentNames.h"
#include "block/Support/Nesting.h"
#include "block/Support/Version.h"
#include "block/Target/Bundle/CompileBundle.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace mlir;
using namespace mlir::block;

namespace {
thread_local std::string lastError;

int fail(std::string message) {
  lastError = std::move(message);
  return 1;
}

const BundleOptions &getDefaults() {
  static const BundleOptions defaults;
  return defaults;
}

/// `options` in compileBundle's terms; fails on a field out of range.
LogicalResult convertOptions(const BlockCompileOptions &options,
                             BundleOptions &to) {
  if (options.cubin < BLOCK_COMPILE_CUBIN_WHERE_FOUND ||
      options.cubin > BLOCK_COMPILE_CUBIN_NEVER)
    return failure();
  if (options.chip)
    to.pipeline.chip = options.chip;
  if (options.features)
    to.pipeline.features = options.features;
  to.pipeline.numWarps = options.numWarps;
  to.pipeline.optLevel = options.optLevel;
  to.pipeline.tma = options.tma != 0;
  to.pipeline.warpSpecialize = options.warpSpecialize != 0;
  to.pipeline.warpGroupTurns = options.warpGroupTurns != 0;
  to.cubin = options.cubin == BLOCK_COMPILE_CUBIN_REQUIRED ? CubinMode::Required
             : options.cubin == BLOCK_COMPILE_CUBIN_NEVER
                 ? CubinMode::Never
                 : CubinMode::WhereFound;
  to.raiseOccupancy = options.raiseOccupancy != 0;
  if (options.specialize)
    to.specialize = options.specialize;
  to.maxVariants = options.maxVariants;
  return success();
}
} // namespace

extern "C" {

void blockCompileInitOptions(BlockCompileOptions *options) {
  if (!options)
    return;
  const BundleOptions &defaults = getDefaults();
  *options = BlockCompileOptions{
      defaults.pipeline.chip.getValue().c_str(),
      nullptr,
      defaults.pipeline.numWarps,
      defaults.pipeline.optLevel,
      defaults.pipeline.tma,
      defaults.pipeline.warpSpecialize,
      defaults.pipeline.warpGroupTurns,
      BLOCK_COMPILE_CUBIN_WHERE_FOUND,
      defaults.raiseOccupancy,
      defaults.specialize.c_str(),
      defaults.maxVariants,
  };
}

int blockCompileBundle(const char *source, size_t length,
                       const char *sourceName, const char *moduleName,
                       const BlockCompileOptions *options, const char *outDir) {
  if ((!source && length) || !sourceName || !moduleName || !options || !outDir)
    return fail("blockCompileBundle: the source, its name, the module name, "
                "the options or the directory is NULL");
  BundleOptions bundleOptions;
  if (failed(convertOptions(*options, bundleOptions)))
    return fail("blockCompileBundle: cubin is " +
                std::to_string(options->cubin) +
                ", not one of BLOCK_COMPILE_CUBIN_*");
  bundleOptions.moduleName = moduleName;

  DialectRegistry registry;
  registerBundleDialects(registry);
  MLIRContext context(registry);
  llvm::SourceMgr sourceMgr;
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  BundleDiagnosticHandler handler(sourceMgr, &context, os);
  if (failed(verifyBundleOptions(
          bundleOptions,
          [&](const Twine &message) {
            emitError(UnknownLoc::get(&context), message);
          },
          "--")))
    return fail(diagnostics);
  sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(
                                   StringRef(source, length), sourceName),
                               llvm::SMLoc());
  if (failed(checkNestingDepth(sourceMgr, sourceMgr.getMainFileID())))
    return fail(diagnostics);
  ArgumentNames names;
  OwningOpRef<ModuleOp> module =
      parseKeepingArgumentNames(sourceMgr, &context, names);
  if (!module || failed(compileBundle(*module, names, bundleOptions, outDir)))
    return fail(diagnostics);
  lastError.clear();
  return 0;
}

const char *blockCompileLastError(void) { return lastError.c_str(); }

const char *blockCompileVersion(void) {
  static const std::string version = [] {
    std::string text;
    llvm::raw_string_ostream os(text);
    printVersion(os, "block-compile");
    return text;
  }();
  return version.c_str();
}

} // extern "C"
