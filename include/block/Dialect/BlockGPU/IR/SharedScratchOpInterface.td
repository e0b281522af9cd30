//===- SharedScratchOpInterface.td - Ops that need scratch -*- tablegen -*-===//

#ifndef BLOCK_DIALECT_BLOCKGPU_IR_SHAREDSCRATCHOPINTERFACE_TD
#define BLOCK_DIALECT_BLOCKGPU_IR_SHAREDSCRATCHOPINTERFACE_TD

include "mlir/IR/OpBase.td"

def BlockGPU_SharedScratchOpInterface : OpInterface<"SharedScratchOpInterface"> {
  let cppNamespace = "::mlir::blockgpu";
  let description = [{
    An operation whose lowering needs shared memory while it runs (a
    reduction across warps, a layout conversion through shared memory, the
    staging of a product's operands). block-allocate-shared-memory gives it
    `getSharedScratchBytes()` bytes at an offset (`blockgpu.offset`) that no
    buffer live at the same time uses. The lowering decides the size, so the
    lowering registers the implementations (as external models).
  }];
  let methods = [
    InterfaceMethod<"Bytes of scratch shared memory the operation needs (0 for none).",
      "int64_t", "getSharedScratchBytes">,
    InterfaceMethod<"Alignment of the scratch, in bytes.",
      "unsigned", "getSharedScratchAlignment", (ins), [{}], [{ return 16; }]>,
  ];
}

#endif // BLOCK_DIALECT_BLOCKGPU_IR_SHAREDSCRATCHOPINTERFACE_TD
