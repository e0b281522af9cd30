//===- BlockGPUTypes.td - Memory descriptors ---------------*- tablegen -*-===//

#ifndef BLOCK_DIALECT_BLOCKGPU_IR_BLOCKGPUTYPES_TD
#define BLOCK_DIALECT_BLOCKGPU_IR_BLOCKGPUTYPES_TD

include "block/Dialect/BlockGPU/IR/BlockGPUAttrs.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class BlockGPU_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<BlockGPU_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def BlockGPU_MemDescType : BlockGPU_Type<"MemDesc", "memdesc",
    [DeclareTypeInterfaceMethods<ShapedTypeInterface, ["cloneWith"]>]> {
  let summary = "a buffer in shared memory";
  let description = [{
    A buffer of a static power-of-two shape in the shared memory of a
    program instance, with a shared layout. Only a `mutable` buffer may be
    written; a buffer made from a tensor (`local_alloc %t`) is read-only.
    The first dimension of a buffer of rank 3 or more may be of any size: a
    stack of that many buffers of the other dimensions (the stages of a
    ring, which `memdesc_index` picks), each laid out as the layout says.

    ```mlir
    !blockgpu.memdesc<3x128x64xbf16, #blockgpu.nvmma<swizzle = 128>, mutable>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "SharedLayoutAttr":$layout,
                        "bool":$mutableMemory);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getElementBits() const;
    /// Bytes the buffer occupies.
    int64_t getSizeInBytes() const;
    /// The linear layout from element offset to index (of a buffer whose
    /// dimensions are all powers of two).
    ::mlir::block::LinearLayout toLinearLayout() const;
  }];
}

def BlockGPU_AsyncToken : BlockGPU_Type<"AsyncToken", "async_token"> {
  let summary = "an asynchronous copy or commit group in flight";
  let description = [{
    Orders asynchronous copies, their commit groups and the waits for them.
  }];
}

#endif // BLOCK_DIALECT_BLOCKGPU_IR_BLOCKGPUTYPES_TD
