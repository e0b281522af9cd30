//===- ReductionOps.cpp - block.reduce and block.scan ---------------------===//
//
// The order of combination is fixed, so results do not depend on threads:
//
//  - reduce: a pairwise tree in index order. Along the axis, level 1
//    combines (x0, x1), (x2, x3), ...; level 2 combines those results in
//    pairs, and so on (the axis length is a power of two). The lower index
//    is always the first (accumulated) argument of the combiner.
//  - scan: sequential, result[i] = combine(result[i - 1], src[i]) (from the
//    end for `reverse`).
//
// The combiner is compiled once. When it is made of arith / math ops on its
// own arguments only (sums, max, argmax, ...), it is compiled "batched": it
// runs once per tree level (or scan step) over every pair of that level at
// once, which makes any combiner nearly as fast as a built-in one. Other
// combiners run once per pair on scalars.
//
//===----------------------------------------------------------------------===//

#include "Compiler.h"
#include "Elements.h"

#include "block/Dialect/Block/IR/BlockOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cstring>

using namespace mlir;
using namespace mlir::block;
using namespace mlir::block::interpreter;
using namespace mlir::block::interpreter::detail;

namespace {
/// A reduce or scan over operands viewed as [outer, length, inner], the
/// middle dimension being the axis.
struct Combine : InstrData {
  Code body;
  bool batched = false;
  bool reverse = false;
  int64_t outer = 1, length = 1, inner = 1;
  /// Per operand: the element size, the combiner's accumulated and new
  /// arguments, the yielded value and (reduce) the tree's working storage.
  SmallVector<unsigned> sizes;
  SmallVector<SlotId> accumulated, incoming, yielded, scratch;
};
} // namespace

/// Whether `body` can run on a batch of lanes: arith / math ops without
/// regions, on values of the combiner only.
static bool canBatch(Block &body) {
  for (Operation &op : body.without_terminator()) {
    if (op.getNumRegions() ||
        !isa<arith::ArithDialect, math::MathDialect>(op.getDialect()))
      return false;
    for (Value operand : op.getOperands())
      if (operand.getParentBlock() != &body)
        return false;
  }
  // Nor may it yield a value from outside: that one holds one element, not
  // a batch.
  for (Value yielded : body.getTerminator()->getOperands())
    if (yielded.getParentBlock() != &body)
      return false;
  return true;
}

/// Compiles the combiner of `op` into `combine`; `batch` is the most lanes
/// one batched run combines.
static LogicalResult compileCombiner(Compiler &c, Operation *op,
                                     Combine &combine, int64_t batch) {
  Block &body = op->getRegion(0).front();
  size_t n = body.getNumArguments() / 2;
  combine.batched = canBatch(body);
  int64_t outerBatch = c.batchLength;
  c.batchLength = combine.batched ? batch : 0;
  SmallVector<SlotId> args = c.define(body.getArguments());
  LogicalResult result = c.compileOps(body, combine.body);
  c.batchLength = outerBatch;
  if (failed(result))
    return failure();
  combine.accumulated.assign(args.begin(), args.begin() + n);
  combine.incoming.assign(args.begin() + n, args.end());
  combine.yielded = c.lookup(body.getTerminator()->getOperands());
  for (Value src : op->getOperands())
    combine.sizes.push_back(getElementKindSize(*getElementKind(src.getType())));
  return success();
}

static void setAxis(Combine &combine, RankedTensorType type, int64_t axis) {
  ArrayRef<int64_t> shape = type.getShape();
  for (int64_t d = 0; d < axis; ++d)
    combine.outer *= shape[d];
  combine.length = shape[axis];
  for (int64_t d = axis + 1, e = type.getRank(); d < e; ++d)
    combine.inner *= shape[d];
}

/// Copies `rows` runs of `run` elements (`size` bytes each) from `src`, runs
/// `srcStride` elements apart, to `dst`, runs `dstStride` apart.
static void copyRuns(char *dst, int64_t dstStride, const char *src,
                     int64_t srcStride, int64_t rows, int64_t run,
                     unsigned size) {
  if (run != 1) {
    for (int64_t r = 0; r < rows; ++r)
      std::memcpy(dst + r * dstStride * size, src + r * srcStride * size,
                  run * size);
    return;
  }
  visitElementSize(size, [&](auto s) {
    using T = UIntOf<decltype(s)::value * 8>;
    T *to = reinterpret_cast<T *>(dst);
    const T *from = reinterpret_cast<const T *>(src);
    for (int64_t r = 0; r < rows; ++r)
      to[r * dstStride] = from[r * srcStride];
  });
}

/// Packs `rows` runs of `run` elements, `stride` apart in `src`, into `dst`.
static void gatherRuns(char *dst, const char *src, int64_t rows, int64_t run,
                       int64_t stride, unsigned size) {
  copyRuns(dst, run, src, stride, rows, run, size);
}

/// The inverse of gatherRuns.
static void scatterRuns(char *dst, const char *src, int64_t rows, int64_t run,
                        int64_t stride, unsigned size) {
  copyRuns(dst, stride, src, run, rows, run, size);
}

/// Runs the combiner once over `lanes` lanes.
static bool runCombiner(const Combine &combine, Frame &frame, int64_t lanes) {
  int64_t outerBatch = frame.batch;
  frame.batch = lanes;
  bool ok = runCode(combine.body, frame);
  frame.batch = outerBatch;
  return ok;
}

//===----------------------------------------------------------------------===//
// Reduce
//===----------------------------------------------------------------------===//

static bool execReduce(const Instr &instr, Frame &frame) {
  const auto &combine = instr.getData<Combine>();
  size_t n = combine.sizes.size();
  int64_t inner = combine.inner;
  SmallVector<const char *, 4> current;
  for (SlotId src : instr.operands)
    current.push_back(frame.get<char>(src));

  for (int64_t m = combine.length; m > 1; m /= 2) {
    int64_t pairs = combine.outer * (m / 2);
    int64_t lanes = pairs * inner;
    if (combine.batched) {
      // Level inputs: runs of `inner` elements at 2r (left) and 2r + 1.
      for (size_t k = 0; k < n; ++k) {
        unsigned size = combine.sizes[k];
        gatherRuns(frame.get<char>(combine.accumulated[k]), current[k], pairs,
                   inner, 2 * inner, size);
        gatherRuns(frame.get<char>(combine.incoming[k]),
                   current[k] + inner * size, pairs, inner, 2 * inner, size);
      }
      if (!runCombiner(combine, frame, lanes))
        return false;
      for (size_t k = 0; k < n; ++k) {
        char *next = frame.get<char>(combine.scratch[k]);
        std::memcpy(next, frame.get<char>(combine.yielded[k]),
                    lanes * combine.sizes[k]);
        current[k] = next;
      }
      continue;
    }
    // One pair at a time. Writing lane l of the next level in place never
    // clobbers an input of a later lane, which all lie beyond l.
    for (int64_t l = 0; l < lanes; ++l) {
      int64_t left = (l / inner) * 2 * inner + l % inner;
      for (size_t k = 0; k < n; ++k) {
        unsigned size = combine.sizes[k];
        std::memcpy(frame.get<char>(combine.accumulated[k]),
                    current[k] + left * size, size);
        std::memcpy(frame.get<char>(combine.incoming[k]),
                    current[k] + (left + inner) * size, size);
      }
      if (!runCombiner(combine, frame, 1))
        return false;
      for (size_t k = 0; k < n; ++k) {
        unsigned size = combine.sizes[k];
        char *next = frame.get<char>(combine.scratch[k]);
        std::memcpy(next + l * size, frame.get<char>(combine.yielded[k]), size);
      }
    }
    for (size_t k = 0; k < n; ++k)
      current[k] = frame.get<char>(combine.scratch[k]);
  }

  for (size_t k = 0; k < n; ++k)
    std::memcpy(frame.get<char>(instr.results[k]), current[k],
                combine.outer * inner * combine.sizes[k]);
  return true;
}

static LogicalResult compileReduce(Compiler &c, ReduceOp op) {
  auto &combine = c.makeData<Combine>();
  auto type = cast<RankedTensorType>(op.getSrcs().front().getType());
  setAxis(combine, type, op.getAxis());
  int64_t firstLevel =
      combine.outer * std::max<int64_t>(combine.length / 2, 1) * combine.inner;
  if (failed(compileCombiner(c, op, combine, firstLevel)))
    return failure();
  for (unsigned size : combine.sizes)
    combine.scratch.push_back(c.addScratch(firstLevel * size));
  Instr &instr = c.emit(op, &execReduce, type);
  instr.data = &combine;
  instr.operands = c.lookup(op.getSrcs());
  instr.results = c.define(op.getResults());
  return success();
}

//===----------------------------------------------------------------------===//
// Scan
//===----------------------------------------------------------------------===//

static bool execScan(const Instr &instr, Frame &frame) {
  const auto &combine = instr.getData<Combine>();
  size_t n = combine.sizes.size();
  int64_t outer = combine.outer, length = combine.length, inner = combine.inner;
  int64_t rowStride = length * inner;
  // Offsets in elements of the first lane at position p along the axis.
  auto at = [&](int64_t p) { return p * inner; };
  int64_t first = combine.reverse ? length - 1 : 0;
  int64_t step = combine.reverse ? -1 : 1;

  for (size_t k = 0; k < n; ++k) {
    unsigned size = combine.sizes[k];
    const char *src = frame.get<char>(instr.operands[k]);
    char *result = frame.get<char>(instr.results[k]);
    if (length == 1) {
      std::memcpy(result, src, outer * inner * size);
      continue;
    }
    for (int64_t o = 0; o < outer; ++o)
      std::memcpy(result + (o * rowStride + at(first)) * size,
                  src + (o * rowStride + at(first)) * size, inner * size);
  }

  for (int64_t s = 1; s < length; ++s) {
    int64_t p = first + s * step, previous = p - step;
    if (combine.batched) {
      for (size_t k = 0; k < n; ++k) {
        unsigned size = combine.sizes[k];
        gatherRuns(frame.get<char>(combine.accumulated[k]),
                   frame.get<char>(instr.results[k]) + at(previous) * size,
                   outer, inner, rowStride, size);
        gatherRuns(frame.get<char>(combine.incoming[k]),
                   frame.get<char>(instr.operands[k]) + at(p) * size, outer,
                   inner, rowStride, size);
      }
      if (!runCombiner(combine, frame, outer * inner))
        return false;
      for (size_t k = 0; k < n; ++k)
        scatterRuns(frame.get<char>(instr.results[k]) +
                        at(p) * combine.sizes[k],
                    frame.get<char>(combine.yielded[k]), outer, inner,
                    rowStride, combine.sizes[k]);
      continue;
    }
    for (int64_t o = 0; o < outer; ++o) {
      for (int64_t i = 0; i < inner; ++i) {
        int64_t lane = o * rowStride + i;
        for (size_t k = 0; k < n; ++k) {
          unsigned size = combine.sizes[k];
          std::memcpy(frame.get<char>(combine.accumulated[k]),
                      frame.get<char>(instr.results[k]) +
                          (lane + at(previous)) * size,
                      size);
          std::memcpy(
              frame.get<char>(combine.incoming[k]),
              frame.get<char>(instr.operands[k]) + (lane + at(p)) * size, size);
        }
        if (!runCombiner(combine, frame, 1))
          return false;
        for (size_t k = 0; k < n; ++k) {
          unsigned size = combine.sizes[k];
          std::memcpy(frame.get<char>(instr.results[k]) + (lane + at(p)) * size,
                      frame.get<char>(combine.yielded[k]), size);
        }
      }
    }
  }
  return true;
}

static LogicalResult compileScan(Compiler &c, ScanOp op) {
  auto &combine = c.makeData<Combine>();
  auto type = cast<RankedTensorType>(op.getSrcs().front().getType());
  setAxis(combine, type, op.getAxis());
  combine.reverse = op.getReverse();
  if (failed(compileCombiner(c, op, combine, combine.outer * combine.inner)))
    return failure();
  Instr &instr = c.emit(op, &execScan, type);
  instr.data = &combine;
  instr.operands = c.lookup(op.getSrcs());
  instr.results = c.define(op.getResults());
  return success();
}

LogicalResult
mlir::block::interpreter::detail::compileCombineOp(Compiler &c, Operation *op) {
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return compileReduce(c, reduce);
  return compileScan(c, cast<ScanOp>(op));
}
