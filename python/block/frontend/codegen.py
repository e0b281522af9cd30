"""The code generator: walks a @block.jit function's Python AST and writes
block-dialect text, one op per operation, each at its Python location.

Python values (ints, floats, dtypes, constexprs) are folded here; tensors are
SSA values. `for` over `range`/`bl.range` becomes scf.for and `while`
scf.while, with the names the body assigns that were bound before the loop
as loop-carried values; `if` on a constexpr is decided here, on a run-time
condition it becomes scf.if yielding the names either branch assigns. Calls
of other @block.jit functions are inlined, their ops at call-site
locations."""

from __future__ import annotations

import ast
import builtins
import types
from typing import Any, Dict, List, Optional

from .._errors import BlockError
from ..language import core as bl
from .emitter import Emitter, Handle, escape
from .errors import CompilationError, FrontendError
from .semantic import Semantic, is_value

_BINOPS = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "truediv",
           ast.FloorDiv: "floordiv", ast.Mod: "mod", ast.BitAnd: "and", ast.BitOr: "or",
           ast.BitXor: "xor", ast.LShift: "lshift", ast.RShift: "rshift", ast.Pow: "pow"}
_CMPOPS = {ast.Lt: "lt", ast.LtE: "le", ast.Gt: "gt", ast.GtE: "ge", ast.Eq: "eq",
           ast.NotEq: "ne"}
_UNARY = {ast.USub: "neg", ast.UAdd: "pos", ast.Invert: "invert", ast.Not: "not"}

#: Python builtins a kernel may call on constexpr values.
_PY_BUILTINS = {name: getattr(builtins, name) for name in (
    "min", "max", "len", "int", "float", "bool", "abs", "isinstance", "tuple", "list",
    "enumerate", "zip", "getattr", "hasattr", "str", "round", "divmod", "sum", "all",
    "any", "reversed", "sorted", "type")}
_ALLOWED_PY = {"range": builtins.range, "print": builtins.print, "None": None,
               "True": True, "False": False}


def stored_names(nodes) -> List[str]:
    """The names a list of statements assigns (in order, once each)."""
    seen: Dict[str, None] = {}
    for stmt in nodes:
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                seen.setdefault(node.id, None)
    return list(seen)


def _is_python_number(v) -> bool:
    return isinstance(v, (builtins.bool, builtins.int, builtins.float))


class CodeGenerator(ast.NodeVisitor):
    """Emits one function body: the kernel's, or an inlined helper's (then
    `caller` is the call site's location and the helper's ops carry
    callsite locations)."""

    def __init__(self, fn, emitter: Emitter, sem: Semantic, scope: Dict[str, Any],
                 caller: Optional[str] = None, stack=()):
        self.fn = fn
        self.e = emitter
        self.sem = sem
        self.scope = scope
        self.caller = caller
        self.stack = tuple(stack) + (fn,)
        self.ret = None
        self.has_returned = False
        self.in_control_flow = 0
        self.loop_depth = 0
        self.node = None

    # -- locations and errors ------------------------------------------------

    def raw_loc(self, node) -> str:
        line, col = self.fn.position(node)
        own = f'"{escape(self.fn.filename)}":{line}:{col + 1}'
        return own if self.caller is None else f"callsite({own} at {self.caller})"

    def error_at(self, node, message) -> CompilationError:
        line, col = self.fn.position(node)
        return CompilationError(message, self.fn.filename, line, col, self.fn.source_line(line),
                                kernel=self.stack[0].__name__)

    def visit(self, node):
        previous, previous_loc = self.node, self.sem.loc
        if hasattr(node, "lineno"):
            self.node = node
            self.sem.loc = f"loc({self.raw_loc(node)})"
            self.sem.codegen = self
        try:
            return super().visit(node)
        except (FrontendError, BlockError) as e:
            if isinstance(e, CompilationError):
                raise
            raise self.error_at(node, str(e)) from None
        except RecursionError:
            raise self.error_at(node, "the kernel nests too deeply") from None
        except Exception as e:  # a defect of the front end: still at the user's line
            raise self.error_at(node, f"internal error of the front end "
                                      f"({type(e).__name__}: {e})") from e
        finally:
            self.node, self.sem.loc = previous, previous_loc

    def generic_visit(self, node):
        raise FrontendError(f"{type(node).__name__} is not supported in a kernel")

    # -- statements -------------------------------------------------------

    def visit_body(self, stmts):
        for i, stmt in enumerate(stmts):
            if self.has_returned:
                return
            if isinstance(stmt, ast.If) and not self.loop_depth and \
                    (_returns(stmt.body) or _returns(stmt.orelse)):
                # An early return (Triton allows it outside loops): what
                # follows the if runs in the branch that does not return.
                rest = stmts[i + 1:]
                branch = ast.If(test=stmt.test,
                                body=_strip_return(stmt.body, rest),
                                orelse=_strip_return(stmt.orelse, rest))
                self.visit(ast.copy_location(branch, stmt))
                self.has_returned = True
                return
            self.visit(stmt)

    def visit_FunctionDef(self, node):
        self.visit_body(node.body)

    def visit_Return(self, node):
        if self.in_control_flow:
            raise FrontendError("return inside a loop or an if on a run-time condition is "
                                "not supported: assign the result and return it at the end")
        self.ret = self.visit(node.value) if node.value is not None else None
        self.has_returned = True

    def visit_Pass(self, node):
        pass

    def visit_Expr(self, node):
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return  # a docstring
        self.visit(node.value)

    def visit_Assign(self, node):
        value = self.visit(node.value)
        for target in node.targets:
            self.assign(target, value)

    def visit_AnnAssign(self, node):
        if node.value is None:
            return
        value = self.visit(node.value)
        annotation = self.visit(node.annotation)
        if annotation is bl.constexpr:
            if is_value(value):
                raise FrontendError(f"'{ast.unparse(node.target)}' is annotated constexpr "
                                    f"but its value is only known at run time")
            value = bl.constexpr(value).value
        self.assign(node.target, value)

    def visit_AugAssign(self, node):
        if not isinstance(node.target, ast.Name):
            raise FrontendError("augmented assignment to anything but a name is not supported")
        current = self.lookup(node.target.id, node.target)
        rhs = self.visit(node.value)
        op = _BINOPS.get(type(node.op))
        if op is None:
            raise FrontendError(f"operator {type(node.op).__name__} is not supported")
        self.assign(node.target, self.sem.binary(op, current, rhs))

    def assign(self, target, value):
        if isinstance(target, ast.Name):
            if isinstance(value, bl.constexpr):
                value = value.value
            if is_value(value) and isinstance(value.handle, Handle) and \
                    value.handle not in self.e.named:
                value.handle.hint = self.e.value(target.id).hint
                self.e.named.add(value.handle)
            self.scope[target.id] = value
            return
        if isinstance(target, (ast.Tuple, ast.List)):
            if not isinstance(value, (tuple, list)):
                raise FrontendError(f"cannot unpack {_describe(value)} into "
                                    f"{len(target.elts)} names")
            if len(value) != len(target.elts):
                raise FrontendError(f"cannot unpack {len(value)} values into "
                                    f"{len(target.elts)} names")
            for t, v in zip(target.elts, value):
                self.assign(t, v)
            return
        raise FrontendError(f"assignment to {type(target).__name__} is not supported "
                            f"(tensors are values: store through a pointer with bl.store)")

    def visit_Assert(self, node):
        cond = self.visit(node.test)
        msg = self.visit(node.msg) if node.msg is not None else ast.unparse(node.test)
        if is_value(cond):
            self.sem.device_assert(cond, msg)
        elif not cond:
            raise FrontendError(f"assertion failed: {msg}")

    def visit_Break(self, node):
        raise FrontendError("break is not supported in a kernel (as in Triton): put the "
                            "condition in a while loop's test")

    visit_Continue = visit_Break

    def unsupported_statement(self, node):
        raise FrontendError(f"'{type(node).__name__}' statements are not supported in a kernel")

    visit_With = visit_Try = visit_Raise = visit_Delete = visit_Global = \
        visit_Nonlocal = visit_Import = visit_ImportFrom = visit_ClassDef = \
        visit_AsyncFunctionDef = visit_AsyncFor = visit_AsyncWith = unsupported_statement

    # -- control flow -------------------------------------------------------

    def capture(self, body_fn):
        """Runs `body_fn` with its lines one level deeper and cut out of the
        text; returns them."""
        mark = self.e.checkpoint()
        self.e.depth += 1
        self.in_control_flow += 1
        try:
            body_fn()
        finally:
            self.e.depth -= 1
            self.in_control_flow -= 1
        lines = self.e.lines[mark:]
        del self.e.lines[mark:]
        return lines

    def emit_in(self, lines, fn):
        """Runs `fn` with its output appended to the captured `lines`."""
        mark = self.e.checkpoint()
        self.e.depth += 1
        try:
            result = fn()
        finally:
            self.e.depth -= 1
        lines.extend(self.e.lines[mark:])
        del self.e.lines[mark:]
        return result

    def visit_If(self, node):
        cond = self.visit(node.test)
        if not is_value(cond):
            self.visit_body(node.body if cond else node.orelse)
            return
        cond = self.scalar_condition(cond)
        loc = self.sem.loc
        before = dict(self.scope)

        def branch(stmts):
            self.scope = dict(before)
            lines = self.capture(lambda: self.visit_body(stmts))
            return lines, self.scope

        then_lines, then_scope = branch(node.body)
        else_lines, else_scope = branch(node.orelse)
        names, agreed = [], {}
        for name in dict.fromkeys(list(then_scope) + list(else_scope)):
            t, f = then_scope.get(name, _MISSING), else_scope.get(name, _MISSING)
            if t is _MISSING or f is _MISSING or t is f:
                continue
            if not (is_value(t) or is_value(f)) and t == f:
                agreed[name] = t  # one Python value in both branches
                continue
            names.append(name)
        self.scope = dict(before)
        self.scope.update(agreed)
        results, types_ = [], []
        then_vals, else_vals = [], []
        for name in names:
            t, f = then_scope[name], else_scope[name]
            ty = t.type if is_value(t) else f.type if is_value(f) else None
            if ty is None:
                ty = self.sem.python_type(t)
            t = self.emit_in(then_lines, lambda v=t: self.sem.to_value(v, ty.scalar))
            f = self.emit_in(else_lines, lambda v=f: self.sem.to_value(v, ty.scalar))
            if not isinstance(t, bl.tensor) or not isinstance(f, bl.tensor):
                raise FrontendError(f"'{name}' is not a value in both branches")
            if t.type != f.type:
                raise FrontendError(f"'{name}' has type {t.type!r} in one branch and "
                                    f"{f.type!r} in the other")
            then_vals.append(t)
            else_vals.append(f)
            types_.append(t.type)
            results.append(self.e.value(name))
        tys = ", ".join(t.to_ir() for t in types_)
        head = []
        for i, r in enumerate(results):
            head += ([", "] if i else []) + [r]
        head += [" = "] if results else []
        self.e.line(*head, "scf.if ", cond, f" -> ({tys}) {{" if results else " {")
        self.e.lines.extend(then_lines)
        if results:
            self.yield_line(then_vals, loc)
        if else_lines or results:
            self.e.line("} else {")
            self.e.lines.extend(else_lines)
            if results:
                self.yield_line(else_vals, loc)
        self.e.line("} ", loc)
        for name, r, ty in zip(names, results, types_):
            self.scope[name] = bl.tensor(r, ty)
            self.e.named.add(r)

    def yield_line(self, values, loc, op="scf.yield"):
        parts = [op, " "]
        for i, v in enumerate(values):
            parts += ([", "] if i else []) + [v]
        parts.append(" : " + ", ".join(v.type.to_ir() for v in values))
        self.e.depth += 1
        self.e.line(*parts, " ", loc)
        self.e.depth -= 1

    def scalar_condition(self, cond):
        if cond.type.is_block():
            raise FrontendError("the condition is a tensor: `if` needs a scalar (reduce it, "
                                "or use bl.where)")
        return self.sem.cast(cond, bl.int1)

    def visit_IfExp(self, node):
        cond = self.visit(node.test)
        if not is_value(cond):
            return self.visit(node.body if cond else node.orelse)
        return self.sem.where(cond, self.visit(node.body), self.visit(node.orelse))

    def visit_For(self, node):
        if node.orelse:
            raise FrontendError("for ... else is not supported")
        it = node.iter
        iterable = None
        if isinstance(it, ast.Call):
            func = self.visit(it.func)
            if func is builtins.range or func is bl.range or func is bl.static_range:
                args = [self.visit(a) for a in it.args]
                kwargs = {k.arg: self.visit(k.value) for k in it.keywords}
                try:
                    iterable = (bl.range if func is builtins.range else func)(*args, **kwargs)
                except TypeError as e:
                    raise FrontendError(f"{func.__name__}(...): {e}") from None
            else:
                iterable = self.call(func, it)
        else:
            iterable = self.visit(it)
        if isinstance(iterable, bl.range) and all(
                not is_value(v) for v in (iterable.start, iterable.end, iterable.step)) and \
                isinstance(iterable, bl.static_range):
            iterable = list(iterable)
        if isinstance(iterable, bl.static_range) or isinstance(iterable, (tuple, list)):
            for value in iterable:
                if self.has_returned:
                    break
                self.assign(node.target, value)
                self.visit_body(node.body)
            return
        if not isinstance(iterable, bl.range):
            raise FrontendError(f"a kernel loops over range, bl.range or bl.static_range, "
                                f"or a constexpr tuple; got {_describe(iterable)}")
        if not isinstance(node.target, ast.Name):
            raise FrontendError("the loop variable must be a name")
        self.emit_for(node, iterable)

    def loop_carried(self, body, extra=()):
        return [n for n in stored_names(body) if n in self.scope and
                (is_value(self.scope[n]) or n in extra)]

    def emit_for(self, node, rng):
        loc = self.sem.loc
        start, end, step = (bl._unwrap(v) for v in (rng.start, rng.end, rng.step))
        if not is_value(step) and step <= 0:
            raise FrontendError(f"a loop's step must be positive, got {step}")
        wide = builtins.any(is_value(v) and v.dtype.primitive_bitwidth == 64
                            for v in (start, end, step))
        ity = bl.int64 if wide else bl.int32
        bounds = []
        for v in (start, end, step):
            v = self.sem.to_value(v, ity)
            if v.type.is_block() or not v.dtype.is_int():
                raise FrontendError(f"a loop bound must be an integer scalar, got {v.type!r}")
            bounds.append(self.sem.cast(v, ity))
        promoted = set()
        while True:
            carried = self.loop_carried(node.body, promoted)
            for n in carried:
                if not is_value(self.scope[n]):
                    self.scope[n] = self.sem.to_value(self.scope[n])
            before = dict(self.scope)
            inits = [self.scope[n] for n in carried]
            args = [self.e.value(n) for n in carried]
            iv = self.e.value(node.target.id)
            for n, a, init in zip(carried, args, inits):
                self.scope[n] = bl.tensor(a, init.type)
                self.e.named.add(a)
            self.scope[node.target.id] = bl.tensor(iv, ity)
            self.e.named.add(iv)
            self.loop_depth += 1
            try:
                lines = self.capture(lambda: self.visit_body(node.body))
            finally:
                self.loop_depth -= 1
            after = dict(self.scope)
            self.scope = before
            late = [n for n in stored_names(node.body) if n in before and n not in carried
                    and is_value(after.get(n)) and not is_value(before[n])]
            if not late:
                break
            promoted.update(late)  # a Python number the body makes a value: carry it
        ends = self.loop_ends(carried, inits, after, lines)
        results = [self.e.value(n) for n in carried]
        head = []
        for i, r in enumerate(results):
            head += ([", "] if i else []) + [r]
        head += [" = "] if results else []
        head += ["scf.for ", iv, " = ", bounds[0], " to ", bounds[1], " step ", bounds[2]]
        if carried:
            head.append(" iter_args(")
            for i, (a, init) in enumerate(zip(args, inits)):
                head += ([", "] if i else []) + [a, " = ", init]
            head.append(") -> (" + ", ".join(i.type.to_ir() for i in inits) + ")")
        head.append(f" : {ity.mlir} {{")
        self.e.line(*head)
        self.e.lines.extend(lines)
        if carried:
            self.yield_line(ends, loc)
        attrs = []
        if rng.num_stages is not None:
            attrs.append(f"block.num_stages = {builtins.int(rng.num_stages)} : i32")
        if rng.warp_specialize:
            attrs.append("block.warp_specialize = true")
        self.e.line("}", f" {{{', '.join(attrs)}}}" if attrs else "", " ", loc)
        for n, r, init in zip(carried, results, inits):
            self.scope[n] = bl.tensor(r, init.type)
            self.e.named.add(r)

    def loop_ends(self, carried, inits, after, lines):
        """The values the loop body yields for the `carried` names (a Python
        number made a value of the name's type, in the body's `lines`); a
        type that changed across the loop is an error."""
        ends = []
        for n, init in zip(carried, inits):
            v = after[n]
            if not is_value(v):
                v = self.emit_in(lines, lambda v=v: self.sem.to_value(v, init.type.scalar))
                if v.type != init.type:
                    v = self.emit_in(lines, lambda v=v: self.sem.broadcast_to(v, init.shape))
            if v.type != init.type:
                raise FrontendError(f"'{n}' changes type in the loop: {init.type!r} before, "
                                    f"{v.type!r} at the end of the body (initialise it with "
                                    f"the type it will have)")
            ends.append(v)
        return ends

    def visit_While(self, node):
        if node.orelse:
            raise FrontendError("while ... else is not supported")
        loc = self.sem.loc
        # Numbers the body reassigns are carried too: the condition may read them.
        carried = [n for n in stored_names(node.body) if n in self.scope and
                   (is_value(self.scope[n]) or _is_python_number(self.scope[n]))]
        for n in carried:
            self.scope[n] = self.sem.to_value(self.scope[n])
        before = dict(self.scope)
        inits = [self.scope[n] for n in carried]
        cond_args = [self.e.value(n) for n in carried]
        body_args = [self.e.value(n) for n in carried]
        for n, a, init in zip(carried, cond_args, inits):
            self.scope[n] = bl.tensor(a, init.type)
        holder = {}

        def cond_region():
            c = self.visit(node.test)
            if not is_value(c):
                raise FrontendError("a while loop's condition must be known only at run "
                                    "time (a constexpr condition never changes)")
            holder["c"] = self.scalar_condition(c)
        cond_lines = self.capture(cond_region)
        self.scope = dict(before)
        for n, a, init in zip(carried, body_args, inits):
            self.scope[n] = bl.tensor(a, init.type)
        self.loop_depth += 1
        try:
            body_lines = self.capture(lambda: self.visit_body(node.body))
        finally:
            self.loop_depth -= 1
        after = self.scope
        self.scope = before
        ends = self.loop_ends(carried, inits, after, body_lines)
        tys = ", ".join(i.type.to_ir() for i in inits)
        results = [self.e.value(n) for n in carried]
        head = []
        for i, r in enumerate(results):
            head += ([", "] if i else []) + [r]
        head += [" = "] if results else []
        head.append("scf.while (")
        for i, (a, init) in enumerate(zip(cond_args, inits)):
            head += ([", "] if i else []) + [a, " = ", init]
        head.append(f") : ({tys}) -> ({tys}) {{")
        self.e.line(*head)
        self.e.lines.extend(cond_lines)
        self.e.depth += 1
        cparts = ["scf.condition(", holder["c"], ")"]
        for i, a in enumerate(cond_args):
            cparts += [", " if i else " ", a]
        if carried:
            cparts.append(f" : {tys}")
        self.e.line(*cparts, " ", loc)
        self.e.depth -= 1
        self.e.line("} do {")
        bparts = ["^bb0("]
        for i, (a, init) in enumerate(zip(body_args, inits)):
            bparts += ([", "] if i else []) + [a, f": {init.type.to_ir()}"]
        bparts.append("):")
        self.e.line(*bparts)
        self.e.lines.extend(body_lines)
        if carried:
            self.yield_line(ends, loc)
        else:
            self.e.depth += 1
            self.e.line("scf.yield ", loc)
            self.e.depth -= 1
        self.e.line("} ", loc)
        for n, r, init in zip(carried, results, inits):
            self.scope[n] = bl.tensor(r, init.type)
            self.e.named.add(r)

    # -- expressions ----------------------------------------------------------

    def visit_Constant(self, node):
        return node.value

    def visit_Name(self, node):
        return self.lookup(node.id, node)

    def lookup(self, name, node):
        if name in self.scope:
            return self.scope[name]
        return self.fn.resolve_global(name)

    def visit_Tuple(self, node):
        return tuple(self.visit_elements(node.elts))

    def visit_List(self, node):
        return list(self.visit_elements(node.elts))

    def visit_elements(self, elts):
        out = []
        for e in elts:
            if isinstance(e, ast.Starred):
                out.extend(self.visit(e.value))
            else:
                out.append(self.visit(e))
        return out

    def visit_JoinedStr(self, node):
        out = []
        for part in node.values:
            if isinstance(part, ast.Constant):
                out.append(str(part.value))
                continue
            v = self.visit(part.value)
            if is_value(v):
                raise FrontendError("an f-string of a run-time value: pass the value to "
                                    "bl.device_print instead")
            spec = self.visit(part.format_spec) if part.format_spec else ""
            v = bl._unwrap(v)
            if part.conversion == ord("r"):
                v = repr(v)
            elif part.conversion == ord("s"):
                v = str(v)
            out.append(format(v, spec))
        return "".join(out)

    def visit_BinOp(self, node):
        lhs, rhs = self.visit(node.left), self.visit(node.right)
        if isinstance(node.op, ast.MatMult):
            return self.sem.dot(lhs, rhs, None, None, bl.float32)
        op = _BINOPS.get(type(node.op))
        if op is None:
            raise FrontendError(f"operator {type(node.op).__name__} is not supported")
        return self.sem.binary(op, lhs, rhs)

    def visit_UnaryOp(self, node):
        return self.sem.unary(_UNARY[type(node.op)], self.visit(node.operand))

    def visit_BoolOp(self, node):
        op = "and" if isinstance(node.op, ast.And) else "or"
        result = self.visit(node.values[0])
        for value_node in node.values[1:]:
            if not is_value(result):
                # Python's short circuit on a constexpr.
                if (op == "and" and not result) or (op == "or" and result):
                    return result
                result = self.visit(value_node)
                continue
            result = self.sem.logical(op, result, self.visit(value_node))
        return result

    def visit_Compare(self, node):
        left = self.visit(node.left)
        result = None
        for op, right_node in zip(node.ops, node.comparators):
            right = self.visit(right_node)
            if isinstance(op, (ast.Is, ast.IsNot, ast.In, ast.NotIn)):
                if is_value(left) or is_value(right):
                    if isinstance(op, (ast.Is, ast.IsNot)) and (left is None or right is None):
                        r = isinstance(op, ast.IsNot)
                    else:
                        raise FrontendError(f"'{type(op).__name__}' of a run-time value")
                else:
                    l, rr = bl._unwrap(left), bl._unwrap(right)
                    r = {ast.Is: lambda: l is rr, ast.IsNot: lambda: l is not rr,
                         ast.In: lambda: l in rr, ast.NotIn: lambda: l not in rr}[type(op)]()
            else:
                r = self.sem.binary(_CMPOPS[type(op)], left, right)
            result = r if result is None else self.sem.logical("and", result, r) \
                if is_value(result) or is_value(r) else (result and r)
            left = right
        return result

    def visit_Attribute(self, node):
        obj = bl._unwrap(self.visit(node.value))
        if node.attr == "T" and is_value(obj):  # Triton's x.T: the last two dims swapped
            return self.sem.permute(obj, None)
        try:
            return getattr(obj, node.attr)
        except AttributeError:
            raise FrontendError(f"{_describe(obj)} has no attribute '{node.attr}'") from None

    def visit_Subscript(self, node):
        value = bl._unwrap(self.visit(node.value))
        index = node.slice
        if is_value(value):
            items = index.elts if isinstance(index, ast.Tuple) else [index]
            x = value
            axis = 0
            for item in items:
                if isinstance(item, ast.Constant) and item.value is None:
                    x = self.sem.expand_dims(x, axis)
                    axis += 1
                elif isinstance(item, ast.Slice) and item.lower is None and \
                        item.upper is None and item.step is None:
                    axis += 1
                else:
                    raise FrontendError("a tensor is indexed only with ':' and None "
                                        "(x[:, None]); use bl.split or a mask to select")
            if axis > len(x.shape):
                raise FrontendError(f"too many indices for a tensor of shape "
                                    f"{list(value.shape)}")
            return x
        key = self.visit(index)
        if is_value(key):
            raise FrontendError("indexing with a run-time value")
        try:
            return value[bl._unwrap(key)]
        except (IndexError, KeyError, TypeError) as e:
            raise FrontendError(f"{_describe(value)}[{key!r}]: {e}") from None

    def visit_Slice(self, node):
        return slice(*(self.visit(p) if p is not None else None
                       for p in (node.lower, node.upper, node.step)))

    def visit_Call(self, node):
        func = self.visit(node.func)
        return self.call(func, node)

    def call_arguments(self, node):
        args = self.visit_elements(node.args)
        kwargs = {}
        for kw in node.keywords:
            if kw.arg is None:
                kwargs.update(self.visit(kw.value))
            else:
                kwargs[kw.arg] = self.visit(kw.value)
        return args, kwargs

    def call(self, func, node):
        from .._jit import JITFunction  # the jit module imports this one
        args, kwargs = self.call_arguments(node)
        if isinstance(func, JITFunction):
            return self.inline(func, args, kwargs, node)
        if getattr(func, "_block_builtin", False):
            try:
                return func(*args, _semantic=self.sem, **kwargs)
            except TypeError as e:
                if "argument" in str(e):
                    raise FrontendError(f"{getattr(func, '__name__', 'call')}: {e}") from None
                raise
        if func in (bl.range, bl.static_range) or func is builtins.range:
            return (bl.range if func is builtins.range else func)(*args, **kwargs)
        if func is bl.constexpr:
            return bl.constexpr(*args).value
        if isinstance(func, bl.dtype):
            raise FrontendError(f"{func!r}(...): convert with x.to({func!r})")
        if func is builtins.print:
            if any(is_value(a) for a in args):
                raise FrontendError("print of a run-time value: use bl.device_print")
            print(*[bl._unwrap(a) for a in args])
            return None
        if func in (builtins.min, builtins.max) and any(is_value(a) for a in args) \
                and len(args) >= 2 and not kwargs:
            # As in Triton: min/max of values are bl.minimum/bl.maximum.
            result = args[0]
            for a in args[1:]:
                result = self.sem.minmax(func.__name__, result, a, None)
            return result
        if func is builtins.isinstance and len(args) == 2 and not kwargs:
            # A type query, answered at emission (Triton's
            # `isinstance(x, tl.tensor_descriptor)`), run-time values too.
            return isinstance(bl._unwrap(args[0]), bl._unwrap(args[1]))
        if any(func is f for f in _PY_BUILTINS.values()):
            if any(is_value(a) for a in list(args) + list(kwargs.values())):
                name = func.__name__
                hint = {"min": "bl.minimum (element-wise) or bl.min (a reduction)",
                        "max": "bl.maximum (element-wise) or bl.max (a reduction)",
                        "abs": "bl.abs", "sum": "bl.sum", "float": "x.to(bl.float32)",
                        "int": "x.to(bl.int32)", "bool": "x != 0"}.get(name)
                raise FrontendError(f"Python's {name}() of a run-time value"
                                    + (f": use {hint}" if hint else ""))
            return func(*[bl._unwrap(a) for a in args],
                        **{k: bl._unwrap(v) for k, v in kwargs.items()})
        if isinstance(func, type) and func in (bl.pointer_type, bl.block_type):
            return func(*args, **kwargs)
        name = getattr(func, "__name__", type(func).__name__)
        raise FrontendError(f"'{name}' cannot be called inside a kernel: decorate it with "
                            f"@block.jit, or compute it outside and pass it in")

    def inline(self, callee, args, kwargs, node):
        if callee in self.stack:
            raise FrontendError(f"'{callee.__name__}' calls itself: recursion is not "
                                f"supported in kernels")
        scope = _bind_helper(callee, args, kwargs)
        gen = CodeGenerator(callee, self.e, self.sem, scope, caller=self.raw_loc(node),
                            stack=self.stack)
        saved = self.sem.loc
        try:
            gen.visit(callee.parse().body[0])
        finally:
            self.sem.loc = saved
            self.sem.codegen = self
        return gen.ret

    def visit_Lambda(self, node):
        raise FrontendError("lambdas are not supported in a kernel: write a @block.jit "
                            "function")

    def visit_NamedExpr(self, node):
        value = self.visit(node.value)
        self.assign(node.target, value)
        return value

    # -- combiners ------------------------------------------------------------

    def combine(self, kind, inputs, axis, combine_fn, keep_dims=False, reverse=False):
        """block.reduce / block.scan of `inputs` with a region that inlines
        `combine_fn` on scalars."""
        from .._jit import JITFunction
        if not isinstance(combine_fn, JITFunction):
            raise FrontendError(f"the combine_fn of bl.{kind} must be a @block.jit function")
        single = not isinstance(inputs, (tuple, list))
        xs = [self.sem.to_value(x) for x in ([inputs] if single else inputs)]
        if not xs or any(x.shape != xs[0].shape for x in xs):
            raise FrontendError(f"bl.{kind}'s inputs must be tensors of one shape")
        shape = xs[0].shape
        if kind == "reduce" and axis is None:
            xs = [self.sem.reshape(x, (x.numel,)) for x in xs]
            ax = 0
        else:
            ax = axis + len(shape) if axis < 0 else axis
            if not 0 <= ax < len(shape):
                raise FrontendError(f"axis {axis} of a rank-{len(shape)} tensor")
        loc = self.sem.loc
        scalars = [x.dtype for x in xs]
        lhs = [self.e.value("a") for _ in xs]
        rhs = [self.e.value("b") for _ in xs]
        holder = {}

        def region():
            a = [bl.tensor(h, t) for h, t in zip(lhs, scalars)]
            b = [bl.tensor(h, t) for h, t in zip(rhs, scalars)]
            out = self.inline(combine_fn, a + b, {}, self.node)
            out = list(out) if isinstance(out, (tuple, list)) else [out]
            if len(out) != len(xs):
                raise FrontendError(f"combine_fn returns {len(out)} values for "
                                    f"{len(xs)} inputs")
            holder["out"] = [self.sem.cast(o, t) for o, t in zip(out, scalars)]
        lines = self.capture(region)
        if kind == "reduce":
            rtys = [self.sem.reduced_type(x, ax, x.dtype) for x in xs]
        else:
            rtys = [x.type for x in xs]
        results = [self.e.value(kind) for _ in xs]
        head = []
        for i, r in enumerate(results):
            head += ([", "] if i else []) + [r]
        head.append(f" = block.{kind} ")
        for i, x in enumerate(xs):
            head += ([", "] if i else []) + [x]
        in_tys = ", ".join(x.type.to_ir() for x in xs)
        out_tys = ", ".join(t.to_ir() for t in rtys)
        if len(xs) > 1:
            out_tys = f"({out_tys})"
        rev = " reverse" if reverse else ""
        head.append(f" axis = {ax}{rev} : ({in_tys}) -> {out_tys} {{")
        self.e.line(*head)
        bb = ["^bb0("]
        for i, (h, t) in enumerate(list(zip(lhs, scalars)) + list(zip(rhs, scalars))):
            bb += ([", "] if i else []) + [h, f": {t.mlir}"]
        bb.append("):")
        self.e.line(*bb)
        self.e.lines.extend(lines)
        self.yield_line(holder["out"], loc, op="block.yield")
        self.e.line("} ", loc)
        outs = [bl.tensor(r, t) for r, t in zip(results, rtys)]
        if kind == "reduce" and keep_dims:
            outs = [self.sem.keep(o, shape, ax, True, axis is None) for o in outs]
        return outs[0] if single else tuple(outs)


_MISSING = object()


def _returns(stmts) -> bool:
    """Whether `stmts` end with a `return` of nothing."""
    return bool(stmts) and isinstance(stmts[-1], ast.Return) and stmts[-1].value is None


def _strip_return(stmts, rest):
    """A branch that returns loses its return; one that does not runs `rest`
    after it."""
    return list(stmts[:-1]) if _returns(stmts) else list(stmts) + list(rest)


def _bind_helper(callee, args, kwargs):
    """The scope of an inlined call. As in Triton, a helper's constexpr
    parameter given a run-time value (the tutorials' `offs_m: tl.constexpr`)
    takes the value; constexpr values are unwrapped."""
    try:
        bound = callee.signature.bind(*args, **kwargs)
    except TypeError as e:
        raise FrontendError(f"call of '{callee.__name__}': {e}") from None
    bound.apply_defaults()
    scope = dict(bound.arguments)
    for name in callee.constexprs:
        if not is_value(scope.get(name)):
            scope[name] = bl._unwrap(scope[name])
    return scope


def _describe(v) -> str:
    if is_value(v):
        return f"a tensor of type {v.type!r}"
    if isinstance(v, types.ModuleType):
        return f"module '{v.__name__}'"
    return f"{type(v).__name__} {v!r}" if not callable(v) else \
        f"'{getattr(v, '__name__', v)}'"
