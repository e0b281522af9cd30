//===- Compiler.cpp - From MLIR to interpreter instructions ---------------===//

#include "Compiler.h"

#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Dialect/Block/IR/KernelSignature.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/DebugStringHelper.h"
#include "llvm/ADT/SmallVectorExtras.h"

#include <cstring>

using namespace mlir;
using namespace mlir::block;
using namespace mlir::block::interpreter;
using namespace mlir::block::interpreter::detail;

std::optional<ElementKind>
mlir::block::interpreter::detail::getElementKind(Type type) {
  type = getElementTypeOrSelf(type);
  if (isa<PointerType>(type))
    return ElementKind::Ptr;
  if (isa<IndexType>(type))
    return ElementKind::I64;
  if (std::optional<ElementType> element = getRuntimeElementType(type))
    return toElementKind(*element);
  return std::nullopt;
}

int64_t mlir::block::interpreter::detail::getNumElements(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getNumElements();
  return 1;
}

std::string mlir::block::interpreter::detail::formatLocation(Location loc) {
  auto file = loc->findInstanceOf<FileLineColLoc>();
  if (!file)
    return "";
  return (file.getFilename().getValue() + ":" + Twine(file.getLine()) + ":" +
          Twine(file.getColumn()))
      .str();
}

LogicalResult
mlir::block::interpreter::detail::emitUnsupported(Operation *op,
                                                  const Twine &why) {
  InFlightDiagnostic diag =
      op->emitOpError("is not supported by the interpreter");
  if (!why.isTriviallyEmpty())
    diag << ": " << why;
  return diag;
}

/// Whether the interpreter can hold a value of `type`.
static bool isSupportedType(Type type) {
  if (auto buffer = dyn_cast<blockgpu::MemDescType>(type))
    return getElementKind(buffer.getElementType()).has_value();
  if (isa<blockgpu::AsyncTokenType, TensorDescType>(type))
    return true;
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.hasStaticShape() && getElementKind(tensor.getElementType());
  if (isa<ShapedType>(type))
    return false;
  return getElementKind(type).has_value();
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

SlotId Compiler::newSlot(int64_t bytes) {
  SlotInfo slot;
  slot.bytes = bytes;
  slot.offset = program.arenaBytes;
  // Cache-line aligned, so that typed loops over slots vectorise well.
  program.arenaBytes += (std::max<int64_t>(bytes, 1) + 63) & ~int64_t(63);
  program.slots.push_back(slot);
  return static_cast<SlotId>(program.slots.size() - 1);
}

int64_t Compiler::getLength(Value value) const {
  if (batchLength && !isa<RankedTensorType>(value.getType()))
    return batchLength;
  return getNumElements(value.getType());
}

SlotId Compiler::define(Value value) {
  SlotId slot;
  if (auto desc = dyn_cast<TensorDescType>(value.getType()))
    slot = newSlot(getTensorDescSlotBytes(desc.getRank()));
  else
    slot = newSlot(getLength(value) * getElementKindSize(kindOf(value)));
  slotOf[value] = slot;
  return slot;
}

SmallVector<SlotId> Compiler::define(ValueRange values) {
  return llvm::map_to_vector(values, [&](Value v) { return define(v); });
}

SmallVector<SlotId> Compiler::lookup(ValueRange values) const {
  return llvm::map_to_vector(values, [&](Value v) { return lookup(v); });
}

SlotId Compiler::defineConstant(Value value, ArrayRef<char> bytes) {
  int64_t length = getLength(value);
  int64_t total = length * getElementKindSize(kindOf(value));
  auto storage = std::make_unique<uint64_t[]>((total + 7) / 8);
  char *data = reinterpret_cast<char *>(storage.get());
  if (static_cast<int64_t>(bytes.size()) == total) {
    std::memcpy(data, bytes.data(), total);
  } else {
    // A scalar repeated over the lanes of a batched combiner.
    for (int64_t i = 0; i < total; i += bytes.size())
      std::memcpy(data + i, bytes.data(), bytes.size());
  }
  SlotInfo slot;
  slot.bytes = total;
  slot.constant = data;
  program.constants.push_back(std::move(storage));
  program.slots.push_back(slot);
  SlotId id = static_cast<SlotId>(program.slots.size() - 1);
  slotOf[value] = id;
  return id;
}

SlotId Compiler::addScratch(int64_t bytes) { return newSlot(bytes); }

//===----------------------------------------------------------------------===//
// Instructions
//===----------------------------------------------------------------------===//

Instr &Compiler::emit(Operation *op, ExecFn exec, Type laneType) {
  if (!laneType) {
    if (op->getNumResults())
      laneType = op->getResult(0).getType();
    else if (op->getNumOperands())
      laneType = op->getOperand(0).getType();
  }
  OpInfo &info = program.ops.emplace_back(OpInfo{op->getLoc(), "", "", {}});
  info.location = formatLocation(op->getLoc());
  info.name = op->getName().getStringRef().str();
  if (auto tensor = dyn_cast_or_null<RankedTensorType>(laneType))
    info.shape.assign(tensor.getShape().begin(), tensor.getShape().end());

  Instr &instr = code->emplace_back();
  instr.exec = exec;
  instr.op = &info;
  instr.numElements = laneType ? getNumElements(laneType) : 1;
  if (batchLength && !isa_and_nonnull<RankedTensorType>(laneType)) {
    instr.batched = true;
    instr.numElements = batchLength;
  }
  return instr;
}

//===----------------------------------------------------------------------===//
// Ops and regions
//===----------------------------------------------------------------------===//

LogicalResult Compiler::compileOp(Operation *op) {
  for (Type type :
       llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes()))
    if (!isSupportedType(type))
      return emitUnsupported(op, "values of type " + debugString(type) +
                                     " are not supported");

  if (isa<ProgramIdOp, NumProgramsOp>(op))
    return compileProgramInstanceOp(*this, op);
  if (isa<AddPtrOp, LoadOp, StoreOp, MakeTensorDescOp, DescLoadOp,
          DescStoreOp>(op))
    return compileMemoryOp(*this, op);
  if (isa<AtomicRMWOp, AtomicCASOp>(op))
    return compileAtomicOp(*this, op);
  if (isa<ReduceOp, ScanOp>(op))
    return compileCombineOp(*this, op);
  if (isa<DotOp, blockgpu::DotOp>(op))
    return compileDotOp(*this, op);
  if (isa<PrintOp, AssertOp>(op))
    return compileDebugOp(*this, op);
  if (isa<PtrToIntOp, IntToPtrOp, BitcastOp>(op))
    return compileCastOp(*this, op);
  Dialect *dialect = op->getDialect();
  if (isa_and_nonnull<BlockDialect>(dialect))
    return compileShapeOp(*this, op);
  if (isa_and_nonnull<blockgpu::BlockGPUDialect>(dialect) ||
      isa<gpu::BarrierOp>(op))
    return compileSharedMemoryOp(*this, op);
  if (isa_and_nonnull<arith::ArithDialect>(dialect))
    return compileArithOp(*this, op);
  if (isa_and_nonnull<math::MathDialect>(dialect))
    return compileMathOp(*this, op);
  if (isa_and_nonnull<scf::SCFDialect, func::FuncDialect>(dialect))
    return compileControlFlowOp(*this, op);
  return emitUnsupported(op);
}

LogicalResult Compiler::compileOps(Block &block, Code &into) {
  Code *outer = code;
  code = &into;
  LogicalResult result = success();
  for (Operation &op : block.without_terminator())
    if (failed(compileOp(&op))) {
      result = failure();
      break;
    }
  code = outer;
  return result;
}

func::FuncOp Compiler::lookupFunction(Operation *from, StringRef symbol) {
  Operation *table = SymbolTable::getNearestSymbolTable(from);
  if (!table)
    return {};
  return dyn_cast_or_null<func::FuncOp>(symbolTables.lookupNearestSymbolFrom(
      table, StringAttr::get(from->getContext(), symbol)));
}

/// The body of a function the interpreter can run: one block, ending in
/// func.return.
static LogicalResult checkFunctionBody(func::FuncOp func) {
  if (func.isExternal())
    return func.emitOpError("has no body for the interpreter to run");
  if (!func.getBody().hasOneBlock())
    return func.emitOpError(
        "has several blocks; the interpreter runs structured control flow "
        "(scf) only");
  for (Type type : func.getArgumentTypes())
    if (!isSupportedType(type))
      return func.emitOpError() << "has an argument of type " << type
                                << ", which the interpreter does not support";
  return success();
}

FailureOr<SmallVector<SlotId>> Compiler::inlineCall(Operation *call,
                                                    func::FuncOp callee,
                                                    ArrayRef<SlotId> argSlots) {
  if (!inlining.insert(callee).second) {
    call->emitOpError("is recursive; the interpreter inlines calls and "
                      "cannot run recursion");
    return failure();
  }
  if (failed(checkFunctionBody(callee)))
    return failure();
  Block &body = callee.getBody().front();
  for (auto [arg, slot] : llvm::zip(body.getArguments(), argSlots))
    alias(arg, slot);
  if (failed(compileOps(body, *code)))
    return failure();
  inlining.erase(callee);
  return lookup(body.getTerminator()->getOperands());
}

LogicalResult Compiler::compileKernel(func::FuncOp func,
                                      ArrayRef<std::string> argumentNames) {
  if (failed(checkFunctionBody(func)))
    return failure();
  if (func.getNumResults())
    return func.emitOpError("returns values; a kernel returns nothing");

  // Launches are checked against the signature a bundle's manifest holds.
  FailureOr<blockrt::KernelInfo> signature =
      describeKernel(func, argumentNames);
  if (failed(signature))
    return failure();
  program.signature = std::move(*signature);
  Block &body = func.getBody().front();
  for (BlockArgument arg : body.getArguments())
    program.argSlots.push_back(define(arg));
  inlining.insert(func);
  return compileOps(body, program.body);
}
