//===- BlockGPUAttrs.td - Shared-memory layouts ------------*- tablegen -*-===//

#ifndef BLOCK_DIALECT_BLOCKGPU_IR_BLOCKGPUATTRS_TD
#define BLOCK_DIALECT_BLOCKGPU_IR_BLOCKGPUATTRS_TD

include "block/Dialect/BlockGPU/IR/BlockGPUDialect.td"
include "block/Dialect/BlockGPU/IR/SharedLayoutInterface.td"
include "mlir/IR/AttrTypeBase.td"

class BlockGPU_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<BlockGPU_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def BlockGPU_SwizzledLayoutAttr : BlockGPU_Attr<"SwizzledLayout", "swizzled",
    [DeclareAttrInterfaceMethods<BlockGPU_SharedLayoutInterface>]> {
  let summary = "tiles whose column groups are XOR-swizzled by row";
  let description = [{
    Row `r` of a tile keeps its columns in groups of `vec` elements and
    stores group `g` at position `g ^ ((r / perPhase) % maxPhase)`, so that
    reading a column (or ldmatrix's 8 rows) touches different banks. Rows
    are the last dimension's when `transposed` is false (the second to last
    otherwise). `vec = 1, maxPhase = 1` is the plain row-major layout.

    ```mlir
    #blockgpu.swizzled<vec = 8, perPhase = 1, maxPhase = 8>
    ```
  }];
  let parameters = (ins "unsigned":$vec, "unsigned":$perPhase,
                        "unsigned":$maxPhase,
                        DefaultValuedParameter<"bool", "false">:$transposed);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def BlockGPU_NVMMALayoutAttr : BlockGPU_Attr<"NVMMALayout", "nvmma",
    [DeclareAttrInterfaceMethods<BlockGPU_SharedLayoutInterface>]> {
  let summary = "the swizzle of wgmma operands and TMA boxes";
  let description = [{
    The layout wgmma shared-memory descriptors and TMA copies require: a
    tile is cut into slabs `swizzle` bytes wide (0: no swizzle, the whole
    row), each stored row after row, and byte-offset bits 4.. are XORed with
    bits 7.. (the 32, 64 and 128-byte swizzle modes). Buffers are aligned to
    1024 bytes, the swizzle's period. `transposed` makes the second to last
    dimension the contiguous one (an MN-major operand).

    ```mlir
    #blockgpu.nvmma<swizzle = 128>
    ```
  }];
  let parameters = (ins "unsigned":$swizzle,
                        DefaultValuedParameter<"bool", "false">:$transposed);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def BlockGPU_LinearSharedLayoutAttr : BlockGPU_Attr<"LinearSharedLayout",
    "linear", [DeclareAttrInterfaceMethods<BlockGPU_SharedLayoutInterface>]> {
  let summary = "any shared layout, as the bases of a linear layout";
  let description = [{
    A shared layout written as its linear layout: one basis (a tensor index)
    per bit of the element offset. The element at offset `o` from the
    buffer's start has the index that is the XOR of the bases of the set
    bits of `o`. The bases cover the whole buffer, whose shape must have as
    many elements as the offsets reach, each exactly once. The compiler
    uses it for layouts the other attributes do not name, such as a
    conversion's buffer swizzled for the bits its reading lanes vary.

    ```mlir
    // 4 x 8 row-major, odd rows with their two halves swapped.
    #blockgpu.linear<offset = [[0, 1], [0, 2], [0, 4], [1, 4], [2, 0]]>
    ```
  }];
  let parameters = (ins
    "unsigned":$numDims,
    ArrayRefParameter<"int64_t", "offset bases, flattened">:$offsetBases);
  let builders = [
    AttrBuilder<(ins "const ::mlir::block::LinearLayout &":$layout)>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // BLOCK_DIALECT_BLOCKGPU_IR_BLOCKGPUATTRS_TD
