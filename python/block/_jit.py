"""@block.jit: kernels written in Python (block.language), emitted as
block-dialect text, compiled by block-compile (cached on disk) and launched
with `kernel[grid](*args, **constexprs)`.

The function is never run: its source is parsed and walked by
block.frontend.codegen. Each launch looks up the compiled kernel by the
arguments' types, the constexpr values and the options; the first launch of
a key emits and compiles (or finds the bundle in the cache), later ones only
pack the arguments and launch."""

from __future__ import annotations

import ast
import functools
import inspect
import os
import struct
import subprocess
import sys
import tempfile
import textwrap
import types
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple, cast

from . import _compile
from ._bundle import Kernel
from ._errors import ArgumentError, BlockError, CompileError
from ._manifest import Parameter
from .frontend.codegen import CodeGenerator
from .frontend.emitter import Emitter, escape
from .frontend.errors import CompilationError, FrontendError
from .frontend.semantic import Semantic, integer_type
from .language import core as bl

INTERPRET_ENV = "BLOCK_INTERPRET"
CHIP_ENV = "BLOCK_CHIP"
RUN_ENV = "BLOCK_RUN"

_OPTIONS = ("num_warps", "num_stages", "num_ctas", "maxnreg", "enable_fp_fusion",
            "debug", "launch_cooperative_grid")


def _is_constexpr_annotation(annotation) -> bool:
    if annotation is bl.constexpr:
        return True
    return isinstance(annotation, str) and annotation.split(".")[-1] == "constexpr"


class JITFunction:
    """A @block.jit function: a kernel (launched with `[grid]`) or a helper
    that kernels call (inlined)."""

    __name__: str  # the function's, set by functools.update_wrapper

    def __init__(self, fn, *, do_not_specialize: Iterable = (), debug=None,
                 noinline=None, interpret: Optional[bool] = None, repr=None,
                 launch_metadata=None):
        if not isinstance(fn, types.FunctionType):
            raise BlockError(f"@block.jit decorates a function, not {type(fn).__name__}")
        self.fn = fn
        functools.update_wrapper(self, fn)
        self.signature = inspect.signature(fn)
        self.arg_names = list(self.signature.parameters)
        for p in self.signature.parameters.values():
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                raise BlockError(f"@block.jit function '{fn.__name__}': *args and **kwargs "
                                 f"are not supported")
        self.constexprs = {name for name, p in self.signature.parameters.items()
                           if _is_constexpr_annotation(p.annotation)}
        try:
            lines, self.first_line = inspect.getsourcelines(fn)
        except (OSError, TypeError) as e:
            raise BlockError(f"the source of '{fn.__name__}' is not available ({e}): "
                             f"@block.jit functions must be defined in a file") from None
        self.filename = os.path.abspath(inspect.getsourcefile(fn) or fn.__code__.co_filename)
        self.raw_source = "".join(lines)
        self.source = textwrap.dedent(self.raw_source)
        first = next((l for l in lines if l.strip()), "")
        self.indent = len(first) - len(first.lstrip())
        self._file_lines: Optional[List[str]] = None
        self._parsed: Optional[ast.Module] = None
        self.interpret = interpret
        self._cache: Dict[tuple, Any] = {}
        self._fast: Dict[Any, Any] = {}
        self._grids: Dict[tuple, Any] = {}
        self._defaults = {n: p.default for n, p in self.signature.parameters.items()
                          if p.default is not inspect.Parameter.empty}
        self._arg_positions = {n: i for i, n in enumerate(self.arg_names)}
        self._constexpr_flags = tuple(n in self.constexprs for n in self.arg_names)
        # Keywords that are runtime arguments (options and constexprs key by value).
        self._is_constant = {n: n in self.constexprs for n in self.arg_names}

    def __repr__(self):
        return f"<block.jit {self.__name__} of {self.filename}:{self.first_line}>"

    def __call__(self, *args, **kwargs):
        raise BlockError(f"'{self.__name__}' is a @block.jit kernel: launch it with "
                         f"{self.__name__}[grid](...), or call it from another kernel")

    # -- source -------------------------------------------------------------

    def parse(self) -> ast.Module:
        if self._parsed is None:
            try:
                self._parsed = ast.parse(self.source)
            except SyntaxError as e:
                raise CompilationError(e.msg, self.filename,
                                       self.first_line + (e.lineno or 1) - 1,
                                       (e.offset or 1) - 1 + self.indent,
                                       kernel=self.__name__) from None
        return self._parsed

    def position(self, node) -> Tuple[int, int]:
        """The (1-based line, 0-based column) of `node` in the file."""
        return self.first_line + node.lineno - 1, node.col_offset + self.indent

    def source_line(self, line: int) -> str:
        if self._file_lines is None:
            try:
                with open(self.filename, encoding="utf-8") as f:
                    self._file_lines = f.read().splitlines()
            except OSError:
                self._file_lines = []
        return self._file_lines[line - 1] if 0 < line <= len(self._file_lines) else ""

    def resolve_global(self, name):
        closure = inspect.getclosurevars(self.fn).nonlocals if self.fn.__closure__ else {}
        if name in closure:
            return _kernel_value(closure[name], name, allow_plain=True)
        g = self.fn.__globals__
        if name in g:
            return _kernel_value(g[name], name, allow_plain=False)
        from .frontend.codegen import _ALLOWED_PY, _PY_BUILTINS
        if name in _PY_BUILTINS:
            return _PY_BUILTINS[name]
        if name in _ALLOWED_PY:
            return _ALLOWED_PY[name]
        raise FrontendError(f"name '{name}' is not defined")

    # -- emission ---------------------------------------------------------

    def emit(self, signature=None, **kwargs) -> str:
        """The kernel as block-dialect text, for `signature` (the runtime
        parameters' types: a dict by name, or a list / comma-separated string
        in order, in Triton's spelling "*fp16", "*fp32:16" (16-byte aligned),
        "i32", "i32:16" (divisible by 16), "fp32", or as bl dtypes) and the
        constexpr values and options (num_warps, num_stages) as keywords."""
        constexprs, options = self._split_keywords(kwargs)
        types_ = self._signature_types(signature, constexprs)
        try:
            return self._emit(types_, constexprs, options.get("num_warps", 4),
                              options.get("num_stages"))
        except CompilationError as e:
            raise e.with_traceback(None) from None

    def _split_keywords(self, kwargs: Dict[str, Any],
                        launch: bool = False) -> Tuple[Dict[str, Any], Dict[str, Any]]:
        """(parameter values, options) of keywords: a keyword that names a
        parameter is its value, and also the option of that name, as in
        Triton (a kernel may take num_stages as a constexpr). An unknown
        keyword is an ArgumentError at a launch, else a BlockError."""
        values, options = {}, {}
        for k, v in kwargs.items():
            if k in self._arg_positions:
                values[k] = v
            elif k not in _OPTIONS:
                message = (f"'{self.__name__}' has no parameter '{k}' (it has: "
                           f"{', '.join(self.arg_names)})")
                if launch:
                    raise ArgumentError(message, kernel=self.__name__, name=k)
                raise BlockError(message)
            if k in _OPTIONS:
                options[k] = bl._unwrap(v)
        return values, options

    def _signature_types(self, signature, constexprs):
        runtime = [n for n in self.arg_names if n not in self.constexprs and n not in constexprs]
        if signature is None:
            signature = {}
        if isinstance(signature, str):
            signature = [s.strip() for s in signature.split(",") if s.strip()]
        if isinstance(signature, (list, tuple)):
            if len(signature) != len(runtime):
                raise BlockError(f"'{self.__name__}': the signature has {len(signature)} "
                                 f"types for {len(runtime)} parameters ({', '.join(runtime)})")
            signature = dict(zip(runtime, signature))
        missing = [n for n in runtime if n not in signature]
        if missing:
            raise BlockError(f"'{self.__name__}': no type for {', '.join(missing)} in the "
                             f"signature")
        unknown = [n for n in signature if n not in runtime]
        if unknown:
            raise BlockError(f"'{self.__name__}' has no runtime parameter "
                             f"{', '.join(unknown)}")
        return {n: parse_type(signature[n]) for n in runtime}

    def _emit(self, arg_types: Dict[str, tuple], constexprs: Dict[str, Any],
              num_warps: int, num_stages: Optional[int]) -> str:
        for name in constexprs:
            if name not in self._arg_positions:
                raise BlockError(f"'{self.__name__}' has no parameter '{name}'")
        missing = [n for n in self.constexprs if n not in constexprs and
                   self.signature.parameters[n].default is inspect.Parameter.empty]
        if missing:
            raise BlockError(f"'{self.__name__}': no value for constexpr "
                             f"{', '.join(missing)}")
        if isinstance(num_warps, bool) or not isinstance(num_warps, int) or \
                num_warps <= 0 or num_warps & (num_warps - 1) or num_warps > 32:
            raise BlockError(f"num_warps must be a power of two from 1 to 32, got {num_warps!r}")
        if num_stages is not None and (isinstance(num_stages, bool) or
                                       not isinstance(num_stages, int) or num_stages < 1):
            raise BlockError(f"num_stages must be a positive integer, got {num_stages!r}")
        e = Emitter()
        sem = Semantic(e)
        scope: Dict[str, Any] = {}
        params = []
        for name in self.arg_names:
            if name in arg_types:
                dtype, hint = arg_types[name]
                h = e.value(name)
                scope[name] = bl.tensor(h, dtype)
                params.append((name, h, dtype, hint))
            elif name in constexprs:
                scope[name] = bl._unwrap(constexprs[name])
            else:
                scope[name] = bl._unwrap(self.signature.parameters[name].default)
        gen = CodeGenerator(self, e, sem, scope)
        e.named.update(h for _, h, _, _ in params)
        tree = self.parse()
        fdef = cast(ast.FunctionDef, tree.body[0])
        gen.visit(fdef)
        if gen.ret is not None:
            raise gen.error_at(fdef, f"kernel '{self.__name__}' returns a value: a kernel "
                                     f"writes its results through pointers")
        def_loc = f'loc("{escape(self.filename)}":{self.position(fdef)[0]}:' \
                  f'{self.position(fdef)[1] + 1})'
        arg_locs = {a.arg: self.position(a) for a in fdef.args.args}
        head = Emitter()
        parts: List[Any] = [f"func.func @{self.__name__}("]
        for i, (name, h, dtype, hint) in enumerate(params):
            attrs = ""
            if hint:
                key = "block.alignment" if dtype.is_ptr() else "block.divisibility"
                attrs = f" {{{key} = {hint}}}"
            line, col = arg_locs[name]
            parts += ([", "] if i else []) + [h, f": {dtype.to_ir()}{attrs} "
                                                 f'loc("{escape(self.filename)}":{line}:{col + 1})']
        func_attrs = ["block.kernel", f"block.num_warps = {num_warps} : i32"]
        if num_stages is not None:
            func_attrs.append(f"block.num_stages = {num_stages} : i32")
        parts.append(f") attributes {{{', '.join(func_attrs)}}} {{")
        head.depth = 0
        head.line(*parts)
        e.lines[:0] = head.lines
        e.line("return ", def_loc)
        e.depth = 0
        e.line("} ", def_loc)
        described = ", ".join(f"{k}={bl._unwrap(constexprs[k])!r}" for k in self.arg_names
                              if k in constexprs)
        header = (f"// {self.__name__} from {os.path.basename(self.filename)}:"
                  f"{self.first_line}, emitted by Block's Python front end"
                  + (f" ({described})" if described else "") + "\n")
        return header + e.render() + "\n"

    # -- compile and launch -----------------------------------------------------

    def compile(self, signature=None, chip: Optional[str] = None, **kwargs):
        """The compiled kernel (a block.Kernel of a cached bundle) for
        `signature`, the constexprs and options, as emit() takes them;
        `chip` defaults to the current GPU's (or $BLOCK_CHIP, or sm_90a)."""
        return self._compile_text(self.emit(signature, **kwargs), chip)

    def _compile_text(self, text: str, chip: Optional[str]) -> Kernel:
        try:
            bundle = _compile.compile(text, chip=chip or default_chip(), name=self.__name__)
        except CompileError as e:
            e.kernel = self.__name__
            raise
        return bundle[self.__name__]

    def __getitem__(self, grid):
        if type(grid) is tuple:  # the usual grid: its launcher kept
            bound = self._grids.get(grid)
            if bound is None:
                if len(self._grids) > 64:
                    self._grids.clear()
                bound = self._grids[grid] = functools.partial(self.run, grid=grid)
            return bound
        return functools.partial(self.run, grid=grid)

    def run(self, *args, grid, stream=None, **kwargs):
        """Launches on `grid` (1 to 3 ints, or a function of the arguments
        by name, constexprs included, returning them)."""
        # The warm path: the call's shape and argument types find a plan
        # (where each runtime argument is) and a compiled launcher.
        key = self._call_key(args, kwargs)
        found = self._fast.get(key) if key is not None else None
        if found is None:
            found = self._plan(args, kwargs)
            if key is not None:
                self._fast[key] = found
        launcher, plan = found
        values = [args[i] if i >= 0 else kwargs[name] for i, name in plan]
        if callable(grid):
            grid = grid(self._meta(args, kwargs))
        launcher(values, grid, stream)

    def _call_key(self, args, kwargs):
        """What a launch depends on, cheaply: constexpr values, and the
        types (not the values) of the other arguments."""
        parts = []
        flags = self._constexpr_flags
        if len(args) > len(flags):
            raise ArgumentError(f"'{self.__name__}' takes {len(flags)} arguments, "
                                f"got {len(args)}", kernel=self.__name__)
        for a, constant in zip(args, flags):
            if constant or a is None:
                parts.append(a)
            else:
                t = type(a)
                if t is int:  # the common case, inline: i32 or wider (a's
                    # name is at len(parts): one part per positional argument)
                    parts.append(-2147483648 <= a <= 2147483647 or
                                 _type_tag(a, self.__name__, self.arg_names[len(parts)]))
                else:
                    parts.append(getattr(a, "dtype", t) if t is not float else t)
        for k, v in kwargs.items():
            parts.append(k)
            parts.append(v if self._is_constant.get(k, True) or v is None
                         else _type_tag(v, self.__name__, k))
        try:
            return tuple(parts)
        except TypeError:
            return None

    def _meta(self, args, kwargs):
        """The arguments by name, constexprs and defaults included (what a
        grid function gets)."""
        meta = dict(self._defaults)
        meta.update(zip(self.arg_names, args))
        meta.update(kwargs)
        return meta

    def _plan(self, args, kwargs):
        """Binds a call the slow way: (the launcher of its specialisation,
        where each of the kernel's runtime arguments is in the call)."""
        names = self.arg_names
        values = dict(zip(names, args))
        given, options = self._split_keywords(kwargs, launch=True)
        for k, v in given.items():
            if k in values:
                raise ArgumentError(f"'{self.__name__}': argument '{k}' given twice",
                                    kernel=self.__name__, name=k)
            values[k] = v
        for name in names:
            if name not in values:
                default = self.signature.parameters[name].default
                if default is inspect.Parameter.empty:
                    raise ArgumentError(f"'{self.__name__}': missing argument '{name}'",
                                        kernel=self.__name__, name=name)
                values[name] = default
        key = [options.get("num_warps", 4), options.get("num_stages")]
        for name in names:
            v = values[name]
            key.append(bl._unwrap(v) if name in self.constexprs or v is None
                       else _type_tag(v, self.__name__, name))
        key = tuple(key)
        launcher = self._cache.get(key)
        if launcher is None:
            launcher = self._cache[key] = self._specialize(values, options)
        plan = []
        for name in launcher.names:
            i = self._arg_positions[name]
            if i < len(args):
                plan.append((i, name))
            elif name in kwargs:
                plan.append((-1, name))
            else:  # a default: a runtime argument the call leaves out
                raise ArgumentError(f"'{self.__name__}': pass '{name}' (a parameter with "
                                    f"a default that is not a constexpr)",
                                    kernel=self.__name__, name=name)
        return launcher, plan

    def _specialize(self, values, options):
        constexprs = {}
        arg_types = {}
        for name in self.arg_names:
            v = values[name]
            if name in self.constexprs or v is None:
                constexprs[name] = bl._unwrap(v)
            else:
                arg_types[name] = (dtype_of_argument(name, v, self.__name__), None)
        num_warps = options.get("num_warps", 4)
        num_stages = options.get("num_stages")
        try:
            text = self._emit(arg_types, constexprs, num_warps, num_stages)
        except CompilationError as e:
            raise e.with_traceback(None) from None
        runtime_names = list(arg_types)
        if self._interpreting():
            return _InterpretedLauncher(self, text, runtime_names, arg_types, constexprs)
        kernel = self._compile_text(text, None)
        return _Launcher(self, kernel, runtime_names, constexprs)

    def _interpreting(self):
        if self.interpret is not None:
            return self.interpret
        return os.environ.get(INTERPRET_ENV, "0") not in ("", "0")


def jit(fn=None, **options):
    """Decorates a Triton-style kernel (or a helper kernels call): `@jit` or
    `@jit(interpret=True, ...)`."""
    if fn is None:
        return lambda f: JITFunction(f, **options)
    return JITFunction(fn, **options)


# ---------------------------------------------------------------------------
# Argument types
# ---------------------------------------------------------------------------

_TORCH_DTYPES = {
    "torch.float16": bl.float16, "torch.bfloat16": bl.bfloat16, "torch.float32": bl.float32,
    "torch.float64": bl.float64, "torch.int8": bl.int8, "torch.int16": bl.int16,
    "torch.int32": bl.int32, "torch.int64": bl.int64, "torch.uint8": bl.uint8,
    "torch.uint16": bl.uint16, "torch.uint32": bl.uint32, "torch.uint64": bl.uint64,
    "torch.bool": bl.int1, "torch.float8_e4m3fn": bl.float8e4nv,
    "torch.float8_e5m2": bl.float8e5,
}
_NUMPY_DTYPES = {
    "float16": bl.float16, "float32": bl.float32, "float64": bl.float64, "int8": bl.int8,
    "int16": bl.int16, "int32": bl.int32, "int64": bl.int64, "uint8": bl.uint8,
    "uint16": bl.uint16, "uint32": bl.uint32, "uint64": bl.uint64, "bool": bl.int1,
}
_TYPESTR = {"<f2": bl.float16, "<f4": bl.float32, "<f8": bl.float64, "|i1": bl.int8,
            "<i2": bl.int16, "<i4": bl.int32, "<i8": bl.int64, "|u1": bl.uint8,
            "<u2": bl.uint16, "<u4": bl.uint32, "<u8": bl.uint64, "|b1": bl.int1}


def _int_type(v: int, kernel: Optional[str], name: Optional[str]) -> bl.dtype:
    t = integer_type(v)
    if t is None:
        raise ArgumentError(f"the integer {v} does not fit 64 bits", kernel=kernel, name=name)
    return t


def _type_tag(v, kernel: str, name: str):
    """What the compiled kernel depends on of the runtime argument `name`."""
    t = type(v)
    if t is int:
        return "i32" if -2**31 <= v < 2**31 else _int_type(v, kernel, name).name
    if t is float:
        return "fp32"
    if t is bool:
        return "i1"
    dtype = getattr(v, "dtype", None)
    if dtype is not None:
        return dtype  # torch's and NumPy's dtypes are hashable and distinct
    return t


def _refused(kernel: Optional[str], name: str, what: str) -> ArgumentError:
    """The ArgumentError "argument 'name': what" of `kernel`'s argument."""
    return ArgumentError(f"argument '{name}': {what}", kernel=kernel, name=name)


def dtype_of_argument(name: str, v, kernel: Optional[str] = None) -> bl.dtype:
    """The parameter type the launch argument `name` gives the kernel."""
    if isinstance(v, bool):
        return bl.int1
    if isinstance(v, int):
        return _int_type(v, kernel, name)
    if isinstance(v, float):
        return bl.float32
    np = sys.modules.get("numpy")
    if np is not None and isinstance(v, np.generic):
        d = _NUMPY_DTYPES.get(v.dtype.name)
        if d is None:
            raise _refused(kernel, name, f"NumPy scalars of {v.dtype} are not supported")
        return d
    dtype = getattr(v, "dtype", None)
    if dtype is not None and type(v).__module__.startswith("torch"):
        d = _TORCH_DTYPES.get(str(dtype))
        if d is None:
            raise _refused(kernel, name, f"tensors of {dtype} are not supported")
        return bl.pointer_type(d)
    if np is not None and isinstance(v, np.ndarray):
        d = _NUMPY_DTYPES.get(v.dtype.name)
        if d is None and v.dtype.str == "|V2":
            d = bl.bfloat16
        if d is None:
            raise _refused(kernel, name, f"arrays of {v.dtype} are not supported")
        return bl.pointer_type(d)
    cai = getattr(v, "__cuda_array_interface__", None)
    if cai is not None:
        d = _TYPESTR.get(cai["typestr"])
        if d is None:
            raise _refused(kernel, name, f"typestr {cai['typestr']} is not supported")
        return bl.pointer_type(d)
    raise _refused(kernel, name, f"{type(v).__name__} is not a tensor or a number a kernel "
                                 "takes (mark the parameter bl.constexpr to pass a Python value)")


def parse_type(spec) -> tuple:
    """(dtype, alignment or divisibility hint) of a signature entry: a bl
    dtype or pointer_type, or Triton's "*fp16", "*fp32:16", "i32", "i64:16",
    "fp32", "u32"."""
    if isinstance(spec, bl.dtype):
        return spec, None
    if not isinstance(spec, str):
        raise BlockError(f"signature entry {spec!r}: expected a dtype or a string like "
                         f"'*fp16' or 'i32'")
    text, _, hint = spec.strip().partition(":")
    pointer = text.startswith("*")
    base = text[1:] if pointer else text
    dtype = bl.DTYPES.get(base)
    if dtype is None:
        raise BlockError(f"signature entry '{spec}': unknown type '{base}' (expected one of "
                         f"{', '.join(sorted(set(bl.DTYPES)))})")
    value = None
    if hint:
        try:
            value = int(hint)
        except ValueError:
            raise BlockError(f"signature entry '{spec}': the hint after ':' must be an "
                             f"integer") from None
        if value <= 0 or value & (value - 1):
            raise BlockError(f"signature entry '{spec}': the hint must be a power of two")
    return (bl.pointer_type(dtype) if pointer else dtype), value


def _kernel_value(v, name, allow_plain):
    """A global or closure value as the kernel sees it (Triton's rule: a
    global must be a constexpr, a function, a module or a type)."""
    if isinstance(v, bl.constexpr):
        return v.value
    if isinstance(v, (JITFunction, types.ModuleType, bl.dtype, type)) or \
            getattr(v, "_block_builtin", False) or v is None or isinstance(v, bool):
        return v
    if callable(v):
        return v
    if allow_plain and isinstance(v, (int, float, str, tuple)):
        return v
    raise FrontendError(f"global '{name}' ({type(v).__name__} {v!r}) is not a constexpr: "
                        f"declare it `{name} = bl.constexpr(...)` or pass it as an argument")


def default_chip() -> str:
    """$BLOCK_CHIP, else the current torch device's (sm_90a on a 9.0 GPU),
    else sm_90a."""
    chip = os.environ.get(CHIP_ENV)
    if chip:
        return chip
    torch = sys.modules.get("torch")
    if torch is not None and torch.cuda.is_available():
        major, minor = torch.cuda.get_device_capability()
        return f"sm_{major}{minor}" + ("a" if major >= 9 else "")
    return "sm_90a"


# ---------------------------------------------------------------------------
# Launchers
# ---------------------------------------------------------------------------

def _grid_of(grid, fn):
    """`grid` as three ints."""
    from ._bundle import grid3
    return grid3(grid, fn.__name__)


_F32 = struct.Struct("<f")
_U32 = struct.Struct("<I")
_F64 = struct.Struct("<d")
_U64 = struct.Struct("<Q")


def _scalar_packer(kernel: str, param: Parameter, dtype: bl.dtype) -> Callable[[Any], int]:
    """word(value) for a scalar parameter whose Python type the cache key
    already fixed (an int in the type's range, a float)."""
    mlir = dtype.mlir
    if mlir in ("i32", "i16", "i8"):
        mask = (1 << dtype.primitive_bitwidth) - 1
        return lambda v: v & mask
    if mlir == "i64":
        return lambda v: v & 0xFFFFFFFFFFFFFFFF
    if mlir == "i1":
        return lambda v: 1 if v else 0
    if mlir == "f32":
        def f32(v):
            try:
                return _U32.unpack(_F32.pack(v))[0]
            except OverflowError:
                raise ArgumentError(f"launch of '{kernel}': {v!r} overflows f32", kernel=kernel,
                                    name=param.name, index=param.index) from None
        return f32
    if mlir == "f64":
        return lambda v: _U64.unpack(_F64.pack(v))[0]
    from ._args import scalar_word
    return lambda v: scalar_word(kernel, param, v)


class _NoTensor:
    """Stands for torch.Tensor where torch is not loaded."""


class _Launcher:
    """A compiled specialisation on the GPU: packs the arguments (torch
    tensors by their data_ptr, scalars by their bits) and launches, with the
    runtime's checks of alignment, divisibility and the grid."""

    def __init__(self, fn, kernel, names, constexprs):
        import ctypes
        from ._args import pointer_word
        self.fn, self.kernel, self.names = fn, kernel, names
        self.runtime = kernel.bundle._runtime
        self.launch_c = self.runtime._launch
        self.count = len(names)
        self.words_type = ctypes.c_uint64 * max(1, self.count)
        self.handles = {}
        self.torch = sys.modules.get("torch")
        self.tensor_type = self.torch.Tensor if self.torch is not None else _NoTensor
        # Per parameter: None for a pointer (a tensor's data_ptr, else the
        # package's general packing in `pointers`), else the scalar's packer.
        self.packers, self.pointers = [], {}
        for i, param in enumerate(kernel.parameters):
            if param.is_pointer:
                self.packers.append(None)
                self.pointers[i] = (lambda v, p=param: pointer_word(kernel.name, p, v, None))
            else:
                dtype = bl.DTYPES[param.type]
                self.packers.append(_scalar_packer(kernel.name, param, dtype))

    def __call__(self, values, grid, stream):
        if type(grid) is tuple:
            n = len(grid)
            if n != 3:
                grid = grid + (1,) * (3 - n) if n in (1, 2) else _grid_of(grid, self.fn)
        else:
            grid = _grid_of(grid, self.fn)
        tensor_type = self.tensor_type
        words = []
        device = None
        i = 0
        for v, pack in zip(values, self.packers):
            if pack is not None:
                words.append(pack(v))
            elif type(v) is tensor_type or isinstance(v, tensor_type):
                if not v.is_cuda:
                    raise ArgumentError(f"launch of '{self.fn.__name__}' refused: argument "
                                        f"'{self.names[i]}' is a tensor on {v.device}, not on "
                                        f"a GPU", kernel=self.fn.__name__, name=self.names[i],
                                        index=i)
                if device is None:
                    device = v.get_device()
                words.append(v.data_ptr())
            else:
                words.append(self.pointers[i](v))
            i += 1
        handle = self.handles.get(device)
        if handle is None:
            handle = self.handles[device] = self.kernel._handle(device)
        torch = self.torch
        if stream is None and device is not None:
            s = torch._C._cuda_getCurrentRawStream(device)
        else:
            from ._args import stream_handle
            s = stream_handle(stream, device)
        if device is not None and torch._C._cuda_getDevice() != device:
            with torch.cuda.device(device):
                self.launch_c(handle, grid, self.words_type(*words), self.count, s)
        else:
            self.launch_c(handle, grid, self.words_type(*words), self.count, s)


class _InterpretedLauncher:
    """Runs the emitted kernel on block-run, the CPU interpreter, with NumPy
    arrays or torch CPU tensors, copying what the kernel wrote back."""

    def __init__(self, fn, text, names, arg_types, constexprs):
        self.fn, self.text, self.names, self.types = fn, text, names, arg_types

    def __call__(self, values, grid, stream):
        grid = _grid_of(grid, self.fn)
        run_interpreter(self.fn.__name__, self.text,
                        [(n, v, self.types[n][0]) for n, v in zip(self.names, values)], grid)


def find_block_run() -> str:
    """block-run: $BLOCK_RUN, else beside block-compile, else on PATH."""
    import shutil
    path = os.environ.get(RUN_ENV)
    if not path:
        try:
            compiler = _compile.find_compiler()
            candidate = os.path.join(os.path.dirname(compiler), "block-run")
            path = candidate if os.path.isfile(candidate) else None
        except CompileError:
            path = None
    path = path or shutil.which("block-run")
    if not path or not os.path.isfile(path):
        raise BlockError(f"block-run not found: set {RUN_ENV} to build/bin/block-run (or "
                         f"{_compile.COMPILER_ENV} to block-compile beside it)")
    return path


def _as_numpy(kernel: str, name: str, v):
    """(a NumPy view of the host buffer `v`, a function writing an array
    back into it)."""
    import numpy as np
    if isinstance(v, np.ndarray):
        if not v.flags.c_contiguous:
            raise _refused(kernel, name, "the interpreter takes contiguous arrays")

        def write(out):
            v.reshape(-1).view(out.dtype)[...] = out
        return v.reshape(-1), write
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(v, torch.Tensor):
        if v.is_cuda:
            raise _refused(kernel, name, "the interpreter runs on host memory; pass CPU "
                                         f"tensors (or unset {INTERPRET_ENV})")
        if not v.is_contiguous():
            raise _refused(kernel, name, "the interpreter takes contiguous tensors")
        flat = v.detach().reshape(-1)
        bits = {torch.bfloat16: torch.int16, torch.float8_e4m3fn: torch.uint8,
                torch.float8_e5m2: torch.uint8}.get(v.dtype)
        array = (flat.view(bits) if bits is not None else flat).numpy()

        def write(out):
            array[...] = out.view(array.dtype)
        return array, write
    raise _refused(kernel, name, "the interpreter takes NumPy arrays or torch CPU tensors, "
                                 f"got {type(v).__name__}")


def run_interpreter(kernel_name, text, args, grid, timeout=None):
    """Runs `text`'s kernel on block-run with `args` ((name, value, dtype)
    triples) on `grid`; host buffers are updated in place."""
    import numpy as np
    tool = find_block_run()
    with tempfile.TemporaryDirectory(prefix="block-interpret-") as tmp:
        source = os.path.join(tmp, f"{kernel_name}.mlir")
        with open(source, "w", encoding="utf-8") as f:
            f.write(text)
        command = [tool, source, f"--kernel={kernel_name}",
                   "--grid=" + ",".join(str(int(g)) for g in grid)]
        writers = {}
        for i, (name, value, dtype) in enumerate(args):
            if dtype.is_ptr():
                array, write = _as_numpy(kernel_name, name, value)
                elem = dtype.element_ty
                path = os.path.join(tmp, f"arg{i}.npy")
                data = array
                if array.dtype.kind == "u" and array.dtype.itemsize > 1:
                    data = array.view(array.dtype.str.replace("u", "i"))  # same bits
                elif array.dtype.kind == "u":
                    data = array.view(np.int8)
                if elem.is_bf16():
                    data = array.view(np.dtype("V2"))
                elif elem.is_fp8():
                    data = array.view(np.uint8)
                    _save_npy_descr(path, data, "float8_e4m3fn" if elem == bl.float8e4nv
                                    else "float8_e5m2")
                    data = None
                if data is not None:
                    np.save(path, np.ascontiguousarray(data))
                command.append(f"--arg=ptr:{elem.mlir}:{array.size}:file={path}")
                out = os.path.join(tmp, f"out{i}.npy")
                command.append(f"--out={i}:{out}")
                writers[i] = (out, write)
            else:
                command.append(f"--arg={dtype.mlir}:{_scalar_text(value, dtype)}")
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise BlockError(f"{kernel_name}: the interpreter ran past {timeout} s") from None
        if done.returncode != 0:
            raise BlockError(f"{kernel_name} on the interpreter failed:\n"
                             f"{done.stderr.strip() or done.stdout.strip()}")
        for i, (out, write) in writers.items():
            write(_load_npy_raw(out))


def _scalar_text(value, dtype):
    if dtype.is_bool():
        return "1" if value else "0"
    if dtype.is_floating():
        return repr(float(value))
    return str(int(value))


def _save_npy_descr(path, data, descr):
    """A .npy file of raw bytes with a descr NumPy lacks (fp8)."""
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (descr, data.size)
    header += " " * (63 - (len(header) + 10) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        f.write(data.tobytes())


def _load_npy_raw(path):
    """The data of a .npy file as raw elements (descrs NumPy lacks read as
    bytes of the right width)."""
    import numpy as np
    with open(path, "rb") as f:
        raw = f.read()
    length = struct.unpack("<H", raw[8:10])[0]
    header = raw[10:10 + length].decode("latin1")
    body = raw[10 + length:]
    descr = ast.literal_eval(header)["descr"]
    width = {"bfloat16": "<u2", "float8_e4m3fn": "|u1", "float8_e5m2": "|u1",
             "<V2": "<u2", "|V2": "<u2"}.get(descr, descr)
    return np.frombuffer(body, dtype=np.dtype(width))
