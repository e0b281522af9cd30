//===- VectorWidth.cpp - How wide global memory accesses are --------------===//

#include "VectorWidth.h"

using namespace mlir;
using namespace mlir::block;

VectorWidthAnalysis::VectorWidthAnalysis(Operation *root) : axisInfo(root) {}

unsigned VectorWidthAnalysis::getVectorWidth(Value ptr, Value mask,
                                             unsigned contiguousPerThread) const {
  return axisInfo.getVectorWidth(ptr, mask, contiguousPerThread);
}
