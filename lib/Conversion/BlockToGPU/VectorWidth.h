//===- VectorWidth.h - How wide global memory accesses are ------*- C++ -*-===//

#ifndef LIB_CONVERSION_BLOCKTOGPU_VECTORWIDTH_H
#define LIB_CONVERSION_BLOCKTOGPU_VECTORWIDTH_H

#include "block/Analysis/AxisInfo.h"

#include "mlir/IR/Value.h"

namespace mlir::block {

/// Decides how many consecutive elements one global load or store moves,
/// from what the axis-info analysis knows of the pointers and the mask: the
/// one place the lowering asks. Built on the unconverted kernels, before the
/// conversion, and asked about their values.
class VectorWidthAnalysis {
public:
  explicit VectorWidthAnalysis(Operation *root);

  /// Elements per access of a load or store of `ptr` under `mask` (may be
  /// null), at most `contiguousPerThread`: the consecutive elements each
  /// thread holds along the layout's fastest dimension.
  unsigned getVectorWidth(Value ptr, Value mask,
                          unsigned contiguousPerThread) const;

private:
  AxisInfoAnalysis axisInfo;
};

} // namespace mlir::block

#endif // LIB_CONVERSION_BLOCKTOGPU_VECTORWIDTH_H
