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
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

using namespace mlir;
using namespace mlir::block::interpreter;
using namespace mlir::block::interpreter::detail;

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

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
  arenaBytes = std::max<int64_t>(program.arenaBytes, 64);
  arena.reset(static_cast<char *>(std::aligned_alloc(64, arenaBytes)));
  if (!arena)
    return;
  std::memset(arena.get(), 0, arenaBytes);
  slots.reserve(program.slots.size());
  for (const SlotInfo &slot : program.slots)
    slots.push_back(
        slot.constant
            ? const_cast<char *>(static_cast<const char *>(slot.constant))
            : arena.get() + slot.offset);
}

void Frame::copyValuesFrom(const Frame &other) {
  std::memcpy(arena.get(), other.arena.get(), arenaBytes);
  programId = other.programId;
  grid = other.grid;
  stepsLeft = other.stepsLeft;
  deadline = other.deadline;
}

bool Frame::failLimit(const Instr &instr, bool timedOut) {
  std::string where = instr.op->name + " in " + describeLane(instr, -1);
  if (timedOut)
    return fail(instr, RunError::Kind::StepLimit, -1,
                where + " was still running when the run reached its time "
                        "limit (block-run --timeout)");
  return fail(instr, RunError::Kind::StepLimit, -1,
              where + " reached the limit of loop iterations one program "
                      "instance may run (block-run --max-steps): a loop "
                      "that does not end?");
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

FailureOr<CompiledKernel>
CompiledKernel::compile(func::FuncOp func,
                        ArrayRef<std::string> argumentNames) {
  auto program = std::make_unique<Program>(func.getLoc());
  Compiler compiler(*program);
  if (failed(compiler.compileKernel(func, argumentNames)))
    return failure();
  return CompiledKernel(std::move(program));
}

StringRef CompiledKernel::getName() const {
  return program->signature.name;
}

const blockrt::KernelInfo &CompiledKernel::getSignature() const {
  return program->signature;
}

/// Refuses what no launch could run, as the runtime does (not the hints:
/// the interpreter does not rely on them), and buffers of unknown size,
/// which the interpreter cannot bound.
static std::optional<RunError> checkLaunch(const Program &program,
                                           ArrayRef<blockrt::KernelArg> args,
                                           const RunOptions &options) {
  auto launchError = [&](std::string message) {
    RunError error(program.loc);
    error.location = formatLocation(program.loc);
    error.message = std::move(message);
    return error;
  };
  if (blockrt::Error e = blockrt::checkLaunchShape(
          program.signature, options.grid, args.data(), args.size()))
    return launchError(e.message());
  for (auto [i, arg] : llvm::enumerate(args))
    if (arg.isPointer() && arg.bufferBytes == blockrt::KernelArg::unknownSize)
      return launchError("argument " + std::to_string(i) + " of '" +
                         program.signature.name +
                         "' is a buffer of unknown size, which the "
                         "interpreter cannot bound");
  for (size_t index : options.outputArguments)
    if (index >= args.size() || !args[index].isPointer())
      return launchError("output argument " + std::to_string(index) + " of '" +
                         program.signature.name + "' is not a buffer");
  return std::nullopt;
}

std::optional<RunError>
CompiledKernel::run(ArrayRef<blockrt::KernelArg> args,
                    const RunOptions &options) const {
  if (std::optional<RunError> error = checkLaunch(*program, args, options))
    return error;

  std::vector<Buffer> buffers;
  std::vector<bool> tracked;
  for (auto [i, arg, param] :
       llvm::enumerate(args, program->signature.parameters)) {
    if (!param.isPointer())
      continue;
    Buffer buffer;
    buffer.begin = arg.bits;
    buffer.end = buffer.begin + arg.bufferBytes;
    buffer.argIndex = i;
    buffer.type = param.type;
    buffers.push_back(buffer);
    tracked.push_back(options.checkUninitializedReads &&
                      llvm::is_contained(options.outputArguments, i));
  }
  Memory memory(std::move(buffers), tracked);

  const std::array<uint64_t, 3> grid = {options.grid.x, options.grid.y,
                                        options.grid.z};
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
  std::optional<std::chrono::steady_clock::time_point> deadline;
  if (options.timeoutSeconds > 0)
    deadline = std::chrono::steady_clock::now() +
               std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                   std::chrono::duration<double>(options.timeoutSeconds));
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
    frame.deadline = deadline;
    for (auto [arg, param, slot] :
         llvm::zip(args, program->signature.parameters, program->argSlots)) {
      size_t size = param.isPointer() ? 8 : blockrt::elementSize(param.type);
      std::memcpy(frame.get<char>(slot), &arg.bits, size);
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
        if (deadline && std::chrono::steady_clock::now() > *deadline) {
          RunError error(program->loc);
          error.kind = RunError::Kind::StepLimit;
          error.location = formatLocation(program->loc);
          error.programId = frame.programId;
          error.message = "program (" + std::to_string(frame.programId[0]) +
                          ", " + std::to_string(frame.programId[1]) + ", " +
                          std::to_string(frame.programId[2]) +
                          ") had not started when the run reached its time "
                          "limit (block-run --timeout)";
          errors[thread] = std::move(error);
          failedInstance[thread] = id;
          uint64_t seen = firstFailure.load();
          while (id < seen && !firstFailure.compare_exchange_weak(seen, id)) {
          }
          return;
        }
        // One more than the limit: step() fails on reaching zero.
        frame.stepsLeft = options.maxSteps && options.maxSteps < UINT64_MAX
                              ? options.maxSteps + 1
                              : UINT64_MAX;
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
CompiledKernel::checkHints(ArrayRef<blockrt::KernelArg> args) const {
  SmallVector<std::string> problems;
  const blockrt::KernelInfo &signature = program->signature;
  for (auto [i, arg] : llvm::enumerate(args)) {
    if (i >= signature.parameters.size() ||
        arg.isPointer() != signature.parameters[i].isPointer())
      continue;
    if (blockrt::Error e = blockrt::checkAssumption(signature, i, arg))
      problems.push_back(e.message());
  }
  return problems;
}
