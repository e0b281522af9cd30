//===- AxisInfo.h - Contiguity, divisibility and constancy ------*- C++ -*-===//
//
// What is known, per tensor dimension, of the integers and pointers of a block
// program: how long the runs of consecutive values are, which power of two
// divides them and how long the runs of equal values are. The layout
// assignment and the lowering of loads and stores read it to vectorise memory
// accesses.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_ANALYSIS_AXISINFO_H
#define BLOCK_ANALYSIS_AXISINFO_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <optional>

namespace mlir {
class DataFlowSolver;
class Operation;
namespace block {

/// Facts about an integer or pointer value (scalar or tensor), per dimension.
///
/// Along dimension `d` of size `S`, split the indices into aligned groups of
/// `n` consecutive indices ([0, n), [n, 2n), ...), the others held fixed:
///
///  - contiguity `c`: in every group of `c`, each element is the previous
///    one plus 1 (pointers: plus one element);
///  - divisibility `v`: the first element of every group of `c` is a multiple
///    of `v` (for `c` = 1, so is every element). Pointers count in bytes of
///    address, so `v` is an alignment;
///  - constancy `k`: in every group of `k`, all elements are equal.
///
/// All three are powers of two; `c` and `k` are at most `S`. A scalar is
/// described as a tensor of one dimension of size 1.
///
/// Example: `x[i, j] = 16 * i + j` for a 4x8 tensor has contiguity [1, 8],
/// divisibility [16, 16] and constancy [1, 1].
class AxisInfo {
public:
  using DimVector = SmallVector<int64_t, 4>;

  /// Largest divisibility tracked; the divisibility of 0.
  static constexpr int64_t kMaxDivisibility = int64_t(1) << 30;

  /// The state of a value not reached yet (the bottom of the lattice).
  AxisInfo() = default;
  AxisInfo(ArrayRef<int64_t> contiguity, ArrayRef<int64_t> divisibility,
           ArrayRef<int64_t> constancy,
           std::optional<int64_t> constantValue = std::nullopt);

  int64_t getContiguity(unsigned dim) const { return contiguity[dim]; }
  int64_t getDivisibility(unsigned dim) const { return divisibility[dim]; }
  int64_t getConstancy(unsigned dim) const { return constancy[dim]; }
  ArrayRef<int64_t> getContiguity() const { return contiguity; }
  ArrayRef<int64_t> getDivisibility() const { return divisibility; }
  ArrayRef<int64_t> getConstancy() const { return constancy; }
  unsigned getRank() const { return contiguity.size(); }

  /// The value of every element, when all elements are one known integer.
  std::optional<int64_t> getConstantValue() const { return constantValue; }

  /// Whether every element is known to be >= 0 as a signed integer (like the
  /// contiguity, this assumes index arithmetic does not overflow). Signed
  /// division and remainder keep runs only of non-negative dividends.
  bool isNonNegative() const { return nonNegative; }
  void setNonNegative(bool value) { nonNegative = value; }

  /// False for the bottom state of a value not reached yet.
  bool isInitialized() const { return !contiguity.empty(); }

  /// The divisibility of the elements at indices that are multiples of
  /// `stride` along `dim` (`stride` a power of two): the group starts when
  /// `stride` >= contiguity, else the group starts plus multiples of
  /// `stride` * `unit`, where `unit` is the step between consecutive
  /// elements of a run (the pointee size in bytes for pointers).
  /// `getDivisibilityAtStride(dim, 1, unit)` holds for every element.
  int64_t getDivisibilityAtStride(unsigned dim, int64_t stride,
                                  int64_t unit = 1) const;

  /// What holds of any value of the type of `value`: nothing but the
  /// natural alignment of pointers.
  static AxisInfo getPessimisticValueState(Value value);
  /// What holds of every element of a tensor (or scalar) of `shape` whose
  /// elements all equal `value`.
  static AxisInfo getConstantState(ArrayRef<int64_t> shape, int64_t value);

  /// What holds of both `lhs` and `rhs` (the lattice join).
  static AxisInfo join(const AxisInfo &lhs, const AxisInfo &rhs);

  bool operator==(const AxisInfo &other) const {
    return contiguity == other.contiguity &&
           divisibility == other.divisibility && constancy == other.constancy &&
           constantValue == other.constantValue &&
           nonNegative == other.nonNegative;
  }

  /// Prints `contiguity = [..], divisibility = [..], constancy = [..]` and,
  /// when known, `, constant = N`.
  void print(raw_ostream &os) const;

private:
  DimVector contiguity;
  DimVector divisibility;
  DimVector constancy;
  std::optional<int64_t> constantValue;
  bool nonNegative = false;
};

/// Computes the AxisInfo of every integer and pointer value under a module or
/// a function, seeded by the kernel argument hints (`block.divisibility`,
/// `block.alignment`). The IR must not change while the analysis is in use.
class AxisInfoAnalysis {
public:
  explicit AxisInfoAnalysis(Operation *root);
  ~AxisInfoAnalysis();
  AxisInfoAnalysis(AxisInfoAnalysis &&) noexcept;
  AxisInfoAnalysis &operator=(AxisInfoAnalysis &&) noexcept;

  /// The facts about `value`, or null when it is no integer or pointer (or
  /// tensor of them) or lies in code the analysis did not reach.
  const AxisInfo *getAxisInfo(Value value) const;

  /// Elements per vector access for a load/store whose pointer operand is `ptr`
  /// (tensor of !block.ptr) in a thread holding `elemsPerThreadContiguous`
  /// consecutive elements along the layout's fastest dim: min(contiguity,
  /// alignment / elemBytes, 16 bytes / elemBytes, elemsPerThreadContiguous),
  /// and further limited by the mask's constancy when `mask` is given.
  ///
  /// The fastest dimension is the first of the layout order of `ptr`'s
  /// encoding, or the last dimension when it has none. A scalar pointer or
  /// an unknown one gives 1.
  unsigned getVectorWidth(Value ptr, Value mask,
                          unsigned elemsPerThreadContiguous) const;
  /// As above, along dimension `dim` of `ptr`, whatever its layout.
  unsigned getVectorWidth(Value ptr, Value mask,
                          unsigned elemsPerThreadContiguous,
                          unsigned dim) const;

  /// The dimension of tensor `ptr` along which its elements are contiguous
  /// the longest (ties go to the later dimension), or the last one when
  /// nothing is known.
  unsigned getMostContiguousDim(Value ptr) const;

private:
  std::unique_ptr<DataFlowSolver> solver;
};

/// Size in bytes of one element of type `type` (an integer, float or
/// pointer; i1 counts as one byte).
unsigned getElementBytes(Type type);

/// The length of the aligned groups of `lhs` along `dim` over which `lhs` is
/// a run whose start is a multiple of the group length, and `rhs` is one
/// value that is a multiple of the group length. Over such a group,
/// `lhs < rhs` is uniform, and for non-negative `lhs`, `lhs / rhs` is
/// constant and `lhs % rhs` a run.
int64_t getAlignedRunLength(const AxisInfo &lhs, const AxisInfo &rhs,
                            unsigned dim);

} // namespace block
} // namespace mlir

#endif // BLOCK_ANALYSIS_AXISINFO_H
