//===- SharedLayoutInterface.td - Where buffers keep elements -*- tablegen -*-===//

#ifndef BLOCK_DIALECT_BLOCKGPU_IR_SHAREDLAYOUTINTERFACE_TD
#define BLOCK_DIALECT_BLOCKGPU_IR_SHAREDLAYOUTINTERFACE_TD

include "mlir/IR/OpBase.td"

def BlockGPU_SharedLayoutInterface : AttrInterface<"SharedLayoutAttr"> {
  let cppNamespace = "::mlir::blockgpu";
  let description = [{
    Where the elements of a buffer live in shared memory: a linear layout
    from the input `offset` (in elements from the buffer's start) to the
    outputs `dim0`, ..., `dimN-1` of the buffer's shape. The layout applies
    to the last two dimensions (one tile); leading dimensions (stages of a
    multi-buffer) stack tiles, slowest first.
  }];
  let methods = [
    InterfaceMethod<[{
        The linear layout of a buffer of `shape` holding elements of
        `elementBits` bits.
      }], "::mlir::block::LinearLayout", "toLinearLayout",
      (ins "::llvm::ArrayRef<int64_t>":$shape, "unsigned":$elementBits)>,
    InterfaceMethod<"Alignment of a buffer's start, in bytes.",
      "unsigned", "getAlignment">,
    InterfaceMethod<[{
        Checks that the layout applies to a buffer of `shape` of
        `elementBits`-bit elements.
      }], "::mlir::LogicalResult", "verifyBuffer",
      (ins "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError,
           "::llvm::ArrayRef<int64_t>":$shape, "unsigned":$elementBits)>,
  ];
}

#endif // BLOCK_DIALECT_BLOCKGPU_IR_SHAREDLAYOUTINTERFACE_TD
