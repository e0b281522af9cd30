//===- DotOps.cpp - block.dot and blockgpu.dot ----------------------------===//
//
// result[m, n] = acc[m, n] + sum over k of a[m, k] * b[k, n], the sum taken
// in the order k = 0, 1, ..., K - 1 with one fused multiply-add per step, in
// f32 for f16 / bf16 / f32 operands (an f16 or bf16 accumulator is rounded
// once, at the end), in f64 for f64, and in wrapping i32 for i8.
// f32 operands are first reduced as the product's precision says (tf32:
// truncated to tf32, as the tensor cores read f32 data; tf32x3: split into
// two parts rounded to nearest tf32 and three products per step). blockgpu.dot computes the same from its buffers
// (row-major here, see SharedMemoryOps.cpp), a from registers where wgmma
// reads it there.
//
//===----------------------------------------------------------------------===//

#include "Compiler.h"
#include "Elements.h"

#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::block;
using namespace mlir::block::interpreter;
using namespace mlir::block::interpreter::detail;

/// row[n] = fma(x, b[n], row[n]) for n < count: the inner loop of every
/// float product. x86-64 builds pick the hardware FMA at load time where the
/// CPU has one; std::fma is a library call otherwise.
#if defined(__x86_64__) && defined(__GNUC__)
#define BLOCK_FMA_CLONES __attribute__((target_clones("fma", "default")))
#else
#define BLOCK_FMA_CLONES
#endif
BLOCK_FMA_CLONES static void multiplyAddRow(float *row, float x, const float *b,
                                            int64_t count) {
  for (int64_t n = 0; n < count; ++n)
    row[n] = std::fma(x, b[n], row[n]);
}
BLOCK_FMA_CLONES static void multiplyAddRow(double *row, double x,
                                            const double *b, int64_t count) {
  for (int64_t n = 0; n < count; ++n)
    row[n] = std::fma(x, b[n], row[n]);
}
#undef BLOCK_FMA_CLONES

static void multiplyAddRow(uint32_t *row, uint32_t x, const uint32_t *b,
                           int64_t count) {
  for (int64_t n = 0; n < count; ++n)
    row[n] += x * b[n];
}

/// `x` reduced to tf32 (10 bits of mantissa), the 13 dropped bits cleared:
/// truncated (`round` false), what the tensor cores do with the f32 data
/// they read, or rounded to nearest, ties away from zero, as
/// cvt.rna.tf32.f32 (half a unit of the last kept bit is first added to the
/// magnitude). Infinities and NaNs stay what they are.
static float toTF32(float x, bool round) {
  if (!std::isfinite(x))
    return x;
  uint32_t bits;
  std::memcpy(&bits, &x, sizeof(bits));
  bits = (bits + (round ? 0x1000u : 0u)) & 0xFFFFE000u;
  std::memcpy(&x, &bits, sizeof(bits));
  return x;
}

namespace {
struct DotShape : InstrData {
  int64_t m = 0, n = 0, k = 0;
  /// The operands converted to the compute type, and the sums; for tf32x3
  /// a and b hold the big parts and aSmall and bSmall the small ones.
  SlotId a = 0, b = 0, sums = 0, aSmall = 0, bSmall = 0;
  /// Whether a and b are buffers (their slots hold addresses); a
  /// blockgpu.dot may take a in registers.
  bool aBuffer = false, bBuffer = false;
  /// Whether a or b is a transposed view (blockgpu.memdesc_trans): its
  /// buffer holds the operand's transpose, row-major.
  bool aTransposed = false, bTransposed = false;
  DotPrecision precision = DotPrecision::ieee;
};

template <ElementKind In, ElementKind Acc> struct FloatDot {
  using C = typename FloatTraits<Acc>::Compute;
  static C loadInput(typename FloatTraits<In>::Storage x) {
    return static_cast<C>(FloatTraits<In>::load(x));
  }
  static C loadAcc(typename FloatTraits<Acc>::Storage x) {
    return static_cast<C>(FloatTraits<Acc>::load(x));
  }
  static typename FloatTraits<Acc>::Storage storeAcc(C x) {
    return FloatTraits<Acc>::store(x);
  }
  using InStorage = typename FloatTraits<In>::Storage;
  using AccStorage = typename FloatTraits<Acc>::Storage;
};

struct IntDot {
  using C = uint32_t;
  static C loadInput(uint8_t x) { return static_cast<C>(sext<8>(x)); }
  static C loadAcc(uint32_t x) { return x; }
  static uint32_t storeAcc(C x) { return x; }
  using InStorage = uint8_t;
  using AccStorage = uint32_t;
};
} // namespace

template <typename Dot> static bool execDot(const Instr &instr, Frame &frame) {
  using C = typename Dot::C;
  const auto &shape = instr.getData<DotShape>();
  int64_t M = shape.m, N = shape.n, K = shape.k;
  auto operand = [&](SlotId slot, bool buffer) {
    using T = typename Dot::InStorage;
    return buffer ? reinterpret_cast<const T *>(*frame.get<uint64_t>(slot))
                  : frame.get<T>(slot);
  };
  const auto *a = operand(instr.operands[0], shape.aBuffer);
  const auto *b = operand(instr.operands[1], shape.bBuffer);
  const auto *acc = frame.get<typename Dot::AccStorage>(instr.operands[2]);
  auto *result = frame.get<typename Dot::AccStorage>(instr.results[0]);
  C *as = frame.get<C>(shape.a), *bs = frame.get<C>(shape.b);
  C *sums = frame.get<C>(shape.sums);

  for (int64_t i = 0; i < M; ++i)
    for (int64_t k = 0; k < K; ++k)
      as[i * K + k] =
          Dot::loadInput(a[shape.aTransposed ? k * M + i : i * K + k]);
  for (int64_t k = 0; k < K; ++k)
    for (int64_t j = 0; j < N; ++j)
      bs[k * N + j] =
          Dot::loadInput(b[shape.bTransposed ? j * K + k : k * N + j]);
  // A blockgpu.dot with use_acc false starts from zero.
  bool useAcc = instr.operands.size() < 4 ||
                *frame.get<uint8_t>(instr.operands[3]);
  for (int64_t i = 0; i < M * N; ++i)
    sums[i] = useAcc ? Dot::loadAcc(acc[i]) : C(0);
  if constexpr (std::is_same_v<C, float>) {
    if (shape.precision == DotPrecision::tf32x3) {
      // as, bs become the big parts; the small parts are what they leave.
      float *aSmall = frame.get<float>(shape.aSmall);
      float *bSmall = frame.get<float>(shape.bSmall);
      auto split = [](float *big, float *small, int64_t count) {
        for (int64_t i = 0; i < count; ++i) {
          float rounded = toTF32(big[i], /*round=*/true);
          small[i] = toTF32(big[i] - rounded, /*round=*/true);
          big[i] = rounded;
        }
      };
      split(as, aSmall, M * K);
      split(bs, bSmall, K * N);
      for (int64_t m = 0; m < M; ++m)
        for (int64_t k = 0; k < K; ++k) {
          float *row = sums + m * N;
          multiplyAddRow(row, aSmall[m * K + k], bs + k * N, N);
          multiplyAddRow(row, as[m * K + k], bSmall + k * N, N);
          multiplyAddRow(row, as[m * K + k], bs + k * N, N);
        }
      for (int64_t i = 0; i < M * N; ++i)
        result[i] = Dot::storeAcc(sums[i]);
      return true;
    }
    if (shape.precision == DotPrecision::tf32) {
      for (int64_t i = 0; i < M * K; ++i)
        as[i] = toTF32(as[i], /*round=*/false);
      for (int64_t i = 0; i < K * N; ++i)
        bs[i] = toTF32(bs[i], /*round=*/false);
    }
  }
  // k in the middle: every sums[m, n] still sees k in increasing order.
  for (int64_t m = 0; m < M; ++m)
    for (int64_t k = 0; k < K; ++k)
      multiplyAddRow(sums + m * N, as[m * K + k], bs + k * N, N);
  for (int64_t i = 0; i < M * N; ++i)
    result[i] = Dot::storeAcc(sums[i]);
  return true;
}

static ExecFn selectDot(ElementKind in, ElementKind acc) {
  if (in == ElementKind::I8)
    return &execDot<IntDot>;
  return visitFloatKind(in, [&](auto i) {
    return visitFloatKind(acc, [](auto a) {
      return &execDot<FloatDot<decltype(i)::value, decltype(a)::value>>;
    });
  });
}

LogicalResult mlir::block::interpreter::detail::compileDotOp(Compiler &c,
                                                             Operation *op) {
  auto a = cast<ShapedType>(op->getOperand(0).getType());
  auto b = cast<ShapedType>(op->getOperand(1).getType());
  Value acc = op->getOperand(2);
  ElementKind in = *getElementKind(a.getElementType());
  ElementKind accKind = *getElementKind(acc.getType());
  unsigned computeSize = accKind == ElementKind::F64 ? 8 : 4;

  auto &shape = c.makeData<DotShape>();
  shape.m = a.getDimSize(0);
  shape.k = a.getDimSize(1);
  shape.n = b.getDimSize(1);
  shape.a = c.addScratch(shape.m * shape.k * computeSize);
  shape.b = c.addScratch(shape.k * shape.n * computeSize);
  shape.sums = c.addScratch(shape.m * shape.n * computeSize);
  shape.aBuffer = isa<blockgpu::MemDescType>(op->getOperand(0).getType());
  shape.bBuffer = isa<blockgpu::MemDescType>(op->getOperand(1).getType());
  auto isTransposedView = [&](unsigned index) {
    return bool(
        op->getOperand(index).getDefiningOp<blockgpu::MemDescTransOp>());
  };
  shape.aTransposed = isTransposedView(0);
  shape.bTransposed = isTransposedView(1);
  shape.precision = isa<blockgpu::DotOp>(op)
                        ? cast<blockgpu::DotOp>(op).getPrecision()
                        : cast<DotOp>(op).getPrecision();
  if (shape.precision == DotPrecision::tf32x3) {
    shape.aSmall = c.addScratch(shape.m * shape.k * computeSize);
    shape.bSmall = c.addScratch(shape.k * shape.n * computeSize);
  }
  Instr &instr = c.emit(op, selectDot(in, accKind));
  instr.data = &shape;
  instr.operands = c.lookup(op->getOperands());
  instr.results = {c.define(op->getResult(0))};
  return success();
}
