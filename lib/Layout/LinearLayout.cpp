//===- LinearLayout.cpp - Layouts as linear maps over GF(2) ---------------===//

#include "block/Layout/LinearLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cassert>

using namespace mlir::block;
using llvm::ArrayRef;
using llvm::SmallVector;
using llvm::StringRef;

using Basis = LinearLayout::Basis;
using InDim = LinearLayout::InDim;
using OutDim = LinearLayout::OutDim;

namespace {
/// Incremental Gaussian elimination over GF(2) on vectors of up to 64 bits:
/// remembers, for a set of added vectors, a reduced basis of their span and
/// which added vectors make up each basis vector.
class SpanBuilder {
public:
  /// Adds `vector` (the `index`th added); returns false if it was already
  /// in the span of the earlier ones.
  bool add(uint64_t vector, unsigned index) {
    uint64_t combination = uint64_t(1) << index;
    reduce(vector, combination);
    if (vector == 0)
      return false;
    uint64_t pivot = uint64_t(1) << llvm::Log2_64(vector);
    // Keep every pivot bit in exactly one row, so reduction is order-free.
    for (Row &row : rows)
      if (row.vector & pivot) {
        row.vector ^= vector;
        row.combination ^= combination;
      }
    rows.push_back({vector, combination, pivot});
    return true;
  }

  /// The combination of added vectors whose XOR is `vector`, if any.
  std::optional<uint64_t> solve(uint64_t vector) const {
    uint64_t combination = 0;
    reduce(vector, combination);
    if (vector != 0)
      return std::nullopt;
    return combination;
  }

  unsigned rank() const { return rows.size(); }

private:
  struct Row {
    uint64_t vector, combination, pivot;
  };
  void reduce(uint64_t &vector, uint64_t &combination) const {
    for (const Row &row : rows)
      if (vector & row.pivot) {
        vector ^= row.vector;
        combination ^= row.combination;
      }
  }
  SmallVector<Row> rows;
};
} // namespace

template <typename Dims>
static auto *findDim(Dims &&dims, StringRef name) {
  auto it = llvm::find_if(dims, [&](const auto &d) { return d.first == name; });
  return it == dims.end() ? nullptr : &*it;
}

std::optional<LinearLayout> LinearLayout::get(ArrayRef<InDim> ins,
                                              ArrayRef<OutDim> outs,
                                              std::string *error) {
  auto fail = [&](const llvm::Twine &message) -> std::optional<LinearLayout> {
    if (error)
      *error = message.str();
    return std::nullopt;
  };
  unsigned outBits = 0;
  for (auto [i, out] : llvm::enumerate(outs)) {
    if (out.second <= 0 || !llvm::isPowerOf2_32(out.second))
      return fail("output '" + out.first + "' has size " +
                  llvm::Twine(out.second) + ", not a power of two");
    if (findDim(ArrayRef(outs).take_front(i), out.first))
      return fail("output '" + out.first + "' is named twice");
    outBits += llvm::Log2_32(out.second);
  }
  if (outBits > 64)
    return fail("the outputs have " + llvm::Twine(outBits) +
                " bits in all, more than 64");
  unsigned inBits = 0;
  for (auto [i, in] : llvm::enumerate(ins)) {
    if (findDim(ArrayRef(ins).take_front(i), in.first))
      return fail("input '" + in.first + "' is named twice");
    inBits += in.second.size();
    for (auto [bit, basis] : llvm::enumerate(in.second)) {
      if (basis.size() != outs.size())
        return fail("basis " + llvm::Twine(bit) + " of input '" + in.first +
                    "' has " + llvm::Twine(basis.size()) +
                    " components for " + llvm::Twine(outs.size()) +
                    " outputs");
      for (auto [value, out] : llvm::zip(basis, outs))
        if (value < 0 || value >= out.second)
          return fail("basis " + llvm::Twine(bit) + " of input '" + in.first +
                      "' is " + llvm::Twine(value) + " in output '" +
                      out.first + "' of size " + llvm::Twine(out.second));
    }
  }
  if (inBits > 64)
    return fail("the inputs have " + llvm::Twine(inBits) +
                " bits in all, more than 64");
  LinearLayout layout;
  layout.ins.assign(ins.begin(), ins.end());
  layout.outs.assign(outs.begin(), outs.end());
  return layout;
}

LinearLayout::LinearLayout(ArrayRef<InDim> ins, ArrayRef<OutDim> outs) {
  std::string error;
  std::optional<LinearLayout> layout = get(ins, outs, &error);
  // A malformed layout built by the compiler itself is a bug in the caller.
  if (!layout)
    llvm::report_fatal_error(llvm::Twine("invalid LinearLayout: ") + error);
  *this = std::move(*layout);
}

LinearLayout LinearLayout::identity1D(int32_t size, StringRef in,
                                      StringRef out) {
  return strided1D(size, 1, in, out);
}

LinearLayout LinearLayout::zeros1D(int32_t size, StringRef in, StringRef out) {
  SmallVector<Basis> bases(llvm::Log2_32(size), Basis{0});
  return LinearLayout({{in.str(), bases}}, {{out.str(), 1}});
}

LinearLayout LinearLayout::strided1D(int32_t size, int32_t stride,
                                     StringRef in, StringRef out) {
  SmallVector<Basis> bases;
  for (int32_t i = 1; i < size; i *= 2)
    bases.push_back({i * stride});
  return LinearLayout({{in.str(), bases}}, {{out.str(), size * stride}});
}

//===----------------------------------------------------------------------===//
// Dimensions
//===----------------------------------------------------------------------===//

SmallVector<StringRef> LinearLayout::getInDimNames() const {
  return llvm::map_to_vector(ins, [](const InDim &d) { return StringRef(d.first); });
}

SmallVector<StringRef> LinearLayout::getOutDimNames() const {
  return llvm::map_to_vector(outs, [](const OutDim &d) { return StringRef(d.first); });
}

bool LinearLayout::hasInDim(StringRef name) const { return findDim(ins, name); }
bool LinearLayout::hasOutDim(StringRef name) const { return findDim(outs, name); }

unsigned LinearLayout::getInDimIndex(StringRef name) const {
  const InDim *dim = findDim(ins, name);
  assert(dim && "no such input dimension");
  return dim - ins.data();
}

unsigned LinearLayout::getOutDimIndex(StringRef name) const {
  const OutDim *dim = findDim(outs, name);
  assert(dim && "no such output dimension");
  return dim - outs.data();
}

int32_t LinearLayout::getInDimSize(StringRef name) const {
  return int32_t(1) << getInDimSizeLog2(name);
}

unsigned LinearLayout::getInDimSizeLog2(StringRef name) const {
  const InDim *dim = findDim(ins, name);
  return dim ? dim->second.size() : 0;
}

int32_t LinearLayout::getOutDimSize(StringRef name) const {
  const OutDim *dim = findDim(outs, name);
  return dim ? dim->second : 1;
}

unsigned LinearLayout::getOutDimSizeLog2(StringRef name) const {
  return llvm::Log2_32(getOutDimSize(name));
}

unsigned LinearLayout::getTotalInDimSizeLog2() const {
  unsigned bits = 0;
  for (const InDim &in : ins)
    bits += in.second.size();
  return bits;
}

unsigned LinearLayout::getTotalOutDimSizeLog2() const {
  unsigned bits = 0;
  for (const OutDim &out : outs)
    bits += llvm::Log2_32(out.second);
  return bits;
}

int64_t LinearLayout::getTotalInDimSize() const {
  return int64_t(1) << getTotalInDimSizeLog2();
}

int64_t LinearLayout::getTotalOutDimSize() const {
  return int64_t(1) << getTotalOutDimSizeLog2();
}

ArrayRef<Basis> LinearLayout::getBases(StringRef inDim) const {
  const InDim *dim = findDim(ins, inDim);
  return dim ? ArrayRef<Basis>(dim->second) : ArrayRef<Basis>();
}

int32_t LinearLayout::getBasis(StringRef inDim, unsigned bit,
                               StringRef outDim) const {
  return getBases(inDim)[bit][getOutDimIndex(outDim)];
}

//===----------------------------------------------------------------------===//
// Evaluation
//===----------------------------------------------------------------------===//

SmallVector<int32_t> LinearLayout::apply(ArrayRef<int32_t> inValues) const {
  assert(inValues.size() == ins.size() && "one value per input dimension");
  SmallVector<int32_t> result(outs.size(), 0);
  for (auto [in, value] : llvm::zip(ins, inValues))
    for (auto [bit, basis] : llvm::enumerate(in.second))
      if (value & (int32_t(1) << bit))
        for (auto [r, b] : llvm::zip(result, basis))
          r ^= b;
  return result;
}

SmallVector<std::pair<std::string, int32_t>>
LinearLayout::apply(ArrayRef<std::pair<StringRef, int32_t>> inValues) const {
  SmallVector<int32_t> values(ins.size(), 0);
  for (auto [name, value] : inValues)
    values[getInDimIndex(name)] = value;
  SmallVector<std::pair<std::string, int32_t>> result;
  for (auto [out, value] : llvm::zip(outs, apply(values)))
    result.emplace_back(out.first, value);
  return result;
}

uint64_t LinearLayout::flattenOut(ArrayRef<int32_t> basis) const {
  uint64_t value = 0;
  unsigned shift = 0;
  for (auto [component, out] : llvm::zip(basis, outs)) {
    value |= uint64_t(component) << shift;
    shift += llvm::Log2_32(out.second);
  }
  return value;
}

Basis LinearLayout::unflattenOut(uint64_t value) const {
  Basis basis;
  for (const OutDim &out : outs) {
    basis.push_back(int32_t(value & uint64_t(out.second - 1)));
    value >>= llvm::Log2_32(out.second);
  }
  return basis;
}

SmallVector<uint64_t> LinearLayout::getColumns() const {
  SmallVector<uint64_t> columns;
  for (const InDim &in : ins)
    for (const Basis &basis : in.second)
      columns.push_back(flattenOut(basis));
  return columns;
}

//===----------------------------------------------------------------------===//
// Algebra
//===----------------------------------------------------------------------===//

LinearLayout LinearLayout::operator*(const LinearLayout &other) const {
  // Outputs: ours, then other's new ones; a shared one grows by other's size
  // and other's components move above ours.
  SmallVector<OutDim> newOuts(outs);
  for (const OutDim &out : other.outs) {
    if (OutDim *mine = findDim(newOuts, out.first))
      mine->second *= out.second;
    else
      newOuts.push_back(out);
  }
  auto extend = [&](const Basis &basis, const LinearLayout &from,
                    int32_t scaleShared) {
    Basis result(newOuts.size(), 0);
    for (auto [component, out] : llvm::zip(basis, from.outs)) {
      unsigned i = findDim(newOuts, out.first) - newOuts.data();
      bool shared = scaleShared && hasOutDim(out.first);
      result[i] = shared ? component * getOutDimSize(out.first) : component;
    }
    return result;
  };
  SmallVector<InDim> newIns;
  for (const InDim &in : ins) {
    InDim extended{in.first, {}};
    for (const Basis &basis : in.second)
      extended.second.push_back(extend(basis, *this, false));
    newIns.push_back(std::move(extended));
  }
  for (const InDim &in : other.ins) {
    InDim *target = findDim(newIns, in.first);
    if (!target) {
      newIns.push_back({in.first, {}});
      target = &newIns.back();
    }
    for (const Basis &basis : in.second)
      target->second.push_back(extend(basis, other, true));
  }
  return LinearLayout(newIns, newOuts);
}

LinearLayout LinearLayout::compose(const LinearLayout &outer) const {
  for (const OutDim &out : outs) {
    (void)out;
    assert(outer.hasInDim(out.first) &&
           outer.getInDimSize(out.first) >= out.second &&
           "compose: outer layout's inputs must cover this layout's outputs");
  }
  SmallVector<InDim> newIns;
  for (const InDim &in : ins) {
    InDim mapped{in.first, {}};
    for (const Basis &basis : in.second) {
      SmallVector<int32_t> outerIns(outer.ins.size(), 0);
      for (auto [component, out] : llvm::zip(basis, outs))
        outerIns[outer.getInDimIndex(out.first)] = component;
      mapped.second.push_back(outer.apply(outerIns));
    }
    newIns.push_back(std::move(mapped));
  }
  return LinearLayout(newIns, outer.outs);
}

std::optional<LinearLayout>
LinearLayout::invertAndCompose(const LinearLayout &other) const {
  assert(outs.size() == other.outs.size() &&
         "invertAndCompose: both layouts need the same outputs");
  // Compare in other's output order.
  SmallVector<StringRef> order = other.getOutDimNames();
  LinearLayout self = transposeOuts(order);
  for (auto [mine, theirs] : llvm::zip(self.outs, other.outs)) {
    (void)mine;
    (void)theirs;
    assert(mine.second == theirs.second &&
           "invertAndCompose: output sizes differ");
  }
  SpanBuilder span;
  SmallVector<uint64_t> columns = other.getColumns();
  for (auto [i, column] : llvm::enumerate(columns))
    span.add(column, i);

  // Split a combination of other's input bits back into its dimensions.
  auto toBasis = [&](uint64_t combination) {
    Basis basis;
    for (const InDim &in : other.ins) {
      unsigned bits = in.second.size();
      basis.push_back(int32_t(combination & ((uint64_t(1) << bits) - 1)));
      combination >>= bits;
    }
    return basis;
  };
  SmallVector<InDim> newIns;
  for (const InDim &in : self.ins) {
    InDim mapped{in.first, {}};
    for (const Basis &basis : in.second) {
      std::optional<uint64_t> combination = span.solve(self.flattenOut(basis));
      if (!combination)
        return std::nullopt;
      mapped.second.push_back(toBasis(*combination));
    }
    newIns.push_back(std::move(mapped));
  }
  SmallVector<OutDim> newOuts;
  for (const InDim &in : other.ins)
    newOuts.push_back({in.first, int32_t(1) << in.second.size()});
  return LinearLayout(newIns, newOuts);
}

std::optional<LinearLayout> LinearLayout::invert() const {
  if (!isInvertible())
    return std::nullopt;
  LinearLayout identity;
  for (const OutDim &out : outs)
    identity = identity * identity1D(out.second, out.first, out.first);
  return identity.invertAndCompose(*this);
}

LinearLayout LinearLayout::transposeIns(ArrayRef<StringRef> order) const {
  assert(order.size() == ins.size() && "transposeIns: not a permutation");
  SmallVector<InDim> newIns;
  for (StringRef name : order)
    newIns.push_back(ins[getInDimIndex(name)]);
  return LinearLayout(newIns, outs);
}

LinearLayout LinearLayout::transposeOuts(ArrayRef<StringRef> order) const {
  assert(order.size() == outs.size() && "transposeOuts: not a permutation");
  SmallVector<unsigned> from = llvm::map_to_vector(
      order, [&](StringRef name) { return getOutDimIndex(name); });
  SmallVector<OutDim> newOuts;
  for (unsigned i : from)
    newOuts.push_back(outs[i]);
  SmallVector<InDim> newIns;
  for (const InDim &in : ins) {
    InDim permuted{in.first, {}};
    for (const Basis &basis : in.second)
      permuted.second.push_back(
          llvm::map_to_vector(from, [&](unsigned i) { return basis[i]; }));
    newIns.push_back(std::move(permuted));
  }
  return LinearLayout(newIns, newOuts);
}

LinearLayout LinearLayout::reshapeOuts(ArrayRef<OutDim> newOuts) const {
  LinearLayout target(SmallVector<InDim>{}, newOuts);
  assert(target.getTotalOutDimSize() == getTotalOutDimSize() &&
         "reshapeOuts: total size differs");
  SmallVector<InDim> newIns;
  for (const InDim &in : ins) {
    InDim mapped{in.first, {}};
    for (const Basis &basis : in.second)
      mapped.second.push_back(target.unflattenOut(flattenOut(basis)));
    newIns.push_back(std::move(mapped));
  }
  return LinearLayout(newIns, newOuts);
}

LinearLayout LinearLayout::reshapeIns(ArrayRef<OutDim> newIns) const {
  SmallVector<Basis> all;
  for (const InDim &in : ins)
    llvm::append_range(all, in.second);
  SmallVector<InDim> result;
  ArrayRef<Basis> rest = all;
  for (const OutDim &in : newIns) {
    assert(llvm::isPowerOf2_32(in.second) && "reshapeIns: size not a power of two");
    unsigned bits = llvm::Log2_32(in.second);
    assert(bits <= rest.size() && "reshapeIns: total size differs");
    result.push_back({in.first, SmallVector<Basis>(rest.take_front(bits))});
    rest = rest.drop_front(bits);
  }
  assert(rest.empty() && "reshapeIns: total size differs");
  return LinearLayout(result, outs);
}

LinearLayout LinearLayout::flattenOuts(StringRef name) const {
  return reshapeOuts({{name.str(), int32_t(getTotalOutDimSize())}});
}

LinearLayout LinearLayout::sublayout(ArrayRef<StringRef> inDims,
                                     ArrayRef<StringRef> outDims) const {
  SmallVector<unsigned> keep = llvm::map_to_vector(
      outDims, [&](StringRef name) { return getOutDimIndex(name); });
  SmallVector<OutDim> newOuts;
  for (unsigned i : keep)
    newOuts.push_back(outs[i]);
  SmallVector<InDim> newIns;
  for (StringRef name : inDims) {
    const InDim &in = ins[getInDimIndex(name)];
    InDim restricted{in.first, {}};
    for (const Basis &basis : in.second)
      restricted.second.push_back(
          llvm::map_to_vector(keep, [&](unsigned i) { return basis[i]; }));
    newIns.push_back(std::move(restricted));
  }
  return LinearLayout(newIns, newOuts);
}

bool LinearLayout::sublayoutIsZero(ArrayRef<StringRef> inDims,
                                   ArrayRef<StringRef> outDims) const {
  for (StringRef name : inDims)
    for (const Basis &basis : getBases(name))
      for (auto [component, out] : llvm::zip(basis, outs))
        if (component != 0 && !llvm::is_contained(outDims, out.first))
          return false;
  return true;
}

LinearLayout LinearLayout::renameInDim(StringRef from, StringRef to) const {
  SmallVector<InDim> newIns(ins);
  newIns[getInDimIndex(from)].first = to.str();
  return LinearLayout(newIns, outs);
}

LinearLayout LinearLayout::renameOutDim(StringRef from, StringRef to) const {
  SmallVector<OutDim> newOuts(outs);
  newOuts[getOutDimIndex(from)].first = to.str();
  return LinearLayout(ins, newOuts);
}

LinearLayout LinearLayout::resizeOut(StringRef name, int32_t size) const {
  unsigned index = getOutDimIndex(name);
  SmallVector<OutDim> newOuts(outs);
  newOuts[index].second = size;
  SmallVector<InDim> newIns(ins);
  for (InDim &in : newIns)
    for (Basis &basis : in.second)
      basis[index] &= size - 1;
  return LinearLayout(newIns, newOuts);
}

//===----------------------------------------------------------------------===//
// Properties
//===----------------------------------------------------------------------===//

bool LinearLayout::isInjective() const {
  return llvm::all_of(getFreeVariableMasks(), [](int32_t m) { return m == 0; });
}

bool LinearLayout::isSurjective() const {
  SpanBuilder span;
  for (auto [i, column] : llvm::enumerate(getColumns()))
    span.add(column, i);
  return span.rank() == getTotalOutDimSizeLog2();
}

SmallVector<int32_t> LinearLayout::getFreeVariableMasks() const {
  SpanBuilder span;
  SmallVector<int32_t> masks;
  unsigned index = 0;
  for (const InDim &in : ins) {
    int32_t mask = 0;
    for (auto [bit, basis] : llvm::enumerate(in.second))
      if (!span.add(flattenOut(basis), index++))
        mask |= int32_t(1) << bit;
    masks.push_back(mask);
  }
  return masks;
}

int32_t LinearLayout::getFreeVariableMask(StringRef inDim) const {
  return hasInDim(inDim) ? getFreeVariableMasks()[getInDimIndex(inDim)] : 0;
}

int32_t LinearLayout::getNumConsecutiveInOut() const {
  if (ins.empty())
    return 1;
  SmallVector<uint64_t> columns = getColumns();
  unsigned first = ins.front().second.size();
  unsigned run = 0;
  while (run < first && columns[run] == (uint64_t(1) << run))
    ++run;
  // Every other bit must keep the run's first element a multiple of it.
  auto aligned = [&](unsigned bits) {
    uint64_t low = (uint64_t(1) << bits) - 1;
    for (unsigned i = bits, e = columns.size(); i < e; ++i)
      if (columns[i] & low)
        return false;
    return true;
  };
  while (run > 0 && !aligned(run))
    --run;
  return int32_t(1) << run;
}

bool LinearLayout::operator==(const LinearLayout &other) const {
  return ins == other.ins && outs == other.outs;
}

std::string LinearLayout::toString() const {
  std::string result;
  llvm::raw_string_ostream os(result);
  llvm::interleaveComma(ins, os, [&](const InDim &in) {
    os << in.first << " = [";
    llvm::interleaveComma(in.second, os, [&](const Basis &basis) {
      os << "[";
      llvm::interleaveComma(basis, os);
      os << "]";
    });
    os << "]";
  });
  os << " -> ";
  llvm::interleaveComma(outs, os, [&](const OutDim &out) {
    os << out.first << " = " << out.second;
  });
  return result;
}
