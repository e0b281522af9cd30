//===- MmaDotOpToGPU.cpp - blockgpu.dot on mma.sync tensor cores ----------===//
//
// A product whose accumulator has a #block.mma version 2 layout. Each warp
// reads its operand fragments (the #block.dot_operand layouts of that
// accumulator) from the buffers, with ldmatrix where the buffer keeps each
// fragment row of 16 bytes together and otherwise one shared load per run
// of consecutive elements, and issues one mma.sync.m16n8k per m16 x n8 tile
// of its accumulator and step of k. Which register holds what follows from
// the layouts alone: the fragment layout composed with the inverse of the
// buffer's shared layout gives each register's offset in the buffer.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utility.h"

#include "block/Layout/TensorLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/Support/MathExtras.h"

#include <map>

using namespace mlir;
using namespace mlir::block;

/// Elements of `type` per 32-bit register of an mma.sync operand fragment.
static unsigned getKWidth(Type type) {
  return 32 / std::max(8u, type.getIntOrFloatBitWidth());
}

static std::optional<NVVM::MMATypes> getMultiplicandType(Type type) {
  if (type.isF16())
    return NVVM::MMATypes::f16;
  if (type.isBF16())
    return NVVM::MMATypes::bf16;
  if (type.isF32())
    return NVVM::MMATypes::tf32;
  if (type.isInteger(8))
    return NVVM::MMATypes::s8;
  return std::nullopt;
}

/// Whether mma.sync multiplies `a` and `b` into `acc` (the pairs
/// chooseDotAccumulatorLayout picks version 2 for).
static bool isMmaSyncProduct(Type a, Type b, Type acc) {
  if (a != b || !getMultiplicandType(a))
    return false;
  if (a.isF16())
    return acc.isF16() || acc.isF32();
  if (a.isInteger(8))
    return acc.isInteger(32);
  return acc.isF32();
}

namespace {
/// How a warp reads a fragment from shared memory with ldmatrix, found from
/// `offsets` ((register, lane, warp) to the element offset in the buffer).
/// ldmatrix.x<n> gives each lane, per 8 x 8 matrix of 16-bit elements whose
/// rows (16 bytes) are at the addresses lanes 8j..8j+7 pass, one 32-bit
/// word: lane l the word l % 4 of row l / 4, or with .trans (16-bit
/// elements only) the two elements of column l / 4 in rows 2 (l % 4) and
/// 2 (l % 4) + 1. So a fragment fits where its registers within a word and
/// lanes 0-1 (lanes 2-4, transposed) step through the consecutive elements
/// of a row, and everything else moves by whole rows: lanes 2-4 (the word's
/// registers and lanes 0-1) pick the row, up to two more registers the
/// matrix, and the remaining registers repeat the load.
class LdMatrixPlan {
public:
  static std::optional<LdMatrixPlan> get(const LinearLayout &offsets,
                                         unsigned elementBytes) {
    if (elementBytes > 4 || offsets.getInDimSizeLog2(kLane) != kLaneBits)
      return std::nullopt;
    auto basis = [&](StringRef in, unsigned bit) {
      return offsets.getBasis(in, bit, kOffset);
    };
    unsigned numRegBits = offsets.getInDimSizeLog2(kRegister);
    unsigned wordBits = llvm::Log2_32(4 / elementBytes);
    int32_t rowElements = int32_t(16 / elementBytes);
    auto isRowStep = [&](int32_t offset) {
      return (offset & (rowElements - 1)) == 0;
    };
    // Elements within a row: 1, 2, 4, ... in `inRow` order.
    auto stepsThroughRow =
        [&](ArrayRef<std::pair<StringRef, unsigned>> inRow) {
          for (auto [i, in] : llvm::enumerate(inRow))
            if (basis(in.first, in.second) != int32_t(1) << i)
              return false;
          return true;
        };
    for (bool transpose : {false, true}) {
      if (transpose && elementBytes != 2)
        break;
      LdMatrixPlan plan;
      plan.transpose = transpose;
      SmallVector<std::pair<StringRef, unsigned>> inRow, rowBits;
      if (!transpose) {
        for (unsigned bit = 0; bit < wordBits; ++bit) {
          inRow.push_back({kRegister, bit});
          plan.elementBits.push_back(bit);
        }
        inRow.append({{kLane, 0}, {kLane, 1}});
        rowBits = {{kLane, 2}, {kLane, 3}, {kLane, 4}};
      } else {
        inRow = {{kLane, 2}, {kLane, 3}, {kLane, 4}};
        rowBits = {{kRegister, 0}, {kLane, 0}, {kLane, 1}};
        plan.elementBits.push_back(0);
      }
      if (numRegBits < plan.elementBits.size() || !stepsThroughRow(inRow) ||
          !llvm::all_of(rowBits, [&](auto in) {
            return isRowStep(basis(in.first, in.second));
          }))
        continue;
      for (unsigned bit = plan.elementBits.size(); bit < numRegBits; ++bit) {
        if (!isRowStep(basis(kRegister, bit)))
          break;
        (plan.matrixBits.size() < 2 ? plan.matrixBits : plan.repeatBits)
            .push_back(bit);
      }
      if (plan.elementBits.size() + plan.matrixBits.size() +
                  plan.repeatBits.size() !=
              numRegBits ||
          !llvm::all_of(offsets.getBases(kWarp), [&](auto &b) {
            return isRowStep(b[0]);
          }))
        continue;
      // Lane l passes the address of row l % 8 of matrix l / 8 (lanes past
      // the matrices repeat the first ones').
      SmallVector<SmallVector<int64_t>> lanes, registers, warps;
      for (auto in : rowBits)
        lanes.push_back({basis(in.first, in.second)});
      for (unsigned i = 0; i < 2; ++i)
        lanes.push_back({i < plan.matrixBits.size()
                             ? basis(kRegister, plan.matrixBits[i])
                             : 0});
      for (unsigned bit : plan.repeatBits)
        registers.push_back({basis(kRegister, bit)});
      for (auto &b : offsets.getBases(kWarp))
        warps.push_back({b[0]});
      int64_t size = offsets.getOutDimSize(kOffset);
      plan.addresses.emplace(TensorDistribution::get(
          makeDistributedLayout({size}, registers, lanes, warps)));
      return plan;
    }
    return std::nullopt;
  }

  /// Emits the loads: the elements of every register, in `elementType`.
  SmallVector<Value> emitLoads(OpBuilder &b, Location loc, Value base,
                               Type memoryType, ThreadIds ids,
                               unsigned numRegisters) const {
    MLIRContext *context = b.getContext();
    unsigned num = 1u << matrixBits.size();
    unsigned perWord = 1u << elementBits.size();
    Type i32 = b.getI32Type();
    Type resultType =
        num == 1 ? i32
                 : LLVM::LLVMStructType::getLiteral(
                       context, SmallVector<Type>(num, i32));
    Type wordType =
        perWord == 1 ? memoryType : VectorType::get({perWord}, memoryType);
    SmallVector<Value> thread = addresses->emitThreadIndex(b, loc, ids);
    SmallVector<Value> values(numRegisters);
    for (unsigned repeat = 0, e = 1u << repeatBits.size(); repeat < e;
         ++repeat) {
      Value offset = addresses->emitElementIndex(b, loc, thread, repeat)[0];
      Value address = emitElementAddress(b, loc, base, memoryType, offset);
      Value loaded = NVVM::LdMatrixOp::create(
          b, loc, resultType, address, num,
          transpose ? NVVM::MMALayout::col : NVVM::MMALayout::row,
          NVVM::LdStMatrixShapeAttr::get(context, 8, 8),
          NVVM::LdStMatrixEltType::B16);
      for (unsigned matrix = 0; matrix < num; ++matrix) {
        Value word = num == 1 ? loaded
                              : LLVM::ExtractValueOp::create(b, loc, loaded,
                                                             matrix);
        Value elements = LLVM::BitcastOp::create(b, loc, wordType, word);
        for (unsigned element = 0; element < perWord; ++element) {
          unsigned reg = spreadBits(repeat, repeatBits) |
                         spreadBits(matrix, matrixBits) |
                         spreadBits(element, elementBits);
          values[reg] = perWord == 1
                            ? elements
                            : LLVM::ExtractElementOp::create(
                                  b, loc, elements,
                                  i32Constant(b, loc, element));
        }
      }
    }
    return values;
  }

private:
  bool transpose = false;
  SmallVector<unsigned> elementBits, matrixBits, repeatBits;
  /// Per lane the address of the row it passes, per repetition.
  std::optional<TensorDistribution> addresses;
};

/// An operand's fragments in a warp's registers, by element index.
class OperandFragments {
public:
  /// Reads operand `opIdx` of a product with accumulator layout `mma` from
  /// the buffer `buffer` at `base`.
  OperandFragments(OpBuilder &b, Location loc, unsigned opIdx,
                   MmaLayoutAttr mma, blockgpu::MemDescType buffer, Value base,
                   ThreadIds ids) {
    Type elementType = buffer.getElementType();
    kWidth = getKWidth(elementType);
    LinearLayout fragment = getDotOperandLayout(
        opIdx, mma.getVersion(), mma.getWarpsPerCTA(), mma.getInstrShape(),
        kWidth, buffer.getShape());
    std::optional<LinearLayout> offsets =
        fragment.invertAndCompose(buffer.toLinearLayout());
    assert(offsets && "a shared layout is a bijection");
    Type memoryType = getMemoryType(elementType);
    if (std::optional<LdMatrixPlan> plan =
            LdMatrixPlan::get(*offsets, getMemoryBytes(memoryType)))
      values = plan->emitLoads(b, loc, base, memoryType, ids,
                               fragment.getInDimSize(kRegister));
    else
      values = emitSharedLoad(b, loc, TensorDistribution::get(*offsets), base,
                              ids, elementType);
    TensorDistribution dist = TensorDistribution::get(fragment);
    for (unsigned reg = 0, e = dist.getNumRegisters(); reg < e; ++reg)
      registerOf.try_emplace(dist.getRegisterIndex(reg), reg);
    tile = getMmaOperandTile(opIdx, kWidth);
  }

  /// Operand a already in registers, `registers` of `type`, whose threads
  /// hold its fragments (holdsOperandAFragments): no shared memory.
  OperandFragments(RankedTensorType type, ValueRange registers)
      : kWidth(getKWidth(type.getElementType())),
        values(registers.begin(), registers.end()),
        tile(getMmaOperandTile(0, kWidth)) {
    TensorDistribution dist = getDistribution(type);
    for (unsigned reg = 0, e = dist.getNumRegisters(); reg < e; ++reg)
      registerOf.try_emplace(dist.getRegisterIndex(reg), reg);
  }

  /// The 32-bit words of the instruction tile whose first element (in lane
  /// 0) is at `origin`, as the mma.sync of `type` takes them; packed once.
  /// tf32 words are the f32 bits, which the tensor cores truncate, or for
  /// a `split` (tf32x3) each element rounded to tf32 (its big part), with
  /// `residual` the rounding of what that leaves.
  ArrayRef<Value> getWords(OpBuilder &b, Location loc, ElementIndex origin,
                           NVVM::MMATypes type, bool split, bool residual) {
    auto [it, inserted] = words.try_emplace({origin, residual});
    if (inserted)
      it->second = emitWords(b, loc, origin, type, split, residual);
    return it->second;
  }

private:
  SmallVector<Value> emitWords(OpBuilder &b, Location loc,
                               ArrayRef<int64_t> origin, NVVM::MMATypes type,
                               bool split, bool residual) const {
    unsigned numRegs = tile.getInDimSize(kRegister);
    SmallVector<Value> words;
    for (unsigned first = 0; first < numRegs; first += kWidth) {
      SmallVector<Value> elements;
      for (unsigned reg = first; reg < first + kWidth; ++reg) {
        SmallVector<int32_t> index = tile.apply({int32_t(reg), 0});
        ElementIndex at{origin[0] + index[0], origin[1] + index[1]};
        elements.push_back(values[registerOf.at(at)]);
      }
      if (type != NVVM::MMATypes::tf32)
        words.push_back(packWord(b, loc, elements, type));
      else if (split)
        words.push_back(emitSplitTF32(b, loc, elements.front(), residual));
      else
        words.push_back(
            LLVM::BitcastOp::create(b, loc, b.getI32Type(), elements.front()));
    }
    return words;
  }

  /// `x` rounded to tf32 (cvt.rna, as the interpreter splits), or the
  /// rounding of `x` less that.
  static Value emitSplitTF32(OpBuilder &b, Location loc, Value x,
                             bool residual) {
    auto round = [&](Value value) -> Value {
      return NVVM::ConvertFloatToTF32Op::create(
          b, loc, b.getI32Type(), value, NVVM::FPRoundingMode::RNA,
          NVVM::SaturationMode::NONE, /*relu=*/false);
    };
    Value rounded = round(x);
    if (!residual)
      return rounded;
    Value big = LLVM::BitcastOp::create(b, loc, x.getType(), rounded);
    return round(LLVM::FSubOp::create(b, loc, x, big));
  }

  static Value packWord(OpBuilder &b, Location loc, ArrayRef<Value> elements,
                        NVVM::MMATypes type) {
    Type i32 = b.getI32Type();
    Value vector = emitVector(b, loc, elements);
    // f16 pairs go as vector<2xf16>; bf16 pairs and s8 quads as i32.
    if (type == NVVM::MMATypes::f16)
      return vector;
    return LLVM::BitcastOp::create(b, loc, i32, vector);
  }

  unsigned kWidth;
  SmallVector<Value> values;
  std::map<ElementIndex, unsigned> registerOf;
  LinearLayout tile;
  std::map<std::pair<ElementIndex, bool>, SmallVector<Value>> words;
};

/// One mma.sync.m16n8k`instrK` of `type` operands; returns its accumulator
/// registers (the result's fields), as it takes them.
static SmallVector<Value>
emitMmaSync(OpBuilder &b, Location loc, Type resultType, ArrayRef<Value> a,
            ArrayRef<Value> bWords, ArrayRef<Value> c, int64_t instrK,
            NVVM::MMATypes type, std::optional<NVVM::MMAIntOverflow> overflow) {
  auto product = NVVM::MmaOp::create(
      b, loc, resultType, a, bWords, c, {16, 8, instrK}, /*b1Op=*/std::nullopt,
      overflow, std::array<NVVM::MMATypes, 2>{type, type},
      std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                     NVVM::MMALayout::col});
  return emitStructFields(b, loc, product, c.size());
}

struct DotOpToMmaSync : OpConversionPattern<blockgpu::DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(blockgpu::DotOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto mma = dyn_cast<MmaLayoutAttr>(op.getType().getEncoding());
    if (!mma || mma.getVersion() != 2 || !isMmaSyncLowerable(op))
      return rewriter.notifyMatchFailure(op, "not an mma.sync product");
    Location loc = op.getLoc();
    ThreadIds ids = emitThreadIds(rewriter, loc);
    auto aType = cast<ShapedType>(op.getA().getType());
    OperandFragments a =
        op.getABuffer()
            ? OperandFragments(rewriter, loc, 0, mma, op.getABuffer(),
                               adaptor.getA().front(), ids)
            : OperandFragments(cast<RankedTensorType>(aType), adaptor.getA());
    OperandFragments b(rewriter, loc, 1, mma, op.getB().getType(),
                       adaptor.getB().front(), ids);
    Type operandType = aType.getElementType();
    NVVM::MMATypes multiplicand = *getMultiplicandType(operandType);
    int64_t instrK = 8 * getKWidth(operandType);
    int64_t k = aType.getShape()[1];

    // The accumulator's m16 x n8 tiles in this warp, by their origin.
    TensorDistribution accDist = getDistribution(op.getType());
    std::map<ElementIndex, unsigned> accRegisterOf;
    for (unsigned reg = 0, e = accDist.getNumRegisters(); reg < e; ++reg)
      accRegisterOf.try_emplace(accDist.getRegisterIndex(reg), reg);
    LinearLayout accTile = getMmaAccumulatorTile();
    SmallVector<ElementIndex> origins;
    for (unsigned reg = 0, e = accDist.getNumRegisters(); reg < e; ++reg) {
      ElementIndex index = accDist.getRegisterIndex(reg);
      if (index[0] % 16 == 0 && index[1] % 8 == 0 && accDist.isFirstCopy(reg))
        origins.push_back(index);
    }

    SmallVector<Value> acc(adaptor.getAcc().begin(), adaptor.getAcc().end());
    Type accType = acc.front().getType();
    bool halfAcc = accType.isF16();
    Type resultType = LLVM::LLVMStructType::getLiteral(
        rewriter.getContext(),
        SmallVector<Type>(halfAcc ? 2 : 4,
                          halfAcc ? VectorType::get({2}, accType) : accType));
    std::optional<NVVM::MMAIntOverflow> overflow;
    if (multiplicand == NVVM::MMATypes::s8)
      overflow = NVVM::MMAIntOverflow::wrapped;
    // tf32x3: the products of the residual of a with b, of a with the
    // residual of b, then of a with b (the interpreter's order).
    bool split = op.getPrecision() == DotPrecision::tf32x3;
    SmallVector<std::pair<bool, bool>> parts{{false, false}};
    if (split)
      parts = {{true, false}, {false, true}, {false, false}};
    for (int64_t k0 = 0; k0 < k; k0 += instrK) {
      for (ArrayRef<int64_t> origin : origins) {
        SmallVector<unsigned> accRegs;
        for (int32_t reg = 0; reg < 4; ++reg) {
          SmallVector<int32_t> index = accTile.apply({reg, 0});
          accRegs.push_back(accRegisterOf.at(
              {origin[0] + index[0], origin[1] + index[1]}));
        }
        SmallVector<Value> c;
        if (halfAcc) {
          for (unsigned pair = 0; pair < 4; pair += 2) {
            auto vectorType = VectorType::get({2}, accType);
            Value vector = LLVM::PoisonOp::create(rewriter, loc, vectorType);
            for (unsigned i = 0; i < 2; ++i)
              vector = LLVM::InsertElementOp::create(
                  rewriter, loc, vector, acc[accRegs[pair + i]],
                  i32Constant(rewriter, loc, i));
            c.push_back(vector);
          }
        } else {
          for (unsigned reg : accRegs)
            c.push_back(acc[reg]);
        }
        for (auto [aResidual, bResidual] : parts) {
          ArrayRef<Value> aWords = a.getWords(rewriter, loc, {origin[0], k0},
                                              multiplicand, split, aResidual);
          ArrayRef<Value> bWords = b.getWords(rewriter, loc, {k0, origin[1]},
                                              multiplicand, split, bResidual);
          c = emitMmaSync(rewriter, loc, resultType, aWords, bWords, c,
                          instrK, multiplicand, overflow);
        }
        for (unsigned i = 0; i < 4; ++i) {
          acc[accRegs[i]] =
              halfAcc ? LLVM::ExtractElementOp::create(
                            rewriter, loc, c[i / 2],
                            i32Constant(rewriter, loc, i % 2))
                      : c[i];
        }
      }
    }
    for (unsigned reg = 0, e = accDist.getNumRegisters(); reg < e; ++reg)
      acc[reg] = acc[accDist.getFirstCopy(reg)];
    rewriter.replaceOpWithMultiple(op, SmallVector<SmallVector<Value>>{acc});
    return success();
  }
};
} // namespace

bool mlir::block::isMmaSyncLowerable(blockgpu::DotOp op) {
  auto mma = dyn_cast<MmaLayoutAttr>(op.getType().getEncoding());
  if (!mma || mma.getVersion() != 2)
    return false;
  auto aType = cast<ShapedType>(op.getA().getType());
  if (auto registers = dyn_cast<RankedTensorType>(aType);
      registers && !blockgpu::holdsOperandAFragments(registers, mma))
    return false;
  Type a = aType.getElementType();
  Type b = op.getB().getType().getElementType();
  if (!isMmaSyncProduct(a, b, op.getType().getElementType()))
    return false;
  // f32 operands go through tf32 only where the program asked for it.
  if (a.isF32() && op.getPrecision() == DotPrecision::ieee)
    return false;
  ArrayRef<int64_t> aShape = aType.getShape();
  ArrayRef<unsigned> instr = mma.getInstrShape();
  return instr.size() == 3 && instr[2] == 8 * getKWidth(a) &&
         aShape[1] % instr[2] == 0 && aShape[0] % 16 == 0 &&
         op.getB().getType().getShape()[1] % 8 == 0;
}

void mlir::block::populateMmaDotOpToGPUPatterns(const TypeConverter &converter,
                                                RewritePatternSet &patterns) {
  patterns.add<DotOpToMmaSync>(converter, patterns.getContext());
}
