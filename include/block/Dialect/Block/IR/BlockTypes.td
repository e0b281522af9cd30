//===- BlockTypes.td - Types of the block dialect ----------*- tablegen -*-===//

#ifndef BLOCK_DIALECT_BLOCK_IR_BLOCKTYPES_TD
#define BLOCK_DIALECT_BLOCK_IR_BLOCKTYPES_TD

include "block/Dialect/Block/IR/BlockDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class Block_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Block_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Block_PointerType : Block_Type<"Pointer", "ptr"> {
  let summary = "pointer to an element in global memory";
  let description = [{
    `!block.ptr<T>` points to a value of type `T` in global memory. Address
    arithmetic (`block.addptr`) counts in elements of `T`. A tensor of
    pointers addresses a block of memory.

    ```mlir
    !block.ptr<f32>
    tensor<128x!block.ptr<f16>>
    ```
  }];
  let parameters = (ins "::mlir::Type":$pointeeType);
  let assemblyFormat = "`<` $pointeeType `>`";
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$pointeeType), [{
      return $_get(pointeeType.getContext(), pointeeType);
    }]>
  ];
  let genVerifyDecl = 1;
}

def Block_TensorDescType : Block_Type<"TensorDesc", "tensordesc"> {
  let summary = "a tiled view of a tensor in global memory";
  let description = [{
    `!block.tensordesc<tensor<S x T>>` describes a tensor in global memory (a
    base pointer, its sizes and strides, made by `block.make_tensor_desc`)
    that is read and written in tiles of shape `S`: `block.desc_load` and
    `block.desc_store` move the tile at given coordinates. Elements outside
    the tensor read zero and are not written. It is the form of a tile that
    the Hopper copy engine (TMA) moves; elsewhere it stands for masked
    pointer operations.

    The tile has rank 1 to 5 (TMA's limit), power-of-two dimensions, at most
    2^20 elements, no layout, and an element type a pointer can point to
    (i1 excepted: TMA moves whole bytes).

    ```mlir
    !block.tensordesc<tensor<128x64xbf16>>
    ```
  }];
  let parameters = (ins "::mlir::RankedTensorType":$blockType);
  let assemblyFormat = "`<` $blockType `>`";
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::RankedTensorType":$blockType), [{
      return $_get(blockType.getContext(), blockType);
    }]>
  ];
  let extraClassDeclaration = [{
    int64_t getRank() const { return getBlockType().getRank(); }
    ::mlir::Type getElementType() const {
      return getBlockType().getElementType();
    }
  }];
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def Block_Ptr : DialectType<Block_Dialect,
    CPred<"::llvm::isa<::mlir::block::PointerType>($_self)">, "block pointer",
    "::mlir::block::PointerType">;

def Block_TensorDesc : DialectType<Block_Dialect,
    CPred<"::llvm::isa<::mlir::block::TensorDescType>($_self)">,
    "block tensor descriptor", "::mlir::block::TensorDescType">;

def Block_Float : AnyTypeOf<[F16, BF16, F32, F64, F8E4M3FN, F8E5M2],
                             "floating-point">;
def Block_Int : AnyTypeOf<[I1, I8, I16, I32, I64], "integer">;
def Block_Scalar : AnyTypeOf<[Block_Float, Block_Int, Block_Ptr], "scalar">;

class Block_TensorOf<list<Type> types> : RankedTensorOf<types, [HasStaticShapePred]>;

def Block_FloatTensor : Block_TensorOf<[Block_Float]>;
def Block_IntTensor : Block_TensorOf<[Block_Int]>;
def Block_PtrTensor : Block_TensorOf<[Block_Ptr]>;
def Block_BoolTensor : Block_TensorOf<[I1]>;
def Block_Tensor : Block_TensorOf<[Block_Float, Block_Int, Block_Ptr]>;

def Block_FloatLike : AnyTypeOf<[Block_Float, Block_FloatTensor]>;
def Block_IntLike : AnyTypeOf<[Block_Int, Block_IntTensor]>;
def Block_I32Like : AnyTypeOf<[I32, Block_TensorOf<[I32]>]>;
def Block_I64Like : AnyTypeOf<[I64, Block_TensorOf<[I64]>]>;
def Block_BoolLike : AnyTypeOf<[I1, Block_BoolTensor]>;
def Block_PtrLike : AnyTypeOf<[Block_Ptr, Block_PtrTensor]>;
def Block_Any : AnyTypeOf<[Block_Scalar, Block_Tensor]>;

#endif // BLOCK_DIALECT_BLOCK_IR_BLOCKTYPES_TD
