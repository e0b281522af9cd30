//===- Compiler.h - From MLIR to interpreter instructions -------*- C++ -*-===//
//
// The compiler walks a kernel once, gives every value a slot and emits one
// instruction per op. The per-family parts (ArithOps.cpp, MemoryOps.cpp,
// ...) each provide compile functions that pick the executing function for
// an op from its kind and element types.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_LIB_INTERPRETER_COMPILER_H
#define BLOCK_LIB_INTERPRETER_COMPILER_H

#include "Program.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <optional>

namespace mlir {
namespace func {
class FuncOp;
} // namespace func

namespace block::interpreter::detail {

/// Elements of a value of `type`: a tensor's count, 1 for a scalar.
int64_t getNumElements(Type type);

/// The bytes of a tensor descriptor's slot: its base address, then its
/// sizes, then its strides, each an int64, outermost first.
inline int64_t getTensorDescSlotBytes(int64_t rank) { return (1 + 2 * rank) * 8; }

/// The file:line:col of `loc`, or "" if it has none.
std::string formatLocation(Location loc);

class Compiler {
public:
  explicit Compiler(Program &program) : program(program) {}

  /// Compiles `func` as the program's kernel.
  LogicalResult compileKernel(func::FuncOp func,
                              ArrayRef<std::string> argumentNames);

  /// Compiles every op of `block` but its terminator into `code`.
  LogicalResult compileOps(Block &block, Code &code);

  /// Compiles the body of `callee` for a call whose operands are in
  /// `argSlots`; returns the slots of the returned values.
  FailureOr<SmallVector<SlotId>>
  inlineCall(Operation *call, func::FuncOp callee, ArrayRef<SlotId> argSlots);
  /// The function `symbol` names from `from`, or null.
  func::FuncOp lookupFunction(Operation *from, StringRef symbol);

  // Values.

  /// The slot of a value compiled before.
  SlotId lookup(Value value) const { return slotOf.lookup(value); }
  SmallVector<SlotId> lookup(ValueRange values) const;
  /// A new slot for `value`, sized for its type (or the combiner batch).
  SlotId define(Value value);
  SmallVector<SlotId> define(ValueRange values);
  /// Makes `value` share `slot` (see Program.h on views).
  void alias(Value value, SlotId slot) { slotOf[value] = slot; }
  /// Gives `result` the slot of `source`: an op whose result only
  /// reinterprets its operand's row-major elements emits nothing (see
  /// Program.h).
  LogicalResult view(Value result, Value source) {
    alias(result, lookup(source));
    return success();
  }
  /// Makes `value` a constant with the given element bytes; a scalar in a
  /// batched combiner is repeated for every lane.
  SlotId defineConstant(Value value, ArrayRef<char> bytes);
  /// Per-frame storage for an instruction's temporaries.
  SlotId addScratch(int64_t bytes);
  /// Elements of `value`, or the batch length inside a batched combiner.
  int64_t getLength(Value value) const;

  // Instructions.

  /// Appends an instruction for `op` to the code being compiled. Its length
  /// and the shape its lanes refer to come from `laneType` (default: the
  /// first result's type, else the first operand's).
  Instr &emit(Operation *op, ExecFn exec, Type laneType = {});
  /// Data for an instruction, owned by the program.
  template <typename T> T &makeData() {
    program.data.push_back(std::make_unique<T>());
    return static_cast<T &>(*program.data.back());
  }
  /// Instances must run one at a time, in order (atomics, prints).
  void requireOrder() { program.needsOrder = true; }
  const Program &getProgram() const { return program; }

  /// While compiling a batched combiner: the number of lanes its slots hold;
  /// 0 elsewhere.
  int64_t batchLength = 0;

private:
  LogicalResult compileOp(Operation *op);
  SlotId newSlot(int64_t bytes);

  Program &program;
  llvm::DenseMap<Value, SlotId> slotOf;
  Code *code = nullptr;
  /// Functions being inlined, to refuse recursion.
  llvm::SmallPtrSet<Operation *, 4> inlining;
  SymbolTableCollection symbolTables;
};

// The per-dialect compile functions. Each handles the ops named in its file
// and reports the others of its dialect as unsupported.
LogicalResult compileArithOp(Compiler &compiler, Operation *op);
LogicalResult compileMathOp(Compiler &compiler, Operation *op);
LogicalResult compileProgramInstanceOp(Compiler &compiler, Operation *op);
LogicalResult compileShapeOp(Compiler &compiler, Operation *op);
LogicalResult compileMemoryOp(Compiler &compiler, Operation *op);
LogicalResult compileAtomicOp(Compiler &compiler, Operation *op);
LogicalResult compileCombineOp(Compiler &compiler, Operation *op);
LogicalResult compileDotOp(Compiler &compiler, Operation *op);
LogicalResult compileDebugOp(Compiler &compiler, Operation *op);
LogicalResult compileCastOp(Compiler &compiler, Operation *op);
LogicalResult compileControlFlowOp(Compiler &compiler, Operation *op);
LogicalResult compileSharedMemoryOp(Compiler &compiler, Operation *op);
/// mbarriers and blockgpu.warp_specialize (BarrierOps.cpp), for
/// compileSharedMemoryOp.
LogicalResult compileBarrierOp(Compiler &compiler, Operation *op);
/// Appends the instruction by which `op`'s copy delivers `bytes` to the
/// phase of `barrier`.
void emitCompleteTransaction(Compiler &compiler, Operation *op, Value barrier,
                             int64_t bytes);

/// The slot of the pointers `op` (a load, store or atomic) addresses: `ptr`,
/// or for `%ptr[%offsets]` their sum, computed into a scratch slot.
SlotId compileAddress(Compiler &compiler, Operation *op, Value ptr,
                      Value offsets);

/// The function that runs a block.load of `kind` elements (also the gather
/// of blockgpu.async_copy).
ExecFn getLoadExec(ElementKind kind, bool hasMask, bool hasOther);

/// The function that runs a block.desc_load of `kind` elements (also the
/// copy of blockgpu.tma_load): operands the descriptor and the coordinates,
/// the result the tile.
ExecFn getDescLoadExec(ElementKind kind);
/// The function that runs a block.desc_store of `kind` elements (also the
/// copy of blockgpu.tma_store): operands the descriptor, the coordinates
/// and the tile.
ExecFn getDescStoreExec(ElementKind kind);
/// Appends the instruction of an access to the tile of `desc` at `indices`
/// (its operands); its lanes are the tile's elements.
Instr &emitTileAccess(Compiler &c, Operation *op, ExecFn exec, Value desc,
                      ValueRange indices);

/// The standard refusal of an op the interpreter cannot run.
LogicalResult emitUnsupported(Operation *op, const Twine &why = "");

} // namespace block::interpreter::detail
} // namespace mlir

#endif // BLOCK_LIB_INTERPRETER_COMPILER_H
