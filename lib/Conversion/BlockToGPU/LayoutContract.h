//===- LayoutContract.h - What the lowering requires of its input -*- C++ -*-===//

#ifndef LIB_CONVERSION_BLOCKTOGPU_LAYOUTCONTRACT_H
#define LIB_CONVERSION_BLOCKTOGPU_LAYOUTCONTRACT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::block {

/// Checks that `kernel` satisfies the layout contract block-assign-layouts
/// establishes, and uses only operations the lowering supports; reports the
/// first violation.
LogicalResult verifyLayoutContract(func::FuncOp kernel);

} // namespace mlir::block

#endif // LIB_CONVERSION_BLOCKTOGPU_LAYOUTCONTRACT_H
