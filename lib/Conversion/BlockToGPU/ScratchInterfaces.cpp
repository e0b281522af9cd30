//===- ScratchInterfaces.cpp - How much scratch each lowering needs -------===//
//
// The block operations whose lowering goes through shared memory declare
// how much (SharedScratchOpInterface), so that the allocation of shared
// memory needs no list of them. The sizes are the lowering's, so the
// implementations live here and are attached as external models.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "block/Conversion/BlockToGPU/BlockToGPU.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"

#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::block;

namespace {
template <typename OpTy, int64_t (*getBytes)(OpTy)>
struct ScratchModel
    : blockgpu::SharedScratchOpInterface::ExternalModel<
          ScratchModel<OpTy, getBytes>, OpTy> {
  int64_t getSharedScratchBytes(Operation *op) const {
    // Without layouts there is no lowering to size (the layout contract
    // refuses such an operation).
    auto unplaced = [](Type type) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      return tensor &&
             !isa_and_present<DistributedLayoutAttr>(tensor.getEncoding());
    };
    if (llvm::any_of(op->getOperandTypes(), unplaced) ||
        llvm::any_of(op->getResultTypes(), unplaced))
      return 0;
    return getBytes(cast<OpTy>(op));
  }
};

template <typename OpTy>
int64_t getAtomicScratchBytesOf(OpTy op) {
  return getAtomicScratchBytes(op);
}
} // namespace

void mlir::block::registerSharedScratchInterfaces(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, BlockDialect *) {
    ReduceOp::attachInterface<ScratchModel<ReduceOp, getReduceScratchBytes>>(
        *context);
    ScanOp::attachInterface<ScratchModel<ScanOp, getScanScratchBytes>>(
        *context);
    AtomicRMWOp::attachInterface<
        ScratchModel<AtomicRMWOp, getAtomicScratchBytesOf<AtomicRMWOp>>>(
        *context);
    AtomicCASOp::attachInterface<
        ScratchModel<AtomicCASOp, getAtomicScratchBytesOf<AtomicCASOp>>>(
        *context);
  });
}
