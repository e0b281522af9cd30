//===- TensorLayouts.h - Linear layouts of tensors and fragments -*- C++ -*-===//
//
// The tensor-facing side of the layout algebra: the standard dimension names
// (inputs `register`, `lane`, `warp`, `offset`; outputs `dim0`, `dim1`, ...),
// distributed layouts built from per-bit bases, row-major flattening, and the
// PTX ISA's tensor-core fragment layouts (mma.sync m16n8kK, wgmma m64nNkK)
// as linear layouts.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_LAYOUT_TENSORLAYOUTS_H
#define BLOCK_LAYOUT_TENSORLAYOUTS_H

#include "block/Layout/LinearLayout.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir::block {

inline constexpr llvm::StringLiteral kRegister = "register";
inline constexpr llvm::StringLiteral kLane = "lane";
inline constexpr llvm::StringLiteral kWarp = "warp";
inline constexpr llvm::StringLiteral kOffset = "offset";

/// Threads per warp, and its log2: every lane layout has this many bits.
inline constexpr int32_t kWarpSize = 32;
inline constexpr unsigned kLaneBits = 5;

/// "dim<i>": output `i` of a tensor layout.
std::string getTensorDimName(unsigned dim);
/// Outputs dim0, ..., dimN-1 of the sizes of `shape`.
llvm::SmallVector<LinearLayout::OutDim>
getTensorOutDims(llvm::ArrayRef<int64_t> shape);
/// The names dim0, ..., dimN-1.
llvm::SmallVector<std::string> getTensorDimNames(unsigned rank);

/// The distributed layout of a tensor of `shape` in which bit i of the
/// register number (lane id, warp id) maps to the i-th basis of `registers`
/// (`lanes`, `warps`); components may exceed the shape and wrap modulo it.
LinearLayout
makeDistributedLayout(llvm::ArrayRef<int64_t> shape,
                      llvm::ArrayRef<llvm::SmallVector<int64_t>> registers,
                      llvm::ArrayRef<llvm::SmallVector<int64_t>> lanes,
                      llvm::ArrayRef<llvm::SmallVector<int64_t>> warps);

/// The dimensions of a tensor of `rank` from fastest to slowest varying in
/// row-major order: the last first.
llvm::SmallVector<unsigned> getRowMajorOrder(unsigned rank);

/// `layout` (outputs dim0..dimN-1) with its outputs flattened to one
/// dimension `name`, the dimensions of `order` from the fastest varying.
LinearLayout flattenInOrder(const LinearLayout &layout,
                            llvm::ArrayRef<unsigned> order,
                            llvm::StringRef name);

/// `layout` flattened in row-major order (the last dimension fastest).
LinearLayout flattenRowMajor(const LinearLayout &layout, llvm::StringRef name);

/// The dimensions of a tensor layout from fastest to slowest varying: in
/// the order the register, then lane, then warp bases first reach them;
/// dimensions no basis reaches come last, the last dimension first.
llvm::SmallVector<unsigned> getLayoutOrder(const LinearLayout &layout);

/// The longest run of elements consecutive along dimension `dim` that
/// consecutive registers hold, starting at a multiple of its length in every
/// thread: the vector a thread can read along `dim` from memory that keeps
/// `dim` contiguous.
int32_t getElementRun(const LinearLayout &layout, unsigned dim);

/// The bases of `inDim` as tensor indices (int64), for code that works on
/// index vectors.
llvm::SmallVector<llvm::SmallVector<int64_t>>
getIndexBases(const LinearLayout &layout, llvm::StringRef inDim);

/// The bits of input `inDim` whose bases move along output dimension `dim`,
/// lowest first: the register, lane or warp bits a reduction or scan along
/// `dim` combines across. Nullopt when one of them moves along another
/// dimension too.
std::optional<llvm::SmallVector<unsigned>>
getAxisBits(const LinearLayout &layout, llvm::StringRef inDim, unsigned dim);

/// Id-bit packing: the number whose bit i is bit `bits[i]` of `value`, e.g.
/// a position along an axis from the id bits that give it.
int64_t packBits(int64_t value, llvm::ArrayRef<unsigned> bits);
/// The inverse of packBits: the number whose bit `bits[i]` is bit i of
/// `value`, the other bits zero.
int64_t spreadBits(int64_t value, llvm::ArrayRef<unsigned> bits);

/// If every thread holds, in `to`, only elements it holds in `from`, and in
/// registers that do not depend on the thread, the map from `to`'s registers
/// to `from`'s (inputs and outputs "register"). Both layouts have the same
/// outputs. This is a conversion that moves no data.
std::optional<LinearLayout> getRegisterRelabel(const LinearLayout &from,
                                               const LinearLayout &to);

/// If every thread finds the elements it holds in `to` within its own warp
/// in `from`, in a register of `from` that depends only on its register in
/// `to`: the map from `to`'s (register, lane) to `from`'s (register, lane);
/// each warp keeps its own elements. Register r of lane l of `to` is then
/// register P(r).register of lane P(r).lane XOR P(l).lane of `from`: a
/// conversion by warp shuffles, one per register. Both layouts have the same
/// outputs.
std::optional<LinearLayout> getWarpShuffle(const LinearLayout &from,
                                           const LinearLayout &to);

/// Whether only registers spread output dimension `dim` of `layout`: each
/// thread holds every element along `dim` of the rows it holds (a pair of
/// block.join and block.split).
bool isHeldByRegisters(const LinearLayout &layout, unsigned dim);

/// The layout of a transposed tensor whose dimension i is dimension
/// `order[i]` of `layout`'s, each thread holding the same elements.
LinearLayout permuteTensorDims(const LinearLayout &layout,
                               llvm::ArrayRef<int32_t> order);

/// `layout` without output dimension `dim` (of size 1), the others
/// renumbered.
LinearLayout dropTensorDim(const LinearLayout &layout, unsigned dim);

/// `layout` with an output dimension of size 1 inserted at `dim`, the others
/// renumbered: the inverse of dropTensorDim.
LinearLayout insertTensorDim(const LinearLayout &layout, unsigned dim);

/// The layout of the tensor reshaped to `shape` (of as many elements), each
/// thread holding the elements of the same row-major positions.
LinearLayout reshapeTensor(const LinearLayout &layout,
                           llvm::ArrayRef<int64_t> shape);

//===----------------------------------------------------------------------===//
// Tensor-core fragments (PTX ISA, "Matrix fragments for mma.m16n8k*" and
// "Register fragments for wgmma.mma_async .m64nNk*")
//===----------------------------------------------------------------------===//

/// One warp's mma.sync m16n8 accumulator (f32 or s32): (register, lane) to
/// a 16 x 8 tile (dim0 = row, dim1 = column).
LinearLayout getMmaAccumulatorTile();

/// One warp's mma.sync operand of `kWidth` elements per 32-bit register
/// (1 for tf32, 2 for f16/bf16, 4 for 8-bit types, 8 for 4-bit types): A (`opIdx` 0) is a
/// 16 x 8*kWidth tile (m x k), B (`opIdx` 1) an 8*kWidth x 8 tile (k x n).
LinearLayout getMmaOperandTile(unsigned opIdx, unsigned kWidth);

/// One warpgroup's wgmma m64nN accumulator: (register, lane, warp of the
/// warpgroup) to a 64 x n tile; n is a multiple of 8 up to 256.
LinearLayout getWgmmaAccumulatorTile(int32_t n);

/// One warpgroup's wgmma A operand in registers, `kWidth` elements per
/// 32-bit register: (register, lane, warp) to a 64 x 8*kWidth tile.
LinearLayout getWgmmaOperandATile(unsigned kWidth);

/// The layout of an M x N tensor (`shape`) in the accumulators of the
/// tensor-core products of a program instance (#block.mma):
///  - `version` 2: mma.sync; `instrShape` = [16, 8, k]; each warp holds
///    m16n8 tiles (getMmaAccumulatorTile); the warps of `warpsPerCTA` =
///    [wm, wn] are placed row-major (warp id = m-index * wn + n-index), so
///    the program's tile is 16*wm x 8*wn;
///  - `version` 3: wgmma; `instrShape` = [64, n, k]; each warpgroup (four
///    consecutive warps, wm a multiple of 4) holds an m64nN tile
///    (getWgmmaAccumulatorTile), the warpgroups placed along M first (warp id
///    = n-index * wm + m-index, as the warps of one warpgroup must be), so
///    the program's tile is 16*wm x n*wn.
/// A larger tensor repeats the program's tile in registers, along N first
/// (a thread's register r + 4 * j holds tile j along N for mma.sync), then
/// along M; a smaller one wraps (replicates) as every distributed layout
/// does. The parameters must satisfy #block.mma's verifier.
LinearLayout getMmaLayout(unsigned version,
                          llvm::ArrayRef<unsigned> warpsPerCTA,
                          llvm::ArrayRef<unsigned> instrShape,
                          llvm::ArrayRef<int64_t> shape);

/// The layout of a product's operand `opIdx` (0: A, M x K; 1: B, K x N) in
/// the registers of the product whose accumulator has the #block.mma layout
/// (`version`, `warpsPerCTA`, `instrShape`), `kWidth` elements per 32-bit
/// register (#block.dot_operand): each warp (warpgroup for version 3, A
/// only) holds the ISA's operand fragments (getMmaOperandTile,
/// getWgmmaOperandATile) of its rows of A (columns of B), at the positions
/// its accumulator tiles have; the warps that share those rows (columns)
/// hold copies. A larger tensor repeats the tile in registers along K first,
/// then along M (N). For 16-bit types (kWidth 2) with all warps along M
/// (wn = 1), the accumulator of one product is, register for register, the
/// A operand of the next.
LinearLayout getDotOperandLayout(unsigned opIdx, unsigned version,
                                 llvm::ArrayRef<unsigned> warpsPerCTA,
                                 llvm::ArrayRef<unsigned> instrShape,
                                 unsigned kWidth,
                                 llvm::ArrayRef<int64_t> shape);

//===----------------------------------------------------------------------===//
// Shared memory: `offset` (in elements) to a tensor index
//===----------------------------------------------------------------------===//

/// The shared layout that keeps a tensor of `shape` row-major in `order`
/// (its dimensions from the fastest to the slowest varying in memory), each
/// row-major offset then passed through `swizzle`, a linear map on offsets
/// (XORs of offset bits into others) that must be a bijection; none when
/// null.
LinearLayout
getSharedLayout(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<unsigned> order,
                llvm::function_ref<int64_t(int64_t)> swizzle = nullptr);

/// The unswizzled shared layout of a tile of `shape`: offsets run along the
/// last dimension first (the second to last when `transposed`), then the
/// other dimensions from the last to the first.
LinearLayout getRowMajorSharedLayout(llvm::ArrayRef<int64_t> shape,
                                     bool transposed);

/// The shared layout of ldmatrix-style swizzled tiles: in each 2-D tile (the
/// last two dimensions), row r keeps its columns in groups of `vec` and
/// stores group g at position g ^ ((r / perPhase) % maxPhase), so that the
/// rows of a column fall on different banks. Leading dimensions stack
/// tiles. `transposed` swaps the roles of rows and columns.
LinearLayout getSwizzledSharedLayout(llvm::ArrayRef<int64_t> shape,
                                     int32_t vec, int32_t perPhase,
                                     int32_t maxPhase, bool transposed);

/// The shared layout wgmma descriptors and TMA boxes use (the NVMMA swizzle
/// of `swizzleBytes` = 0, 32, 64 or 128): each 2-D tile is cut into slabs
/// `swizzleBytes` wide (the whole row when 0), each slab stored row after
/// row, and within a 1024-byte period the 16-byte chunk c of row r is stored
/// at chunk c ^ (byte-offset bits 7.. of the row), i.e. byte-offset bits
/// 4.. XOR bits 7.. (CUTLASS's Swizzle<log2(swizzleBytes / 16), 4, 3>).
LinearLayout getNVMMASharedLayout(llvm::ArrayRef<int64_t> shape,
                                  int32_t swizzleBytes, unsigned elementBits,
                                  bool transposed);

} // namespace mlir::block

#endif // BLOCK_LAYOUT_TENSORLAYOUTS_H
