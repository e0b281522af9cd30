//===- LinearLayout.h - Layouts as linear maps over GF(2) ------*- C++ -*-===//
//
// The one layout algebra of Block. Every layout, in registers or in shared
// memory, is a linear map from the bits of named inputs (`register`, `lane`,
// `warp` for a distributed tensor; `offset` for a shared-memory buffer) to
// indices of named outputs (a tensor's `dim0`, `dim1`, ...), where "linear"
// is over GF(2): the image of an input is the XOR of the images (*bases*) of
// its set bits. Every size is a power of two, which is exactly the domain of
// Block's tensors. The IR's verifiers, the layout passes and the lowering
// all derive what they need from here; a layout attribute only says how it
// becomes a LinearLayout for a shape.
//
// Conventions:
//  - Within a layout, the first input dimension is the least significant
//    when the inputs are flattened (register bits below lane bits below warp
//    bits), and likewise the first output dimension is the least significant
//    when the outputs are flattened. A tensor's row-major position therefore
//    flattens the outputs in the order dimN-1, ..., dim0 (see
//    LayoutEncoding.h for the tensor-facing helpers).
//  - Input dimensions may have size 1 (no bases); output dimensions have a
//    power-of-two size and every basis component is below it.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_LAYOUT_LINEARLAYOUT_H
#define BLOCK_LAYOUT_LINEARLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace mlir::block {

class LinearLayout {
public:
  /// The image of one input bit: one component per output dimension.
  using Basis = llvm::SmallVector<int32_t>;
  /// An input dimension: its name and one basis per bit.
  using InDim = std::pair<std::string, llvm::SmallVector<Basis>>;
  /// An output dimension: its name and its (power-of-two) size.
  using OutDim = std::pair<std::string, int32_t>;

  /// The layout with no inputs and no outputs.
  LinearLayout() = default;
  /// A layout with the given inputs and outputs. Asserts that names are
  /// unique, sizes are powers of two, and every basis has one component per
  /// output, each below that output's size; use `get` for unchecked input.
  LinearLayout(llvm::ArrayRef<InDim> ins, llvm::ArrayRef<OutDim> outs);
  /// As the constructor, but returns nullopt (and says why in `*error`, if
  /// given) instead of asserting.
  static std::optional<LinearLayout> get(llvm::ArrayRef<InDim> ins,
                                         llvm::ArrayRef<OutDim> outs,
                                         std::string *error = nullptr);

  /// `in` (of `size`) onto `out` (of `size`) one to one.
  static LinearLayout identity1D(int32_t size, llvm::StringRef in,
                                 llvm::StringRef out);
  /// `in` (of `size`) onto element 0 of `out` (of size 1): every bit
  /// replicates.
  static LinearLayout zeros1D(int32_t size, llvm::StringRef in,
                              llvm::StringRef out);
  /// `in` (of `size`) onto `out` with `stride` between consecutive inputs;
  /// `out` has size `size * stride`.
  static LinearLayout strided1D(int32_t size, int32_t stride,
                                llvm::StringRef in, llvm::StringRef out);

  //===--------------------------------------------------------------------===//
  // Dimensions
  //===--------------------------------------------------------------------===//

  unsigned getNumInDims() const { return ins.size(); }
  unsigned getNumOutDims() const { return outs.size(); }
  llvm::SmallVector<llvm::StringRef> getInDimNames() const;
  llvm::SmallVector<llvm::StringRef> getOutDimNames() const;
  bool hasInDim(llvm::StringRef name) const;
  bool hasOutDim(llvm::StringRef name) const;
  /// Position of a dimension in the layout's order (asserts it exists).
  unsigned getInDimIndex(llvm::StringRef name) const;
  unsigned getOutDimIndex(llvm::StringRef name) const;

  /// Size of an input dimension: 2^(number of bases); 1 if it is absent.
  int32_t getInDimSize(llvm::StringRef name) const;
  unsigned getInDimSizeLog2(llvm::StringRef name) const;
  /// Size of an output dimension; 1 if it is absent.
  int32_t getOutDimSize(llvm::StringRef name) const;
  unsigned getOutDimSizeLog2(llvm::StringRef name) const;
  int64_t getTotalInDimSize() const;
  int64_t getTotalOutDimSize() const;
  unsigned getTotalInDimSizeLog2() const;
  unsigned getTotalOutDimSizeLog2() const;

  llvm::ArrayRef<InDim> getInDims() const { return ins; }
  llvm::ArrayRef<OutDim> getOutDims() const { return outs; }
  /// Bases of an input dimension (empty if it is absent).
  llvm::ArrayRef<Basis> getBases(llvm::StringRef inDim) const;
  /// Component `outDim` of basis `bit` of `inDim`.
  int32_t getBasis(llvm::StringRef inDim, unsigned bit,
                   llvm::StringRef outDim) const;

  //===--------------------------------------------------------------------===//
  // Evaluation
  //===--------------------------------------------------------------------===//

  /// The outputs for one value per input dimension, in the layout's input
  /// order; one value per output dimension, in the layout's output order.
  llvm::SmallVector<int32_t> apply(llvm::ArrayRef<int32_t> inValues) const;
  /// The outputs for named inputs; inputs not named are 0.
  llvm::SmallVector<std::pair<std::string, int32_t>>
  apply(llvm::ArrayRef<std::pair<llvm::StringRef, int32_t>> inValues) const;

  //===--------------------------------------------------------------------===//
  // Algebra
  //===--------------------------------------------------------------------===//

  /// The product of two layouts: the inputs and outputs of both, where a
  /// dimension both have is the concatenation of `this`'s (less
  /// significant) and `other`'s (more significant) bits. `L1 * L2` tiles L1
  /// by L2: e.g. registers * lanes * warps.
  LinearLayout operator*(const LinearLayout &other) const;

  /// `outer` after `this`: this maps A to B, `outer` maps B to C (by name;
  /// each of B's sizes fits `outer`'s input size), the result A to C.
  LinearLayout compose(const LinearLayout &outer) const;

  /// The layout X from `this`'s inputs to `other`'s inputs with
  /// other(X(x)) == this(x) for every x: how to find, in `other`, what
  /// `this` holds. Both have the same outputs (by name and size). Where
  /// `other` is not injective the preimage with the fewest bits of later
  /// inputs is chosen (a register rather than a lane, a lane rather than a
  /// warp). Nullopt when some image of `this` is not an image of `other`.
  std::optional<LinearLayout>
  invertAndCompose(const LinearLayout &other) const;

  /// The inverse of a bijective layout (nullopt otherwise): outputs become
  /// inputs.
  std::optional<LinearLayout> invert() const;

  /// The same map with dimensions in another order (a permutation of the
  /// names). Reordering changes only how inputs or outputs flatten.
  LinearLayout transposeIns(llvm::ArrayRef<llvm::StringRef> order) const;
  LinearLayout transposeOuts(llvm::ArrayRef<llvm::StringRef> order) const;

  /// The same map with outputs (inputs) flattened and split into new
  /// dimensions of the same total size, first dimension least significant.
  LinearLayout reshapeOuts(llvm::ArrayRef<OutDim> newOuts) const;
  LinearLayout reshapeIns(llvm::ArrayRef<OutDim> newIns) const;
  /// All outputs as one dimension `name` (first dimension least
  /// significant).
  LinearLayout flattenOuts(llvm::StringRef name) const;

  /// The restriction to some inputs and some outputs (names in the order
  /// given); bases keep only the components of the kept outputs.
  LinearLayout sublayout(llvm::ArrayRef<llvm::StringRef> inDims,
                         llvm::ArrayRef<llvm::StringRef> outDims) const;
  /// Whether the restriction to `inDims` maps nothing onto an output not in
  /// `outDims` (the other components of its bases are zero).
  bool sublayoutIsZero(llvm::ArrayRef<llvm::StringRef> inDims,
                       llvm::ArrayRef<llvm::StringRef> outDims) const;

  /// The layout with an input (output) renamed.
  LinearLayout renameInDim(llvm::StringRef from, llvm::StringRef to) const;
  LinearLayout renameOutDim(llvm::StringRef from, llvm::StringRef to) const;

  /// Output `name` resized: a smaller size wraps every component modulo it
  /// (the layout of a broadcast or smaller tensor), a larger one keeps them.
  LinearLayout resizeOut(llvm::StringRef name, int32_t size) const;

  //===--------------------------------------------------------------------===//
  // Properties
  //===--------------------------------------------------------------------===//

  /// Whether distinct inputs have distinct outputs (no replication).
  bool isInjective() const;
  /// Whether every output is the image of some input.
  bool isSurjective() const;
  bool isInvertible() const { return isInjective() && isSurjective(); }

  /// For each input dimension, in order, the mask of its bits that are
  /// *free*: their basis is the XOR of bases of earlier bits (of this and
  /// earlier dimensions), so the bit only replicates what the earlier bits
  /// already reach. Zero bases are the common case.
  llvm::SmallVector<int32_t> getFreeVariableMasks() const;
  int32_t getFreeVariableMask(llvm::StringRef inDim) const;

  /// The largest n such that, from every multiple of n, n consecutive
  /// values of the first input dimension map to n consecutive flattened
  /// outputs starting at a multiple of n (with every other input bit
  /// keeping that alignment): the vector width of a register run.
  int32_t getNumConsecutiveInOut() const;

  bool operator==(const LinearLayout &other) const;
  bool operator!=(const LinearLayout &other) const { return !(*this == other); }

  /// E.g. "register = [[0, 1], [0, 2]], lane = [...] -> dim0 = 4, dim1 = 8".
  std::string toString() const;

private:
  /// Flattened view: one column per input bit (inputs in order, first input
  /// least significant), each a mask of flattened output bits.
  llvm::SmallVector<uint64_t> getColumns() const;
  uint64_t flattenOut(llvm::ArrayRef<int32_t> basis) const;
  Basis unflattenOut(uint64_t value) const;

  llvm::SmallVector<InDim> ins;
  llvm::SmallVector<OutDim> outs;
};

} // namespace mlir::block

#endif // BLOCK_LAYOUT_LINEARLAYOUT_H
