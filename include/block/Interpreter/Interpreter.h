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
//   if (std::optional<RunError> error = kernel->run(
//           {Argument::buffer(x, bytes), Argument::buffer(out, bytes,
//            /*initialized=*/false), Argument::i32(n)}, options))
//     llvm::errs() << error->str() << "\n";
//
// A CompiledKernel refers to the MLIR context only for the locations in its
// errors; keep the context alive while using it. docs/interpreter.md gives
// the semantics (masked-off lanes, combination order, atomics order, ...).
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_INTERPRETER_INTERPRETER_H
#define BLOCK_INTERPRETER_INTERPRETER_H

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

/// The element types the interpreter computes with, as they lie in memory:
/// i1 as one byte (0 or 1), f16 / bf16 as their bit patterns, pointers as
/// 64-bit host addresses. `index` is computed as i64.
enum class ElementKind : uint8_t {
  I1,
  I8,
  I16,
  I32,
  I64,
  F16,
  BF16,
  F32,
  F64,
  Ptr
};

/// "i1", ..., "f64", "ptr".
const char *getElementKindName(ElementKind kind);
/// Bytes of one element in memory (i1: 1, ptr: 8).
unsigned getElementKindSize(ElementKind kind);

/// A parameter of a compiled kernel.
struct Parameter {
  bool isPointer = false;
  /// The pointee of a pointer (ElementKind::Ptr for pointers to pointers),
  /// the type of a scalar.
  ElementKind kind = ElementKind::I32;
  /// The `block.divisibility` hint of an integer, the `block.alignment` hint
  /// of a pointer; 1 when absent. The interpreter does not rely on them;
  /// CompiledKernel::checkHints reports launches that break them.
  uint64_t divisibility = 1;
  uint64_t alignment = 1;
};

/// One argument of a launch.
struct Argument {
  enum class Kind : uint8_t { Buffer, Scalar };

  /// A pointer argument, bound to the `sizeInBytes` bytes at `data`. Every
  /// access of the kernel must fall inside some bound buffer. A buffer that is
  /// not `initialized` is output memory: with
  /// RunOptions::checkUninitializedReads, reading a byte of it that the run
  /// has not written is an error.
  static Argument buffer(void *data, uint64_t sizeInBytes,
                         bool initialized = true);
  /// A scalar argument: `bits` is the value's bit pattern in `kind`,
  /// zero-extended (i1: 0 or 1; f16 / bf16: the 16-bit pattern).
  static Argument scalar(ElementKind kind, uint64_t bits);
  static Argument i1(bool value) { return scalar(ElementKind::I1, value); }
  static Argument i32(int32_t value) {
    return scalar(ElementKind::I32, static_cast<uint32_t>(value));
  }
  static Argument i64(int64_t value) {
    return scalar(ElementKind::I64, static_cast<uint64_t>(value));
  }
  static Argument f32(float value);
  static Argument f64(double value);

  Kind kind = Kind::Scalar;
  ElementKind scalarKind = ElementKind::I32;
  uint64_t bits = 0;
  void *data = nullptr;
  uint64_t sizeInBytes = 0;
  bool initialized = true;
};

struct RunOptions {
  /// Program instances along x, y and z, with the GPU's limits: x < 2^31,
  /// y and z <= 65535.
  std::array<uint64_t, 3> grid = {1, 1, 1};
  /// Report reads of bytes of uninitialized buffers that no store (or atomic)
  /// of this run has written. Runs on one thread.
  bool checkUninitializedReads = false;
  /// Threads running program instances; 0 picks the hardware's. Kernels with
  /// atomics or block.print, and runs checking uninitialized reads, use one
  /// thread, so that instances run in their documented order.
  unsigned numThreads = 0;
  /// Where block.print writes; llvm::outs() when null.
  llvm::raw_ostream *printStream = nullptr;
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
  /// Compiles a verified `func.func` (usually a `block.kernel`). Fails, with
  /// a diagnostic at the op, on ops and types the interpreter does not
  /// support.
  static FailureOr<CompiledKernel> compile(func::FuncOp func);

  CompiledKernel(CompiledKernel &&) noexcept;
  CompiledKernel &operator=(CompiledKernel &&) noexcept;
  ~CompiledKernel();

  StringRef getName() const;
  ArrayRef<Parameter> getParameters() const;

  /// Runs the kernel over `options.grid`; instances run as
  /// `for z, for y, for x` (x fastest) when ordering matters. Returns the
  /// first error (in that order), or nothing on success.
  std::optional<RunError> run(ArrayRef<Argument> args,
                              const RunOptions &options = {}) const;

  /// The ways `args` break the kernel's `block.divisibility` and
  /// `block.alignment` hints, one sentence each, e.g. "argument 3 is 1000,
  /// which is not a multiple of 16 (block.divisibility)". A compiled GPU
  /// kernel relies on the hints; the interpreter does not.
  SmallVector<std::string> checkHints(ArrayRef<Argument> args) const;

private:
  explicit CompiledKernel(std::unique_ptr<detail::Program> program);
  std::unique_ptr<detail::Program> program;
};

} // namespace block::interpreter
} // namespace mlir

#endif // BLOCK_INTERPRETER_INTERPRETER_H
