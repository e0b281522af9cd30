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

    A distributed layout says only how it becomes a linear layout for a
    shape (block/Layout/LinearLayout.h): a map from the bits of the inputs
    `register`, `lane` (5 bits) and `warp` (log2(getNumWarps()) bits) to the
    outputs `dim0`, ..., `dimN-1` of the shape's sizes, XOR-combined. Every
    other property (elements per thread, vector widths, replication, how to
    convert to another layout) is derived from that map by the layout
    algebra, so that a new layout (mma accumulators, dot operands) needs no
    change to the verifiers, the passes or the lowering patterns.
  }];
  let methods = [
    InterfaceMethod<"Rank of the tensors this layout applies to.",
      "unsigned", "getRank">,
    InterfaceMethod<"Number of warps the layout spreads a tensor over.",
      "unsigned", "getNumWarps">,
    InterfaceMethod<[{
        The linear layout of a tensor of `shape` (of this layout's rank,
        power-of-two sizes): inputs `register`, `lane`, `warp`; outputs
        `dim0`, ..., `dimN-1` with the shape's sizes. Every element is held
        by some thread.
      }], "::mlir::block::LinearLayout", "toLinearLayout",
      (ins "::llvm::ArrayRef<int64_t>":$shape)>,
  ];
  let extraSharedClassDeclaration = [{
    /// Number of registers each thread holds for a tensor of `shape`.
    unsigned getTotalElemsPerThread(::llvm::ArrayRef<int64_t> shape) {
      return $_attr.toLinearLayout(shape).getInDimSize("register");
    }
  }];
}

#endif // BLOCK_DIALECT_BLOCK_IR_BLOCKLAYOUTINTERFACE_TD
