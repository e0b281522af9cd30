//===- Interpreter.h - Run block programs on the CPU ------------*- C++ -*-===//
//
// The interpreter executes a block kernel as written (before layouts and
// lowering) for every program instance of a grid, on host buffers. It is the
// numeric reference where no GPU exists and the first debugger to reach for:
// every unmasked access outside the bound buffers, every failing block.assert
// and (on request) every read of output memory that nothing wrote stops the
// run with a RunError naming the op, the program instance and the element.
//
//   FailureOr<CompiledKernel> kernel = CompiledKernel::compile(func);
//   if (failed(kernel)) ...;                 // diagnostics were emitted
//   RunOptions options;
//   options.grid = {blocks, 1, 1};
//   options.outputArguments = {1};
//   if (std::optional<RunError> error = kernel->run(
//           {blockrt::KernelArg::pointer(address(x), bytes),
//            blockrt::KernelArg::pointer(address(out), bytes),
//            blockrt::KernelArg::i32(n)}, options))
//     llvm::errs() << error->str() << "\n";
//
// The kernel's signature and its launch arguments are the runtime's
// (block/Runtime/LaunchCheck.h), and so is the launch check: the interpreter
// refuses what no GPU launch could run, and reports (checkHints) what only a
// compiled kernel relies on.
//
// A CompiledKernel refers to the MLIR context only for the locations in its
// errors; keep the context alive while using it. docs/interpreter.md gives
// the semantics (masked-off lanes, combination order, atomics order, ...).
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_INTERPRETER_INTERPRETER_H
#define BLOCK_INTERPRETER_INTERPRETER_H

#include "block/Runtime/Grid.h"
#include "block/Runtime/LaunchCheck.h"
#include "block/Runtime/Manifest.h"

#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir {
namespace func {
class FuncOp;
} // namespace func

namespace block::interpreter {

namespace detail {
struct Program;
} // namespace detail

struct RunOptions {
  /// Program instances along x, y and z, with the GPU's limits: x < 2^31,
  /// y and z <= 65535.
  blockrt::Grid grid;
  /// The pointer arguments whose buffers are output memory, by index: with
  /// checkUninitializedReads, reading a byte of one that the run has not
  /// written is an error.
  llvm::SmallVector<size_t> outputArguments;
  /// Report reads of bytes of output buffers that no store (or atomic) of
  /// this run has written. Runs on one thread.
  bool checkUninitializedReads = false;
  /// Threads running program instances; 0 picks the hardware's. Kernels with
  /// atomics or block.print, and runs checking uninitialized reads, use one
  /// thread, so that instances run in their documented order.
  unsigned numThreads = 0;
  /// Where block.print writes; llvm::outs() when null.
  llvm::raw_ostream *printStream = nullptr;
  /// The most loop iterations (scf.for and scf.while bodies, nested ones
  /// each counting) one program instance may run before the run stops with
  /// a StepLimit error: a loop that never ends is reported, not waited on.
  /// 0: no limit.
  uint64_t maxSteps = kDefaultMaxSteps;
  /// The most wall-clock seconds the run may take before it stops with a
  /// StepLimit error; 0: no limit.
  double timeoutSeconds = 0;

  /// Far more than any kernel's loops take (tens of millions of iterations
  /// per program instance), about a second of the tightest loop.
  static constexpr uint64_t kDefaultMaxSteps = uint64_t(1) << 26;
};

/// Why a run stopped.
struct RunError {
  enum class Kind : uint8_t {
    /// The arguments or the grid do not fit the kernel.
    InvalidLaunch,
    /// An unmasked access outside every bound buffer.
    OutOfBounds,
    /// A read of output memory that nothing wrote (checkUninitializedReads).
    UninitializedRead,
    /// A block.assert whose condition was false.
    AssertionFailed,
    /// An op that cannot complete, e.g. an scf.for with a step <= 0.
    InvalidOperation,
    /// The run passed RunOptions::maxSteps or timeoutSeconds.
    StepLimit,
  };

  Kind kind = Kind::InvalidLaunch;
  /// What went wrong, without the location, e.g. "out-of-bounds block.store
  /// in program (3, 0, 0) at element 10: ...".
  std::string message;
  /// The op's location (the kernel's for launch errors), and its first
  /// file:line:col as text ("" if it has none).
  Location loc;
  std::string location;
  /// The failing program instance (launch errors: none, all zeros).
  std::array<uint64_t, 3> programId = {0, 0, 0};
  /// The element's index within the op's tensor (empty for scalars and
  /// launch errors).
  llvm::SmallVector<int64_t> element;
  /// OutOfBounds and UninitializedRead: the host address accessed, the
  /// argument whose buffer is nearest (-1 if none is bound) and the address's
  /// byte offset from that buffer's start (negative before it).
  uint64_t address = 0;
  int nearestArgument = -1;
  int64_t byteOffset = 0;

  explicit RunError(Location loc) : loc(loc) {}
  /// "file:line:col: error: message", or "error: message" without location.
  std::string str() const;
};

/// A kernel compiled once into the interpreter's internal form, runnable any
/// number of times, from any number of threads at once.
class CompiledKernel {
public:
  /// Compiles a verified `func.func` (usually a `block.kernel`), whose
  /// arguments launch errors name as `argumentNames` gives them (see
  /// describeKernel). Fails, with a diagnostic at the op, on ops and types
  /// the interpreter does not support.
  static FailureOr<CompiledKernel>
  compile(func::FuncOp func, ArrayRef<std::string> argumentNames = {});

  CompiledKernel(CompiledKernel &&) noexcept;
  CompiledKernel &operator=(CompiledKernel &&) noexcept;
  ~CompiledKernel();

  StringRef getName() const;
  /// What the kernel takes (describeKernel of its func.func).
  const blockrt::KernelInfo &getSignature() const;

  /// Runs the kernel over `options.grid`; instances run as
  /// `for z, for y, for x` (x fastest) when ordering matters. A pointer
  /// argument binds the `bufferBytes` bytes at its address, which must be
  /// known; every access of the kernel must fall inside some bound buffer.
  /// Returns the first error (in that order), or nothing on success.
  std::optional<RunError> run(ArrayRef<blockrt::KernelArg> args,
                              const RunOptions &options = {}) const;

  /// The ways `args` break the assumptions of the kernel's hints
  /// (`block.alignment`, `block.divisibility`), one sentence each, as the
  /// runtime's launch check words them. A compiled GPU kernel relies on the
  /// hints; the interpreter does not. `args` must fit the kernel's
  /// parameters (run refuses those that do not).
  SmallVector<std::string> checkHints(ArrayRef<blockrt::KernelArg> args) const;

private:
  explicit CompiledKernel(std::unique_ptr<detail::Program> program);
  std::unique_ptr<detail::Program> program;
};

} // namespace block::interpreter
} // namespace mlir

#endif // BLOCK_INTERPRETER_INTERPRETER_H
