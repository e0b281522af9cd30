//===- ProgramInstanceOps.cpp - block.program_id and block.num_programs ---===//
//
// The instance's position in the grid and the grid's size, per dimension,
// as the run spec launches them.
//
//===----------------------------------------------------------------------===//

#include "Compiler.h"

#include "block/Dialect/Block/IR/BlockOps.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::block;
using namespace mlir::block::interpreter;
using namespace mlir::block::interpreter::detail;

namespace {
struct GridDim : InstrData {
  unsigned dim = 0;
};
} // namespace

static bool execProgramId(const Instr &instr, Frame &frame) {
  unsigned dim = instr.getData<GridDim>().dim;
  *frame.get<uint32_t>(instr.results[0]) =
      static_cast<uint32_t>(frame.programId[dim]);
  return true;
}

static bool execNumPrograms(const Instr &instr, Frame &frame) {
  unsigned dim = instr.getData<GridDim>().dim;
  *frame.get<uint32_t>(instr.results[0]) =
      static_cast<uint32_t>(frame.grid[dim]);
  return true;
}

static LogicalResult emitGridQuery(Compiler &c, Operation *op, ExecFn exec,
                                   ProgramDim dim) {
  auto &data = c.makeData<GridDim>();
  data.dim = static_cast<unsigned>(dim);
  Instr &instr = c.emit(op, exec);
  instr.data = &data;
  instr.results = {c.define(op->getResult(0))};
  return success();
}

LogicalResult
mlir::block::interpreter::detail::compileProgramInstanceOp(Compiler &c,
                                                           Operation *op) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](ProgramIdOp o) {
        return emitGridQuery(c, o, &execProgramId, o.getDim());
      })
      .Case([&](NumProgramsOp o) {
        return emitGridQuery(c, o, &execNumPrograms, o.getDim());
      })
      .Default([&](Operation *) { return emitUnsupported(op); });
}
