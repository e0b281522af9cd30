//===- BlockLayoutInterface.td - How tensors map to threads -*- tablegen -*-===//
//
// Every lowering pattern reads layouts through this interface only, so that
// new layouts (mma accumulators, dot operands) plug in without touching them.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_DIALECT_BLOCK_IR_BLOCKLAYOUTINTERFACE_TD
#define BLOCK_DIALECT_BLOCK_IR_BLOCKLAYOUTINTERFACE_TD

include "mlir/IR/OpBase.td"

def Block_DistributedLayoutInterface : AttrInterface<"DistributedLayoutAttr"> {
  let cppNamespace = "::mlir::block";
  let description = [{
    A layout that distributes the elements of a tensor over the registers of
    the threads of one program instance. Element (i_0, ..., i_{r-1}) of a
    tensor of a given shape lives in register `reg` of lane `lane` of warp
    `warp`; an element may be replicated in several threads.
  }];
  let methods = [
    InterfaceMethod<"Rank of the tensors this layout applies to.",
      "unsigned", "getRank">,
    InterfaceMethod<"Number of warps the layout spreads a tensor over.",
      "unsigned", "getNumWarps">,
    InterfaceMethod<[{
        Number of elements each thread holds, per dimension, for a tensor of
        `shape`.
      }], "::llvm::SmallVector<unsigned>", "getElemsPerThread",
      (ins "::llvm::ArrayRef<int64_t>":$shape)>,
    InterfaceMethod<[{
        Per-dimension order of dimensions from fastest to slowest varying
        within a thread's registers.
      }], "::llvm::SmallVector<unsigned>", "getLayoutOrder">,
  ];
  let extraSharedClassDeclaration = [{
    unsigned getTotalElemsPerThread(::llvm::ArrayRef<int64_t> shape) {
      unsigned total = 1;
      for (unsigned n : $_attr.getElemsPerThread(shape))
        total *= n;
      return total;
    }
  }];
}

#endif // BLOCK_DIALECT_BLOCK_IR_BLOCKLAYOUTINTERFACE_TD
