//===- ControlFlowOps.cpp - scf control flow and func.call ----------------===//
//
// Regions compile into their own code, run by the op's instruction. Values
// carried around a loop live in the slots of the body's arguments; calls are
// inlined at compile time, so they cost nothing at run time.
//
//===----------------------------------------------------------------------===//

#include "Compiler.h"
#include "Elements.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cstring>

using namespace mlir;
using namespace mlir::block::interpreter;
using namespace mlir::block::interpreter::detail;

namespace {
/// Values moved between slots: a region's results into the op's, the
/// operands into a region's arguments.
struct Transfer {
  SmallVector<SlotId> from, to;
  SmallVector<int64_t> bytes;

  void run(Frame &frame) const {
    for (size_t i = 0, e = from.size(); i < e; ++i)
      if (from[i] != to[i])
        std::memcpy(frame.get<char>(to[i]), frame.get<char>(from[i]), bytes[i]);
  }
};

Transfer makeTransfer(const Program &program, ArrayRef<SlotId> from,
                      ArrayRef<SlotId> to) {
  Transfer transfer;
  transfer.from.assign(from.begin(), from.end());
  transfer.to.assign(to.begin(), to.end());
  for (SlotId slot : to)
    transfer.bytes.push_back(program.slots[slot].bytes);
  return transfer;
}

struct ForLoop : InstrData {
  Code body;
  ElementKind ivKind = ElementKind::I32;
  /// The induction variable's width in compiled code (index is 32 bits).
  unsigned ivBits = 32;
  bool unsignedCmp = false;
  SlotId iv = 0;
  /// inits -> iteration arguments; yields -> iteration arguments (through
  /// the results when a yield reads an iteration argument's slot);
  /// iteration arguments -> results.
  Transfer enter, next, exit;
  bool yieldsThroughResults = false;
  Transfer yieldToResults, resultsToArgs;
};

struct IfElse : InstrData {
  Code thenCode, elseCode;
  Transfer thenExit, elseExit;
};

struct WhileLoop : InstrData {
  Code before, after;
  SlotId condition = 0;
  Transfer enter, toAfter, toBefore, exit;
};
} // namespace

//===----------------------------------------------------------------------===//
// scf.for
//===----------------------------------------------------------------------===//

static __int128 readBound(const Frame &frame, SlotId slot, ElementKind kind,
                          bool isUnsigned) {
  unsigned size = getElementKindSize(kind);
  uint64_t bits = readBits(frame.get<char>(slot), size);
  if (isUnsigned)
    return bits;
  return visitIntegerWidth(
      kind, [&](auto w) -> __int128 { return sext<decltype(w)::value>(bits); });
}

static std::string toString(__int128 value) {
  if (value < 0)
    return "-" + toString(-value);
  std::string digits;
  do {
    digits.insert(digits.begin(), char('0' + int(value % 10)));
    value /= 10;
  } while (value);
  return digits;
}

static bool execFor(const Instr &instr, Frame &frame) {
  const auto &loop = instr.getData<ForLoop>();
  __int128 lower =
      readBound(frame, instr.operands[0], loop.ivKind, loop.unsignedCmp);
  __int128 upper =
      readBound(frame, instr.operands[1], loop.ivKind, loop.unsignedCmp);
  __int128 step =
      readBound(frame, instr.operands[2], loop.ivKind, loop.unsignedCmp);
  if (step <= 0 && lower < upper)
    return frame.fail(instr, RunError::Kind::InvalidOperation, -1,
                      "scf.for in " + frame.describeLane(instr, -1) +
                          " has step " + std::to_string(int64_t(step)) +
                          ", but a loop that runs needs a positive step");
  // Compiled code steps the induction variable past the last iteration and
  // compares: where that step overflows, it wraps and the loop runs on. Such
  // a loop is undefined (docs/interpreter.md), refused before it runs.
  __int128 max = loop.unsignedCmp ? (__int128(1) << loop.ivBits) - 1
                                  : (__int128(1) << (loop.ivBits - 1)) - 1;
  if (lower < upper) {
    __int128 last = lower + (upper - 1 - lower) / step * step;
    if (last + step > max)
      return frame.fail(
          instr, RunError::Kind::InvalidOperation, -1,
          "scf.for in " + frame.describeLane(instr, -1) +
              " steps its induction variable past " +
              toString(max) + " after its last iteration (" +
              toString(last) + " + " + toString(step) +
              "), where compiled code wraps around and runs on: a loop "
              "must keep iv + step within its type");
  }
  loop.enter.run(frame);
  unsigned ivSize = getElementKindSize(loop.ivKind);
  char *iv = frame.get<char>(loop.iv);
  for (__int128 i = lower; i < upper; i += step) {
    uint64_t bits = static_cast<uint64_t>(i);
    std::memcpy(iv, &bits, ivSize);
    if (!frame.step(instr) || !runCode(loop.body, frame))
      return false;
    if (loop.yieldsThroughResults) {
      loop.yieldToResults.run(frame);
      loop.resultsToArgs.run(frame);
    } else {
      loop.next.run(frame);
    }
  }
  loop.exit.run(frame);
  return true;
}

static LogicalResult compileFor(Compiler &c, const Program &program,
                                scf::ForOp op) {
  auto &loop = c.makeData<ForLoop>();
  Type ivType = op.getInductionVar().getType();
  loop.ivKind = *getElementKind(ivType);
  loop.ivBits = ivType.isIndex() ? 32 : ivType.getIntOrFloatBitWidth();
  loop.unsignedCmp = op.getUnsignedCmp();
  loop.iv = c.define(op.getInductionVar());
  SmallVector<SlotId> args = c.define(op.getRegionIterArgs());
  if (failed(c.compileOps(*op.getBody(), loop.body)))
    return failure();
  SmallVector<SlotId> yields =
      c.lookup(op.getBody()->getTerminator()->getOperands());
  SmallVector<SlotId> results = c.define(op.getResults());
  SmallVector<SlotId> inits = c.lookup(op.getInitArgs());

  loop.enter = makeTransfer(program, inits, args);
  loop.exit = makeTransfer(program, args, results);
  // A yield of one iteration argument into another (a swap, or a view of
  // an argument) must not read a slot already overwritten.
  for (auto [i, yield] : llvm::enumerate(yields))
    for (auto [j, arg] : llvm::enumerate(args))
      if (yield == arg && i != j)
        loop.yieldsThroughResults = true;
  if (loop.yieldsThroughResults) {
    loop.yieldToResults = makeTransfer(program, yields, results);
    loop.resultsToArgs = makeTransfer(program, results, args);
  } else {
    loop.next = makeTransfer(program, yields, args);
  }

  Instr &instr = c.emit(op, &execFor);
  instr.data = &loop;
  instr.operands = {c.lookup(op.getLowerBound()), c.lookup(op.getUpperBound()),
                    c.lookup(op.getStep())};
  return success();
}

//===----------------------------------------------------------------------===//
// scf.if
//===----------------------------------------------------------------------===//

static bool execIf(const Instr &instr, Frame &frame) {
  const auto &branches = instr.getData<IfElse>();
  bool taken = *frame.get<uint8_t>(instr.operands[0]);
  if (!runCode(taken ? branches.thenCode : branches.elseCode, frame))
    return false;
  (taken ? branches.thenExit : branches.elseExit).run(frame);
  return true;
}

static LogicalResult compileIf(Compiler &c, const Program &program,
                               scf::IfOp op) {
  auto &branches = c.makeData<IfElse>();
  if (failed(c.compileOps(*op.thenBlock(), branches.thenCode)))
    return failure();
  SmallVector<SlotId> thenYields =
      c.lookup(op.thenBlock()->getTerminator()->getOperands());
  SmallVector<SlotId> elseYields;
  if (Block *elseBlock = op.elseBlock()) {
    if (failed(c.compileOps(*elseBlock, branches.elseCode)))
      return failure();
    elseYields = c.lookup(elseBlock->getTerminator()->getOperands());
  }
  SmallVector<SlotId> results = c.define(op.getResults());
  branches.thenExit = makeTransfer(program, thenYields, results);
  branches.elseExit = makeTransfer(program, elseYields, results);
  Instr &instr = c.emit(op, &execIf);
  instr.data = &branches;
  instr.operands = {c.lookup(op.getCondition())};
  return success();
}

//===----------------------------------------------------------------------===//
// scf.while
//===----------------------------------------------------------------------===//

static bool execWhile(const Instr &instr, Frame &frame) {
  const auto &loop = instr.getData<WhileLoop>();
  loop.enter.run(frame);
  while (true) {
    if (!runCode(loop.before, frame))
      return false;
    if (!*frame.get<uint8_t>(loop.condition))
      break;
    if (!frame.step(instr))
      return false;
    loop.toAfter.run(frame);
    if (!runCode(loop.after, frame))
      return false;
    loop.toBefore.run(frame);
  }
  loop.exit.run(frame);
  return true;
}

static LogicalResult compileWhile(Compiler &c, const Program &program,
                                  scf::WhileOp op) {
  auto &loop = c.makeData<WhileLoop>();
  SmallVector<SlotId> beforeArgs = c.define(op.getBeforeArguments());
  if (failed(c.compileOps(*op.getBeforeBody(), loop.before)))
    return failure();
  scf::ConditionOp condition = op.getConditionOp();
  loop.condition = c.lookup(condition.getCondition());
  SmallVector<SlotId> forwarded = c.lookup(condition.getArgs());
  SmallVector<SlotId> afterArgs = c.define(op.getAfterArguments());
  if (failed(c.compileOps(*op.getAfterBody(), loop.after)))
    return failure();
  SmallVector<SlotId> afterYields =
      c.lookup(op.getAfterBody()->getTerminator()->getOperands());
  SmallVector<SlotId> results = c.define(op.getResults());

  loop.enter = makeTransfer(program, c.lookup(op.getInits()), beforeArgs);
  loop.toAfter = makeTransfer(program, forwarded, afterArgs);
  loop.toBefore = makeTransfer(program, afterYields, beforeArgs);
  loop.exit = makeTransfer(program, forwarded, results);
  Instr &instr = c.emit(op, &execWhile);
  instr.data = &loop;
  return success();
}

//===----------------------------------------------------------------------===//
// Inlined regions and calls
//===----------------------------------------------------------------------===//

static bool execRegion(const Instr &instr, Frame &frame) {
  return runCode(instr.getData<IfElse>().thenCode, frame);
}

static LogicalResult compileExecuteRegion(Compiler &c,
                                          scf::ExecuteRegionOp op) {
  if (!op.getRegion().hasOneBlock())
    return emitUnsupported(op, "regions of several blocks are not");
  auto &region = c.makeData<IfElse>();
  Block &body = op.getRegion().front();
  if (failed(c.compileOps(body, region.thenCode)))
    return failure();
  // The results are the yielded values themselves (see Program.h on views).
  for (auto [result, yielded] :
       llvm::zip(op.getResults(), body.getTerminator()->getOperands()))
    c.alias(result, c.lookup(yielded));
  Instr &instr = c.emit(op, &execRegion);
  instr.data = &region;
  return success();
}

static LogicalResult compileCall(Compiler &c, func::CallOp op) {
  func::FuncOp callee = c.lookupFunction(op, op.getCallee());
  if (!callee)
    return emitUnsupported(op, "its callee is no func.func of this module");
  FailureOr<SmallVector<SlotId>> returned =
      c.inlineCall(op, callee, c.lookup(op.getOperands()));
  if (failed(returned))
    return failure();
  for (auto [result, slot] : llvm::zip(op.getResults(), *returned))
    c.alias(result, slot);
  return success();
}

LogicalResult
mlir::block::interpreter::detail::compileControlFlowOp(Compiler &c,
                                                       Operation *op) {
  const Program &program = c.getProgram();
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](scf::ForOp o) { return compileFor(c, program, o); })
      .Case([&](scf::IfOp o) { return compileIf(c, program, o); })
      .Case([&](scf::WhileOp o) { return compileWhile(c, program, o); })
      .Case([&](scf::ExecuteRegionOp o) { return compileExecuteRegion(c, o); })
      .Case([&](func::CallOp o) { return compileCall(c, o); })
      .Default([&](Operation *) { return emitUnsupported(op); });
}
