//===- DebugOps.cpp - block.print and block.assert ------------------------===//
//
// block.print writes one line per element, in row-major order:
//
//   pid (1, 0, 0) idx (3) x = 0.25
//   pid (1, 0, 0) idx (0, 7) (operand 1) y = 12
//
// ("(operand k)" only when the op prints several values; scalars have no
// idx). Floats are printed with the fewest digits that read back to the
// same value, i1 as true / false; `hex` prints bit patterns. Kernels that
// print run their instances one at a time, in grid order.
//
// block.assert stops the run at the first false element, naming it.
//
//===----------------------------------------------------------------------===//

#include "Compiler.h"
#include "Elements.h"

#include "block/Dialect/Block/IR/BlockOps.h"

#include "llvm/Support/raw_ostream.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace mlir;
using namespace mlir::block;
using namespace mlir::block::interpreter;
using namespace mlir::block::interpreter::detail;

namespace {
struct DebugInfo : InstrData {
  /// block.print: the prefix; block.assert: the message.
  std::string text;
  bool hex = false;
  SmallVector<ElementKind> kinds;
  SmallVector<SmallVector<int64_t>> shapes;
};
} // namespace

/// The shortest decimal form of `value` that reads back as itself.
template <typename T> static void appendShortest(std::string &out, T value) {
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof(buffer), value);
  out.append(buffer, ec == std::errc() ? end : buffer);
}

/// The shortest decimal form of a 16-bit float that rounds back to `bits`.
static void appendShortestHalf(std::string &out, float value, uint16_t bits,
                               bool bfloat) {
  if (!std::isfinite(value)) {
    appendShortest(out, value);
    return;
  }
  // Large halves are integers: 65504, not 6.55e+04.
  if (std::fabs(value) >= 1 && std::fabs(value) < 1e9f &&
      value == std::trunc(value)) {
    out += std::to_string(static_cast<int64_t>(value));
    return;
  }
  char buffer[32];
  for (int digits = 1; digits <= 9; ++digits) {
    std::snprintf(buffer, sizeof(buffer), "%.*g", digits, value);
    float back = std::strtof(buffer, nullptr);
    uint16_t again = bfloat ? floatToBFloat16(back) : floatToHalf(back);
    if (again == bits)
      break;
  }
  out += buffer;
}

static void appendValue(std::string &out, ElementKind kind, uint64_t bits,
                        bool hex) {
  unsigned size = getElementKindSize(kind);
  if (hex || kind == ElementKind::Ptr) {
    char buffer[24];
    std::snprintf(buffer, sizeof(buffer), "0x%0*llx", int(size * 2),
                  static_cast<unsigned long long>(bits));
    out += buffer;
    return;
  }
  switch (kind) {
  case ElementKind::I1:
    out += bits ? "true" : "false";
    return;
  case ElementKind::F16:
    appendShortestHalf(out, halfToFloat(bits), bits, false);
    return;
  case ElementKind::BF16:
    appendShortestHalf(out, bfloat16ToFloat(bits), bits, true);
    return;
  case ElementKind::F8E4M3FN: // Every 8-bit float is exact as a float.
    appendShortest(out, float8ToFloat(kFloat8E4M3FN, bits));
    return;
  case ElementKind::F8E5M2:
    appendShortest(out, float8ToFloat(kFloat8E5M2, bits));
    return;
  case ElementKind::F32: {
    float value;
    uint32_t narrow = static_cast<uint32_t>(bits);
    std::memcpy(&value, &narrow, sizeof(value));
    appendShortest(out, value);
    return;
  }
  case ElementKind::F64: {
    double value;
    std::memcpy(&value, &bits, sizeof(value));
    appendShortest(out, value);
    return;
  }
  default:
    out += std::to_string(visitIntegerWidth(
        kind, [&](auto w) { return sext<decltype(w)::value>(bits); }));
    return;
  }
}

static void appendIndex(std::string &out, ArrayRef<int64_t> shape,
                        int64_t lane) {
  SmallVector<int64_t, 4> index(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    index[d] = lane % shape[d];
    lane /= shape[d];
  }
  out += "idx (";
  for (auto [i, value] : llvm::enumerate(index)) {
    if (i)
      out += ", ";
    out += std::to_string(value);
  }
  out += ") ";
}

static bool execPrint(const Instr &instr, Frame &frame) {
  const auto &info = instr.getData<DebugInfo>();
  std::string pid = "pid (" + std::to_string(frame.programId[0]) + ", " +
                    std::to_string(frame.programId[1]) + ", " +
                    std::to_string(frame.programId[2]) + ") ";
  std::string line;
  if (instr.operands.empty()) {
    frame.printStream << pid << info.text << "\n";
    return true;
  }
  bool numbered = instr.operands.size() > 1;
  for (auto [k, slot] : llvm::enumerate(instr.operands)) {
    ElementKind kind = info.kinds[k];
    unsigned size = getElementKindSize(kind);
    const char *values = frame.get<char>(slot);
    ArrayRef<int64_t> shape = info.shapes[k];
    int64_t count = 1;
    for (int64_t dim : shape)
      count *= dim;
    for (int64_t lane = 0; lane < count; ++lane) {
      line = pid;
      if (!shape.empty())
        appendIndex(line, shape, lane);
      if (numbered)
        line += "(operand " + std::to_string(k) + ") ";
      line += info.text;
      appendValue(line, kind, readBits(values + lane * size, size), info.hex);
      line += '\n';
      frame.printStream << line;
    }
  }
  return true;
}

static bool execAssert(const Instr &instr, Frame &frame) {
  const uint8_t *condition = frame.get<uint8_t>(instr.operands[0]);
  for (int64_t i = 0, n = instr.numElements; i < n; ++i)
    if (!condition[i])
      return frame.fail(
          instr, RunError::Kind::AssertionFailed,
          instr.op->shape.empty() ? -1 : i,
          "assertion failed in " +
              frame.describeLane(instr, instr.op->shape.empty() ? -1 : i) +
              ": " + instr.getData<DebugInfo>().text);
  return true;
}

LogicalResult mlir::block::interpreter::detail::compileDebugOp(Compiler &c,
                                                               Operation *op) {
  auto &info = c.makeData<DebugInfo>();
  if (auto assertOp = dyn_cast<AssertOp>(op)) {
    info.text = assertOp.getMessage().str();
    Instr &instr = c.emit(op, &execAssert);
    instr.data = &info;
    instr.operands = {c.lookup(assertOp.getCondition())};
    return success();
  }
  auto print = cast<PrintOp>(op);
  info.text = print.getPrefix().str();
  info.hex = print.getHex();
  for (Value arg : print.getArgs()) {
    info.kinds.push_back(kindOf(arg));
    SmallVector<int64_t> shape;
    if (auto tensor = dyn_cast<RankedTensorType>(arg.getType()))
      shape.assign(tensor.getShape().begin(), tensor.getShape().end());
    info.shapes.push_back(std::move(shape));
  }
  Instr &instr = c.emit(op, &execPrint);
  instr.data = &info;
  instr.operands = c.lookup(print.getArgs());
  c.requireOrder();
  return success();
}
