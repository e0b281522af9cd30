//===- BlockAttrs.td - Layout attributes of the block dialect -*- tablegen -*-===//
//
// Layouts say how the elements of a tensor are spread over the threads of a
// program instance. They are encodings on tensor types and every lowering
// pattern reads them through Block_DistributedLayoutInterface only, so that
// new layouts (mma accumulators, dot operands, shared memory) plug in without
// touching the patterns.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_DIALECT_BLOCK_IR_BLOCKATTRS_TD
#define BLOCK_DIALECT_BLOCK_IR_BLOCKATTRS_TD

include "block/Dialect/Block/IR/BlockDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "block/Dialect/Block/IR/BlockLayoutInterface.td"
include "mlir/IR/TensorEncoding.td"

class Block_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Block_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Block_BlockedLayoutAttr : Block_Attr<"BlockedLayout", "blocked",
    [DeclareAttrInterfaceMethods<Block_DistributedLayoutInterface>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "tensor spread over threads in contiguous tiles";
  let description = [{
    Each thread holds `sizePerThread` contiguous elements per dimension; a warp
    arranges its 32 lanes as `threadsPerWarp`; the warps of a program instance
    are arranged as `warpsPerCTA`; `order` lists the dimensions from fastest to
    slowest varying. A tensor larger than the tile repeats the tile in each
    thread's registers; a smaller one is replicated over threads.

    ```mlir
    #block.blocked<sizePerThread = [4], threadsPerWarp = [32],
                   warpsPerCTA = [4], order = [0]>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"unsigned">:$sizePerThread,
    ArrayRefParameter<"unsigned">:$threadsPerWarp,
    ArrayRefParameter<"unsigned">:$warpsPerCTA,
    ArrayRefParameter<"unsigned">:$order);
  let assemblyFormat = [{
    `<` `sizePerThread` `=` `[` $sizePerThread `]` `,`
        `threadsPerWarp` `=` `[` $threadsPerWarp `]` `,`
        `warpsPerCTA` `=` `[` $warpsPerCTA `]` `,`
        `order` `=` `[` $order `]` `>`
  }];
  let extraClassDeclaration = [{
    /// The layout of `block.trans` with `order` of a tensor with this
    /// layout: result dimension i is dimension order[i].
    BlockedLayoutAttr permute(::llvm::ArrayRef<int32_t> order) const;
  }];
  let genVerifyDecl = 1;
}

def Block_SliceLayoutAttr : Block_Attr<"SliceLayout", "slice",
    [DeclareAttrInterfaceMethods<Block_DistributedLayoutInterface>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "a parent layout with one dimension removed";
  let description = [{
    The layout of a tensor obtained by reducing dimension `dim` of a tensor
    with layout `parent` (and of the operand of `block.expand_dims`): element
    `i` lives where the parent's elements with `i` inserted at `dim` live.

    ```mlir
    #block.slice<dim = 1, parent = #block.blocked<...>>
    ```
  }];
  let parameters = (ins "unsigned":$dim, "DistributedLayoutAttr":$parent);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def Block_LinearLayoutAttr : Block_Attr<"LinearLayout", "linear",
    [DeclareAttrInterfaceMethods<Block_DistributedLayoutInterface>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "any distributed layout, as the bases of a linear layout";
  let description = [{
    A distributed layout written as its linear layout: one basis (a tensor
    index) per bit of the register number, of the lane id (exactly 5) and of
    the warp id. Register `r` of lane `l` of warp `w` holds the element whose
    index is the XOR of the bases of the set bits of `r`, `l` and `w`, each
    component wrapped modulo the tensor's (power-of-two) size. Every other
    distributed layout can be written this way (the layout algebra converts
    it); a tensor with this layout must have every element held by some
    thread.

    ```mlir
    // 4 x 64: each thread two consecutive columns, lanes along the columns,
    // two warps along the rows, two rows per thread.
    #block.linear<register = [[0, 1], [2, 0]],
                  lane = [[0, 2], [0, 4], [0, 8], [0, 16], [0, 32]],
                  warp = [[1, 0]]>
    ```
  }];
  let parameters = (ins
    "unsigned":$numDims,
    ArrayRefParameter<"int64_t", "register bases, flattened">:$registerBases,
    ArrayRefParameter<"int64_t", "lane bases, flattened">:$laneBases,
    ArrayRefParameter<"int64_t", "warp bases, flattened">:$warpBases);
  let builders = [
    AttrBuilder<(ins "const ::mlir::block::LinearLayout &":$layout)>
  ];
  let extraClassDeclaration = [{
    /// The bases of `inDim` ("register", "lane" or "warp") as index vectors.
    ::llvm::SmallVector<::llvm::SmallVector<int64_t>>
    getBases(::llvm::StringRef inDim) const;
  }];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Block_MmaLayoutAttr : Block_Attr<"MmaLayout", "mma",
    [DeclareAttrInterfaceMethods<Block_DistributedLayoutInterface>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "the accumulator of tensor-core products";
  let description = [{
    The layout of an M x N accumulator (and result) of the tensor-core
    products of a program instance, in the registers the instructions give
    it (the PTX ISA's fragment tables):

    - `version = 2`: `mma.sync` (sm_80 and later). `instrShape = [16, 8, k]`
      with k = 8, 16, 32 or 64 (tf32, 16-bit, 8-bit, 4-bit operands). Each
      warp holds m16n8 tiles; the warps `warpsPerCTA = [wm, wn]` are placed
      row-major (warp id = m-index * wn + n-index), so that the program's
      tile is 16*wm x 8*wn.
    - `version = 3`: `wgmma.mma_async` (sm_90a). `instrShape = [64, n, k]`
      with n a power of two from 8 to 256 and k = 8, 16 or 32 (tf32, 16-bit,
      8-bit). Each warpgroup (four consecutive warps; wm is a multiple of 4)
      holds an m64nN tile; warpgroups are placed along M first, so that the
      program's tile is 16*wm x n*wn.

    A larger tensor repeats the program's tile in each thread's registers,
    along N first, then along M; a smaller one is replicated. The layout is
    built by `getMmaLayout` (block/Layout/TensorLayouts.h).

    ```mlir
    #mma = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 16]>
    #mma3 = #block.mma<version = 3, warpsPerCTA = [4, 2], instrShape = [64, 128, 16]>
    ```
  }];
  let parameters = (ins
    "unsigned":$version,
    ArrayRefParameter<"unsigned">:$warpsPerCTA,
    ArrayRefParameter<"unsigned">:$instrShape);
  let assemblyFormat = [{
    `<` `version` `=` $version `,`
        `warpsPerCTA` `=` `[` $warpsPerCTA `]` `,`
        `instrShape` `=` `[` $instrShape `]` `>`
  }];
  let extraClassDeclaration = [{
    bool isMmaSync() const { return getVersion() == 2; }
    bool isWgmma() const { return getVersion() == 3; }
  }];
  let genVerifyDecl = 1;
}

// Printed whole (#block.mma<...> or its alias), never stripped.
def Block_MmaParentParameter
    : AttrParameter<"MmaLayoutAttr", "the #block.mma of the accumulator"> {
  let printer = "$_printer.printAttribute($_self)";
}

def Block_DotOperandLayoutAttr : Block_Attr<"DotOperandLayout", "dot_operand",
    [DeclareAttrInterfaceMethods<Block_DistributedLayoutInterface>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "an operand of tensor-core products, in registers";
  let description = [{
    The layout of operand `opIdx` (0: A, M x K; 1: B, K x N) of the products
    whose accumulator has the layout `parent`, in the registers the
    instruction reads: `kWidth` consecutive elements along k per 32-bit
    register (1 for tf32, 2 for 16-bit, 4 for 8-bit, 8 for 4-bit types), so
    that one instruction consumes k = 8 * kWidth, which must be the
    parent's `instrShape[2]`. Each warp (warpgroup) holds the fragments of
    its rows of A (columns of B) at the positions its accumulator tiles
    have; the warps that share them hold copies. A larger tensor repeats the
    tile in registers along k first. wgmma (`parent` of version 3) reads B
    from shared memory only, so only `opIdx = 0` exists for it.

    With kWidth = 2 and every warp along M (wn = 1), the accumulator of one
    product holds, register for register, the A operand of the next: the
    conversion moves no data (see the layout algebra's register relabel).

    ```mlir
    #dot_op = #block.dot_operand<opIdx = 0, parent = #block.mma<version = 2, warpsPerCTA = [4, 1], instrShape = [16, 8, 16]>, kWidth = 2>
    ```
  }];
  let parameters = (ins "unsigned":$opIdx, Block_MmaParentParameter:$parent,
                        "unsigned":$kWidth);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

#endif // BLOCK_DIALECT_BLOCK_IR_BLOCKATTRS_TD
