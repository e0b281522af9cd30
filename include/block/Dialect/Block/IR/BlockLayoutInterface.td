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

    Every distributed layout is linear over the bits of `reg`, `lane` and
    `warp`: for a tensor of a given shape it gives one *basis* (an index
    vector) per bit of the register number, of the lane id (5 bits) and of
    the warp id (log2(getNumWarps()) bits). Register `reg` of lane `lane` of
    warp `warp` holds the element whose index is, dimension by dimension,
    the XOR of the bases of all set bits of `reg`, `lane` and `warp`, wrapped
    modulo the (power-of-two) shape. A basis that wraps to zero replicates
    the tensor over that bit. The lowering to GPU code reads layouts only
    through these bases, so a new layout (mma accumulators, dot operands)
    needs no change to the lowering patterns.
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
    InterfaceMethod<[{
        Bases of the register number for a tensor of `shape`: one index
        vector per bit of the register number, log2(getTotalElemsPerThread)
        of them, unwrapped (a component may exceed the shape). Consecutive
        registers should hold consecutive elements of the fastest dimension,
        so that memory accesses vectorise.
      }], "::llvm::SmallVector<::llvm::SmallVector<int64_t>>",
      "getRegisterBases", (ins "::llvm::ArrayRef<int64_t>":$shape)>,
    InterfaceMethod<[{
        Bases of the lane id (5 index vectors, one per bit) for a tensor of
        `shape`, unwrapped.
      }], "::llvm::SmallVector<::llvm::SmallVector<int64_t>>",
      "getLaneBases", (ins "::llvm::ArrayRef<int64_t>":$shape)>,
    InterfaceMethod<[{
        Bases of the warp id (log2(getNumWarps()) index vectors, one per bit)
        for a tensor of `shape`, unwrapped.
      }], "::llvm::SmallVector<::llvm::SmallVector<int64_t>>",
      "getWarpBases", (ins "::llvm::ArrayRef<int64_t>":$shape)>,
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
