//===- CastOps.cpp - block.ptr_to_int, block.int_to_ptr, block.bitcast ----===//
//
// A cast reinterprets the bits of every element in row-major order: its
// result shares the operand's slot (see Program.h).
//
//===----------------------------------------------------------------------===//

#include "Compiler.h"

#include "block/Dialect/Block/IR/BlockOps.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::block;
using namespace mlir::block::interpreter::detail;

LogicalResult mlir::block::interpreter::detail::compileCastOp(Compiler &c,
                                                              Operation *op) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](PtrToIntOp o) { return c.view(o.getResult(), o.getPtr()); })
      .Case([&](IntToPtrOp o) { return c.view(o.getResult(), o.getSrc()); })
      .Case([&](BitcastOp o) { return c.view(o.getResult(), o.getSrc()); })
      .Default([&](Operation *) { return emitUnsupported(op); });
}
