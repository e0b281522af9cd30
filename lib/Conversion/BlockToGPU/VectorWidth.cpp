//===- VectorWidth.cpp - How wide global memory accesses are --------------===//

#include "VectorWidth.h"

using namespace mlir;
using namespace mlir::block;

VectorWidthAnalysis::VectorWidthAnalysis(Operation *) {}

// Without the contiguity and alignment analysis nothing proves that
// neighbouring elements are adjacent and aligned in memory.
unsigned VectorWidthAnalysis::getVectorWidth(Value, Value, unsigned) const {
  return 1;
}
