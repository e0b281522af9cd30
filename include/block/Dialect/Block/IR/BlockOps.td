//===- BlockOps.td - Operations of the block dialect -------*- tablegen -*-===//

#ifndef BLOCK_DIALECT_BLOCK_IR_BLOCKOPS_TD
#define BLOCK_DIALECT_BLOCK_IR_BLOCKOPS_TD

include "block/Dialect/Block/IR/BlockDialect.td"
include "block/Dialect/Block/IR/BlockTypes.td"
include "block/Dialect/Block/IR/BlockEnums.td"
include "block/Dialect/Block/IR/BlockAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/IR/OpAsmInterface.td"

// Every tensor an op touches has power-of-two dimensions and at most 2^20
// elements: the layouts and the lowering rely on it.
def Block_TensorSizeRule : NativeOpTrait<"TensorSizeRule"> {
  let cppNamespace = "::mlir::block::OpTrait";
}

class Block_Op<string mnemonic, list<Trait> traits = []>
    : Op<Block_Dialect, mnemonic, !listconcat(traits, [Block_TensorSizeRule])>;

// `$_self` of a pointer (tensor) type -> the pointee (tensor) type.
defvar PointeeOf = "::mlir::block::getPointeeType($_self)";
// `$_self` of a pointer (tensor) type -> i64 of the same shape and layout.
defvar AddressOf = "::mlir::block::getI64TypeLike($_self)";

//===----------------------------------------------------------------------===//
// Program instance
//===----------------------------------------------------------------------===//

def Block_ProgramIdOp : Block_Op<"program_id", [Pure]> {
  let summary = "coordinate of this program instance in the grid";
  let description = [{
    ```mlir
    %pid = block.program_id x
    ```
  }];
  let arguments = (ins Block_ProgramDim:$dim);
  let results = (outs I32:$result);
  let assemblyFormat = "$dim attr-dict";
}

def Block_NumProgramsOp : Block_Op<"num_programs", [Pure]> {
  let summary = "number of program instances along a grid dimension";
  let description = [{
    ```mlir
    %n = block.num_programs y
    ```
  }];
  let arguments = (ins Block_ProgramDim:$dim);
  let results = (outs I32:$result);
  let assemblyFormat = "$dim attr-dict";
}

//===----------------------------------------------------------------------===//
// Creation and shape operations
//===----------------------------------------------------------------------===//

def Block_ArangeOp : Block_Op<"arange", [Pure]> {
  let summary = "tensor of consecutive integers";
  let description = [{
    `block.arange start, end` is the 1-D tensor `[start, start + 1, ..., end - 1]`;
    `0 <= start < end` and `end - start` must be a power of two.

    `block.arange %base + start, end` adds a scalar to every element (the
    `program_id * size + arange` of a program's slice, in one line). That
    form is only syntax: canonicalisation rewrites it to a `block.splat` of
    the base and an `arith.addi`.

    ```mlir
    %r = block.arange 0, 128 : tensor<128xi32>
    %s = block.arange %first + 0, 128 : tensor<128xi32>
    ```
  }];
  let arguments = (ins Optional<I32>:$base, I32Attr:$start, I32Attr:$end);
  let results = (outs Block_TensorOf<[I32]>:$result);
  let assemblyFormat = [{
    ($base^ `+`)? $start `,` $end attr-dict `:` type($result)
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Type":$result, "int32_t":$start, "int32_t":$end)>
  ];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Block_SplatOp : Block_Op<"splat", [Pure,
    TypesMatchWith<"result element type is the operand type", "result", "src",
                   "::llvm::cast<::mlir::RankedTensorType>($_self).getElementType()">]> {
  let summary = "tensor with every element equal to a scalar";
  let description = [{
    ```mlir
    %t = block.splat %x : tensor<128xf32>
    ```
  }];
  let arguments = (ins Block_Scalar:$src);
  let results = (outs Block_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($result)";
  let hasFolder = 1;
}

def Block_BroadcastOp : Block_Op<"broadcast", [Pure, SameOperandsAndResultElementType]> {
  let summary = "broadcast size-1 dimensions";
  let description = [{
    Repeats the operand along each dimension where it has size 1; other
    dimensions must match.

    An operand of lower rank names, in `dims`, the result dimension each of
    its dimensions is (in increasing order); it repeats along the others, as
    in NumPy with the dimensions spelled out. That form is only syntax:
    canonicalisation rewrites it to `block.expand_dims` for each new
    dimension and a broadcast of one rank, and it takes no layouts.

    ```mlir
    %b = block.broadcast %x : tensor<1x128xf32> -> tensor<64x128xf32>
    %c = block.broadcast %y dims [1] : tensor<128xf32> -> tensor<64x128xf32>
    ```
  }];
  let arguments = (ins Block_Tensor:$src, OptionalAttr<DenseI32ArrayAttr>:$dims);
  let results = (outs Block_Tensor:$result);
  let assemblyFormat = [{
    $src (`dims` $dims^)? attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Block_ExpandDimsOp : Block_Op<"expand_dims", [Pure, SameOperandsAndResultElementType]> {
  let summary = "insert a dimension of size 1";
  let description = [{
    ```mlir
    %e = block.expand_dims %x, 1 : tensor<128xf32> -> tensor<128x1xf32>
    ```
  }];
  let arguments = (ins Block_Tensor:$src, I32Attr:$axis);
  let results = (outs Block_Tensor:$result);
  let assemblyFormat = "$src `,` $axis attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Block_ReshapeOp : Block_Op<"reshape", [Pure, SameOperandsAndResultElementType]> {
  let summary = "reinterpret a tensor with another shape, row-major";
  let description = [{
    ```mlir
    %r = block.reshape %x : tensor<128xf32> -> tensor<8x16xf32>
    ```
  }];
  let arguments = (ins Block_Tensor:$src);
  let results = (outs Block_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Block_TransOp : Block_Op<"trans", [Pure, SameOperandsAndResultElementType]> {
  let summary = "permute the dimensions of a tensor";
  let description = [{
    Result dimension `i` is operand dimension `order[i]`.

    Canonicalisation makes the transposition of a load (its only use) a
    load of the transposed pointers, so that the tile is read, and staged
    for a product, along the dimension its addresses are contiguous in.

    ```mlir
    %t = block.trans %x [1, 0] : tensor<32x64xf32> -> tensor<64x32xf32>
    ```
  }];
  let arguments = (ins Block_Tensor:$src, DenseI32ArrayAttr:$order);
  let results = (outs Block_Tensor:$result);
  let assemblyFormat = "$src $order attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Block_ConvertLayoutOp : Block_Op<"convert_layout", [Pure,
    SameOperandsAndResultShape, SameOperandsAndResultElementType]> {
  let summary = "move a tensor to another layout";
  let description = [{
    Changes only how the elements are spread over threads; the values are
    unchanged. Lowered through shared memory.

    ```mlir
    %y = block.convert_layout %x : tensor<128xf32, #a> -> tensor<128xf32, #b>
    ```
  }];
  let arguments = (ins Block_Tensor:$src);
  let results = (outs Block_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
}

def Block_JoinOp : Block_Op<"join", [Pure, SameTypeOperands,
    SameOperandsAndResultElementType]> {
  let summary = "pair two tensors along a new innermost dimension of size 2";
  let description = [{
    `result[i..., 0] = lhs[i...]` and `result[i..., 1] = rhs[i...]`: the
    result has the operands' shape with a dimension of 2 appended.

    With layouts, each pair lives in the registers of one thread (the new
    dimension is held by registers only) and the operands' layout is the
    result's without the new dimension, so that joining moves no data;
    block-assign-layouts chooses such layouts.

    ```mlir
    %p = block.join %re, %im : tensor<64xf32> -> tensor<64x2xf32>
    ```
  }];
  let arguments = (ins Block_Tensor:$lhs, Block_Tensor:$rhs);
  let results = (outs Block_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

def Block_SplitOp : Block_Op<"split", [Pure, AllTypesMatch<["lhs", "rhs"]>,
    SameOperandsAndResultElementType]> {
  let summary = "unpair a tensor along its innermost dimension of size 2";
  let description = [{
    The inverse of `block.join`: `lhs[i...] = src[i..., 0]` and
    `rhs[i...] = src[i..., 1]`. The operand's innermost dimension is 2 and
    it has rank 2 or more. Layouts follow the rules of `block.join`.

    ```mlir
    %re, %im = block.split %p : tensor<64x2xf32> -> tensor<64xf32>
    ```
  }];
  let arguments = (ins Block_Tensor:$src);
  let results = (outs Block_Tensor:$lhs, Block_Tensor:$rhs);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($lhs)";
  let hasVerifier = 1;
}

def Block_InterleaveOp : Block_Op<"interleave", [Pure, SameTypeOperands,
    SameOperandsAndResultElementType]> {
  let summary = "alternate the elements of two tensors along the last dimension";
  let description = [{
    `result[..., 2j] = lhs[..., j]` and `result[..., 2j + 1] = rhs[..., j]`.
    Only syntax: canonicalisation rewrites it to `block.join` and a
    `block.reshape`; it takes no layouts.

    ```mlir
    %c = block.interleave %a, %b : tensor<64xf32> -> tensor<128xf32>
    ```
  }];
  let arguments = (ins Block_Tensor:$lhs, Block_Tensor:$rhs);
  let results = (outs Block_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Pointers and memory
//===----------------------------------------------------------------------===//

def Block_AddPtrOp : Block_Op<"addptr", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "advance pointers by element offsets";
  let description = [{
    `result[i] = ptr[i] + offset[i] * sizeof(T)`. Pointer and offset are both
    scalars or tensors of one shape; or the pointer is a scalar and the
    offsets a tensor, which gives a tensor of pointers of their shape (only
    syntax: canonicalisation splats the pointer first).

    ```mlir
    %p = block.addptr %base, %offs : tensor<128x!block.ptr<f32>>, tensor<128xi32>
    %q = block.addptr %ptr, %offs : !block.ptr<f32>, tensor<128xi32>
    ```
  }];
  let arguments = (ins Block_PtrLike:$ptr, Block_IntLike:$offset);
  let results = (outs Block_PtrLike:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` type($ptr) `,` type($offset)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Block_LoadOp : Block_Op<"load", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "masked load from global memory";
  let description = [{
    Loads `*ptr[i]` for each lane where `mask[i]` is true; a masked-off lane
    reads `other[i]`, or an undefined value when `other` is absent. Masked-off
    lanes never touch memory. The result has the pointee type; `mask` is i1
    and `other` the result type, of the pointers' shape.

    A scalar pointer with a tensor of element offsets, `%base[%offsets]`,
    loads from `base + offsets[i]`: only syntax for the pointers of
    `block.addptr %base, %offsets`, which canonicalisation makes of it.

    ```mlir
    %v = block.load %ptrs mask %m other %zero cache = cg evict = evict_first
        : tensor<128x!block.ptr<f32>>
    %w = block.load %base[%offs] mask %m : !block.ptr<f32>, tensor<128xi32>
    ```
  }];
  let arguments = (ins Block_PtrLike:$ptr, Optional<Block_IntTensor>:$offsets,
                   Optional<Block_BoolLike>:$mask, Optional<Block_Any>:$other,
                   OptionalAttr<Block_CacheModifier>:$cache,
                   OptionalAttr<Block_EvictionPolicy>:$evict,
                   UnitAttr:$isVolatile);
  let results = (outs Block_Any:$result);
  let assemblyFormat = [{
    custom<MaskedAddress>($ptr, $offsets, $mask, $other)
    (`cache` `=` $cache^)? (`evict` `=` $evict^)? (`volatile` $isVolatile^)?
    attr-dict `:` custom<AccessTypes>(ref($offsets), ref($mask), ref($other),
        type($ptr), type($offsets), type($result), type($mask), type($other))
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$ptr, CArg<"::mlir::Value", "{}">:$mask,
                   CArg<"::mlir::Value", "{}">:$other)>
  ];
  let extraClassDeclaration = [{
    /// The type of the pointers loaded from: the pointer operand's, or a
    /// tensor of pointers of the offsets' shape.
    ::mlir::Type getAddressType();
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Block_StoreOp : Block_Op<"store", [AttrSizedOperandSegments,
    MemoryEffects<[MemWrite]>]> {
  let summary = "masked store to global memory";
  let description = [{
    Stores `value[i]` to `*ptr[i]` for each lane where `mask[i]` is true;
    `value` has the pointee type and `mask` is i1, of the pointers' shape.
    `%base[%offsets]` is the short form of `block.load`'s.

    ```mlir
    block.store %ptrs, %v mask %m : tensor<128x!block.ptr<f32>>
    block.store %base[%offs], %v mask %m : !block.ptr<f32>, tensor<128xi32>
    ```
  }];
  let arguments = (ins Block_PtrLike:$ptr, Optional<Block_IntTensor>:$offsets,
                   Block_Any:$value, Optional<Block_BoolLike>:$mask,
                   OptionalAttr<Block_CacheModifier>:$cache,
                   OptionalAttr<Block_EvictionPolicy>:$evict);
  let assemblyFormat = [{
    custom<Address>($ptr, $offsets) `,` custom<MaskedOperand>($value, $mask)
    (`cache` `=` $cache^)? (`evict` `=` $evict^)? attr-dict `:`
    custom<AccessTypes>(ref($offsets), ref($mask), type($ptr),
        type($offsets), type($value), type($mask))
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$ptr, "::mlir::Value":$value,
                   CArg<"::mlir::Value", "{}">:$mask)>
  ];
  let extraClassDeclaration = [{
    /// See LoadOp::getAddressType.
    ::mlir::Type getAddressType();
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Block_MakeTensorDescOp : Block_Op<"make_tensor_desc", [Pure,
    AttrSizedOperandSegments,
    TypesMatchWith<"base points to the tile's element type", "result", "base",
                   "::mlir::block::PointerType::get(::llvm::cast<"
                   "::mlir::block::TensorDescType>($_self).getElementType())">]> {
  let summary = "describe a tensor in global memory, to move it in tiles";
  let description = [{
    Describes the tensor of the given sizes and strides (in elements, one of
    each per dimension, outermost first) that starts at `base`: element
    `(i0, ..., in)` is at `base + i0 * stride0 + ... + in * striden`. The
    innermost stride must be 1 (the verifier checks a constant, a run checks
    a value); sizes and strides are not negative. Sizes and strides are all
    i32, or all i64 (written after the pointer type). A stride may be
    written as an integer (`static_strides` holds it; a value there is
    `ShapedType::kDynamic`), as the innermost one usually is.

    ```mlir
    %d = block.make_tensor_desc %a, [%m, %k], [%k, 1]
        : !block.ptr<bf16> -> !block.tensordesc<tensor<128x64xbf16>>
    %e = block.make_tensor_desc %a, [%m64, %k64], [%k64, %one64]
        : !block.ptr<bf16>, i64 -> !block.tensordesc<tensor<128x64xbf16>>
    ```
  }];
  let arguments = (ins Block_Ptr:$base, Variadic<AnyTypeOf<[I32, I64]>>:$shape,
                   Variadic<AnyTypeOf<[I32, I64]>>:$strides,
                   DenseI64ArrayAttr:$static_strides);
  let results = (outs Block_TensorDesc:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` qualified(type($base)) ``
    custom<DescIndexType>(ref($shape), ref($strides), type($shape),
                          type($strides))
    `->` qualified(type($result))
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$base,
                   "::mlir::ValueRange":$shape, "::mlir::ValueRange":$strides)>
  ];
  let extraClassDeclaration = [{
    ::mlir::block::TensorDescType getType() {
      return ::llvm::cast<::mlir::block::TensorDescType>(getResult().getType());
    }
    /// Stride `dim`: its value, or null where it is written as an integer.
    ::mlir::Value getDynamicStride(unsigned dim);
    /// Whether stride `dim` is 1, written so or a constant.
    bool hasUnitStride(unsigned dim);
  }];
  let hasVerifier = 1;
}

def Block_DescLoadOp : Block_Op<"desc_load", [MemoryEffects<[MemRead]>]> {
  let summary = "load the tile of a tensor descriptor at coordinates";
  let description = [{
    Loads the tile whose first element is at `indices` (i32, one per
    dimension; they may be negative or past the end): element `j` of the
    result is element `indices + j` of the described tensor, or zero where
    that lies outside the tensor's sizes. The result may carry a layout; its
    element type is the tile's, and its shape the tile's or the tile's
    without some of its leading 1s (a 1 x M x K tile of a batch of matrices
    read as the M x K matrix; canonicalisation folds a block.reshape that
    leaves them out into the load).

    ```mlir
    %t = block.desc_load %d[%row, %k0]
        : !block.tensordesc<tensor<128x64xbf16>> -> tensor<128x64xbf16>
    %a = block.desc_load %batched[%b, %row, %k0]
        : !block.tensordesc<tensor<1x128x64xbf16>> -> tensor<128x64xbf16>
    ```
  }];
  let arguments = (ins Block_TensorDesc:$desc, Variadic<I32>:$indices);
  let results = (outs Block_Tensor:$result);
  let assemblyFormat = [{
    $desc `[` $indices `]` attr-dict `:` qualified(type($desc)) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def Block_DescStoreOp : Block_Op<"desc_store", [MemoryEffects<[MemWrite]>]> {
  let summary = "store the tile of a tensor descriptor at coordinates";
  let description = [{
    Stores `value` as the tile whose first element is at `indices`: element
    `j` goes to element `indices + j` of the described tensor, and nowhere
    where that lies outside the tensor's sizes. As for block.desc_load, the
    value may leave out leading 1s of the tile's shape.

    ```mlir
    block.desc_store %d[%row, %col], %tile
        : !block.tensordesc<tensor<128x128xbf16>>, tensor<128x128xbf16>
    ```
  }];
  let arguments = (ins Block_TensorDesc:$desc, Variadic<I32>:$indices,
                   Block_Tensor:$value);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $value attr-dict `:` qualified(type($desc)) `,`
    type($value)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Block_AtomicRMWOp : Block_Op<"atomic_rmw", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "atomic read-modify-write; returns the old values";
  let description = [{
    For each lane where `mask[i]` is true, atomically replaces `*ptr[i]` by
    `op(*ptr[i], value[i])` and returns the old value (undefined for
    masked-off lanes). `value` has the pointee type and `mask` is i1, of the
    pointers' shape; `%base[%offsets]` is the short form of `block.load`'s.

    ```mlir
    %old = block.atomic_rmw fadd, acq_rel, gpu, %ptrs, %v mask %m
        : tensor<128x!block.ptr<f32>>
    %cnt = block.atomic_rmw add, relaxed, gpu, %bins[%idx], %ones
        : !block.ptr<i32>, tensor<128xi32>
    ```
  }];
  let arguments = (ins Block_RMWKind:$kind, Block_MemSemantic:$sem,
                   Block_MemScope:$scope, Block_PtrLike:$ptr,
                   Optional<Block_IntTensor>:$offsets, Block_Any:$value,
                   Optional<Block_BoolLike>:$mask);
  let results = (outs Block_Any:$result);
  let assemblyFormat = [{
    $kind `,` $sem `,` $scope `,` custom<Address>($ptr, $offsets) `,`
    custom<MaskedOperand>($value, $mask) attr-dict `:`
    custom<AccessTypes>(ref($offsets), ref($mask), type($ptr),
        type($offsets), type($value), type($mask), type($result))
  }];
  let extraClassDeclaration = [{
    /// See LoadOp::getAddressType.
    ::mlir::Type getAddressType();
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Block_AtomicCASOp : Block_Op<"atomic_cas", [
    TypesMatchWith<"cmp type is the pointee type", "ptr", "cmp", PointeeOf>,
    TypesMatchWith<"value type is the pointee type", "ptr", "value", PointeeOf>,
    TypesMatchWith<"result type is the pointee type", "ptr", "result", PointeeOf>,
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "atomic compare-and-swap; returns the old values";
  let description = [{
    Atomically: `old = *ptr[i]; if (old == cmp[i]) *ptr[i] = value[i];`.

    ```mlir
    %old = block.atomic_cas acq_rel, gpu, %lock, %zero, %one : !block.ptr<i32>
    ```
  }];
  let arguments = (ins Block_MemSemantic:$sem, Block_MemScope:$scope,
                   Block_PtrLike:$ptr, Block_Any:$cmp, Block_Any:$value);
  let results = (outs Block_Any:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr `,` $cmp `,` $value attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions and scans
//===----------------------------------------------------------------------===//

def Block_ReduceOp : Block_Op<"reduce", [Pure, RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "reduce tensors along an axis with a combiner region";
  let description = [{
    Reduces the operands (tensors of one shape) along `axis` with the combiner
    region, which takes two sets of values (accumulated, new) and yields one
    set: `n` operands give a combiner of `2n` scalar arguments yielding `n`
    values. Reducing a 1-D tensor gives scalars. The combiner must be
    associative and commutative; the order of combination is unspecified.

    A named combiner replaces the region: `add`, `mul`, `and`, `or`, `xor`,
    `maxsi`, `maxui`, `minsi`, `minui`, `maximumf`, `maxnumf`, `minimumf`,
    `minnumf` (each the arith operation of that name; `add` and `mul` the
    integer or float one), and `argmax`, `argmin` on a (value, index) pair,
    which keep the pair of the largest (smallest) value, a NaN counting as
    the extreme of both and the smaller index winning a tie. The named form
    is only syntax: it builds the region, and a region that is exactly one
    of these prints in the named form.

    ```mlir
    %s = block.reduce add %x axis = 1 : (tensor<16x128xf32>) -> tensor<16xf32>
    %m, %i = block.reduce argmax %x, %idx axis = 0
        : (tensor<128xf32>, tensor<128xi32>) -> (f32, i32)

    // Any other combiner: the largest value and an index of it.
    %m, %i = block.reduce %x, %idx axis = 0
        : (tensor<128xf32>, tensor<128xi32>) -> (f32, i32) {
    ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
      %gt = arith.cmpf ogt, %a, %b : f32
      %v = arith.select %gt, %a, %b : f32
      %j = arith.select %gt, %ai, %bi : i32
      block.yield %v, %j : f32, i32
    }
    ```
  }];
  let arguments = (ins Variadic<Block_Tensor>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<Block_Any>:$results);
  let regions = (region SizedRegion<1>:$combiner);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The type a reduction of a tensor of type `type` along `axis` gives.
    static ::mlir::Type getReducedType(::mlir::RankedTensorType type, unsigned axis);
  }];
}

def Block_ScanOp : Block_Op<"scan", [Pure, RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "inclusive scan along an axis with a combiner region";
  let description = [{
    `result[.., i, ..] = combine(result[.., i - 1, ..], src[.., i, ..])` along
    `axis` (from the end when `reverse` is set). The combiner is as for
    `block.reduce` and must be associative; so are the named combiners.

    ```mlir
    %c = block.scan add %x axis = 0 : (tensor<128xi32>) -> tensor<128xi32>

    %c = block.scan %x axis = 0 : (tensor<128xi32>) -> tensor<128xi32> {
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      block.yield %s : i32
    }
    ```
  }];
  let arguments = (ins Variadic<Block_Tensor>:$srcs, I32Attr:$axis,
                   UnitAttr:$reverse);
  let results = (outs Variadic<Block_Tensor>:$results);
  let regions = (region SizedRegion<1>:$combiner);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Block_YieldOp : Block_Op<"yield", [Pure, Terminator, ReturnLike,
    HasParent<"ReduceOp, ScanOp">]> {
  let summary = "yield the combined values of a reduce or scan combiner";
  let arguments = (ins Variadic<Block_Scalar>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
  let builders = [OpBuilder<(ins), [{ /* empty */ }]>];
}

//===----------------------------------------------------------------------===//
// Dot
//===----------------------------------------------------------------------===//

def Block_DotOp : Block_Op<"dot", [Pure, AllTypesMatch<["acc", "result"]>]> {
  let summary = "block matrix product with accumulation";
  let description = [{
    `result = a * b + acc` for `a : MxK`, `b : KxN`, `acc : MxN`. Floating
    operands of one type accumulate in f32 (or f64 for f64); i8 operands
    accumulate in i32. Each element of the result sums its products in the
    order k = 0, 1, ... with one fused multiply-add per step (a tensor-core
    lowering may sum in another order).

    `precision` says how f32 operands are reduced: `ieee` (the default)
    not at all; `tf32` each operand truncated to tf32 (10 bits of mantissa,
    the 13 low bits cleared), as the tensor cores read f32 data; `tf32x3`
    each operand `x` as `big = rna(x)` and `small = rna(x - big)` (rna:
    rounded to tf32, to nearest, ties away from zero), and per step the
    products `small_a * big_b`, `big_a * small_b` and `big_a * big_b` in
    that order, nearly f32's accuracy from three tf32 products. Infinities
    and NaNs stay what they are.

    ```mlir
    %d = block.dot %a, %b, %acc : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    %e = block.dot %x, %y, %z precision = tf32 : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    ```
  }];
  let arguments = (ins Block_Tensor:$a, Block_Tensor:$b, Block_Tensor:$acc,
                   DefaultValuedAttr<Block_DotPrecision,
                                     "::mlir::block::DotPrecision::ieee">:$precision);
  let results = (outs Block_Tensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc (`precision` `=` $precision^)? attr-dict `:` type($a)
    `,` type($b) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

def Block_PrintOp : Block_Op<"print", [MemoryEffects<[MemWrite]>]> {
  let summary = "print values from the device";
  let description = [{
    Prints `prefix` followed by the operands, element by element, with the
    program id; `hex` prints integers in hexadecimal.

    ```mlir
    block.print "x = " %x : tensor<128xf32>
    ```
  }];
  let arguments = (ins StrAttr:$prefix, UnitAttr:$hex, Variadic<Block_Any>:$args);
  let assemblyFormat = [{
    $prefix (`hex` $hex^)? ($args^ `:` type($args))? attr-dict
  }];
}

def Block_AssertOp : Block_Op<"assert", [MemoryEffects<[MemWrite]>]> {
  let summary = "stop the kernel when a condition is false";
  let description = [{
    Fails with `message` (and the program id and element) if any element of
    `condition` is false.

    ```mlir
    block.assert %ok, "index out of range" : tensor<128xi1>
    ```
  }];
  let arguments = (ins Block_BoolLike:$condition, StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict `:` type($condition)";
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

def Block_PtrToIntOp : Block_Op<"ptr_to_int", [Pure,
    TypesMatchWith<"result is i64 of the pointer's shape", "ptr", "result", AddressOf>]> {
  let summary = "address of pointers as i64";
  let arguments = (ins Block_PtrLike:$ptr);
  let results = (outs Block_I64Like:$result);
  let assemblyFormat = "$ptr attr-dict `:` type($ptr)";
}

def Block_IntToPtrOp : Block_Op<"int_to_ptr", [Pure,
    TypesMatchWith<"operand is i64 of the result's shape", "result", "src", AddressOf>]> {
  let summary = "pointers from i64 addresses";
  let arguments = (ins Block_I64Like:$src);
  let results = (outs Block_PtrLike:$result);
  let assemblyFormat = "$src attr-dict `:` type($result)";
}

def Block_BitcastOp : Block_Op<"bitcast", [Pure, SameOperandsAndResultShape]> {
  let summary = "reinterpret bits as another type of the same width";
  let description = [{
    Between element types of one bit width (`f32` and `i32`, `f16` and `i16`,
    ...) or between pointer types (`!block.ptr<f32>` to `!block.ptr<i8>`).

    ```mlir
    %b = block.bitcast %x : tensor<128xf32> -> tensor<128xi32>
    ```
  }];
  let arguments = (ins Block_Any:$src);
  let results = (outs Block_Any:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // BLOCK_DIALECT_BLOCK_IR_BLOCKOPS_TD
