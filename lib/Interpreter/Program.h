//===- Program.h - The interpreter's compiled form of a kernel --*- C++ -*-===//
//
// A kernel is compiled once into instructions. Every SSA value owns a slot:
// a flat, typed array of its elements (scalars are arrays of one) at a fixed
// offset in a per-thread arena, or in read-only constant storage shared by
// all threads. An instruction holds a pointer to the function that executes
// it, chosen at compile time for its op and element types, so the hot path
// has no per-element dispatch, no hashing and no attribute decoding: one
// indirect call per op and program instance, then a typed loop.
//
// Ops that only reinterpret a tensor in row-major order (expand_dims,
// reshape, convert_layout, bitcast, ptr_to_int, int_to_ptr) emit nothing:
// their result shares the operand's slot. This is safe because a slot is
// written only where its value is defined, and every user of a value runs
// before the value's region runs again.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_LIB_INTERPRETER_PROGRAM_H
#define BLOCK_LIB_INTERPRETER_PROGRAM_H

#include "ElementKind.h"

#include "block/Interpreter/Interpreter.h"

#include "mlir/IR/Location.h"
#include "llvm/ADT/SmallVector.h"

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::block::interpreter::detail {

class Memory;
struct Frame;
struct MBarrierSync;
struct Instr;

using SlotId = uint32_t;

/// Executes one instruction; returns false after recording an error in the
/// frame.
using ExecFn = bool (*)(const Instr &, Frame &);

/// What a diagnostic says about an op.
struct OpInfo {
  Location loc;
  /// "file:line:col", or "" when the location has none.
  std::string location;
  /// "block.store".
  std::string name;
  /// The shape whose row-major lanes error messages refer to (empty for a
  /// scalar).
  SmallVector<int64_t> shape;
};

/// Data an instruction needs besides its slots, owned by the program.
struct InstrData {
  virtual ~InstrData();
};

struct Instr {
  ExecFn exec = nullptr;
  const OpInfo *op = nullptr;
  const InstrData *data = nullptr;
  /// Elements the instruction works on, unless `batched`.
  int64_t numElements = 1;
  /// Inside a vectorised reduce / scan combiner: the instruction works on
  /// the frame's current batch of lanes.
  bool batched = false;
  SmallVector<SlotId, 4> operands;
  SmallVector<SlotId, 2> results;

  template <typename T> const T &getData() const {
    return *static_cast<const T *>(data);
  }
};

using Code = std::vector<Instr>;

struct SlotInfo {
  int64_t bytes = 0;
  /// Offset in the frame arena, or -1 for constant storage.
  int64_t offset = -1;
  const void *constant = nullptr;
};

struct Program {
  explicit Program(Location loc) : loc(loc) {}

  /// What the kernel takes, as the runtime describes it.
  blockrt::KernelInfo signature;
  /// The kernel's location, for launch errors.
  Location loc;
  std::vector<SlotId> argSlots;
  std::vector<SlotInfo> slots;
  int64_t arenaBytes = 0;
  Code body;
  /// Atomics or prints: instances must run one after the other, in order.
  bool needsOrder = false;

  std::deque<OpInfo> ops;
  std::vector<std::unique_ptr<InstrData>> data;
  std::vector<std::unique_ptr<uint64_t[]>> constants;
};

/// The state of one thread running program instances.
struct Frame {
  Frame(const Program &program, Memory &memory, llvm::raw_ostream &printStream);

  Memory &memory;
  llvm::raw_ostream &printStream;
  std::array<uint64_t, 3> programId = {0, 0, 0};
  std::array<uint64_t, 3> grid = {1, 1, 1};
  /// Lanes of the combiner code now running (see Instr::batched).
  int64_t batch = 1;
  std::optional<RunError> error;
  /// While the partitions of a blockgpu.warp_specialize run, each in its
  /// own thread and frame: what their mbarrier operations synchronise on.
  /// Null while the instance runs as one thread.
  MBarrierSync *mbarriers = nullptr;
  /// Loop iterations the program instance may still run (RunOptions::
  /// maxSteps), and when the run must have ended (timeoutSeconds).
  uint64_t stepsLeft = UINT64_MAX;
  std::optional<std::chrono::steady_clock::time_point> deadline;

  /// Counts one iteration of loop `instr`; false, after recording the
  /// error, past the step limit or the deadline.
  bool step(const Instr &instr) {
    if (--stepsLeft == 0)
      return failLimit(instr, /*timedOut=*/false);
    if (deadline && (stepsLeft & 4095) == 0 &&
        std::chrono::steady_clock::now() > *deadline)
      return failLimit(instr, /*timedOut=*/true);
    return true;
  }
  /// Records that the run stopped at `instr`: past the step limit, or past
  /// the deadline.
  bool failLimit(const Instr &instr, bool timedOut);

  /// False when the values' storage could not be allocated.
  bool hasStorage() const { return arena != nullptr; }
  /// Takes the values of `other`, a frame of the same program, and its
  /// program instance.
  void copyValuesFrom(const Frame &other);

  template <typename T> T *get(SlotId id) const {
    return reinterpret_cast<T *>(slots[id]);
  }
  int64_t length(const Instr &instr) const {
    return instr.batched ? batch : instr.numElements;
  }

  /// Records an error of `instr` at row-major `lane` of its op's shape (-1:
  /// none) and returns false.
  bool fail(const Instr &instr, RunError::Kind kind, int64_t lane,
            const std::string &message);
  /// "program (x, y, z)[ at element ...]", how messages name a lane.
  std::string describeLane(const Instr &instr, int64_t lane) const;

private:
  struct FreeDeleter {
    void operator()(char *p) const;
  };
  std::unique_ptr<char, FreeDeleter> arena;
  size_t arenaBytes = 0;
  std::vector<char *> slots;
};

/// Runs `code` in `frame`; false on error.
inline bool runCode(const Code &code, Frame &frame) {
  for (const Instr &instr : code)
    if (!instr.exec(instr, frame))
      return false;
  return true;
}

} // namespace mlir::block::interpreter::detail

#endif // BLOCK_LIB_INTERPRETER_PROGRAM_H
