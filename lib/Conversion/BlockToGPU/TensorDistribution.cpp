//===- TensorDistribution.cpp - Which thread holds which element ----------===//

#include "TensorDistribution.h"
#include "Utility.h"

#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Layout/TensorLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::block;

/// Whether the bases never share a bit within one dimension, so that their
/// XOR is also their sum.
static bool haveDisjointBits(ArrayRef<ElementIndex> bases, unsigned rank,
                             SmallVectorImpl<int64_t> &used) {
  used.assign(rank, 0);
  bool disjoint = true;
  for (ArrayRef<int64_t> basis : bases)
    for (unsigned d = 0; d < rank; ++d) {
      disjoint &= (used[d] & basis[d]) == 0;
      used[d] |= basis[d];
    }
  return disjoint;
}

TensorDistribution::TensorDistribution(ArrayRef<int64_t> shape,
                                       SmallVector<ElementIndex> registers,
                                       SmallVector<ElementIndex> lanes,
                                       SmallVector<ElementIndex> warps)
    : shape(shape), registerBases(std::move(registers)),
      laneBases(std::move(lanes)), warpBases(std::move(warps)) {
  unsigned rank = shape.size();
  for (SmallVector<ElementIndex> *bases : {&registerBases, &laneBases, &warpBases})
    for (ElementIndex &basis : *bases)
      for (unsigned d = 0; d < rank; ++d)
        basis[d] &= shape[d] - 1;
  layout = makeDistributedLayout(shape, registerBases, laneBases, warpBases);

  SmallVector<ElementIndex> threadBases(laneBases);
  llvm::append_range(threadBases, warpBases);
  SmallVector<int64_t> threadBits, registerBits;
  disjointBits = haveDisjointBits(threadBases, rank, threadBits);
  // Register bases combine at compile time; only their union matters.
  haveDisjointBits(registerBases, rank, registerBits);
  for (unsigned d = 0; d < rank; ++d)
    disjointBits &= (threadBits[d] & registerBits[d]) == 0;

  // Copies of an element are registers in the same block of one element.
  firstCopy = getBlockRepresentatives(SmallVector<int64_t>(rank, 1));
}

std::optional<TensorDistribution>
TensorDistribution::get(RankedTensorType type) {
  auto layout = dyn_cast_or_null<DistributedLayoutAttr>(type.getEncoding());
  if (!layout || layout.getRank() != type.getRank() || !type.hasStaticShape())
    return std::nullopt;
  LinearLayout linear = layout.toLinearLayout(type.getShape());
  if (linear.getInDimSize(kLane) != kWarpSize)
    return std::nullopt;
  return get(linear);
}

TensorDistribution TensorDistribution::get(const LinearLayout &layout) {
  SmallVector<int64_t> shape;
  for (const LinearLayout::OutDim &out : layout.getOutDims())
    shape.push_back(out.second);
  return TensorDistribution(shape, getIndexBases(layout, kRegister),
                            getIndexBases(layout, kLane),
                            getIndexBases(layout, kWarp));
}

TensorDistribution TensorDistribution::remap(
    ArrayRef<int64_t> newShape,
    llvm::function_ref<ElementIndex(ArrayRef<int64_t>)> map) const {
  auto mapAll = [&](ArrayRef<ElementIndex> bases) {
    SmallVector<ElementIndex> mapped;
    for (ArrayRef<int64_t> basis : bases)
      mapped.push_back(map(basis));
    return mapped;
  };
  return TensorDistribution(newShape, mapAll(registerBases), mapAll(laneBases),
                            mapAll(warpBases));
}

TensorDistribution TensorDistribution::flatten() const {
  return remap({getNumElements()}, [&](ArrayRef<int64_t> index) {
    return ElementIndex{linearize(index)};
  });
}

int64_t TensorDistribution::getNumElements() const {
  int64_t n = 1;
  for (int64_t s : shape)
    n *= s;
  return n;
}

SmallVector<unsigned>
TensorDistribution::getBlockRepresentatives(ArrayRef<int64_t> blockShape) const {
  // An element's index is the XOR of a register part and a thread part, so
  // clearing the bits below the block size in the register part alone names
  // the block, whatever the thread.
  llvm::DenseMap<int64_t, unsigned> first;
  SmallVector<unsigned> representatives;
  for (unsigned reg = 0, e = getNumRegisters(); reg < e; ++reg) {
    ElementIndex index = getRegisterIndex(reg);
    for (auto [i, size] : llvm::zip(index, blockShape))
      i &= ~(size - 1);
    representatives.push_back(first.try_emplace(linearize(index), reg).first->second);
  }
  return representatives;
}

ElementIndex TensorDistribution::getRegisterIndex(unsigned reg) const {
  ElementIndex index(shape.size(), 0);
  for (auto [bit, basis] : llvm::enumerate(registerBases))
    if (reg & (1u << bit))
      for (unsigned d = 0, e = shape.size(); d < e; ++d)
        index[d] ^= basis[d];
  return index;
}

unsigned TensorDistribution::getReplicatingLaneMask() const {
  return layout.getFreeVariableMask(kLane);
}

unsigned TensorDistribution::getReplicatingWarpMask() const {
  return layout.getFreeVariableMask(kWarp);
}

SmallVector<unsigned> TensorDistribution::getLayoutOrder() const {
  return mlir::block::getLayoutOrder(layout);
}

unsigned TensorDistribution::getElementRun(unsigned dim) const {
  return block::getElementRun(layout, dim);
}

// The run of registers along `dim`, in the outputs flattened with `dim` the
// least significant, and no longer than the dimension.
unsigned TensorDistribution::getContiguousRegisters(unsigned dim) const {
  SmallVector<std::string> names = getTensorDimNames(getRank());
  SmallVector<StringRef> order = {names[dim]};
  for (unsigned d = 0, e = getRank(); d < e; ++d)
    if (d != dim)
      order.push_back(names[d]);
  int32_t run = layout.sublayout({kRegister, kLane, kWarp}, order)
                    .flattenOuts("position")
                    .getNumConsecutiveInOut();
  return std::min<int64_t>(run, shape[dim]);
}

int64_t TensorDistribution::linearize(ArrayRef<int64_t> index) const {
  int64_t position = 0;
  for (unsigned d = 0, e = shape.size(); d < e; ++d)
    position = position * shape[d] + index[d];
  return position;
}

ElementIndex TensorDistribution::delinearize(int64_t position) const {
  ElementIndex index(shape.size(), 0);
  for (int d = shape.size() - 1; d >= 0; --d) {
    index[d] = position % shape[d];
    position /= shape[d];
  }
  return index;
}

/// Adds to `terms` the contribution of the bits of `id` through `bases` to
/// dimension `dim`: runs of bits whose bases are consecutive powers of two
/// become one shift and mask.
static void appendIdTerms(OpBuilder &b, Location loc, Value id,
                          ArrayRef<ElementIndex> bases, unsigned dim,
                          SmallVectorImpl<Value> &terms) {
  for (unsigned bit = 0, e = bases.size(); bit < e;) {
    int64_t c = bases[bit][dim];
    if (c == 0) {
      ++bit;
      continue;
    }
    if (!llvm::isPowerOf2_64(c)) {
      Value set = emitIdBit(b, loc, id, bit);
      terms.push_back(
          arith::MulIOp::create(b, loc, set, i32Constant(b, loc, c)));
      ++bit;
      continue;
    }
    unsigned run = 1;
    while (bit + run < e && bases[bit + run][dim] == c << run)
      ++run;
    Value field = id;
    if (bit)
      field = arith::ShRUIOp::create(b, loc, field, i32Constant(b, loc, bit));
    field = arith::AndIOp::create(b, loc, field,
                                  i32Constant(b, loc, (1 << run) - 1));
    if (unsigned shift = llvm::Log2_64(c))
      field = arith::ShLIOp::create(b, loc, field, i32Constant(b, loc, shift));
    terms.push_back(field);
    bit += run;
  }
}

SmallVector<Value> TensorDistribution::emitThreadIndex(OpBuilder &b,
                                                       Location loc,
                                                       ThreadIds ids) const {
  SmallVector<Value> index;
  for (unsigned d = 0, e = shape.size(); d < e; ++d) {
    SmallVector<Value> terms;
    appendIdTerms(b, loc, ids.lane, laneBases, d, terms);
    appendIdTerms(b, loc, ids.warp, warpBases, d, terms);
    if (terms.empty()) {
      index.push_back(i32Constant(b, loc, 0));
      continue;
    }
    Value sum = terms.front();
    for (Value term : ArrayRef(terms).drop_front())
      sum = disjointBits ? Value(arith::OrIOp::create(b, loc, sum, term))
                         : Value(arith::XOrIOp::create(b, loc, sum, term));
    index.push_back(sum);
  }
  return index;
}

SmallVector<Value>
TensorDistribution::emitElementIndex(OpBuilder &b, Location loc,
                                     ArrayRef<Value> threadIndex,
                                     unsigned reg) const {
  ElementIndex offset = getRegisterIndex(reg);
  SmallVector<Value> index;
  for (unsigned d = 0, e = shape.size(); d < e; ++d) {
    if (offset[d] == 0) {
      index.push_back(threadIndex[d]);
      continue;
    }
    Value c = i32Constant(b, loc, offset[d]);
    index.push_back(disjointBits
                        ? Value(arith::AddIOp::create(b, loc, threadIndex[d], c))
                        : Value(arith::XOrIOp::create(b, loc, threadIndex[d], c)));
  }
  return index;
}

Value TensorDistribution::emitLinearize(OpBuilder &b, Location loc,
                                        ArrayRef<Value> index) const {
  Value position = index.front();
  for (unsigned d = 1, e = shape.size(); d < e; ++d) {
    Value scaled = arith::ShLIOp::create(
        b, loc, position, i32Constant(b, loc, llvm::Log2_64(shape[d])));
    position = arith::OrIOp::create(b, loc, scaled, index[d]);
  }
  return position;
}

Value TensorDistribution::emitIsOwner(OpBuilder &b, Location loc,
                                      ThreadIds ids) const {
  Value owner;
  auto require = [&](Value id, unsigned mask) {
    if (!mask)
      return;
    Value bits = arith::AndIOp::create(b, loc, id, i32Constant(b, loc, mask));
    Value none = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, bits,
                                       i32Constant(b, loc, 0));
    owner = owner ? Value(arith::AndIOp::create(b, loc, owner, none)) : none;
  };
  require(ids.lane, getReplicatingLaneMask());
  require(ids.warp, getReplicatingWarpMask());
  return owner;
}

std::optional<SmallVector<unsigned>>
mlir::block::mapRegisters(const TensorDistribution &from,
                          const TensorDistribution &to, IndexMap toFrom) {
  auto sameBases = [&](ArrayRef<ElementIndex> fromBases,
                       ArrayRef<ElementIndex> toBases) {
    if (fromBases.size() != toBases.size())
      return false;
    for (auto [f, t] : llvm::zip(fromBases, toBases))
      if (toFrom(t) != f)
        return false;
    return true;
  };
  if (!sameBases(from.getLaneBases(), to.getLaneBases()) ||
      !sameBases(from.getWarpBases(), to.getWarpBases()))
    return std::nullopt;
  llvm::DenseMap<int64_t, unsigned> registerOf;
  for (unsigned reg = 0, e = from.getNumRegisters(); reg < e; ++reg)
    registerOf.try_emplace(from.linearize(from.getRegisterIndex(reg)), reg);
  SmallVector<unsigned> mapping;
  for (unsigned reg = 0, e = to.getNumRegisters(); reg < e; ++reg) {
    auto it = registerOf.find(from.linearize(toFrom(to.getRegisterIndex(reg))));
    if (it == registerOf.end())
      return std::nullopt;
    mapping.push_back(it->second);
  }
  return mapping;
}
