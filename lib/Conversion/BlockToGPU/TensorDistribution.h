//===- TensorDistribution.h - Which thread holds which element --*- C++ -*-===//
//
// The lowering's one view of a layout: the bases a DistributedLayoutAttr
// gives for a tensor shape, wrapped to the shape, and the index arithmetic
// derived from them. Nothing here knows a concrete layout.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_BLOCKTOGPU_TENSORDISTRIBUTION_H
#define LIB_CONVERSION_BLOCKTOGPU_TENSORDISTRIBUTION_H

#include "block/Layout/LinearLayout.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::block {

/// A multi-dimensional element index.
using ElementIndex = SmallVector<int64_t>;

/// The lane and warp id of the current thread, as i32.
struct ThreadIds {
  Value lane;
  Value warp;
};

/// How a tensor type spreads its elements over the registers, lanes and
/// warps of a program instance: register `r` of lane `l` of warp `w` holds
/// the element whose index is the XOR of the bases of the set bits of r, l
/// and w (all wrapped to the shape).
class TensorDistribution {
public:
  /// The distribution of `type`, or nullopt if it has no distributed layout.
  static std::optional<TensorDistribution> get(RankedTensorType type);

  /// The distribution a linear layout (inputs register, lane, warp; any
  /// outputs, whose sizes are the shape) describes.
  static TensorDistribution get(const LinearLayout &layout);

  /// The same registers, lanes and warps holding elements of a tensor of
  /// `newShape`: each basis mapped by the XOR-linear `map`.
  TensorDistribution remap(ArrayRef<int64_t> newShape,
                           llvm::function_ref<ElementIndex(ArrayRef<int64_t>)>
                               map) const;
  /// The same distribution over the row-major positions of the elements.
  TensorDistribution flatten() const;

  ArrayRef<int64_t> getShape() const { return shape; }
  unsigned getRank() const { return shape.size(); }
  int64_t getNumElements() const;
  unsigned getNumRegisters() const { return 1u << registerBases.size(); }
  ArrayRef<ElementIndex> getRegisterBases() const { return registerBases; }
  ArrayRef<ElementIndex> getLaneBases() const { return laneBases; }
  ArrayRef<ElementIndex> getWarpBases() const { return warpBases; }

  /// The index of the element in register `reg` of lane 0 of warp 0.
  ElementIndex getRegisterIndex(unsigned reg) const;
  /// Whether an element's index is the thread's part (emitThreadIndex) plus
  /// its register's (getRegisterIndex), rather than their XOR.
  bool addsRegisterIndex() const { return disjointBits; }

  /// The lowest register that holds the element register `reg` holds.
  unsigned getFirstCopy(unsigned reg) const { return firstCopy[reg]; }
  bool isFirstCopy(unsigned reg) const { return firstCopy[reg] == reg; }

  /// For every register, the lowest register that holds, in every thread, an
  /// element of the same aligned block of `blockShape` (powers of two): where
  /// a value is constant over such blocks, those registers hold equal values.
  SmallVector<unsigned> getBlockRepresentatives(ArrayRef<int64_t> blockShape) const;

  /// The linear layout all of this is derived from.
  const LinearLayout &getLinearLayout() const { return layout; }

  /// Lane (warp) id bits that only replicate what lower bits hold.
  unsigned getReplicatingLaneMask() const;
  unsigned getReplicatingWarpMask() const;

  /// Dimensions from fastest to slowest varying (see getLayoutOrder in
  /// block/Layout/TensorLayouts.h).
  SmallVector<unsigned> getLayoutOrder() const;

  /// Number of consecutive registers, from every multiple of it, that hold
  /// consecutive elements along `dim` starting at a multiple of that number.
  unsigned getContiguousRegisters(unsigned dim) const;

  /// Number of consecutive elements along `dim`, from every multiple of it,
  /// that each thread holds all of, in whichever registers.
  unsigned getElementRun(unsigned dim) const;

  /// Row-major position of `index` in the tensor.
  int64_t linearize(ArrayRef<int64_t> index) const;
  ElementIndex delinearize(int64_t position) const;

  /// Emits the part of the element index that the lane and warp give, per
  /// dimension (i32).
  SmallVector<Value> emitThreadIndex(OpBuilder &b, Location loc,
                                     ThreadIds ids) const;
  /// Emits the index of register `reg`'s element from the thread's part.
  SmallVector<Value> emitElementIndex(OpBuilder &b, Location loc,
                                      ArrayRef<Value> threadIndex,
                                      unsigned reg) const;
  /// Emits the row-major position of an element index (i32).
  Value emitLinearize(OpBuilder &b, Location loc,
                      ArrayRef<Value> index) const;
  /// Emits an i1 that is true in exactly one of the threads that hold the
  /// same elements, or a null Value when no thread holds a copy.
  Value emitIsOwner(OpBuilder &b, Location loc, ThreadIds ids) const;

private:
  TensorDistribution(ArrayRef<int64_t> shape,
                     SmallVector<ElementIndex> registerBases,
                     SmallVector<ElementIndex> laneBases,
                     SmallVector<ElementIndex> warpBases);

  SmallVector<int64_t> shape;
  SmallVector<ElementIndex> registerBases, laneBases, warpBases;
  LinearLayout layout;
  SmallVector<unsigned> firstCopy;
  /// Whether the bits of register bases are disjoint from those of lane and
  /// warp bases, so that combining them is an addition.
  bool disjointBits = true;
};

/// An XOR-linear map from element indices of one tensor to those of another
/// (the identity, a permutation of dimensions, a wrap to a broadcast operand,
/// a row-major reshape).
using IndexMap = llvm::function_ref<ElementIndex(ArrayRef<int64_t>)>;

/// If every thread holds, in `to`, only elements (mapped by `toFrom` to
/// `from`'s indices) it holds in `from`, returns for each register of `to`
/// the register of `from` holding its element.
std::optional<SmallVector<unsigned>>
mapRegisters(const TensorDistribution &from, const TensorDistribution &to,
             IndexMap toFrom);

} // namespace mlir::block

#endif // LIB_CONVERSION_BLOCKTOGPU_TENSORDISTRIBUTION_H
