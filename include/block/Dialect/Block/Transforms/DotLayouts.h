//===- DotLayouts.h - Which layout a product's accumulator gets -*- C++ -*-===//
//
// The choice between the tensor-core paths (wgmma, mma.sync) and the FMA
// path for a block.dot, by chip, element types and shape, as
// block-assign-layouts makes it (the test pass -test-block-dot-layouts
// shows it for every version).
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_DIALECT_BLOCK_TRANSFORMS_DOTLAYOUTS_H
#define BLOCK_DIALECT_BLOCK_TRANSFORMS_DOTLAYOUTS_H

#include "block/Dialect/Block/IR/BlockDialect.h"

namespace mlir::block {

class DotOp;

/// The #block.mma layout the M x N accumulator of a product of M x K by
/// K x N with element types `a`, `b` into `acc` gets on `chip` with
/// `numWarps` warps, or null for the FMA path:
///  - version 3 (wgmma) on sm_90a for f16 or bf16 into f32, and i8 into
///    i32, fp8 into f32 and f32 with `precision` tf32 into f32 where both
///    operands are loaded with k contiguous (`kMajor`: wgmma reads 8- and
///    32-bit operands k-major only), when numWarps is a multiple of 4, M a
///    multiple of 64 and K of the instruction's k (16 for 16-bit, 32 for
///    8-bit types, 8 for tf32): all warps along M while M has 16 rows per
///    warp, n = min(256, N / wn);
///  - version 2 (mma.sync) on sm_80 and later for f16 into f16 or f32, bf16
///    into f32, f32 as tf32 into f32 (only when `precision` is tf32 or
///    tf32x3: the default is exact) and i8 into i32, when M is a multiple of
///    16, N of 8 and K of k: the warps balance the repetitions along M and N
///    as Triton's warpsPerTileV2 does;
///  - null (FMA) otherwise: f64, exact f32, no chip or an older one, and
///    shapes the instructions do not cover.
/// Versions above `maxVersion` are not considered (0: always the FMA path).
/// A `chained` product (one whose a is computed from another product's
/// result, or whose result another product's a is computed from) puts all
/// warps along M on mma.sync where M has 16 rows for each. Where `whyNot`
/// is given, it gets why each instruction better than the one chosen was
/// not ("not wgmma: sm_80 has none (sm_90a has)"), for a remark.
MmaLayoutAttr
chooseDotAccumulatorLayout(MLIRContext *context, std::optional<TargetChip> chip,
                           Type a, Type b, Type acc, int64_t m, int64_t n,
                           int64_t k, unsigned numWarps, DotPrecision precision,
                           unsigned maxVersion = 3, bool chained = false,
                           bool kMajor = false, std::string *whyNot = nullptr);

/// Whether both operands of `dot` are loaded with k contiguous in memory
/// (a's rows, b's columns), followed back through transpositions and layout
/// conversions to their loads (by the axis analysis) or descriptor tiles:
/// what wgmma needs of operands other than 16-bit floats.
bool readsKMajorOperands(DotOp dot);

/// Whether `dot` is chained to another product of its function: its a is
/// computed from another product's result, or another product's a from
/// its result (attention's S = Q K^T and O += P V).
bool isChainedProduct(DotOp dot);

/// The choice for `dot`, with the chip of its module and the warps of its
/// kernel (4 when it has none); f32 operands go to tf32 tensor cores only
/// with `precision = tf32` (wgmma or mma.sync) or `tf32x3` (three products
/// of tf32 parts, on mma.sync).
MmaLayoutAttr chooseDotAccumulatorLayout(DotOp dot, unsigned maxVersion = 3,
                                         std::string *whyNot = nullptr);

} // namespace mlir::block

#endif // BLOCK_DIALECT_BLOCK_TRANSFORMS_DOTLAYOUTS_H
