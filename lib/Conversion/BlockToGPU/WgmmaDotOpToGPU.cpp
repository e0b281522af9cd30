//===- WgmmaDotOpToGPU.cpp - blockgpu.dot on wgmma tensor cores -----------===//
//
// A product whose accumulator has a #block.mma version 3 layout. Each
// warpgroup multiplies its m64 x nN tiles of the accumulator with
// wgmma.mma_async, which reads b, and a unless a is in registers (four
// 32-bit registers of packed pairs per instruction), from their buffers
// through shared-memory descriptors: the start address of the
// instruction's tile, the byte distances between its groups of 8 rows or
// columns (SBO) and between its swizzle-wide slabs (LBO), and the swizzle
// mode. All of them follow from the buffer's layout (the offsets of the
// tile's elements), and the lowering checks, element by element, that the
// addresses the descriptor describes are the layout's. The product runs
// asynchronously within the warpgroup: a fence, the instructions, one
// commit group and a wait whose inline asm takes and returns the
// accumulator registers, so that no use of them moves above it (upstream's
// wait ties nothing). A product from a zero accumulator skips reading it on
// its first step.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utility.h"

#include "block/Layout/TensorLayouts.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"

#include <map>

using namespace mlir;
using namespace mlir::block;

static std::optional<NVVM::WGMMATypes> getWgmmaType(Type type) {
  if (type.isF16())
    return NVVM::WGMMATypes::f16;
  if (type.isBF16())
    return NVVM::WGMMATypes::bf16;
  if (type.isInteger(8))
    return NVVM::WGMMATypes::s8;
  if (isa<Float8E4M3FNType>(type))
    return NVVM::WGMMATypes::e4m3;
  if (isa<Float8E5M2Type>(type))
    return NVVM::WGMMATypes::e5m2;
  // f32 data, read truncated to tf32 (precision = tf32 only).
  if (type.isF32())
    return NVVM::WGMMATypes::tf32;
  return std::nullopt;
}

/// Whether wgmma of operands of `type` takes transpositions (and
/// upstream's op is asked to take them): the 16-bit floats; 8- and 32-bit
/// operands are k-major only.
static bool isSixteenBit(NVVM::WGMMATypes type) {
  return type == NVVM::WGMMATypes::f16 || type == NVVM::WGMMATypes::bf16;
}

/// The accumulator type wgmma sums operands of type `operand` in: f32 for
/// floats, i32 for integers.
static bool isWgmmaAccumulator(Type operand, Type acc) {
  return operand.isInteger(8) ? acc.isInteger(32) : acc.isF32();
}

/// The inline-asm constraint of an output register holding an accumulator
/// element of type `field` (f32 or i32), with its separator.
static StringRef getOutputConstraint(Type field) {
  return field.isF32() ? "=f," : "=r,";
}

namespace {
/// One operand's buffer as wgmma reads it: operand `opIdx` (0: a, M x K;
/// 1: b, K x N) in instruction tiles of `mnSize` (m or n) by `kSize`.
class WgmmaOperand {
public:
  static std::optional<WgmmaOperand> get(unsigned opIdx,
                                         blockgpu::MemDescType buffer,
                                         int64_t mnSize, int64_t kSize) {
    auto layout = dyn_cast<blockgpu::NVMMALayoutAttr>(buffer.getLayout());
    if (!layout || buffer.getShape().size() != 2 || layout.getSwizzle() < 32)
      return std::nullopt;
    WgmmaOperand operand;
    operand.opIdx = opIdx;
    operand.mnSize = mnSize;
    operand.kSize = kSize;
    operand.shape.assign(buffer.getShape().begin(), buffer.getShape().end());
    operand.bytes = getMemoryBytes(getMemoryType(buffer.getElementType()));
    operand.swizzleBytes = layout.getSwizzle();
    unsigned contiguousDim = layout.getTransposed() ? 0 : 1;
    operand.kMajor = contiguousDim == (opIdx == 0 ? 1u : 0u);
    std::optional<LinearLayout> offsets =
        buffer.toLinearLayout().invert();
    if (!offsets)
      return std::nullopt;
    operand.offsets = std::move(*offsets);
    int64_t slab = operand.swizzleBytes / operand.bytes;
    if (operand.kMajor) {
      // A step of k lies within one row of a slab; LBO is unused.
      if (kSize * operand.bytes > operand.swizzleBytes || mnSize % 8)
        return std::nullopt;
      operand.sbo = operand.byteOffset(8, 0);
      operand.lbo = 16;
    } else {
      // wgmma transposes 16-bit operands only.
      if (operand.bytes != 2 || kSize % 8)
        return std::nullopt;
      operand.sbo = operand.byteOffset(0, 8);
      operand.lbo = mnSize > slab ? operand.byteOffset(slab, 0) : 16;
    }
    if (operand.sbo % 16 || operand.lbo % 16 || operand.sbo >= (1 << 18) ||
        operand.lbo >= (1 << 18))
      return std::nullopt;
    return operand;
  }

  /// The element offset in the buffer of the element `mn` along m (n) and
  /// `k` along k.
  int64_t elementOffset(int64_t mn, int64_t k) const {
    SmallVector<int32_t> index = opIdx == 0 ? SmallVector<int32_t>{int32_t(mn), int32_t(k)}
                                            : SmallVector<int32_t>{int32_t(k), int32_t(mn)};
    return offsets.apply(index)[0];
  }
  int64_t byteOffset(int64_t mn, int64_t k) const {
    return elementOffset(mn, k) * bytes;
  }

  /// Whether the descriptor of the tile whose first element is (`mn`, `k`)
  /// addresses each of its elements where the buffer's layout keeps it:
  /// the canonical wgmma layout (8-row core groups SBO apart, slabs LBO
  /// apart), with the swizzle XORing address bits 4.. with bits 7.. of the
  /// 1024-byte-aligned buffer.
  bool describes(int64_t mn, int64_t k) const {
    if (mn + mnSize > getMNExtent() || k + kSize > getKExtent())
      return false;
    int64_t start = byteOffset(mn, k);
    int64_t slab = swizzleBytes / bytes;
    int64_t mask = swizzleBytes / 16 - 1;
    for (int64_t i = 0; i < mnSize; ++i) {
      for (int64_t j = 0; j < kSize; ++j) {
        int64_t linear =
            kMajor ? (i / 8) * sbo + (i % 8) * swizzleBytes + j * bytes
                   : (i / slab) * lbo + (i % slab) * bytes + (j / 8) * sbo +
                         (j % 8) * swizzleBytes;
        int64_t address = start + linear;
        address ^= ((address >> 7) & mask) << 4;
        if (address != byteOffset(mn + i, k + j))
          return false;
      }
    }
    return true;
  }

  /// The descriptor of the tile starting at the shared-memory byte address
  /// `start` (i32).
  Value emitDescriptor(OpBuilder &b, Location loc, Value start) const {
    uint64_t mode = swizzleBytes == 128 ? 1 : swizzleBytes == 64 ? 2 : 3;
    uint64_t high = (mode << 62) | (uint64_t(sbo >> 4) << 32) |
                    (uint64_t(lbo >> 4) << 16);
    Type i64 = b.getI64Type();
    Value field = LLVM::AndOp::create(
        b, loc, LLVM::LShrOp::create(b, loc, start, i32Constant(b, loc, 4)),
        i32Constant(b, loc, 0x3fff));
    Value wide = LLVM::ZExtOp::create(b, loc, i64, field);
    Value constant = LLVM::ConstantOp::create(b, loc, i64,
                                              b.getI64IntegerAttr(int64_t(high)));
    return LLVM::OrOp::create(b, loc, wide, constant);
  }

  /// The layout the NVVM op takes: a K-major a is row, a K-major b col.
  NVVM::MMALayout getLayout() const {
    return (opIdx == 0) == kMajor ? NVVM::MMALayout::row : NVVM::MMALayout::col;
  }

  int64_t getMNExtent() const { return shape[opIdx == 0 ? 0 : 1]; }
  int64_t getKExtent() const { return shape[opIdx == 0 ? 1 : 0]; }

  unsigned bytes = 0;

private:
  unsigned opIdx = 0;
  int64_t mnSize = 0, kSize = 0;
  SmallVector<int64_t> shape;
  int64_t swizzleBytes = 0, sbo = 0, lbo = 0;
  bool kMajor = true;
  LinearLayout offsets;
};

/// What a product's lowering needs of its accumulator and operands.
struct WgmmaPlan {
  /// a's buffer, or (a in registers) the register of each element of a
  /// that lane 0 of warp 0 holds.
  std::optional<WgmmaOperand> a, b;
  std::map<ElementIndex, unsigned> aRegisterOf;
  int64_t instrN = 0, instrK = 0;
  /// The accumulator's instruction tiles in warpgroup 0, by their first
  /// element.
  SmallVector<ElementIndex> origins;
  /// Per warp-id bit above the warpgroup's 4 warps, its accumulator index.
  SmallVector<ElementIndex> warpgroupBases;

  static std::optional<WgmmaPlan> get(blockgpu::DotOp op) {
    auto mma = dyn_cast<MmaLayoutAttr>(op.getType().getEncoding());
    if (!mma || !mma.isWgmma() || mma.getInstrShape().size() != 3)
      return std::nullopt;
    auto aType = cast<ShapedType>(op.getA().getType());
    Type a = aType.getElementType();
    if (a != op.getB().getType().getElementType() || !getWgmmaType(a) ||
        !isWgmmaAccumulator(a, op.getType().getElementType()) ||
        (a.isF32() && op.getPrecision() != DotPrecision::tf32))
      return std::nullopt;
    WgmmaPlan plan;
    plan.instrN = mma.getInstrShape()[1];
    plan.instrK = mma.getInstrShape()[2];
    // A step of k reads 32 bytes of each row of a.
    unsigned bits = a.getIntOrFloatBitWidth();
    if (plan.instrK * bits != 256 || plan.instrN % 8 || plan.instrN > 256)
      return std::nullopt;
    if (auto registers = dyn_cast<RankedTensorType>(aType)) {
      // Fragments of a in registers are packed as 16-bit pairs.
      if (bits != 16 || !blockgpu::holdsOperandAFragments(registers, mma))
        return std::nullopt;
      TensorDistribution dist = getDistribution(registers);
      for (unsigned reg = 0, e = dist.getNumRegisters(); reg < e; ++reg)
        plan.aRegisterOf.try_emplace(dist.getRegisterIndex(reg), reg);
    } else {
      plan.a = WgmmaOperand::get(0, cast<blockgpu::MemDescType>(aType), 64,
                                 plan.instrK);
      if (!plan.a)
        return std::nullopt;
    }
    plan.b = WgmmaOperand::get(1, op.getB().getType(), plan.instrN, plan.instrK);
    if (!plan.b)
      return std::nullopt;
    std::optional<TensorDistribution> acc = getDistributionOf(op.getType());
    if (!acc)
      return std::nullopt;
    // Warps 0-3 of a warpgroup hold its rows 16 at a time.
    ArrayRef<ElementIndex> warps = acc->getWarpBases();
    if (warps.size() < 2 || warps[0] != ElementIndex{16, 0} ||
        warps[1] != ElementIndex{32, 0})
      return std::nullopt;
    plan.warpgroupBases.assign(warps.begin() + 2, warps.end());
    for (unsigned reg = 0, e = acc->getNumRegisters(); reg < e; ++reg) {
      ElementIndex index = acc->getRegisterIndex(reg);
      if (index[0] % 64 == 0 && index[1] % plan.instrN == 0 &&
          acc->isFirstCopy(reg))
        plan.origins.push_back(index);
    }
    // Every warpgroup's every instruction reads what its descriptors say,
    // and a thread holds every element of its fragments of a.
    int64_t k = aType.getShape()[1];
    for (unsigned group = 0, e = 1u << plan.warpgroupBases.size(); group < e;
         ++group) {
      ElementIndex base = plan.getWarpgroupIndex(group);
      for (ArrayRef<int64_t> origin : plan.origins)
        for (int64_t k0 = 0; k0 < k; k0 += plan.instrK)
          if ((plan.a && !plan.a->describes(base[0] ^ origin[0], k0)) ||
              !plan.b->describes(base[1] ^ origin[1], k0))
            return std::nullopt;
    }
    for (ArrayRef<int64_t> origin : plan.origins)
      for (int64_t k0 = 0; !plan.a && k0 < k; k0 += plan.instrK)
        for (const ElementIndex &element : getFragmentElements(origin[0], k0))
          if (!plan.aRegisterOf.count(element))
            return std::nullopt;
    return plan;
  }

  /// The elements of a, in lane 0 of warp 0, of the fragment of the
  /// instruction at row `m` and step `k`, in the order of its registers'
  /// halves (the PTX ISA's wgmma A fragment: rows r and r + 8, columns c,
  /// c + 1, c + 8 and c + 9).
  static SmallVector<ElementIndex, 8> getFragmentElements(int64_t m,
                                                          int64_t k) {
    SmallVector<ElementIndex, 8> elements;
    for (int64_t column : {0, 8})
      for (int64_t row : {0, 8})
        for (int64_t half : {0, 1})
          elements.push_back({m + row, k + column + half});
    return elements;
  }

  /// The accumulator index of warpgroup `group`'s first element.
  ElementIndex getWarpgroupIndex(unsigned group) const {
    ElementIndex index{0, 0};
    for (auto [bit, basis] : llvm::enumerate(warpgroupBases))
      if (group >> bit & 1)
        index = {index[0] ^ basis[0], index[1] ^ basis[1]};
    return index;
  }
};

/// The element offset in `operand`'s buffer of this warp's warpgroup's
/// first row (a) or column (b): the XOR of the offsets of the warpgroup
/// bits' indices, as the layout is linear. `bits` gets the bits it may set.
static Value emitWarpgroupOffset(OpBuilder &b, Location loc,
                                 const WgmmaOperand &operand, unsigned opIdx,
                                 ArrayRef<ElementIndex> bases, Value warp,
                                 int64_t &bits) {
  Value offset = i32Constant(b, loc, 0);
  bits = 0;
  for (auto [bit, basis] : llvm::enumerate(bases)) {
    int64_t bitOffset = opIdx == 0 ? operand.elementOffset(basis[0], 0)
                                   : operand.elementOffset(basis[1], 0);
    bits |= bitOffset;
    if (!bitOffset)
      continue;
    Value set = LLVM::AndOp::create(
        b, loc,
        LLVM::LShrOp::create(b, loc, warp, i32Constant(b, loc, bit + 2)),
        i32Constant(b, loc, 1));
    offset = LLVM::XOrOp::create(
        b, loc, offset,
        LLVM::MulOp::create(b, loc, set, i32Constant(b, loc, bitOffset)));
  }
  return offset;
}

/// `ptx` as inline asm with side effects, of result `type` (a struct of
/// the outputs) and `constraints` (outputs tied to inputs where wgmma
/// reads and writes the same registers, which nvvm.inline_ptx cannot say).
static Value emitInlinePtx(OpBuilder &b, Location loc, Type type,
                           ValueRange operands, StringRef ptx,
                           StringRef constraints) {
  return LLVM::InlineAsmOp::create(
             b, loc, type, operands, ptx, constraints,
             /*has_side_effects=*/true, /*is_align_stack=*/false,
             LLVM::tailcallkind::TailCallKind::None,
             LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
             /*operand_attrs=*/ArrayAttr())
      .getResult(0);
}

/// `wgmma.wait_group.sync.aligned pendings` taking and returning `values`
/// (f32 or i32 registers of one type), so that their uses stay below it.
static SmallVector<Value> emitTiedWait(OpBuilder &b, Location loc,
                                       ArrayRef<Value> values,
                                       unsigned pendings) {
  std::string constraints;
  Type fieldType = values.front().getType();
  for (size_t i = 0; i < values.size(); ++i)
    constraints += getOutputConstraint(fieldType);
  for (size_t i = 0; i < values.size(); ++i)
    constraints += std::to_string(i) + (i + 1 < values.size() ? "," : "");
  auto type = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(values.size(), fieldType));
  Value wait = emitInlinePtx(
      b, loc, type, values,
      "wgmma.wait_group.sync.aligned " + std::to_string(pendings) + ";",
      constraints);
  return emitStructFields(b, loc, wait, values.size());
}

/// The tied wait over the registers of a tensor distributed as `dist`
/// (each element once), with its copies following.
static SmallVector<Value> emitTiedWait(OpBuilder &b, Location loc,
                                       const TensorDistribution &dist,
                                       ArrayRef<Value> registers,
                                       unsigned pendings) {
  SmallVector<unsigned> firstCopies;
  SmallVector<Value> values;
  for (unsigned reg = 0, e = dist.getNumRegisters(); reg < e; ++reg)
    if (dist.isFirstCopy(reg)) {
      firstCopies.push_back(reg);
      values.push_back(registers[reg]);
    }
  SmallVector<Value> result(registers);
  for (auto [reg, value] :
       llvm::zip(firstCopies, emitTiedWait(b, loc, values, pendings)))
    result[reg] = value;
  for (unsigned reg = 0, e = dist.getNumRegisters(); reg < e; ++reg)
    result[reg] = result[dist.getFirstCopy(reg)];
  return result;
}

/// One wgmma.mma_async as inline asm in the instruction's own form, for
/// what upstream's op cannot take: a scale-d known only at run time
/// (`scaleD`, an i32), a in registers (`a`: four i32 of packed pairs;
/// else a's descriptor), and other operands than 16-bit floats (`type` s8
/// into s32, e4m3, e5m2 or tf32 into f32).
static Value emitWgmmaAsm(OpBuilder &b, Location loc, Type structType,
                          unsigned numFields, Value inouts, ValueRange a,
                          Value descB, Value scaleD, int64_t instrN,
                          NVVM::WGMMATypes type, const WgmmaPlan &plan) {
  auto operand = [](unsigned index) { return "$" + std::to_string(index); };
  std::string fields;
  for (unsigned i = 0; i < numFields; ++i)
    fields += (i ? ", " : "") + operand(i);
  unsigned next = numFields;
  std::string aText, constraints;
  bool integer = type == NVVM::WGMMATypes::s8;
  Type field = cast<LLVM::LLVMStructType>(structType).getBody().front();
  for (unsigned i = 0; i < numFields; ++i)
    constraints += getOutputConstraint(field);
  if (plan.a) {
    aText = operand(next++);
    constraints += "l,";
  } else {
    for (unsigned i = 0; i < a.size(); ++i) {
      aText += (i ? ", " : "{") + operand(next++);
      constraints += "r,";
    }
    aText += "}";
  }
  std::string bText = operand(next++), scaleText = operand(next++);
  constraints += "l,r";
  for (unsigned i = 0; i < numFields; ++i)
    constraints += "," + std::to_string(i);
  auto transpose = [](NVVM::MMALayout layout, NVVM::MMALayout kMajor) {
    return layout == kMajor ? "0" : "1";
  };
  // Integer products take neither input scales nor transpositions, fp8 and
  // tf32 ones input scales only (their operands are k-major); transposing a
  // applies to a buffer only.
  std::string immediates = integer ? "" : ", 1, 1";
  if (isSixteenBit(type)) {
    if (plan.a)
      immediates +=
          std::string(", ") + transpose(plan.a->getLayout(), NVVM::MMALayout::row);
    immediates +=
        std::string(", ") + transpose(plan.b->getLayout(), NVVM::MMALayout::col);
  }
  StringRef typeName = NVVM::stringifyWGMMATypes(type);
  std::string ptx = "{\n.reg .pred p;\nsetp.ne.b32 p, " + scaleText +
                    ", 0;\nwgmma.mma_async.sync.aligned.m64n" +
                    std::to_string(instrN) + "k" + std::to_string(plan.instrK) +
                    (integer ? ".s32." : ".f32.") + typeName.str() + "." +
                    typeName.str() + " {" + fields + "}, " + aText + ", " +
                    bText + ", p" + immediates + ";\n}";
  SmallVector<Value> operands(a.begin(), a.end());
  operands.push_back(descB);
  operands.push_back(scaleD);
  llvm::append_range(operands, emitStructFields(b, loc, inouts, numFields));
  return emitInlinePtx(b, loc, structType, operands, ptx, constraints);
}

/// Two 16-bit values packed into an i32, the first in the low half.
static Value packPair(OpBuilder &b, Location loc, Value low, Value high) {
  return LLVM::BitcastOp::create(b, loc, b.getI32Type(),
                                 emitVector(b, loc, {low, high}));
}

struct DotOpToWgmma : OpConversionPattern<blockgpu::DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(blockgpu::DotOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<WgmmaPlan> plan = WgmmaPlan::get(op);
    if (!plan)
      return rewriter.notifyMatchFailure(op, "not a wgmma product");
    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();
    Type i32 = rewriter.getI32Type();
    ThreadIds ids = emitThreadIds(rewriter, loc);
    NVVM::WGMMATypes type = *getWgmmaType(
        cast<ShapedType>(op.getA().getType()).getElementType());

    struct Buffer {
      const WgmmaOperand &operand;
      Value base, warpgroup;
      /// The element offset bits the warpgroup's offset may set.
      int64_t warpgroupBits;
      /// The descriptor of the warpgroup's first tile (element offset 0).
      Value first;
    };
    auto buffer = [&](unsigned opIdx, const WgmmaOperand &operand,
                      Value pointer) {
      Value base = LLVM::PtrToIntOp::create(rewriter, loc, i32, pointer);
      int64_t bits;
      Value warpgroup = emitWarpgroupOffset(rewriter, loc, operand, opIdx,
                                            plan->warpgroupBases, ids.warp,
                                            bits);
      Value start = LLVM::AddOp::create(
          rewriter, loc, base,
          LLVM::MulOp::create(rewriter, loc, warpgroup,
                              i32Constant(rewriter, loc, operand.bytes)));
      return Buffer{operand, base, warpgroup, bits,
                    operand.emitDescriptor(rewriter, loc, start)};
    };
    std::optional<Buffer> a;
    if (plan->a)
      a.emplace(buffer(0, *plan->a, adaptor.getA().front()));
    Buffer b = buffer(1, *plan->b, adaptor.getB().front());
    // A tile whose offset shares no bit with the warpgroup's (the offset is
    // then added, not XORed) is the first tile's descriptor plus its offset
    // in 16-byte units: shared-memory addresses fit the 14-bit start field,
    // which the sum cannot overflow. One 64-bit add an instruction, where
    // the descriptor computed from the address takes six.
    auto descriptor = [&](const Buffer &buf, int64_t elementOffset) {
      int64_t bytes = elementOffset * buf.operand.bytes;
      if (!(buf.warpgroupBits & elementOffset) && bytes % 16 == 0)
        return bytes ? Value(LLVM::AddOp::create(
                           rewriter, loc, buf.first,
                           LLVM::ConstantOp::create(
                               rewriter, loc, rewriter.getI64Type(),
                               rewriter.getI64IntegerAttr(bytes / 16))))
                     : buf.first;
      Value offset = LLVM::XOrOp::create(rewriter, loc, buf.warpgroup,
                                         i32Constant(rewriter, loc, elementOffset));
      Value start = LLVM::AddOp::create(
          rewriter, loc, buf.base,
          LLVM::MulOp::create(rewriter, loc, offset,
                              i32Constant(rewriter, loc, buf.operand.bytes)));
      return buf.operand.emitDescriptor(rewriter, loc, start);
    };

    TensorDistribution accDist = getDistribution(op.getType());
    std::map<ElementIndex, unsigned> accRegisterOf;
    for (unsigned reg = 0, e = accDist.getNumRegisters(); reg < e; ++reg)
      accRegisterOf.try_emplace(accDist.getRegisterIndex(reg), reg);
    SmallVector<Value> acc(adaptor.getAcc().begin(), adaptor.getAcc().end());
    int64_t numFields = plan->instrN / 2;
    Type field = op.getType().getElementType();
    auto structType = LLVM::LLVMStructType::getLiteral(
        context, SmallVector<Type>(numFields, field));
    auto shape = NVVM::MMAShapeAttr::get(context, 64, plan->instrN,
                                         plan->instrK);
    int64_t k = cast<ShapedType>(op.getA().getType()).getShape()[1];
    bool startsFromZero = matchPattern(op.getAcc(), m_AnyZeroFloat()) ||
                          matchPattern(op.getAcc(), m_Zero());
    // use_acc, as the adaptor gives it (a constant one is folded here).
    Value useAcc;
    if (op.getUseAcc()) {
      if (std::optional<int64_t> known = getConstantIntValue(op.getUseAcc()))
        startsFromZero |= !*known;
      else
        useAcc = adaptor.getUseAcc().front();
    }

    // a's fragments in registers are packed before the fence: registers
    // an instruction reads must be written before it (else ptxas waits for
    // the instructions in flight, C7519).
    std::map<ElementIndex, SmallVector<Value, 4>> aFragments;
    for (int64_t k0 = 0; !a && k0 < k; k0 += plan->instrK)
      for (ArrayRef<int64_t> origin : plan->origins) {
        SmallVector<Value, 4> &packed = aFragments[{origin[0], k0}];
        if (!packed.empty())
          continue;
        SmallVector<ElementIndex, 8> elements =
            WgmmaPlan::getFragmentElements(origin[0], k0);
        for (unsigned i = 0; i < elements.size(); i += 2)
          packed.push_back(packPair(
              rewriter, loc,
              adaptor.getA()[plan->aRegisterOf.at(elements[i])],
              adaptor.getA()[plan->aRegisterOf.at(elements[i + 1])]));
      }

    NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
    for (int64_t k0 = 0; k0 < k; k0 += plan->instrK) {
      for (ArrayRef<int64_t> origin : plan->origins) {
        // Field i of the instruction's accumulator: row 8 (i / 2 % 2), column
        // i % 2 + 8 (i / 4) of the thread's first (the PTX ISA's fragment).
        SmallVector<unsigned> regs;
        for (int64_t i = 0; i < numFields; ++i)
          regs.push_back(accRegisterOf.at(
              {origin[0] + 8 * (i / 2 % 2), origin[1] + i % 2 + 8 * (i / 4)}));
        // A product from zero does not read the accumulator on its first
        // step (scale-d = 0), so the zeros are never put in registers.
        bool fromZero = k0 == 0 && startsFromZero;
        Value inouts = LLVM::PoisonOp::create(rewriter, loc, structType);
        if (!fromZero)
          for (auto [i, reg] : llvm::enumerate(regs))
            inouts = LLVM::InsertValueOp::create(rewriter, loc, inouts,
                                                 acc[reg], i);
        Value descB =
            descriptor(b, plan->b->elementOffset(origin[1], k0));
        SmallVector<Value, 4> aOperands =
            a ? SmallVector<Value, 4>{descriptor(
                    *a, plan->a->elementOffset(origin[0], k0))}
              : aFragments.at({origin[0], k0});
        // Upstream's op takes a's descriptor and a constant scale-d only,
        // and is asked to take 16-bit operands only.
        Value scaleD;
        if (k0 == 0 && useAcc)
          scaleD = LLVM::ZExtOp::create(rewriter, loc, i32, useAcc);
        else if (!a || !isSixteenBit(type))
          scaleD = i32Constant(rewriter, loc, fromZero ? 0 : 1);
        Value result =
            scaleD
                ? emitWgmmaAsm(rewriter, loc, structType, numFields, inouts,
                               aOperands, descB, scaleD, plan->instrN, type,
                               *plan)
                : NVVM::WgmmaMmaAsyncOp::create(
                      rewriter, loc, structType, inouts, aOperands.front(),
                      descB, shape,
                      type, type, NVVM::WGMMATypes::f32,
                      fromZero ? NVVM::WGMMAScaleOut::zero
                               : NVVM::WGMMAScaleOut::one,
                      NVVM::WGMMAScaleIn::one, NVVM::WGMMAScaleIn::one,
                      plan->a->getLayout(), plan->b->getLayout(),
                      /*satfinite=*/NVVM::MMAIntOverflowAttr());
        for (auto [reg, field] :
             llvm::zip(regs, emitStructFields(rewriter, loc, result, numFields)))
          acc[reg] = field;
      }
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
    if (!op.getAsync())
      acc = emitTiedWait(rewriter, loc, accDist, acc, /*pendings=*/0);
    else
      for (unsigned reg = 0, e = accDist.getNumRegisters(); reg < e; ++reg)
        acc[reg] = acc[accDist.getFirstCopy(reg)];
    rewriter.replaceOpWithMultiple(op, SmallVector<SmallVector<Value>>{acc});
    return success();
  }
};

struct DotWaitOpToWgmma : OpConversionPattern<blockgpu::DotWaitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(blockgpu::DotWaitOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<TensorDistribution> dist = getDistributionOf(op.getType());
    Type element = op.getType().getElementType();
    if (!dist || !(element.isF32() || element.isInteger(32)))
      return rewriter.notifyMatchFailure(op, "not an f32 or i32 accumulator");
    SmallVector<Value> values(adaptor.getValue().begin(),
                              adaptor.getValue().end());
    rewriter.replaceOpWithMultiple(
        op, SmallVector<SmallVector<Value>>{emitTiedWait(
                rewriter, op.getLoc(), *dist, values, op.getPendings())});
    return success();
  }
};
} // namespace

bool mlir::block::isWgmmaLowerable(blockgpu::DotOp op) {
  return WgmmaPlan::get(op).has_value();
}

void mlir::block::populateWgmmaDotOpToGPUPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<DotOpToWgmma, DotWaitOpToWgmma>(converter,
                                               patterns.getContext());
}
