//===- Elementwise.h - Typed loops of element-wise ops ----------*- C++ -*-===//
//
// An element-wise op is a functor with a static `apply` on storage values;
// the loops below are instantiated once per functor, so each op and element
// type gets its own tight (and usually vectorised) loop.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_LIB_INTERPRETER_ELEMENTWISE_H
#define BLOCK_LIB_INTERPRETER_ELEMENTWISE_H

#include "Compiler.h"
#include "Elements.h"
#include "Program.h"

namespace mlir::block::interpreter::detail {

template <typename In, typename Out, typename Op>
bool execUnary(const Instr &instr, Frame &frame) {
  const In *a = frame.get<In>(instr.operands[0]);
  Out *result = frame.get<Out>(instr.results[0]);
  int64_t n = frame.length(instr);
  for (int64_t i = 0; i < n; ++i)
    result[i] = Op::apply(a[i]);
  return true;
}

template <typename In, typename Out, typename Op>
bool execBinary(const Instr &instr, Frame &frame) {
  const In *a = frame.get<In>(instr.operands[0]);
  const In *b = frame.get<In>(instr.operands[1]);
  Out *result = frame.get<Out>(instr.results[0]);
  int64_t n = frame.length(instr);
  for (int64_t i = 0; i < n; ++i)
    result[i] = Op::apply(a[i], b[i]);
  return true;
}

template <typename In, typename Out, typename Op>
bool execTernary(const Instr &instr, Frame &frame) {
  const In *a = frame.get<In>(instr.operands[0]);
  const In *b = frame.get<In>(instr.operands[1]);
  const In *c = frame.get<In>(instr.operands[2]);
  Out *result = frame.get<Out>(instr.results[0]);
  int64_t n = frame.length(instr);
  for (int64_t i = 0; i < n; ++i)
    result[i] = Op::apply(a[i], b[i], c[i]);
  return true;
}

/// An integer op on `Width`-bit values: `Op::apply<Width>` computes on the
/// zero-extended operands in 64 bits; the result is wrapped to `Width`.
template <unsigned Width, typename Op> struct IntOp {
  using U = UIntOf<Width>;
  static U apply(U a) { return U(wrap<Width>(Op::template apply<Width>(a))); }
  static U apply(U a, U b) {
    return U(wrap<Width>(Op::template apply<Width>(a, b)));
  }
};

/// A float op of kind `Kind`, computed in the kind's compute type.
template <ElementKind Kind, typename Op> struct FloatOp {
  using T = FloatTraits<Kind>;
  using S = typename T::Storage;
  static S apply(S a) { return T::store(Op::apply(T::load(a))); }
  static S apply(S a, S b) {
    return T::store(Op::apply(T::load(a), T::load(b)));
  }
  static S apply(S a, S b, S c) {
    return T::store(Op::apply(T::load(a), T::load(b), T::load(c)));
  }
};

/// A float predicate of kind `Kind` giving i1.
template <ElementKind Kind, typename Op> struct FloatTest {
  using T = FloatTraits<Kind>;
  using S = typename T::Storage;
  static uint8_t apply(S a) { return Op::apply(T::load(a)); }
  static uint8_t apply(S a, S b) { return Op::apply(T::load(a), T::load(b)); }
};

/// The executing function of the unary (`Arity` 1), binary or ternary float
/// op `Op` (whose `apply` is generic over float and double) for `kind`.
template <typename Op, unsigned Arity> ExecFn selectFloatOp(ElementKind kind) {
  return visitFloatKind(kind, [](auto k) -> ExecFn {
    constexpr ElementKind K = decltype(k)::value;
    using S = typename FloatTraits<K>::Storage;
    using Wrapped = FloatOp<K, Op>;
    if constexpr (Arity == 1)
      return &execUnary<S, S, Wrapped>;
    else if constexpr (Arity == 2)
      return &execBinary<S, S, Wrapped>;
    else
      return &execTernary<S, S, Wrapped>;
  });
}

/// The executing function of the integer op `Op` (see IntOp) for `kind`.
template <typename Op, unsigned Arity> ExecFn selectIntOp(ElementKind kind) {
  return visitIntegerWidth(kind, [](auto w) -> ExecFn {
    constexpr unsigned W = decltype(w)::value;
    using U = UIntOf<W>;
    if constexpr (Arity == 1)
      return &execUnary<U, U, IntOp<W, Op>>;
    else
      return &execBinary<U, U, IntOp<W, Op>>;
  });
}

/// Emits an element-wise instruction of `op` with operands and results in
/// order.
inline void emitElementwise(Compiler &compiler, Operation *op, ExecFn exec) {
  Instr &instr = compiler.emit(op, exec);
  instr.operands = compiler.lookup(op->getOperands());
  instr.results = compiler.define(op->getResults());
}

} // namespace mlir::block::interpreter::detail

#endif // BLOCK_LIB_INTERPRETER_ELEMENTWISE_H
