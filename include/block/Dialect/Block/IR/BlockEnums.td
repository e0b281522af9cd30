//===- BlockEnums.td - Enumerations of the block dialect ---*- tablegen -*-===//

#ifndef BLOCK_DIALECT_BLOCK_IR_BLOCKENUMS_TD
#define BLOCK_DIALECT_BLOCK_IR_BLOCKENUMS_TD

include "mlir/IR/EnumAttr.td"

def Block_ProgramDim : I32EnumAttr<"ProgramDim", "grid dimension", [
    I32EnumAttrCase<"x", 0>, I32EnumAttrCase<"y", 1>, I32EnumAttrCase<"z", 2>]> {
  let cppNamespace = "::mlir::block";
}

def Block_CacheModifier : I32EnumAttr<"CacheModifier",
    "cache operator of a global access (PTX ld/st .cop)", [
    I32EnumAttrCase<"ca", 0>,  // cache at all levels (loads)
    I32EnumAttrCase<"cg", 1>,  // cache in L2, not L1
    I32EnumAttrCase<"cs", 2>,  // streaming, likely accessed once
    I32EnumAttrCase<"lu", 3>,  // last use
    I32EnumAttrCase<"cv", 4>,  // do not cache, fetch again (volatile)
    I32EnumAttrCase<"wb", 5>,  // write back (stores)
    I32EnumAttrCase<"wt", 6>   // write through (stores)
  ]> {
  let cppNamespace = "::mlir::block";
}

def Block_EvictionPolicy : I32EnumAttr<"EvictionPolicy",
    "L2 eviction priority of a global access", [
    I32EnumAttrCase<"evict_normal", 0>,
    I32EnumAttrCase<"evict_first", 1>,
    I32EnumAttrCase<"evict_last", 2>]> {
  let cppNamespace = "::mlir::block";
}

def Block_RMWKind : I32EnumAttr<"RMWKind", "read-modify-write operation", [
    I32EnumAttrCase<"add", 0>,  I32EnumAttrCase<"fadd", 1>,
    I32EnumAttrCase<"max", 2>,  I32EnumAttrCase<"min", 3>,
    I32EnumAttrCase<"umax", 4>, I32EnumAttrCase<"umin", 5>,
    I32EnumAttrCase<"bit_and", 6, "and">, I32EnumAttrCase<"bit_or", 7, "or">,
    I32EnumAttrCase<"bit_xor", 8, "xor">, I32EnumAttrCase<"xchg", 9>]> {
  let cppNamespace = "::mlir::block";
}

def Block_MemSemantic : I32EnumAttr<"MemSemantic",
    "memory ordering of an atomic operation", [
    I32EnumAttrCase<"relaxed", 0>, I32EnumAttrCase<"acquire", 1>,
    I32EnumAttrCase<"release", 2>, I32EnumAttrCase<"acq_rel", 3>]> {
  let cppNamespace = "::mlir::block";
}

def Block_MemScope : I32EnumAttr<"MemScope",
    "set of threads an atomic operation is ordered with", [
    I32EnumAttrCase<"cta", 0>, I32EnumAttrCase<"gpu", 1>,
    I32EnumAttrCase<"sys", 2>]> {
  let cppNamespace = "::mlir::block";
}

def Block_DotPrecision : I32EnumAttr<"DotPrecision",
    "how a product of f32 blocks rounds its operands", [
    I32EnumAttrCase<"ieee", 0>,    // exact f32 products, one FMA per step
    I32EnumAttrCase<"tf32", 1>,    // operands truncated to tf32
    I32EnumAttrCase<"tf32x3", 2>   // each operand as two tf32 parts, three products
  ]> {
  let cppNamespace = "::mlir::block";
}

// The named combiners of block.reduce and block.scan. Each is the arith
// operation of its name (`add` and `mul` take the integer or float form);
// max and min keep arith's names, so that signedness and NaN handling are
// spelled out: maxsi/maxui compare signed/unsigned, maximumf returns NaN if
// either operand is NaN, maxnumf the other operand. argmax and argmin take a
// (value, index) pair and keep the pair with the largest (smallest) value; a
// NaN value counts as the extreme of both, and of equal values the smaller
// index wins.
def Block_CombinerKind : I32EnumAttr<"CombinerKind",
    "named combiner of a reduction or scan", [
    I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"mul", 1>,
    I32EnumAttrCase<"maxsi", 2>, I32EnumAttrCase<"maxui", 3>,
    I32EnumAttrCase<"minsi", 4>, I32EnumAttrCase<"minui", 5>,
    I32EnumAttrCase<"maximumf", 6>, I32EnumAttrCase<"maxnumf", 7>,
    I32EnumAttrCase<"minimumf", 8>, I32EnumAttrCase<"minnumf", 9>,
    I32EnumAttrCase<"bit_and", 10, "and">, I32EnumAttrCase<"bit_or", 11, "or">,
    I32EnumAttrCase<"bit_xor", 12, "xor">,
    I32EnumAttrCase<"argmax", 13>, I32EnumAttrCase<"argmin", 14>]> {
  let cppNamespace = "::mlir::block";
}

#endif // BLOCK_DIALECT_BLOCK_IR_BLOCKENUMS_TD
