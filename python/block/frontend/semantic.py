"""What each operation of block.language means: Triton's promotion and
broadcasting rules, and the block-dialect ops that carry them out.

Values are Python objects (ints, floats, bools, dtypes: constexpr, folded
here) or `tensor`s (an SSA handle and a dtype or block_type). Every op goes
out through `Semantic.op`, with the location the code generator set."""

from __future__ import annotations

import builtins
from typing import NoReturn, Optional

from ..language import core as bl
from .emitter import Emitter, float_literal
from .errors import FrontendError

_INT_KINDS = ("int", "uint", "bool")
_CACHE = {"": None, ".ca": "ca", ".cg": "cg", ".cs": "cs", ".lu": "lu", ".cv": "cv",
          ".wb": "wb", ".wt": "wt"}
_EVICT = {"": None, "evict_normal": "evict_normal", "evict_first": "evict_first",
          "evict_last": "evict_last"}
_SEM = {None: "acq_rel", "acq_rel": "acq_rel", "acquire": "acquire",
        "release": "release", "relaxed": "relaxed"}
_SCOPE = {None: "gpu", "gpu": "gpu", "cta": "cta", "sys": "sys"}


def is_value(v) -> bool:
    return isinstance(v, bl.tensor)


def _py(v):
    return v.value if isinstance(v, bl.constexpr) else v


def integer_type(v: int) -> Optional[bl.dtype]:
    """The type of a Python int (Triton's rule): int32, else uint32, int64,
    uint64; None past 64 bits."""
    if -2**31 <= v < 2**31:
        return bl.int32
    if 2**31 <= v < 2**32:
        return bl.uint32
    if -2**63 <= v < 2**63:
        return bl.int64
    if 2**63 <= v < 2**64:
        return bl.uint64
    return None


class Semantic:
    """Writes ops into `emitter`; `loc` is the location of the Python node
    being emitted (the code generator keeps it current)."""

    def __init__(self, emitter: Emitter):
        self.e = emitter
        self.loc = "loc(unknown)"
        self.codegen = None  # the CodeGenerator emitting the current node

    # -- plumbing ----------------------------------------------------------

    def error(self, message: str) -> NoReturn:
        raise FrontendError(message)

    def unsupported(self, name, instead) -> NoReturn:
        self.error(f"bl.{name} is not supported; write {instead}")

    def op(self, type, hint: str, *parts) -> bl.tensor:
        """One op with one result of `type`: `%r = parts loc`."""
        result = self.e.value(hint)
        self.e.line(result, " = ", *parts, " ", self.loc)
        return bl.tensor(result, type)

    def stmt(self, *parts) -> None:
        self.e.line(*parts, " ", self.loc)

    # -- constants and conversions of Python values --------------------------

    def python_type(self, v) -> bl.dtype:
        v = _py(v)
        if isinstance(v, builtins.bool):
            return bl.int1
        if isinstance(v, builtins.int):
            t = integer_type(v)
            if t is None:
                self.error(f"the integer {v} does not fit 64 bits")
            return t
        if isinstance(v, builtins.float):
            return bl.float32
        self.error(f"{v!r} is not a number, a tensor or a constexpr the kernel can use here")

    def literal(self, value, dtype: bl.dtype) -> str:
        if dtype.is_floating():
            try:
                return float_literal(builtins.float(value), dtype.mlir)
            except ValueError as e:
                self.error(str(e))
        if dtype.is_bool():
            return "true" if value else "false"
        value = builtins.int(value)
        bits = dtype.primitive_bitwidth
        if dtype.kind == "uint" and value >= 2 ** (bits - 1):
            value -= 2 ** bits  # signless: the same bits, printed signed
        if not -2 ** (bits - 1) <= value < 2 ** (bits - 1):
            self.error(f"{value} does not fit {dtype!r}")
        return str(value)

    def constant(self, value, type) -> bl.tensor:
        """An arith.constant of `type` (a dtype or a block_type)."""
        scalar = type.scalar
        if scalar.is_ptr():
            self.error("pointer constants are not supported")
        lit = self.literal(value, scalar)
        if type.is_block():
            return self.op(type, "cst", f"arith.constant dense<{lit}> : {type.to_ir()}")
        if scalar.is_bool():
            return self.op(type, "true" if value else "false", f"arith.constant {lit}")
        return self.op(type, f"c{lit}".replace("-", "m").replace(".", "_")
                       if not scalar.is_floating() else "cst",
                       f"arith.constant {lit} : {scalar.mlir}")

    def to_value(self, v, dtype: Optional[bl.dtype] = None) -> bl.tensor:
        """A tensor for `v`: a Python number becomes a constant of `dtype`
        (else of its own type)."""
        v = _py(v)
        if is_value(v):
            return v
        if isinstance(v, (builtins.bool, builtins.int, builtins.float)):
            return self.constant(v, dtype or self.python_type(v))
        if v is None:
            self.error("None where a value is needed")
        self.error(f"{v!r} (a {type(v).__name__}) is not a value a kernel can use")

    # -- shapes -------------------------------------------------------------

    def splat(self, x: bl.tensor, shape) -> bl.tensor:
        ty = bl.block_type(x.dtype, shape)
        return self.op(ty, "splat", "block.splat ", x, " : ", ty.to_ir())

    def expand_dims(self, x, axis) -> bl.tensor:
        x = self.to_value(x)
        if isinstance(axis, (tuple, list)):
            for a in sorted(_py(a) for a in axis):
                x = self.expand_dims(x, a)
            return x
        if not x.type.is_block():
            return self.splat(x, (1,))
        rank = len(x.shape)
        if axis < 0:
            axis += rank + 1
        if not 0 <= axis <= rank:
            self.error(f"expand_dims: axis {axis} of a rank-{rank} tensor")
        shape = list(x.shape)
        shape.insert(axis, 1)
        ty = bl.block_type(x.dtype, shape)
        return self.op(ty, "expand", "block.expand_dims ", x, f", {axis} : ",
                       x.type.to_ir(), " -> ", ty.to_ir())

    def broadcast_to(self, x, shape) -> bl.tensor:
        shape = tuple(builtins.int(_py(s)) for s in shape)
        x = self.to_value(x)
        if not x.type.is_block():
            return self.splat(x, shape)
        if x.shape == shape:
            return x
        if len(x.shape) > len(shape):
            self.error(f"cannot broadcast {list(x.shape)} to {list(shape)}")
        while len(x.shape) < len(shape):
            x = self.expand_dims(x, 0)
        for have, want in zip(x.shape, shape):
            if have != want and have != 1:
                self.error(f"cannot broadcast {list(x.shape)} to {list(shape)}")
        ty = bl.block_type(x.dtype, shape)
        return self.op(ty, "bcast", "block.broadcast ", x, " : ", x.type.to_ir(),
                       " -> ", ty.to_ir())

    def broadcast_shape(self, a, b):
        a, b = list(a), list(b)
        while len(a) < len(b):
            a.insert(0, 1)
        while len(b) < len(a):
            b.insert(0, 1)
        out = []
        for x, y in zip(a, b):
            if x != y and 1 not in (x, y):
                self.error(f"shapes {a} and {b} do not broadcast together")
            out.append(builtins.max(x, y))
        return tuple(out)

    def broadcast_pair(self, a, b):
        a, b = self.to_value(a), self.to_value(b)
        if not a.type.is_block() and not b.type.is_block():
            return a, b
        shape = self.broadcast_shape(a.shape, b.shape)
        return self.broadcast_to(a, shape), self.broadcast_to(b, shape)

    def reshape(self, x, shape) -> bl.tensor:
        shape = tuple(builtins.int(_py(s)) for s in shape)
        x = self.to_value(x)
        if not x.type.is_block():
            return self.splat(x, shape)
        if bl.block_type(x.dtype, shape).numel != x.numel:
            self.error(f"reshape of {list(x.shape)} ({x.numel} elements) to {list(shape)}")
        if shape == x.shape:
            return x
        ty = bl.block_type(x.dtype, shape)
        return self.op(ty, "reshape", "block.reshape ", x, " : ", x.type.to_ir(), " -> ",
                       ty.to_ir())

    def permute(self, x, dims) -> bl.tensor:
        x = self.to_value(x)
        rank = len(x.shape)
        if dims is None:
            if rank < 2:
                self.error("trans of a tensor of rank < 2")
            dims = list(builtins.range(rank - 2)) + [rank - 1, rank - 2]
        dims = [builtins.int(_py(d)) for d in dims]
        if sorted(dims) != list(builtins.range(rank)):
            self.error(f"{dims} is not a permutation of the {rank} dimensions")
        if dims == list(builtins.range(rank)):
            return x
        ty = bl.block_type(x.dtype, [x.shape[d] for d in dims])
        return self.op(ty, "trans", "block.trans ", x, f" [{', '.join(map(str, dims))}] : ",
                       x.type.to_ir(), " -> ", ty.to_ir())

    def join(self, a, b) -> bl.tensor:
        a, b = self.broadcast_pair(a, b)
        a, b = self.promote_pair(a, b)
        ty = bl.block_type(a.dtype, list(a.shape) + [2])
        if not a.type.is_block():
            self.error("join of scalars: join tensors")
        return self.op(ty, "join", "block.join ", a, ", ", b, " : ", a.type.to_ir(), " -> ",
                       ty.to_ir())

    def split(self, x):
        x = self.to_value(x)
        if not x.shape or x.shape[-1] != 2:
            self.error(f"split needs a tensor whose last dimension is 2, got {list(x.shape)}")
        ty = bl.block_type(x.dtype, x.shape[:-1]) if len(x.shape) > 1 else x.dtype
        lhs, rhs = self.e.value("lo"), self.e.value("hi")
        self.e.line(lhs, ", ", rhs, " = block.split ", x, " : ", x.type.to_ir(), " -> ",
                    ty.to_ir(), " ", self.loc)
        return bl.tensor(lhs, ty), bl.tensor(rhs, ty)

    def interleave(self, a, b):
        a, b = self.broadcast_pair(a, b)
        a, b = self.promote_pair(a, b)
        shape = list(a.shape)
        shape[-1] *= 2
        ty = bl.block_type(a.dtype, shape)
        return self.op(ty, "inter", "block.interleave ", a, ", ", b, " : ", a.type.to_ir(),
                       " -> ", ty.to_ir())

    # -- types --------------------------------------------------------------

    def computation_type(self, a: bl.dtype, b: bl.dtype, op: str) -> bl.dtype:
        """Triton's promotion of two operand types (neither weak)."""
        if a.is_ptr() or b.is_ptr():
            self.error(f"'{op}' of {a!r} and {b!r}")
        div = op in ("truediv", "mod")
        if a.is_fp8() or b.is_fp8():
            self.error(f"arithmetic on {a if a.is_fp8() else b!r} is not supported: "
                       f"convert with .to(bl.float16) or .to(bl.float32) first")
        for t in (bl.float64, bl.float32):
            if t in (a, b):
                return t
        if a.is_floating() and b.is_floating():
            if a == b:
                return bl.float32 if div else a
            return bl.float32
        if a.is_floating() or b.is_floating():
            f = a if a.is_floating() else b
            return bl.float32 if div else f
        if op == "truediv":
            return bl.float32
        return self.integer_promote(a, b)

    def integer_promote(self, a, b):
        if a == b:
            return a
        if a.is_bool():
            return b
        if b.is_bool():
            return a
        if a.kind != b.kind:
            u, s = (a, b) if a.kind == "uint" else (b, a)
            return u if u.primitive_bitwidth >= s.primitive_bitwidth else s
        return a if a.primitive_bitwidth >= b.primitive_bitwidth else b

    def weak_type(self, literal, other: bl.dtype, op: str) -> bl.dtype:
        """The type a Python number takes beside a value of type `other`
        (Triton's weak typing: the value's type wins where the literal fits
        its kind)."""
        if isinstance(literal, builtins.bool):
            return other if other.is_int() or other.is_floating() else bl.int1
        if isinstance(literal, builtins.int):
            if other.is_floating() or other.is_int() and not other.is_bool():
                return other
            return self.python_type(literal)
        if other.is_floating():
            return other
        return bl.float32

    def promote_pair(self, a, b, op="+"):
        """Both operands converted to their computation type."""
        pa, pb = _py(a), _py(b)
        if not is_value(pa) and not is_value(pb):
            # Two Python numbers (bl.where(mask, 0, -1.0e6)): one type, as in Triton.
            t = self.computation_type(self.python_type(pa), self.python_type(pb), op)
            return self.to_value(pa, t), self.to_value(pb, t)
        if not is_value(pa):
            t = self.computation_type(self.weak_type(pa, pb.dtype, op), pb.dtype, op)
        elif not is_value(pb):
            t = self.computation_type(pa.dtype, self.weak_type(pb, pa.dtype, op), op)
        else:
            t = self.computation_type(pa.dtype, pb.dtype, op)
        return self.cast(self.to_value(pa, t), t), self.cast(self.to_value(pb, t), t)

    def same_shape_type(self, x, dtype):
        return bl.block_type(dtype, x.shape) if x.type.is_block() else dtype

    def cast(self, x, dtype, bitcast=False, rounding=None) -> bl.tensor:
        x = self.to_value(x, dtype if not is_value(_py(x)) else None)
        dtype = _py(dtype)
        if isinstance(dtype, str):
            dtype = bl.DTYPES.get(dtype, dtype)
        if not isinstance(dtype, bl.dtype):
            self.error(f"{dtype!r} is not a dtype")
        src = x.dtype
        if src == dtype:
            return x
        ty = self.same_shape_type(x, dtype)
        tin, tout = x.type.to_ir(), ty.to_ir()
        if bitcast:
            if src.primitive_bitwidth != dtype.primitive_bitwidth:
                self.error(f"bitcast of {src!r} to {dtype!r}: the widths differ")
            return self.op(ty, "bits", "block.bitcast ", x, f" : {tin} -> {tout}")
        if src.is_ptr() or dtype.is_ptr():
            if src.is_ptr() and dtype.is_ptr():
                self.error(f"conversion of {src!r} to {dtype!r}: pointers of other "
                           f"element types are not supported")
            if src.is_ptr():
                i64 = self.op(self.same_shape_type(x, bl.int64), "addr",
                              "block.ptr_to_int ", x, f" : {tin}")
                return self.cast(i64, dtype)
            i64 = self.cast(x, bl.int64)
            return self.op(ty, "ptr", "block.int_to_ptr ", i64, f" : {tout}")
        if dtype.is_bool():
            zero = self.to_value(0 if src.is_int() else 0.0, src)
            zero = self.broadcast_to(zero, x.shape) if x.type.is_block() else zero
            if src.is_floating():
                return self.op(ty, "ne", "arith.cmpf une, ", x, ", ", zero, f" : {tin}")
            return self.op(ty, "ne", "arith.cmpi ne, ", x, ", ", zero, f" : {tin}")
        if src.is_floating() and dtype.is_floating():
            opname = "arith.extf" if dtype.primitive_bitwidth > src.primitive_bitwidth or \
                (dtype.primitive_bitwidth == src.primitive_bitwidth and dtype == bl.float32) \
                else "arith.truncf"
            if src.primitive_bitwidth == dtype.primitive_bitwidth:  # f16 <-> bf16
                mid = self.cast(x, bl.float32)
                return self.cast(mid, dtype, rounding=rounding)
            attr = ""
            if opname == "arith.truncf" and rounding:
                modes = {"rtne": "to_nearest_even", "rtz": "toward_zero"}
                if rounding not in modes:
                    self.error(f"fp_downcast_rounding {rounding!r}: expected 'rtne' or 'rtz'")
                attr = f" {modes[rounding]}"
            return self.op(ty, "conv", f"{opname} ", x, f"{attr} : {tin} to {tout}")
        if src.is_int() and dtype.is_int():
            sb, db = src.primitive_bitwidth, dtype.primitive_bitwidth
            if sb == db:
                return bl.tensor(x.handle, ty)  # signedness only
            if db < sb:
                return self.op(ty, "conv", "arith.trunci ", x, f" : {tin} to {tout}")
            ext = "arith.extsi" if src.kind == "int" else "arith.extui"
            return self.op(ty, "conv", f"{ext} ", x, f" : {tin} to {tout}")
        if src.is_int() and dtype.is_floating():
            opname = "arith.sitofp" if src.kind == "int" else "arith.uitofp"
            return self.op(ty, "conv", f"{opname} ", x, f" : {tin} to {tout}")
        if src.is_floating() and dtype.is_int():
            opname = "arith.fptosi" if dtype.kind == "int" else "arith.fptoui"
            return self.op(ty, "conv", f"{opname} ", x, f" : {tin} to {tout}")
        self.error(f"conversion of {src!r} to {dtype!r} is not supported")

    # -- arithmetic -----------------------------------------------------------

    _FOLD = {
        "add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
        "truediv": lambda a, b: a / b, "floordiv": lambda a, b: a // b,
        "mod": lambda a, b: a % b, "and": lambda a, b: a & b, "or": lambda a, b: a | b,
        "xor": lambda a, b: a ^ b, "lshift": lambda a, b: a << b,
        "rshift": lambda a, b: a >> b, "pow": lambda a, b: a ** b,
        "lt": lambda a, b: a < b, "le": lambda a, b: a <= b, "gt": lambda a, b: a > b,
        "ge": lambda a, b: a >= b, "eq": lambda a, b: a == b, "ne": lambda a, b: a != b,
    }

    def binary(self, op: str, a, b):
        a, b = _py(a), _py(b)
        if not is_value(a) and not is_value(b):
            try:
                return self._FOLD[op](a, b)
            except Exception as e:  # a Python error of constexpr arithmetic
                self.error(f"constexpr {op} of {a!r} and {b!r}: {e}")
        if op in ("lt", "le", "gt", "ge", "eq", "ne"):
            return self.compare(op, a, b)
        if op in ("add", "sub") and (is_value(a) and a.dtype.is_ptr() or
                                     is_value(b) and b.dtype.is_ptr()):
            return self.pointer_arith(op, a, b)
        if op == "pow":
            self.error("** on tensors: write bl.exp2(y * bl.log2(x)) or multiply")
        a, b = self.broadcast_pair(*self.promote_pair(a, b, op))
        t = a.dtype
        ir = a.type.to_ir()
        if op in ("and", "or", "xor", "lshift", "rshift") and not t.is_int():
            self.error(f"bitwise '{op}' of {t!r} values: needs integers")
        if t.is_floating():
            name = {"add": "arith.addf", "sub": "arith.subf", "mul": "arith.mulf",
                    "truediv": "arith.divf", "mod": "arith.remf",
                    "floordiv": "arith.divf"}[op]
            r = self.op(a.type, op, f"{name} ", a, ", ", b, f" : {ir}")
            if op == "floordiv":
                r = self.op(a.type, "floor", "math.floor ", r, f" : {ir}")
            return r
        signed = t.kind == "int"
        name = {"add": "arith.addi", "sub": "arith.subi", "mul": "arith.muli",
                "floordiv": "arith.divsi" if signed else "arith.divui",
                "mod": "arith.remsi" if signed else "arith.remui",
                "and": "arith.andi", "or": "arith.ori", "xor": "arith.xori",
                "lshift": "arith.shli",
                "rshift": "arith.shrsi" if signed else "arith.shrui"}[op]
        return self.op(a.type, op, f"{name} ", a, ", ", b, f" : {ir}")

    def pointer_arith(self, op, a, b):
        if is_value(b) and b.dtype.is_ptr():
            if op == "sub" or is_value(a) and a.dtype.is_ptr():
                self.error("pointer - pointer and pointer + pointer are not supported")
            a, b = b, a
        offset = self.to_value(b, bl.int32 if not is_value(_py(b)) else None)
        if not offset.dtype.is_int():
            self.error(f"a pointer advanced by {offset.dtype!r}: offsets are integers")
        if op == "sub":
            offset = self.unary("neg", offset)
        if offset.dtype.is_bool():
            offset = self.cast(offset, bl.int32)
        ptr, offset = self.broadcast_pair(a, offset)
        return self.op(ptr.type, "ptr", "block.addptr ", ptr, ", ", offset, " : ",
                       ptr.type.to_ir(), ", ", offset.type.to_ir())

    def compare(self, op, a, b):
        a, b = self.broadcast_pair(*self.promote_pair(a, b, op))
        t = a.dtype
        ty = self.same_shape_type(a, bl.int1)
        ir = a.type.to_ir()
        if t.is_floating():
            pred = {"lt": "olt", "le": "ole", "gt": "ogt", "ge": "oge", "eq": "oeq",
                    "ne": "une"}[op]
            return self.op(ty, op, f"arith.cmpf {pred}, ", a, ", ", b, f" : {ir}")
        if t.is_ptr():
            self.error("comparison of pointers is not supported")
        u = "u" if t.kind in ("uint", "bool") else "s"
        pred = {"lt": f"{u}lt", "le": f"{u}le", "gt": f"{u}gt", "ge": f"{u}ge",
                "eq": "eq", "ne": "ne"}[op]
        return self.op(ty, op, f"arith.cmpi {pred}, ", a, ", ", b, f" : {ir}")

    def unary(self, op, x):
        x = _py(x)
        if not is_value(x):
            try:
                return {"neg": lambda v: -v, "pos": lambda v: +v, "invert": lambda v: ~v,
                        "not": lambda v: not v}[op](x)
            except Exception as e:
                self.error(f"constexpr {op} of {x!r}: {e}")
        if op == "pos":
            return x
        t, ir = x.dtype, x.type.to_ir()
        if op == "neg":
            if t.is_floating():
                return self.op(x.type, "neg", "arith.negf ", x, f" : {ir}")
            return self.binary("sub", self.broadcast_to(self.to_value(0, t), x.shape)
                               if x.type.is_block() else self.to_value(0, t), x)
        if op == "not":
            x = self.cast(x, bl.int1)
            return self.binary("xor", x, True)
        if not t.is_int():
            self.error(f"~ of {t!r}: needs integers")
        ones = self.to_value(True if t.is_bool() else -1, t)
        return self.binary("xor", x, ones)

    def logical(self, op, a, b):
        a, b = self.cast(a, bl.int1), self.cast(b, bl.int1)
        return self.binary(op, a, b)

    def minmax(self, which, x, y, propagate_nan):
        x, y = self.broadcast_pair(*self.promote_pair(x, y))
        t, ir = x.dtype, x.type.to_ir()
        if t.is_floating():
            name = ("arith.maximumf" if which == "max" else "arith.minimumf") \
                if propagate_nan == "all" else \
                ("arith.maxnumf" if which == "max" else "arith.minnumf")
        else:
            u = "u" if t.kind in ("uint", "bool") else "s"
            name = f"arith.{which}{u}i"
        return self.op(x.type, which, f"{name} ", x, ", ", y, f" : {ir}")

    def math_unary(self, name, op, x):
        x = self.to_value(x, bl.float32 if not is_value(_py(x)) else None)
        if not x.dtype.is_floating():
            self.error(f"bl.{name} of {x.dtype!r}: needs floating-point values "
                       f"(convert with .to(bl.float32))")
        return self.op(x.type, name, f"{op} ", x, f" : {x.type.to_ir()}")

    def abs(self, x):
        x = self.to_value(x)
        if x.dtype.is_floating():
            return self.op(x.type, "abs", "math.absf ", x, f" : {x.type.to_ir()}")
        if x.dtype.kind in ("uint", "bool"):
            return x
        return self.op(x.type, "abs", "math.absi ", x, f" : {x.type.to_ir()}")

    def sigmoid(self, x):
        x = self.to_value(x, bl.float32 if not is_value(_py(x)) else None)
        e = self.math_unary("exp", "math.exp", self.unary("neg", x))
        return self.binary("truediv", 1.0, self.binary("add", 1.0, e))

    def softmax(self, x, dim):
        axis = len(x.shape) - 1 if dim is None else dim
        m = self.reduce_named("max", x, axis, True, None)
        e = self.math_unary("exp", "math.exp", self.binary("sub", x, m))
        s = self.reduce_named("sum", e, axis, True, None)
        return self.binary("truediv", e, s)

    def fma(self, x, y, z):
        x, y = self.broadcast_pair(*self.promote_pair(x, y))
        x, z = self.broadcast_pair(*self.promote_pair(x, z))
        x, y = self.broadcast_pair(x, y)
        if not x.dtype.is_floating():
            return self.binary("add", self.binary("mul", x, y), z)
        return self.op(x.type, "fma", "math.fma ", x, ", ", y, ", ", z,
                       f" : {x.type.to_ir()}")

    def umulhi(self, x, y):
        x, y = self.broadcast_pair(*self.promote_pair(x, y))
        wide = self.cast(self.cast(x, bl.uint32), bl.uint64)
        wy = self.cast(self.cast(y, bl.uint32), bl.uint64)
        p = self.binary("mul", wide, wy)
        return self.cast(self.binary("rshift", p, 32), x.dtype)

    def fdiv(self, x, y, ieee_rounding):
        """x / y of floats, through the reciprocal unless `ieee_rounding`."""
        if ieee_rounding:
            return self.binary("truediv", x, y)
        x, y = self.broadcast_pair(*self.promote_pair(x, y, "truediv"))
        if not x.dtype.is_floating():
            self.error(f"bl.fdiv of {x.dtype!r}: needs floating-point values")
        return self.op(x.type, "div", "arith.divf ", x, ", ", y,
                       f" fastmath<arcp> : {x.type.to_ir()}")

    def cdiv(self, x, d):
        x, d = _py(x), _py(d)
        if not is_value(x) and not is_value(d):
            return -(-x // d)
        if is_value(x) and is_value(d):
            t = self.computation_type(x.dtype, d.dtype, "floordiv")
        elif is_value(x):
            t = self.computation_type(x.dtype, self.weak_type(d, x.dtype, "floordiv"), "floordiv")
        else:
            t = self.computation_type(self.weak_type(x, d.dtype, "floordiv"), d.dtype, "floordiv")
        if t.kind == "uint":
            a, b = self.broadcast_pair(*self.promote_pair(x, d, "floordiv"))
            # Unsigned: arith.ceildivui, which unlike (x + d - 1) // d does
            # not wrap for x near 2**32.
            return self.op(a.type, "cdiv", "arith.ceildivui ", a, ", ", b,
                           f" : {a.type.to_ir()}")
        return self.binary("floordiv", self.binary("sub", self.binary("add", x, d), 1), d)

    def where(self, cond, x, y):
        cond = self.cast(cond, bl.int1)
        x, y = self.promote_pair(x, y)
        shape = self.broadcast_shape(self.broadcast_shape(cond.shape, x.shape), y.shape)
        if shape:
            # A scalar condition selects whole tensors (arith.select takes
            # one): it is not splat.
            if cond.type.is_block():
                cond = self.broadcast_to(cond, shape)
            x, y = (self.broadcast_to(v, shape) for v in (x, y))
        return self.op(x.type, "sel", "arith.select ", cond, ", ", x, ", ", y, " : ",
                       cond.type.to_ir(), ", ", x.type.to_ir())

    # -- program and creation -----------------------------------------------

    def program_id(self, axis):
        if axis not in (0, 1, 2):
            self.error(f"program_id axis {axis}: expected 0, 1 or 2")
        return self.op(bl.int32, "pid", f"block.program_id {'xyz'[axis]}")

    def num_programs(self, axis):
        if axis not in (0, 1, 2):
            self.error(f"num_programs axis {axis}: expected 0, 1 or 2")
        return self.op(bl.int32, "nprog", f"block.num_programs {'xyz'[axis]}")

    def arange(self, start, end):
        if not isinstance(start, builtins.int) or not isinstance(end, builtins.int):
            self.error("arange's bounds must be constexpr integers")
        n = end - start
        if n <= 0 or n & (n - 1):
            self.error(f"arange({start}, {end}): the size must be a power of two, got {n}")
        ty = bl.block_type(bl.int32, (n,))
        return self.op(ty, "range", f"block.arange {start}, {end} : {ty.to_ir()}")

    def full(self, shape, value, dtype):
        if isinstance(shape, builtins.int):
            shape = (shape,)
        shape = tuple(builtins.int(_py(s)) for s in shape)
        dtype = _py(dtype)
        if not isinstance(dtype, bl.dtype):
            self.error(f"{dtype!r} is not a dtype")
        for s in shape:
            if s <= 0 or s & (s - 1):
                self.error(f"block shapes are powers of two, got {list(shape)}")
        if is_value(value):
            v = self.cast(value, dtype)
            return self.splat(v, shape) if shape else v
        ty = bl.block_type(dtype, shape) if shape else dtype
        return self.constant(value, ty)

    # -- memory -------------------------------------------------------------

    def load(self, ptr, mask, other, boundary_check, padding, cache, evict, volatile):
        ptr = _py(ptr)
        if isinstance(ptr, bl.tensor_descriptor):
            self.error("bl.load of a tensor descriptor: write desc.load([offsets])")
        if not is_value(ptr) or not ptr.dtype.is_ptr():
            self.error(f"bl.load of {ptr!r}: expected a pointer or a tensor of pointers")
        if boundary_check:
            self.error("boundary_check is for block pointers: use bl.make_tensor_descriptor, "
                       "whose loads read zeros past the edges")
        elem = ptr.dtype.element_ty
        parts = ["block.load ", ptr]
        mask, other = _py(mask), _py(other)
        if mask is not None:
            mask = self.cast(mask, bl.int1)
            if ptr.type.is_block():
                mask = self.broadcast_to(mask, ptr.shape)
            elif mask.type.is_block():
                ptr = self.broadcast_to(ptr, mask.shape)
            parts += [" mask ", mask]
        if other is not None:
            if mask is None:
                self.error("bl.load: `other` needs a `mask`")
            other = self.cast(other, elem)
            if ptr.type.is_block():
                other = self.broadcast_to(other, ptr.shape)
            parts += [" other ", other]
        parts += self.cache_parts(cache, evict, load=True)
        if volatile:
            parts.append(" volatile")
        ty = self.same_shape_type(ptr, elem)
        parts += [" : ", ptr.type.to_ir()]
        return self.op(ty, "load", *parts)

    def cache_parts(self, cache, evict, load):
        if cache not in _CACHE:
            self.error(f"cache_modifier {cache!r}: expected one of "
                       f"{', '.join(repr(c) for c in _CACHE if c)}")
        if evict not in _EVICT:
            self.error(f"eviction_policy {evict!r}: expected one of "
                       f"{', '.join(repr(c) for c in _EVICT if c)}")
        parts = []
        if _CACHE[cache]:
            parts.append(f" cache = {_CACHE[cache]}")
        if _EVICT[evict]:
            parts.append(f" evict = {_EVICT[evict]}")
        return parts

    def store(self, ptr, value, mask, boundary_check, cache, evict):
        ptr = _py(ptr)
        if isinstance(ptr, bl.tensor_descriptor):
            self.error("bl.store to a tensor descriptor: write desc.store([offsets], value)")
        if not is_value(ptr) or not ptr.dtype.is_ptr():
            self.error(f"bl.store to {ptr!r}: expected a pointer or a tensor of pointers")
        if boundary_check:
            self.error("boundary_check is for block pointers: use bl.make_tensor_descriptor")
        elem = ptr.dtype.element_ty
        value = self.cast(value, elem)
        mask = _py(mask)
        if mask is not None:
            mask = self.cast(mask, bl.int1)
        shape = ptr.shape
        for v in (value, mask):
            if v is not None and v.type.is_block():
                shape = self.broadcast_shape(shape, v.shape)
        if shape:
            ptr = self.broadcast_to(ptr, shape)
            value = self.broadcast_to(value, shape)
            mask = self.broadcast_to(mask, shape) if mask is not None else None
        parts = ["block.store ", ptr, ", ", value]
        if mask is not None:
            parts += [" mask ", mask]
        parts += self.cache_parts(cache, evict, load=False)
        parts += [" : ", ptr.type.to_ir()]
        self.stmt(*parts)

    def make_tensor_descriptor(self, base, shape, strides, block_shape, padding):
        base = _py(base)
        if not is_value(base) or not base.dtype.is_ptr() or base.type.is_block():
            self.error("make_tensor_descriptor's base must be a scalar pointer")
        shape, strides = [_py(s) for s in shape], [_py(s) for s in strides]
        block_shape = [builtins.int(_py(b)) for b in block_shape]
        if not len(shape) == len(strides) == len(block_shape):
            self.error("make_tensor_descriptor: shape, strides and block_shape need one "
                       "entry per dimension")
        if padding not in ("zero", ""):
            self.error(f"padding_option {padding!r}: descriptors read zeros past the edges")
        wide = builtins.any(is_value(v) and v.dtype.primitive_bitwidth == 64
                            for v in shape + strides)
        itype = bl.int64 if wide else bl.int32
        sizes = [self.cast(self.to_value(s, itype), itype) for s in shape]
        stride_parts = []
        for s in strides:
            if not is_value(s) and isinstance(s, builtins.int):
                stride_parts.append(str(s))
            else:
                stride_parts.append(self.cast(self.to_value(s, itype), itype))
        tile = bl.block_type(base.dtype.element_ty, block_shape)
        desc_ty = f"!block.tensordesc<{tile.to_ir()}>"
        parts = ["block.make_tensor_desc ", base, ", ["]
        for i, s in enumerate(sizes):
            parts += ([", "] if i else []) + [s]
        parts.append("], [")
        for i, s in enumerate(stride_parts):
            parts += ([", "] if i else []) + [s]
        parts += ["] : ", base.type.to_ir(), ", i64" if wide else "", " -> ", desc_ty]
        handle = self.op(None, "desc", *parts).handle
        return bl.tensor_descriptor(handle, tile, shape, strides)

    def coordinates(self, desc, offsets):
        offsets = _py(offsets)
        if not isinstance(offsets, (list, tuple)) or len(offsets) != len(desc.block_shape):
            self.error(f"a descriptor of rank {len(desc.block_shape)} takes a list of "
                       f"{len(desc.block_shape)} offsets")
        out = []
        for o in offsets:
            v = self.cast(self.to_value(o, bl.int32), bl.int32)
            if v.type.is_block():
                self.error("descriptor offsets are scalars")
            out += ([", "] if out else []) + [v]
        return out

    def desc_load(self, desc, offsets):
        coords = self.coordinates(desc, offsets)
        return self.op(desc.block_type, "tile", "block.desc_load ", desc.handle, "[", *coords,
                       "] : ", desc.to_ir(), " -> ", desc.block_type.to_ir())

    def desc_store(self, desc, offsets, value):
        coords = self.coordinates(desc, offsets)
        value = self.cast(value, desc.dtype)
        value = self.broadcast_to(value, desc.block_type.shape)
        self.stmt("block.desc_store ", desc.handle, "[", *coords, "], ", value, " : ",
                  desc.to_ir(), ", ", value.type.to_ir())

    def atomic_rmw(self, name, ptr, val, mask, sem, scope):
        ptr = _py(ptr)
        if not is_value(ptr) or not ptr.dtype.is_ptr():
            self.error(f"atomic_{name} on {ptr!r}: expected pointers")
        elem = ptr.dtype.element_ty
        val = self.cast(val, elem)
        if elem.is_floating():
            if name not in ("add", "xchg"):
                self.error(f"atomic_{name} of {elem!r}: only atomic_add and atomic_xchg "
                           f"take floating-point values")
            kind = "fadd" if name == "add" else "xchg"
        else:
            kind = {"add": "add", "and": "and", "or": "or", "xor": "xor", "xchg": "xchg",
                    "max": "umax" if elem.kind == "uint" else "max",
                    "min": "umin" if elem.kind == "uint" else "min"}[name]
        sem_s, scope_s = self.sem_scope(sem, scope)
        mask = self.cast(mask, bl.int1) if _py(mask) is not None else None
        shape = ptr.shape
        for v in (val, mask):
            if v is not None and v.type.is_block():
                shape = self.broadcast_shape(shape, v.shape)
        if shape:
            ptr, val = self.broadcast_to(ptr, shape), self.broadcast_to(val, shape)
            mask = self.broadcast_to(mask, shape) if mask is not None else None
        parts = [f"block.atomic_rmw {kind}, {sem_s}, {scope_s}, ", ptr, ", ", val]
        if mask is not None:
            parts += [" mask ", mask]
        parts += [" : ", ptr.type.to_ir()]
        return self.op(val.type, "old", *parts)

    def sem_scope(self, sem, scope):
        if sem not in _SEM:
            self.error(f"sem {sem!r}: expected 'relaxed', 'acquire', 'release' or 'acq_rel'")
        if scope not in _SCOPE:
            self.error(f"scope {scope!r}: expected 'cta', 'gpu' or 'sys'")
        return _SEM[sem], _SCOPE[scope]

    def atomic_cas(self, ptr, cmp, val, sem, scope):
        ptr = _py(ptr)
        if not is_value(ptr) or not ptr.dtype.is_ptr():
            self.error(f"atomic_cas on {ptr!r}: expected pointers")
        elem = ptr.dtype.element_ty
        cmp, val = self.cast(cmp, elem), self.cast(val, elem)
        if ptr.type.is_block():
            cmp, val = self.broadcast_to(cmp, ptr.shape), self.broadcast_to(val, ptr.shape)
        sem_s, scope_s = self.sem_scope(sem, scope)
        return self.op(cmp.type, "old", f"block.atomic_cas {sem_s}, {scope_s}, ", ptr, ", ",
                       cmp, ", ", val, " : ", ptr.type.to_ir())

    # -- products -------------------------------------------------------------

    def dot(self, a, b, acc, precision, out_dtype):
        a, b = self.to_value(a), self.to_value(b)
        if len(a.shape) not in (2, 3) or len(b.shape) != len(a.shape):
            self.error(f"bl.dot of shapes {list(a.shape)} and {list(b.shape)}: expected "
                       f"two rank-2 blocks")
        if a.shape[-1] != b.shape[-2]:
            self.error(f"bl.dot: the inner dimensions differ ({list(a.shape)} @ "
                       f"{list(b.shape)})")
        if a.dtype != b.dtype:
            self.error(f"bl.dot of {a.dtype!r} and {b.dtype!r}: convert one with .to()")
        if len(a.shape) == 3:
            self.error("bl.dot of rank-3 blocks (batched) is not supported: reshape to "
                       "rank 2 or loop over the batch")
        out_dtype = _py(out_dtype)
        if a.dtype.is_int():
            native = bl.int32
        elif a.dtype == bl.float64:
            native = bl.float64
        else:
            native = bl.float32
        shape = (a.shape[0], b.shape[1])
        ty = bl.block_type(native, shape)
        if _py(acc) is None:
            acc_v = self.constant(0, ty)
            target = out_dtype if out_dtype is not None else native
        else:
            acc_v = self.to_value(acc)
            if acc_v.shape != shape:
                self.error(f"bl.dot: acc has shape {list(acc_v.shape)}, the product "
                           f"{list(shape)}")
            target = acc_v.dtype
            acc_v = self.cast(acc_v, native)
        prec = ""
        if a.dtype == bl.float32:
            precision = "tf32" if precision is None else precision
            if precision not in ("tf32", "tf32x3", "ieee"):
                self.error(f"input_precision {precision!r}: expected 'tf32', 'tf32x3' "
                           f"or 'ieee'")
            if precision != "ieee":
                prec = f" precision = {precision}"
        r = self.op(ty, "dot", "block.dot ", a, ", ", b, ", ", acc_v, prec, " : ",
                    a.type.to_ir(), ", ", b.type.to_ir(), " -> ", ty.to_ir())
        return self.cast(r, target)

    # -- reductions and scans -------------------------------------------------

    def reduce_axis(self, x, axis):
        if axis is None:
            return self.reshape(x, (x.numel,)), 0
        rank = len(x.shape)
        axis = builtins.int(axis)
        if axis < 0:
            axis += rank
        if not 0 <= axis < rank:
            self.error(f"axis {axis} of a rank-{rank} tensor")
        return x, axis

    def reduced_type(self, x, axis, dtype):
        shape = [s for i, s in enumerate(x.shape) if i != axis]
        return bl.block_type(dtype, shape) if shape else dtype

    def keep(self, r, x_shape, axis, keep_dims, all_axes):
        if not keep_dims:
            return r
        if all_axes:
            return self.reshape(r, (1,) * len(x_shape))
        return self.expand_dims(r, axis)

    def reduce_named(self, name, x, axis, keep_dims, dtype):
        x = self.to_value(x)
        if not x.type.is_block():
            return x
        shape = x.shape
        x, ax = self.reduce_axis(x, axis)
        t = x.dtype
        if name == "sum":
            if dtype is not None:
                x = self.cast(x, dtype)
            elif t.is_int() and t.primitive_bitwidth < 32:
                x = self.cast(x, bl.int32 if t.kind != "uint" else bl.uint32)
            elif t.is_floating() and t.primitive_bitwidth < 32:
                x = self.cast(x, bl.float32)
            comb = "add"
        elif name == "xor_sum":
            comb = "xor"
        else:
            if t.is_floating():
                comb = "maxnumf" if name == "max" else "minnumf"
            else:
                u = "u" if t.kind in ("uint", "bool") else "s"
                comb = f"{name}{u}i"
        rty = self.reduced_type(x, ax, x.dtype)
        r = self.op(rty, name, f"block.reduce {comb} ", x, f" axis = {ax} : (",
                    x.type.to_ir(), ") -> ", rty.to_ir())
        return self.keep(r, shape, ax, keep_dims, axis is None)

    def index_along(self, x, axis):
        idx = self.arange(0, x.shape[axis])
        for _ in builtins.range(axis):
            idx = self.expand_dims(idx, 0)
        while len(idx.shape) < len(x.shape):
            idx = self.expand_dims(idx, len(idx.shape))
        return self.broadcast_to(idx, x.shape)

    def arg_reduce(self, which, x, axis, keep_dims, with_value=False):
        x = self.to_value(x)
        shape = x.shape
        x, ax = self.reduce_axis(x, axis)
        idx = self.index_along(x, ax)
        rty = self.reduced_type(x, ax, x.dtype)
        ity = self.reduced_type(x, ax, bl.int32)
        v, i = self.e.value(which), self.e.value(f"arg{which}")
        self.e.line(v, ", ", i, f" = block.reduce arg{which} ", x, ", ", idx,
                    f" axis = {ax} : (", x.type.to_ir(), ", ", idx.type.to_ir(), ") -> (",
                    rty.to_ir(), ", ", ity.to_ir(), ") ", self.loc)
        value, index = bl.tensor(v, rty), bl.tensor(i, ity)
        value = self.keep(value, shape, ax, keep_dims, axis is None)
        index = self.keep(index, shape, ax, keep_dims, axis is None)
        return (value, index) if with_value else index

    def scan_named(self, comb, x, axis, reverse):
        x = self.to_value(x)
        if not x.type.is_block():
            return x
        x, ax = self.reduce_axis(x, axis)
        t = x.dtype
        if t.is_int() and t.primitive_bitwidth < 32:
            x = self.cast(x, bl.int32)
        rev = " reverse" if reverse else ""
        return self.op(x.type, "scan", f"block.scan {comb} ", x, f" axis = {ax}{rev} : (",
                       x.type.to_ir(), ") -> ", x.type.to_ir())

    # A combiner region inlines a @jit function: the code generator writes it.
    def reduce_with(self, inputs, axis, combine_fn, keep_dims):
        return self.codegen.combine("reduce", inputs, axis, combine_fn, keep_dims)

    def scan_with(self, inputs, axis, combine_fn, reverse):
        return self.codegen.combine("scan", inputs, axis, combine_fn, reverse=reverse)

    # -- debugging -------------------------------------------------------------

    def device_print(self, prefix, args, hex):
        if not isinstance(prefix, str):
            self.error("device_print's first argument is its prefix, a string")
        values = [self.to_value(a) for a in args]
        text = prefix.replace("\\", "\\\\").replace('"', '\\"')
        parts = [f'block.print "{text}"', " hex" if hex else ""]
        if values:
            parts.append(" ")
            for i, v in enumerate(values):
                parts += ([", "] if i else []) + [v]
            parts.append(" : ")
            parts.append(", ".join(v.type.to_ir() for v in values))
        self.stmt(*parts)

    def device_assert(self, cond, msg):
        cond = _py(cond)
        if not is_value(cond):
            if not cond:
                self.error(f"device_assert of a false constexpr: {msg}")
            return
        cond = self.cast(cond, bl.int1)
        text = str(msg).replace("\\", "\\\\").replace('"', '\\"')
        self.stmt("block.assert ", cond, f', "{text}" : ', cond.type.to_ir())

    def static_assert(self, cond, msg):
        if is_value(cond):
            self.error("static_assert of a value known only at run time: use "
                       "bl.device_assert")
        if not cond:
            self.error(f"static_assert failed{': ' + str(msg) if msg else ''}")

    def debug_barrier(self):
        self.stmt("gpu.barrier")
