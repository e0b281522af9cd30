"""The types and builtins of block.language.

Every builtin takes Triton's arguments and, inside a @block.jit function,
a `_semantic` keyword the code generator supplies: the builtin only checks
and forwards; the ops are written by block.frontend.semantic. Called from
ordinary Python (outside a kernel) a builtin raises BlockError.
"""

from __future__ import annotations

import builtins
import functools
from typing import Any, Sequence

from .._errors import BlockError

__all__ = ["dtype", "pointer_type", "block_type", "int1", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "bfloat16", "float32", "float64", "float8e4nv", "float8e5", "void", "float8_e4m3fn", "float8_e5m2", "constexpr", "tensor", "tensor_descriptor", "range", "static_range", "program_id", "num_programs", "arange", "zeros", "zeros_like", "full", "full_like", "load", "store", "make_tensor_descriptor", "load_tensor_descriptor", "store_tensor_descriptor", "dot", "where", "sum", "max", "min", "argmax", "argmin", "xor_sum", "reduce", "cumsum", "cumprod", "associative_scan", "exp", "exp2", "log", "log2", "log1p", "sqrt", "sqrt_rn", "rsqrt", "sin", "cos", "tanh", "erf", "floor", "ceil", "abs", "sigmoid", "softmax", "fma", "div_rn", "fdiv", "maximum", "minimum", "clamp", "umulhi", "PropagateNan", "cdiv", "broadcast_to", "broadcast", "reshape", "view", "expand_dims", "trans", "permute", "join", "split", "interleave", "ravel", "atomic_add", "atomic_max", "atomic_min", "atomic_and", "atomic_or", "atomic_xor", "atomic_xchg", "atomic_cas", "multiple_of", "max_contiguous", "max_constancy", "assume", "device_print", "device_assert", "static_assert", "static_print", "debug_barrier", "make_block_ptr", "advance", "math"]


def builtin(fn):
    """Marks `fn` as a builtin: the code generator calls it with
    `_semantic=`; outside a kernel it raises."""
    @functools.wraps(fn)
    def wrapper(*args, _semantic=None, **kwargs):
        if _semantic is None:
            raise BlockError(f"{fn.__name__} can only be called inside a "
                             f"@block.jit function")
        return fn(*args, _semantic=_semantic, **kwargs)
    wrapper._block_builtin = True
    return wrapper


# ---------------------------------------------------------------------------
# Types
# ---------------------------------------------------------------------------

class dtype:
    """A scalar element type. `name` is Triton's, `mlir` the dialect's
    spelling (integers are signless there; signedness lives here)."""

    def __init__(self, name: str, mlir: str, kind: str, bits: int):
        self.name, self.mlir, self.kind, self.primitive_bitwidth = name, mlir, kind, bits

    def __repr__(self):
        return f"bl.{_PUBLIC_NAME.get(self.name, self.name)}"

    __str__ = __repr__

    def __eq__(self, other):
        return isinstance(other, dtype) and type(other) is type(self) and \
            other.name == self.name

    def __hash__(self):
        return hash(self.name)

    def is_floating(self): return self.kind == "float"
    def is_int(self): return self.kind in ("int", "uint", "bool")
    def is_int_signed(self): return self.kind == "int"
    def is_int_unsigned(self): return self.kind == "uint"
    def is_bool(self): return self.kind == "bool"
    def is_ptr(self): return False
    def is_fp8(self): return self.kind == "float" and self.primitive_bitwidth == 8
    def is_fp16(self): return self.name == "fp16"
    def is_bf16(self): return self.name == "bf16"
    def is_fp32(self): return self.name == "fp32"
    def is_fp64(self): return self.name == "fp64"
    def is_block(self): return False

    @property
    def scalar(self):
        return self

    def to_ir(self) -> str:
        return self.mlir


class pointer_type(dtype):
    """A pointer to global memory holding `element_ty` elements."""

    def __init__(self, element_ty: dtype, address_space: int = 1, const: bool = False):
        if not isinstance(element_ty, dtype) or isinstance(element_ty, pointer_type):
            raise BlockError(f"pointer_type of {element_ty!r}: the element must be a scalar dtype")
        super().__init__(f"ptr<{element_ty.name}>", f"!block.ptr<{element_ty.mlir}>",
                         "ptr", 64)
        self.element_ty = element_ty

    def __repr__(self):
        return f"pointer<{self.element_ty!r}>"

    def is_ptr(self): return True


class block_type:
    """The type of a tensor: a shape and a scalar element type."""

    def __init__(self, element_ty: dtype, shape: Sequence[int]):
        self.element_ty = element_ty
        self.shape = tuple(int(s) for s in shape)

    @property
    def scalar(self):
        return self.element_ty

    @property
    def numel(self):
        n = 1
        for s in self.shape:
            n *= s
        return n

    def is_block(self): return True

    def __eq__(self, other):
        return isinstance(other, block_type) and other.shape == self.shape and \
            other.element_ty == self.element_ty

    def __hash__(self):
        return hash((self.element_ty, self.shape))

    def __repr__(self):
        return f"<{'x'.join(map(str, self.shape))}, {self.element_ty!r}>"

    def to_ir(self) -> str:
        return f"tensor<{'x'.join(map(str, self.shape))}x{self.element_ty.mlir}>"


int1 = dtype("int1", "i1", "bool", 1)
int8 = dtype("int8", "i8", "int", 8)
int16 = dtype("int16", "i16", "int", 16)
int32 = dtype("int32", "i32", "int", 32)
int64 = dtype("int64", "i64", "int", 64)
uint8 = dtype("uint8", "i8", "uint", 8)
uint16 = dtype("uint16", "i16", "uint", 16)
uint32 = dtype("uint32", "i32", "uint", 32)
uint64 = dtype("uint64", "i64", "uint", 64)
float16 = dtype("fp16", "f16", "float", 16)
bfloat16 = dtype("bf16", "bf16", "float", 16)
float32 = dtype("fp32", "f32", "float", 32)
float64 = dtype("fp64", "f64", "float", 64)
float8e4nv = dtype("fp8e4nv", "f8E4M3FN", "float", 8)
float8e5 = dtype("fp8e5", "f8E5M2", "float", 8)
void = dtype("void", "", "void", 0)
float8_e4m3fn, float8_e5m2 = float8e4nv, float8e5

_PUBLIC_NAME = {"fp16": "float16", "bf16": "bfloat16", "fp32": "float32",
                "fp64": "float64"}

#: Every scalar dtype by Triton's short name (the names of a signature:
#: "*fp16", "i32", "u8", ...), and by the dialect's.
DTYPES = {
    "i1": int1, "i8": int8, "i16": int16, "i32": int32, "i64": int64,
    "u1": int1, "u8": uint8, "u16": uint16, "u32": uint32, "u64": uint64,
    "fp16": float16, "bf16": bfloat16, "fp32": float32, "fp64": float64,
    "fp8e4nv": float8e4nv, "fp8e5": float8e5,
    "f16": float16, "f32": float32, "f64": float64,
    "f8E4M3FN": float8e4nv, "f8E5M2": float8e5,
}


class constexpr:
    """A value known when the kernel is emitted: parameters annotated
    `bl.constexpr` take it from the launch, and `X = bl.constexpr(128)` at
    module level makes a global a kernel may read."""

    def __init__(self, value: Any):
        self.value: Any = value.value if isinstance(value, constexpr) else value

    def __repr__(self):
        return f"constexpr[{self.value!r}]"

    def __index__(self):
        return builtins.int(self.value)

    def __bool__(self):
        return builtins.bool(self.value)

    def __eq__(self, other):
        return self.value == (other.value if isinstance(other, constexpr) else other)

    def __hash__(self):
        return hash(self.value)


def _unwrap(v):
    return v.value if isinstance(v, constexpr) else v


class tensor:
    """A value inside a kernel: a scalar (`type` a dtype) or a block
    (`type` a block_type), named by an SSA handle of the emitted text."""

    def __init__(self, handle, type):
        self.handle = handle
        self.type = type

    @property
    def dtype(self) -> dtype:
        return self.type.scalar

    @property
    def shape(self):
        return tuple(self.type.shape) if self.type.is_block() else ()

    @property
    def numel(self):
        return self.type.numel if self.type.is_block() else 1

    def __repr__(self):
        return f"tensor({self.type!r})"

    def __bool__(self):
        raise BlockError("a tensor's truth value is not known when the kernel is "
                         "emitted: compare it inside `if` (which becomes scf.if) or "
                         "use bl.where")

    def __iter__(self):
        raise BlockError("a tensor cannot be iterated; use bl.static_range over "
                         "its constexpr size or bl.split")

    # Methods, as Triton's tensor has them.
    @builtin
    def to(self, dtype, fp_downcast_rounding=None, bitcast=False, _semantic=None):
        return _semantic.cast(self, _unwrap(dtype), bitcast=_unwrap(bitcast),
                              rounding=_unwrap(fp_downcast_rounding))

    @builtin
    def reshape(self, *shape, can_reorder=False, _semantic=None):
        return reshape(self, _shape_arg(shape), can_reorder=can_reorder, _semantic=_semantic)

    @builtin
    def view(self, *shape, _semantic=None):
        return reshape(self, _shape_arg(shape), _semantic=_semantic)

    @builtin
    def trans(self, *dims, _semantic=None):
        return trans(self, *dims, _semantic=_semantic)

    @builtin
    def permute(self, *dims, _semantic=None):
        return permute(self, *dims, _semantic=_semantic)

    @builtin
    def broadcast_to(self, *shape, _semantic=None):
        return broadcast_to(self, *shape, _semantic=_semantic)

    @builtin
    def expand_dims(self, axis, _semantic=None):
        return expand_dims(self, axis, _semantic=_semantic)

    @builtin
    def split(self, _semantic=None):
        return split(self, _semantic=_semantic)

    @builtin
    def sum(self, axis=None, keep_dims=False, dtype=None, _semantic=None):
        return sum(self, axis, keep_dims, dtype, _semantic=_semantic)

    @builtin
    def max(self, axis=None, return_indices=False, return_indices_tie_break_left=True,
            keep_dims=False, _semantic=None):
        return max(self, axis, return_indices, return_indices_tie_break_left, keep_dims,
                   _semantic=_semantic)

    @builtin
    def min(self, axis=None, return_indices=False, return_indices_tie_break_left=True,
            keep_dims=False, _semantic=None):
        return min(self, axis, return_indices, return_indices_tie_break_left, keep_dims,
                   _semantic=_semantic)

    @builtin
    def argmax(self, axis, tie_break_left=True, keep_dims=False, _semantic=None):
        return argmax(self, axis, tie_break_left, keep_dims, _semantic=_semantic)

    @builtin
    def argmin(self, axis, tie_break_left=True, keep_dims=False, _semantic=None):
        return argmin(self, axis, tie_break_left, keep_dims, _semantic=_semantic)

    @builtin
    def cumsum(self, axis=0, reverse=False, _semantic=None):
        return cumsum(self, axis, reverse, _semantic=_semantic)

    @builtin
    def ravel(self, _semantic=None):
        return reshape(self, [self.numel], _semantic=_semantic)

    @property
    def T(self):
        raise BlockError("x.T: write bl.trans(x) (or x.trans())")


def _shape_arg(shape):
    """`f(2, 3)` and `f((2, 3))` alike."""
    if len(shape) == 1 and isinstance(_unwrap(shape[0]), (tuple, list)):
        return tuple(_unwrap(shape[0]))
    return tuple(shape)


class tensor_descriptor:
    """A tensor in global memory moved in tiles of `block_type`
    (bl.make_tensor_descriptor)."""

    def __init__(self, handle, block_type, shape, strides):
        self.handle = handle
        self.block_type = block_type
        self.shape, self.strides = shape, strides

    @property
    def dtype(self):
        return self.block_type.element_ty

    @property
    def block_shape(self):
        return list(self.block_type.shape)

    def to_ir(self):
        return f"!block.tensordesc<{self.block_type.to_ir()}>"

    @builtin
    def load(self, offsets, _semantic=None):
        return _semantic.desc_load(self, offsets)

    @builtin
    def store(self, offsets, value, _semantic=None):
        return _semantic.desc_store(self, offsets, value)


# ---------------------------------------------------------------------------
# Iteration
# ---------------------------------------------------------------------------

class range:
    """`for i in bl.range(start, end, step, num_stages=...)`: a loop that
    stays a loop (scf.for), with the compiler's pipelining depth and warp
    specialisation chosen per loop."""

    def __init__(self, arg1, arg2=None, step=None, num_stages=None,
                 loop_unroll_factor=None, warp_specialize=False, flatten=False,
                 disallow_acc_multi_buffer=False):
        if arg2 is None:
            self.start, self.end = 0, arg1
        else:
            self.start, self.end = arg1, arg2
        self.step = 1 if step is None else step
        self.num_stages = _unwrap(num_stages)
        self.warp_specialize = builtins.bool(_unwrap(warp_specialize))
        self.loop_unroll_factor = _unwrap(loop_unroll_factor)


class static_range:
    """`for i in bl.static_range(start, end, step)`: unrolled when the kernel
    is emitted; the bounds are constexpr and `i` is a Python int."""

    def __init__(self, arg1, arg2=None, step=None):
        if arg2 is None:
            arg1, arg2 = 0, arg1
        self.start, self.end = _unwrap(arg1), _unwrap(arg2)
        self.step = 1 if step is None else _unwrap(step)
        for v in (self.start, self.end, self.step):
            if not isinstance(v, builtins.int):
                raise BlockError("static_range takes constexpr integers")

    def __iter__(self):
        return iter(builtins.range(self.start, self.end, self.step))


# ---------------------------------------------------------------------------
# Builtins (Triton's names and signatures)
# ---------------------------------------------------------------------------

@builtin
def program_id(axis, _semantic=None):
    """The program's index along grid axis 0, 1 or 2 (an int32 scalar)."""
    return _semantic.program_id(_unwrap(axis))


@builtin
def num_programs(axis, _semantic=None):
    """The grid's size along axis 0, 1 or 2."""
    return _semantic.num_programs(_unwrap(axis))


@builtin
def arange(start, end, _semantic=None):
    """[start, ..., end - 1] (int32); both constexpr, end - start a power of
    two."""
    return _semantic.arange(_unwrap(start), _unwrap(end))


@builtin
def zeros(shape, dtype, _semantic=None):
    """A tensor of zeros."""
    return _semantic.full(_unwrap(shape), 0, _unwrap(dtype))


@builtin
def zeros_like(input, _semantic=None):
    return _semantic.full(input.shape, 0, input.dtype)


@builtin
def full(shape, value, dtype, _semantic=None):
    """A tensor of `shape` filled with `value` (constexpr or a scalar)."""
    return _semantic.full(_unwrap(shape), _unwrap(value), _unwrap(dtype))


@builtin
def full_like(input, value, _semantic=None):
    return _semantic.full(input.shape, _unwrap(value), input.dtype)


@builtin
def load(pointer, mask=None, other=None, boundary_check=(), padding_option="",
         cache_modifier="", eviction_policy="", volatile=False, _semantic=None):
    """Loads a scalar or a block through a pointer or a tensor of pointers;
    lanes where `mask` is false read `other` and touch no memory."""
    return _semantic.load(pointer, mask, other, _unwrap(boundary_check),
                          _unwrap(padding_option), _unwrap(cache_modifier),
                          _unwrap(eviction_policy), _unwrap(volatile))


@builtin
def store(pointer, value, mask=None, boundary_check=(), cache_modifier="",
          eviction_policy="", _semantic=None):
    """Stores `value` through pointers where `mask` is true."""
    return _semantic.store(pointer, value, mask, _unwrap(boundary_check),
                           _unwrap(cache_modifier), _unwrap(eviction_policy))


@builtin
def make_tensor_descriptor(base, shape, strides, block_shape, padding_option="zero",
                           _semantic=None):
    """Describes the tensor at `base` (sizes and strides in elements, the
    innermost stride 1) to move it in tiles of `block_shape`: `desc.load([i,
    j])` reads zeros past the edges and `desc.store` writes nothing there.
    On sm_90a the tiles move by TMA."""
    return _semantic.make_tensor_descriptor(base, shape, strides, _unwrap(block_shape),
                                            _unwrap(padding_option))


@builtin
def load_tensor_descriptor(desc, offsets, _semantic=None):
    return _semantic.desc_load(desc, offsets)


@builtin
def store_tensor_descriptor(desc, offsets, value, _semantic=None):
    return _semantic.desc_store(desc, offsets, value)


@builtin
def dot(input, other, acc=None, input_precision=None, allow_tf32=None,
        max_num_imprecise_acc=None, out_dtype=float32, _semantic=None):
    """input @ other (+ acc). f32 operands use tf32 unless input_precision
    says "ieee" (Triton's default); f16/bf16/fp8 accumulate in f32, int8 in
    int32."""
    precision = _unwrap(input_precision)
    if precision is None and _unwrap(allow_tf32) is False:
        precision = "ieee"
    return _semantic.dot(input, other, acc, precision, _unwrap(out_dtype))


@builtin
def where(condition, x, y, _semantic=None):
    """x where condition is true, else y, broadcast together."""
    return _semantic.where(condition, x, y)


@builtin
def sum(input, axis=None, keep_dims=False, dtype=None, _semantic=None):
    """The sum along `axis` (all axes when None). Integers narrower than 32
    bits and floats narrower than 32 bits sum in int32 / float32, as in
    Triton."""
    return _semantic.reduce_named("sum", input, _unwrap(axis), _unwrap(keep_dims),
                                  _unwrap(dtype))


@builtin
def max(input, axis=None, return_indices=False, return_indices_tie_break_left=True,
        keep_dims=False, _semantic=None):
    """The largest element along `axis` (NaN ignored: arith.maxnumf), with
    its index when `return_indices`."""
    if _unwrap(return_indices):
        return _semantic.arg_reduce("max", input, _unwrap(axis), _unwrap(keep_dims),
                                    with_value=True)
    return _semantic.reduce_named("max", input, _unwrap(axis), _unwrap(keep_dims), None)


@builtin
def min(input, axis=None, return_indices=False, return_indices_tie_break_left=True,
        keep_dims=False, _semantic=None):
    """The smallest element along `axis`, with its index when
    `return_indices`."""
    if _unwrap(return_indices):
        return _semantic.arg_reduce("min", input, _unwrap(axis), _unwrap(keep_dims),
                                    with_value=True)
    return _semantic.reduce_named("min", input, _unwrap(axis), _unwrap(keep_dims), None)


@builtin
def argmax(input, axis, tie_break_left=True, keep_dims=False, _semantic=None):
    """The index of the largest element along `axis` (the first of ties)."""
    return _semantic.arg_reduce("max", input, _unwrap(axis), _unwrap(keep_dims))


@builtin
def argmin(input, axis, tie_break_left=True, keep_dims=False, _semantic=None):
    """The index of the smallest element along `axis` (the first of ties)."""
    return _semantic.arg_reduce("min", input, _unwrap(axis), _unwrap(keep_dims))


@builtin
def xor_sum(input, axis=None, keep_dims=False, _semantic=None):
    return _semantic.reduce_named("xor_sum", input, _unwrap(axis), _unwrap(keep_dims), None)


@builtin
def reduce(input, axis, combine_fn, keep_dims=False, _semantic=None):
    """Reduces `input` (a tensor or a tuple of tensors of one shape) along
    `axis` with `combine_fn`, a @block.jit function of two sets of scalars."""
    return _semantic.reduce_with(input, _unwrap(axis), combine_fn, _unwrap(keep_dims))


@builtin
def cumsum(input, axis=0, reverse=False, _semantic=None):
    """The inclusive prefix sum along `axis`."""
    return _semantic.scan_named("add", input, _unwrap(axis), _unwrap(reverse))


@builtin
def cumprod(input, axis=0, reverse=False, _semantic=None):
    """The inclusive prefix product along `axis`."""
    return _semantic.scan_named("mul", input, _unwrap(axis), _unwrap(reverse))


@builtin
def associative_scan(input, axis, combine_fn, reverse=False, _semantic=None):
    """The inclusive scan of `input` along `axis` with `combine_fn`."""
    return _semantic.scan_with(input, _unwrap(axis), combine_fn, _unwrap(reverse))


def _unary_math(name, op, doc):
    @builtin
    def fn(x, _semantic=None):
        return _semantic.math_unary(name, op, x)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc
    return fn


exp = _unary_math("exp", "math.exp", "e^x, element-wise.")
exp2 = _unary_math("exp2", "math.exp2", "2^x, element-wise.")
log = _unary_math("log", "math.log", "The natural logarithm.")
log2 = _unary_math("log2", "math.log2", "The base-2 logarithm.")
log1p = _unary_math("log1p", "math.log1p", "log(1 + x).")
sqrt = _unary_math("sqrt", "math.sqrt", "The square root.")
sqrt_rn = _unary_math("sqrt_rn", "math.sqrt", "The square root, rounded to nearest.")
rsqrt = _unary_math("rsqrt", "math.rsqrt", "1 / sqrt(x).")
sin = _unary_math("sin", "math.sin", "The sine.")
cos = _unary_math("cos", "math.cos", "The cosine.")
tanh = _unary_math("tanh", "math.tanh", "The hyperbolic tangent.")
erf = _unary_math("erf", "math.erf", "The error function.")
floor = _unary_math("floor", "math.floor", "Rounded down.")
ceil = _unary_math("ceil", "math.ceil", "Rounded up.")


@builtin
def abs(x, _semantic=None):
    """|x| (math.absf, math.absi)."""
    return _semantic.abs(x)


@builtin
def sigmoid(x, _semantic=None):
    """1 / (1 + exp(-x))."""
    return _semantic.sigmoid(x)


@builtin
def softmax(x, dim=None, keep_dims=False, ieee_rounding=False, _semantic=None):
    """exp(x - max) / sum(exp(x - max)) along the last axis."""
    return _semantic.softmax(x, _unwrap(dim))


@builtin
def fma(x, y, z, _semantic=None):
    """x * y + z rounded once (math.fma)."""
    return _semantic.fma(x, y, z)


@builtin
def div_rn(x, y, _semantic=None):
    """x / y rounded to nearest."""
    return _semantic.binary("truediv", x, y)


@builtin
def fdiv(x, y, ieee_rounding=False, _semantic=None):
    """x / y; unless `ieee_rounding`, the division may go through the
    reciprocal (arith.divf fastmath<arcp>: within 1.5 ulp), as Triton's
    fdiv is not correctly rounded either."""
    return _semantic.fdiv(x, y, _unwrap(ieee_rounding))


@builtin
def maximum(x, y, propagate_nan=None, _semantic=None):
    """The larger of x and y, element-wise (NaN ignored unless
    propagate_nan=bl.PropagateNan.ALL)."""
    return _semantic.minmax("max", x, y, _unwrap(propagate_nan))


@builtin
def minimum(x, y, propagate_nan=None, _semantic=None):
    """The smaller of x and y, element-wise."""
    return _semantic.minmax("min", x, y, _unwrap(propagate_nan))


@builtin
def clamp(x, min, max, propagate_nan=None, _semantic=None):
    """min(max(x, min), max)."""
    return _semantic.minmax("min", _semantic.minmax("max", x, min, None), max, None)


@builtin
def umulhi(x, y, _semantic=None):
    """The high 32 bits of x * y for 32-bit unsigned integers."""
    return _semantic.umulhi(x, y)


class PropagateNan:
    NONE = "none"
    ALL = "all"


def cdiv(x, div, _semantic=None):
    """ceil(x / div): a Python int for constexpr operands (also outside a
    kernel), else emitted."""
    if _semantic is None:
        x, div = _unwrap(x), _unwrap(div)
        if isinstance(x, builtins.int) and isinstance(div, builtins.int):
            return -(-x // div)
        raise BlockError("cdiv of non-integers outside a kernel")
    return _semantic.cdiv(x, div)


cdiv._block_builtin = True  # type: ignore[attr-defined]


@builtin
def broadcast_to(input, *shape, _semantic=None):
    """`input` repeated along its size-1 (or missing leading) dimensions."""
    return _semantic.broadcast_to(input, _shape_arg(shape))


@builtin
def broadcast(input, other, _semantic=None):
    """The two operands broadcast to one shape."""
    return _semantic.broadcast_pair(input, other)


@builtin
def reshape(input, *shape, can_reorder=False, _semantic=None):
    """The same elements in another shape (row-major order)."""
    return _semantic.reshape(input, _shape_arg(shape))


view = reshape


@builtin
def expand_dims(input, axis, _semantic=None):
    """A size-1 dimension inserted at `axis` (or at each of a sequence)."""
    return _semantic.expand_dims(input, _unwrap(axis))


@builtin
def trans(input, *dims, _semantic=None):
    """The transpose (a permutation of the dimensions; by default the last
    two swapped)."""
    return _semantic.permute(input, _shape_arg(dims) if dims else None)


@builtin
def permute(input, *dims, _semantic=None):
    """The dimensions in the order `dims`."""
    return _semantic.permute(input, _shape_arg(dims))


@builtin
def join(a, b, _semantic=None):
    """a and b paired along a new innermost dimension of 2."""
    return _semantic.join(a, b)


@builtin
def split(a, _semantic=None):
    """The two halves of a tensor whose innermost dimension is 2."""
    return _semantic.split(a)


@builtin
def interleave(a, b, _semantic=None):
    """a and b interleaved along their innermost dimension."""
    return _semantic.interleave(a, b)


@builtin
def ravel(x, can_reorder=False, _semantic=None):
    return _semantic.reshape(x, (x.numel,))


def _atomic(name, doc):
    @builtin
    def fn(pointer, val, mask=None, sem=None, scope=None, _semantic=None):
        return _semantic.atomic_rmw(name, pointer, val, mask, _unwrap(sem), _unwrap(scope))
    fn.__name__ = fn.__qualname__ = f"atomic_{name}"
    fn.__doc__ = doc
    return fn


atomic_add = _atomic("add", "Atomically adds `val`; returns the old values.")
atomic_max = _atomic("max", "Atomic maximum (integers); returns the old values.")
atomic_min = _atomic("min", "Atomic minimum (integers); returns the old values.")
atomic_and = _atomic("and", "Atomic bitwise and; returns the old values.")
atomic_or = _atomic("or", "Atomic bitwise or; returns the old values.")
atomic_xor = _atomic("xor", "Atomic bitwise xor; returns the old values.")
atomic_xchg = _atomic("xchg", "Atomic exchange; returns the old values.")


@builtin
def atomic_cas(pointer, cmp, val, sem=None, scope=None, _semantic=None):
    """Atomically: old = *pointer; if old == cmp: *pointer = val. Returns old."""
    return _semantic.atomic_cas(pointer, cmp, val, _unwrap(sem), _unwrap(scope))


@builtin
def multiple_of(input, values, _semantic=None):
    """A promise that `input` is a multiple of `values`: accepted for
    Triton's programs; the compiler derives divisibility itself (axis
    analysis, and block-compile's variants for arguments)."""
    return input


@builtin
def max_contiguous(input, values, _semantic=None):
    """As multiple_of: accepted, the compiler derives contiguity."""
    return input


@builtin
def max_constancy(input, values, _semantic=None):
    return input


@builtin
def assume(cond, _semantic=None):
    return None


@builtin
def device_print(prefix, *args, hex=False, _semantic=None):
    """Prints `prefix` and the values from the device."""
    return _semantic.device_print(_unwrap(prefix), args, _unwrap(hex))


@builtin
def device_assert(cond, msg="", mask=None, _semantic=None):
    """Stops the kernel with `msg` where `cond` is false."""
    return _semantic.device_assert(cond, _unwrap(msg))


@builtin
def static_assert(cond, msg="", _semantic=None):
    """An assertion checked when the kernel is emitted (constexpr)."""
    return _semantic.static_assert(_unwrap(cond), _unwrap(msg))


@builtin
def static_print(*values, sep=" ", end="\n", file=None, flush=False, _semantic=None):
    """Prints constexpr values when the kernel is emitted."""
    builtins.print(*[_unwrap(v) for v in values], sep=sep, end=end)


@builtin
def debug_barrier(_semantic=None):
    """A barrier of the program's threads (gpu.barrier)."""
    return _semantic.debug_barrier()


def _unsupported(name, instead):
    @builtin
    def fn(*args, _semantic=None, **kwargs):
        _semantic.unsupported(name, instead)
    fn.__name__ = name
    return fn


make_block_ptr = _unsupported(
    "make_block_ptr", "bl.make_tensor_descriptor(base, shape, strides, block_shape) and "
    "desc.load([row, col]) (the coordinates carried in the loop)")
advance = _unsupported("advance", "the coordinates of a tensor descriptor's load")


class math:  # noqa: N801 - Triton's tl.math namespace
    """tl.math: the element-wise functions."""
    exp, exp2, log, log2, log1p, sqrt, sqrt_rn, rsqrt = exp, exp2, log, log2, log1p, sqrt, sqrt_rn, rsqrt
    sin, cos, tanh, erf, floor, ceil, abs, fma, div_rn = sin, cos, tanh, erf, floor, ceil, abs, fma, div_rn
    sigmoid, fdiv, umulhi = sigmoid, fdiv, umulhi
    max, min = maximum, minimum
    cdiv = cdiv
