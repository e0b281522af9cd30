//===- ShapeOps.cpp - Creation and shape operations ----------------------===//

#include "Compiler.h"
#include "Elements.h"

#include "block/Dialect/Block/IR/BlockOps.h"

#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <cstring>

using namespace mlir;
using namespace mlir::block;
using namespace mlir::block::interpreter;
using namespace mlir::block::interpreter::detail;

static unsigned sizeOf(Value value) {
  return getElementKindSize(*getElementKind(value.getType()));
}

//===----------------------------------------------------------------------===//
// Splat, broadcast and trans
//===----------------------------------------------------------------------===//

template <unsigned Size>
static bool execSplat(const Instr &instr, Frame &frame) {
  using T = UIntOf<Size * 8>;
  T value = *frame.get<T>(instr.operands[0]);
  std::fill_n(frame.get<T>(instr.results[0]), instr.numElements, value);
  return true;
}

namespace {
/// A row-major walk of the result whose source element moves by `strides`
/// per step of each dimension (0 where broadcast). Dimensions that walk the
/// source contiguously are merged.
struct StridedCopy : InstrData {
  SmallVector<int64_t> shape;
  SmallVector<int64_t> strides;
};
} // namespace

static void buildStridedCopy(StridedCopy &copy, ArrayRef<int64_t> shape,
                             ArrayRef<int64_t> strides) {
  for (auto [size, stride] : llvm::zip(shape, strides)) {
    if (size == 1)
      continue;
    if (!copy.shape.empty() && copy.strides.back() == stride * size) {
      copy.shape.back() *= size;
      copy.strides.back() = stride;
      continue;
    }
    copy.shape.push_back(size);
    copy.strides.push_back(stride);
  }
  if (copy.shape.empty()) {
    copy.shape.push_back(1);
    copy.strides.push_back(1);
  }
}

template <unsigned Size>
static bool execStridedCopy(const Instr &instr, Frame &frame) {
  using T = UIntOf<Size * 8>;
  const auto &copy = instr.getData<StridedCopy>();
  const T *src = frame.get<T>(instr.operands[0]);
  T *dst = frame.get<T>(instr.results[0]);
  size_t outerRank = copy.shape.size() - 1;
  int64_t inner = copy.shape.back(), innerStride = copy.strides.back();
  int64_t outer = instr.numElements / inner;
  SmallVector<int64_t, 6> index(outerRank, 0);
  int64_t base = 0;
  for (int64_t o = 0; o < outer; ++o, dst += inner) {
    const T *row = src + base;
    if (innerStride == 1)
      std::memcpy(dst, row, inner * Size);
    else if (innerStride == 0)
      std::fill_n(dst, inner, *row);
    else
      for (int64_t j = 0; j < inner; ++j)
        dst[j] = row[j * innerStride];
    for (size_t k = outerRank; k-- > 0;) {
      base += copy.strides[k];
      if (++index[k] < copy.shape[k])
        break;
      base -= copy.strides[k] * copy.shape[k];
      index[k] = 0;
    }
  }
  return true;
}

static SmallVector<int64_t> getRowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;)
    strides[i - 1] = strides[i] * shape[i];
  return strides;
}

static LogicalResult emitStridedCopy(Compiler &c, Operation *op,
                                     ArrayRef<int64_t> strides) {
  auto &copy = c.makeData<StridedCopy>();
  auto result = cast<RankedTensorType>(op->getResult(0).getType());
  buildStridedCopy(copy, result.getShape(), strides);
  ExecFn exec = visitElementSize(sizeOf(op->getResult(0)), [](auto s) {
    return &execStridedCopy<decltype(s)::value>;
  });
  Instr &instr = c.emit(op, exec);
  instr.data = &copy;
  instr.operands = {c.lookup(op->getOperand(0))};
  instr.results = {c.define(op->getResult(0))};
  return success();
}

static LogicalResult compileBroadcast(Compiler &c, BroadcastOp op) {
  auto src = cast<RankedTensorType>(op.getSrc().getType());
  auto result = cast<RankedTensorType>(op.getType());
  if (src.getShape() == result.getShape())
    return c.view(op.getResult(), op.getSrc());
  // Operand dimension i is result dimension dims[i] (i itself unless the
  // operand has a lower rank); the others repeat it.
  SmallVector<int32_t> dims(op.getDims().value_or(
      llvm::to_vector(llvm::seq<int32_t>(0, src.getRank()))));
  SmallVector<int64_t> srcStrides = getRowMajorStrides(src.getShape());
  SmallVector<int64_t> strides(result.getRank(), 0);
  for (auto [i, size] : llvm::enumerate(src.getShape()))
    if (size != 1)
      strides[dims[i]] = srcStrides[i];
  return emitStridedCopy(c, op, strides);
}

/// Join (and interleave, the same row-major elements): result[2k + j] =
/// operand j [k].
template <unsigned Size>
static bool execJoin(const Instr &instr, Frame &frame) {
  using T = UIntOf<Size * 8>;
  const T *lhs = frame.get<T>(instr.operands[0]);
  const T *rhs = frame.get<T>(instr.operands[1]);
  T *dst = frame.get<T>(instr.results[0]);
  for (int64_t k = 0, n = instr.numElements / 2; k < n; ++k) {
    dst[2 * k] = lhs[k];
    dst[2 * k + 1] = rhs[k];
  }
  return true;
}

/// Split: result j [k] = operand[2k + j].
template <unsigned Size>
static bool execSplit(const Instr &instr, Frame &frame) {
  using T = UIntOf<Size * 8>;
  const T *src = frame.get<T>(instr.operands[0]);
  T *lhs = frame.get<T>(instr.results[0]);
  T *rhs = frame.get<T>(instr.results[1]);
  for (int64_t k = 0, n = instr.numElements / 2; k < n; ++k) {
    lhs[k] = src[2 * k];
    rhs[k] = src[2 * k + 1];
  }
  return true;
}

static LogicalResult compileJoin(Compiler &c, Operation *op, Value lhs,
                                 Value rhs) {
  ExecFn exec = visitElementSize(sizeOf(lhs), [](auto s) {
    return &execJoin<decltype(s)::value>;
  });
  Instr &instr = c.emit(op, exec);
  instr.operands = {c.lookup(lhs), c.lookup(rhs)};
  instr.results = {c.define(op->getResult(0))};
  return success();
}

static LogicalResult compileSplit(Compiler &c, SplitOp op) {
  ExecFn exec = visitElementSize(sizeOf(op.getSrc()), [](auto s) {
    return &execSplit<decltype(s)::value>;
  });
  Instr &instr = c.emit(op, exec, op.getSrc().getType());
  instr.operands = {c.lookup(op.getSrc())};
  instr.results = {c.define(op.getLhs()), c.define(op.getRhs())};
  return success();
}

static LogicalResult compileTrans(Compiler &c, TransOp op) {
  auto src = cast<RankedTensorType>(op.getSrc().getType());
  SmallVector<int64_t> srcStrides = getRowMajorStrides(src.getShape());
  SmallVector<int64_t> strides;
  for (int32_t dim : op.getOrder())
    strides.push_back(srcStrides[dim]);
  return emitStridedCopy(c, op, strides);
}

static LogicalResult compileSplat(Compiler &c, SplatOp op) {
  ExecFn exec = visitElementSize(sizeOf(op.getResult()), [](auto s) {
    return &execSplat<decltype(s)::value>;
  });
  Instr &instr = c.emit(op, exec);
  instr.operands = {c.lookup(op.getSrc())};
  instr.results = {c.define(op.getResult())};
  return success();
}

namespace {
struct ArangeStart : InstrData {
  int32_t start = 0;
};
} // namespace

/// `%base + start, end`: wraps as i32 arithmetic does.
static bool execArangeFromBase(const Instr &instr, Frame &frame) {
  uint32_t first =
      *frame.get<uint32_t>(instr.operands[0]) +
      static_cast<uint32_t>(instr.getData<ArangeStart>().start);
  uint32_t *result = frame.get<uint32_t>(instr.results[0]);
  for (int64_t i = 0, n = frame.length(instr); i < n; ++i)
    result[i] = first + static_cast<uint32_t>(i);
  return true;
}

static LogicalResult compileArange(Compiler &c, ArangeOp op) {
  if (Value base = op.getBase()) {
    auto &data = c.makeData<ArangeStart>();
    data.start = op.getStart();
    Instr &instr = c.emit(op, &execArangeFromBase);
    instr.data = &data;
    instr.operands = {c.lookup(base)};
    instr.results = {c.define(op.getResult())};
    return success();
  }
  std::vector<char> bytes((op.getEnd() - op.getStart()) * sizeof(int32_t));
  for (int32_t i = op.getStart(), e = op.getEnd(); i < e; ++i)
    std::memcpy(&bytes[(i - op.getStart()) * sizeof(int32_t)], &i,
                sizeof(int32_t));
  c.defineConstant(op.getResult(), bytes);
  return success();
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

LogicalResult mlir::block::interpreter::detail::compileShapeOp(Compiler &c,
                                                               Operation *op) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](ArangeOp o) { return compileArange(c, o); })
      .Case([&](SplatOp o) { return compileSplat(c, o); })
      .Case([&](BroadcastOp o) { return compileBroadcast(c, o); })
      .Case([&](TransOp o) { return compileTrans(c, o); })
      .Case([&](JoinOp o) { return compileJoin(c, o, o.getLhs(), o.getRhs()); })
      .Case([&](InterleaveOp o) {
        return compileJoin(c, o, o.getLhs(), o.getRhs());
      })
      .Case([&](SplitOp o) { return compileSplit(c, o); })
      .Case([&](ExpandDimsOp o) { return c.view(o.getResult(), o.getSrc()); })
      .Case([&](ReshapeOp o) { return c.view(o.getResult(), o.getSrc()); })
      .Case([&](ConvertLayoutOp o) {
        return c.view(o.getResult(), o.getSrc());
      })
      .Default([&](Operation *) { return emitUnsupported(op); });
}
