"""Block-dialect text: lines of an op each, SSA values named after the
Python names they are bound to where there is one.

A line is a list of strings and Handles; names are given when the text is
rendered, so that an assignment can still rename the value it binds (`x =
a + b` names the addition's result `%x`)."""

from __future__ import annotations

import re
from typing import Dict, List, Set, Union


class Handle:
    """An SSA value of the emitted text, named when rendered."""

    __slots__ = ("hint",)

    def __init__(self, hint: str):
        self.hint = hint

    def __repr__(self):
        return f"%{self.hint}?"


Part = Union[str, Handle]
_UNSAFE = re.compile(r"[^A-Za-z0-9_]")


class Emitter:
    """The body of one kernel: indented lines of parts."""

    def __init__(self):
        self.lines: List[tuple] = []
        self.depth = 1
        # Values an assignment has named: a later assignment aliases them.
        self.named: Set[Handle] = set()

    def value(self, hint: str = "v") -> Handle:
        hint = _UNSAFE.sub("_", hint) or "v"
        if hint[0].isdigit():
            hint = "v" + hint
        return Handle(hint)

    def line(self, *parts) -> None:
        flat = []
        for part in parts:
            handle = getattr(part, "handle", part)
            flat.append(handle if isinstance(handle, Handle) else str(handle))
        self.lines.append((self.depth, flat))

    def checkpoint(self) -> int:
        return len(self.lines)

    def render(self) -> str:
        names: Dict[int, str] = {}
        used = set()
        out = []
        for depth, parts in self.lines:
            text = []
            for part in parts:
                if isinstance(part, Handle):
                    name = names.get(id(part))
                    if name is None:
                        name, n = part.hint, 0
                        while name in used:
                            n += 1
                            name = f"{part.hint}_{n}"
                        used.add(name)
                        names[id(part)] = name
                    text.append("%" + name)
                else:
                    text.append(part)
            out.append("  " * depth + "".join(text))
        return "\n".join(out)


def escape(text: str) -> str:
    """`text` inside an MLIR string literal."""
    return text.replace("\\", "\\\\").replace('"', '\\"')


def float_literal(value: float, mlir_type: str) -> str:
    """`value` as an MLIR float literal of `mlir_type`: decimal when finite
    (always with a point), the type's bit pattern for infinities and NaN."""
    import math
    if math.isnan(value) or math.isinf(value):
        patterns = {
            "f16": (0x7C00, 0xFC00, 0x7E00), "bf16": (0x7F80, 0xFF80, 0x7FC0),
            "f32": (0x7F800000, 0xFF800000, 0x7FC00000),
            "f64": (0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000),
            "f8E5M2": (0x7C, 0xFC, 0x7E), "f8E4M3FN": (None, None, 0x7F),
        }
        inf, ninf, nan = patterns[mlir_type]
        bits = nan if math.isnan(value) else (inf if value > 0 else ninf)
        if bits is None:
            raise ValueError(f"{mlir_type} has no infinity")
        return f"0x{bits:X}"
    text = repr(float(value))
    mantissa, _, exponent = text.partition("e")
    if "." not in mantissa:
        mantissa += ".0"
    return mantissa + ("e" + exponent if exponent else "")
