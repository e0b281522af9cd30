//===- BlockGPUDialect.cpp - Shared memory below block programs -----------===//

#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"

#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace mlir::blockgpu;

#include "block/Dialect/BlockGPU/IR/BlockGPUDialect.cpp.inc"

namespace {
/// Prints shared layouts as #shared, #shared1, ... and #nvmma...
struct BlockGPUOpAsmInterface : OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<SwizzledLayoutAttr>(attr)) {
      os << "shared";
      return AliasResult::FinalAlias;
    }
    if (isa<NVMMALayoutAttr>(attr)) {
      os << "nvmma";
      return AliasResult::FinalAlias;
    }
    if (isa<LinearSharedLayoutAttr>(attr)) {
      os << "shared_linear";
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

void BlockGPUDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.cpp.inc"
      >();
  addInterfaces<BlockGPUOpAsmInterface>();
}
