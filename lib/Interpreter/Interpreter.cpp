//===- Interpreter.cpp - Run block programs on the CPU --------------------===//
//
// The public API: compiling a kernel, checking a launch, and running the
// program instances of a grid, on several threads where the order of
// instances cannot be observed.
//
//===----------------------------------------------------------------------===//

#include "block/Interpreter/Interpreter.h"

#include "Compiler.h"
#include "Elements.h"
#include "Memory.h"
#include "Program.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <thread>

using namespace mlir;
using namespace mlir::block::interpreter;
using namespace mlir::block::interpreter::detail;

//===----------------------------------------------------------------------===//
// Element kinds, arguments, errors
//===----------------------------------------------------------------------===//

const char *mlir::block::interpreter::getElementKindName(ElementKind kind) {
  switch (kind) {
  case ElementKind::I1:
    return "i1";
  case ElementKind::I8:
    return "i8";
  case ElementKind::I16:
    return "i16";
  case ElementKind::I32:
    return "i32";
  case ElementKind::I64:
    return "i64";
  case ElementKind::F16:
    return "f16";
  case ElementKind::BF16:
    return "bf16";
  case ElementKind::F32:
    return "f32";
  case ElementKind::F64:
    return "f64";
  case ElementKind::Ptr:
    return "ptr";
  }
  return "?";
}

unsigned mlir::block::interpreter::getElementKindSize(ElementKind kind) {
  switch (kind) {
  case ElementKind::I1:
  case ElementKind::I8:
    return 1;
  case ElementKind::I16:
  case ElementKind::F16:
  case ElementKind::BF16:
    return 2;
  case ElementKind::I32:
  case ElementKind::F32:
    return 4;
  case ElementKind::I64:
  case ElementKind::F64:
  case ElementKind::Ptr:
    return 8;
  }
  return 1;
}

Argument Argument::buffer(void *data, uint64_t sizeInBytes, bool initialized) {
  Argument arg;
  arg.kind = Kind::Buffer;
  arg.data = data;
  arg.sizeInBytes = sizeInBytes;
  arg.initialized = initialized;
  return arg;
}

Argument Argument::scalar(ElementKind kind, uint64_t bits) {
  Argument arg;
  arg.kind = Kind::Scalar;
  arg.scalarKind = kind;
  unsigned width = kind == ElementKind::I1 ? 1 : 8 * getElementKindSize(kind);
  arg.bits = width == 64 ? bits : bits & ((uint64_t(1) << width) - 1);
  return arg;
}

Argument Argument::f32(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return scalar(ElementKind::F32, bits);
}

Argument Argument::f64(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return scalar(ElementKind::F64, bits);
}

std::string RunError::str() const {
  if (location.empty())
    return "error: " + message;
  return location + ": error: " + message;
}

InstrData::~InstrData() = default;

//===----------------------------------------------------------------------===//
// Frames
//===----------------------------------------------------------------------===//

void Frame::FreeDeleter::operator()(char *p) const { std::free(p); }

Frame::Frame(const Program &program, Memory &memory,
             llvm::raw_ostream &printStream)
    : memory(memory), printStream(printStream) {
  size_t bytes = std::max<int64_t>(program.arenaBytes, 64);
  arena.reset(static_cast<char *>(std::aligned_alloc(64, bytes)));
  if (!arena)
    return;
  std::memset(arena.get(), 0, bytes);
  slots.reserve(program.slots.size());
  for (const SlotInfo &slot : program.slots)
    slots.push_back(
        slot.constant
            ? const_cast<char *>(static_cast<const char *>(slot.constant))
            : arena.get() + slot.offset);
}

std::string Frame::describeLane(const Instr &instr, int64_t lane) const {
  std::string text = "program (" + std::to_string(programId[0]) + ", " +
                     std::to_string(programId[1]) + ", " +
                     std::to_string(programId[2]) + ")";
  ArrayRef<int64_t> shape = instr.op->shape;
  if (lane < 0 || shape.empty())
    return text;
  if (shape.size() == 1)
    return text + " at element " + std::to_string(lane);
  SmallVector<int64_t, 4> index(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    index[d] = lane % shape[d];
    lane /= shape[d];
  }
  text += " at element [";
  for (auto [i, value] : llvm::enumerate(index))
    text += (i ? ", " : "") + std::to_string(value);
  return text + "]";
}

bool Frame::fail(const Instr &instr, RunError::Kind kind, int64_t lane,
                 const std::string &message) {
  RunError &e = error.emplace(instr.op->loc);
  e.kind = kind;
  e.message = message;
  e.location = instr.op->location;
  e.programId = programId;
  ArrayRef<int64_t> shape = instr.op->shape;
  if (lane >= 0 && !shape.empty()) {
    e.element.resize(shape.size());
    for (size_t d = shape.size(); d-- > 0;) {
      e.element[d] = lane % shape[d];
      lane /= shape[d];
    }
  }
  return false;
}

//===----------------------------------------------------------------------===//
// CompiledKernel
//===----------------------------------------------------------------------===//

CompiledKernel::CompiledKernel(std::unique_ptr<Program> program)
    : program(std::move(program)) {}
CompiledKernel::CompiledKernel(CompiledKernel &&) noexcept = default;
CompiledKernel &CompiledKernel::operator=(CompiledKernel &&) noexcept = default;
CompiledKernel::~CompiledKernel() = default;

FailureOr<CompiledKernel> CompiledKernel::compile(func::FuncOp func) {
  auto program = std::make_unique<Program>(func.getLoc());
  Compiler compiler(*program);
  if (failed(compiler.compileKernel(func)))
    return failure();
  return CompiledKernel(std::move(program));
}

StringRef CompiledKernel::getName() const { return program->name; }

ArrayRef<Parameter> CompiledKernel::getParameters() const {
  return program->params;
}

static std::string describeParameter(const Parameter &param) {
  if (param.isPointer)
    return std::string("a pointer to ") + getElementKindName(param.kind);
  return getElementKindName(param.kind);
}

/// Checks what the interpreter itself needs of a launch.
static std::optional<RunError> checkLaunch(const Program &program,
                                           ArrayRef<Argument> args,
                                           const RunOptions &options) {
  auto launchError = [&](std::string message) {
    RunError error(program.loc);
    error.location = formatLocation(program.loc);
    error.message = std::move(message);
    return error;
  };
  const auto &grid = options.grid;
  std::string gridText = "(" + std::to_string(grid[0]) + ", " +
                         std::to_string(grid[1]) + ", " +
                         std::to_string(grid[2]) + ")";
  if (grid[0] < 1 || grid[0] >= (uint64_t(1) << 31) || grid[1] < 1 ||
      grid[1] > 65535 || grid[2] < 1 || grid[2] > 65535)
    return launchError("grid " + gridText +
                       " is out of range: x must be in [1, 2^31), y and z in "
                       "[1, 65535], as on the GPU");
  if (args.size() != program.params.size())
    return launchError("kernel '" + program.name + "' takes " +
                       std::to_string(program.params.size()) +
                       " arguments, but " + std::to_string(args.size()) +
                       " were given");
  for (auto [i, arg, param] : llvm::enumerate(args, program.params)) {
    std::string which = "argument " + std::to_string(i) + " of '" +
                        program.name + "' is " + describeParameter(param);
    if (param.isPointer && arg.kind != Argument::Kind::Buffer)
      return launchError(which + ", but a scalar was given");
    if (!param.isPointer && arg.kind != Argument::Kind::Scalar)
      return launchError(which + ", but a buffer was given");
    if (!param.isPointer && arg.scalarKind != param.kind)
      return launchError(which + ", but the scalar given is " +
                         getElementKindName(arg.scalarKind));
  }
  return std::nullopt;
}

std::optional<RunError> CompiledKernel::run(ArrayRef<Argument> args,
                                            const RunOptions &options) const {
  if (std::optional<RunError> error = checkLaunch(*program, args, options))
    return error;

  std::vector<Buffer> buffers;
  std::vector<bool> tracked;
  for (auto [i, arg, param] : llvm::enumerate(args, program->params)) {
    if (!param.isPointer)
      continue;
    Buffer buffer;
    buffer.begin = reinterpret_cast<uint64_t>(arg.data);
    buffer.end = buffer.begin + arg.sizeInBytes;
    buffer.argIndex = i;
    buffer.kind = param.kind;
    buffers.push_back(buffer);
    tracked.push_back(options.checkUninitializedReads && !arg.initialized);
  }
  Memory memory(std::move(buffers), tracked);

  const auto &grid = options.grid;
  uint64_t total = grid[0] * grid[1] * grid[2];
  unsigned threads = options.numThreads ? options.numThreads
                                        : std::thread::hardware_concurrency();
  if (program->needsOrder || memory.hasShadow())
    threads = 1;
  threads = static_cast<unsigned>(
      std::clamp<uint64_t>(std::min<uint64_t>(threads, total), 1, 256));
  llvm::raw_ostream &printStream =
      options.printStream ? *options.printStream : llvm::outs();

  // Threads take chunks of instances in increasing order and skip those
  // beyond the first failure, so every instance before it runs and the
  // error reported is the first in grid order, as with one thread.
  uint64_t chunk = std::clamp<uint64_t>(total / (uint64_t(threads) * 8), 1, 64);
  std::atomic<uint64_t> nextInstance{0};
  std::atomic<uint64_t> firstFailure{UINT64_MAX};
  std::vector<std::optional<RunError>> errors(threads);
  std::vector<uint64_t> failedInstance(threads, UINT64_MAX);

  auto work = [&](unsigned thread) {
    Frame frame(*program, memory, printStream);
    if (!frame.hasStorage()) {
      RunError error(program->loc);
      error.location = formatLocation(program->loc);
      error.message = "cannot allocate the " +
                      std::to_string(program->arenaBytes) +
                      " bytes that the values of a program instance need";
      errors[thread] = std::move(error);
      failedInstance[thread] = 0;
      return;
    }
    frame.grid = grid;
    for (auto [arg, param, slot] :
         llvm::zip(args, program->params, program->argSlots)) {
      uint64_t bits =
          param.isPointer ? reinterpret_cast<uint64_t>(arg.data) : arg.bits;
      unsigned size = param.isPointer ? 8 : getElementKindSize(param.kind);
      std::memcpy(frame.get<char>(slot), &bits, size);
    }
    while (true) {
      uint64_t begin = nextInstance.fetch_add(chunk);
      if (begin >= total)
        return;
      for (uint64_t id = begin, end = std::min(begin + chunk, total); id < end;
           ++id) {
        if (id > firstFailure.load(std::memory_order_relaxed))
          return;
        frame.programId = {id % grid[0], (id / grid[0]) % grid[1],
                           id / (grid[0] * grid[1])};
        if (runCode(program->body, frame))
          continue;
        errors[thread] = std::move(frame.error);
        failedInstance[thread] = id;
        uint64_t seen = firstFailure.load();
        while (id < seen && !firstFailure.compare_exchange_weak(seen, id)) {
        }
        return;
      }
    }
  };

  if (threads == 1) {
    work(0);
  } else {
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
      pool.emplace_back(work, t);
    for (std::thread &thread : pool)
      thread.join();
  }
  printStream.flush();

  auto first = std::min_element(failedInstance.begin(), failedInstance.end());
  if (*first == UINT64_MAX)
    return std::nullopt;
  return std::move(errors[first - failedInstance.begin()]);
}

SmallVector<std::string>
CompiledKernel::checkHints(ArrayRef<Argument> args) const {
  SmallVector<std::string> problems;
  for (auto [i, arg, param] : llvm::enumerate(args, program->params)) {
    std::string which = "argument " + std::to_string(i);
    if (param.isPointer && arg.kind == Argument::Kind::Buffer &&
        param.alignment > 1 &&
        reinterpret_cast<uint64_t>(arg.data) % param.alignment)
      problems.push_back(which + " is not aligned to " +
                         std::to_string(param.alignment) +
                         " bytes (block.alignment)");
    if (!param.isPointer && arg.kind == Argument::Kind::Scalar &&
        arg.scalarKind == param.kind && param.divisibility > 1 &&
        !isFloatKind(param.kind)) {
      int64_t value = visitIntegerWidth(param.kind, [&](auto w) {
        return sext<decltype(w)::value>(arg.bits);
      });
      if (value % static_cast<int64_t>(param.divisibility))
        problems.push_back(which + " is " + std::to_string(value) +
                           ", which is not a multiple of " +
                           std::to_string(param.divisibility) +
                           " (block.divisibility)");
    }
  }
  return problems;
}
