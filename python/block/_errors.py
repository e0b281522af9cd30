"""The exceptions of the package. Each carries, as attributes, what its
message says (the kernel, the parameter, the compiler's diagnostics, the
manifest's field), so that a caller need not parse the text; the messages
are the same as without them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, List, Optional, Tuple


@dataclass(frozen=True)
class Diagnostic:
    """One diagnostic of block-compile, block-run or the front end, as they
    print it: `file:line:column: severity: message`. `line` and `column` are
    1-based; a diagnostic without a location (`block-compile: error: ...`)
    has file "" and line and column 0. `severity` is "error", "warning",
    "note" or "remark"."""
    file: str
    line: int
    column: int
    severity: str
    message: str

    def __str__(self) -> str:
        if not self.file:
            return f"{self.severity}: {self.message}"
        return f"{self.file}:{self.line}:{self.column}: {self.severity}: {self.message}"


_LOCATED = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<column>\d+): "
                      r"(?P<severity>error|warning|note|remark): (?P<message>.*)$")
_UNLOCATED = re.compile(r"^[\w.+-]+: (?P<severity>error|warning): (?P<message>.*)$")


def parse_diagnostics(text: str) -> List[Diagnostic]:
    """The diagnostics in a compiler's output, in order. Lines that are none
    (the source line and caret MLIR prints under one) are passed over."""
    found = []
    for line in text.splitlines():
        match = _LOCATED.match(line)
        if match:
            found.append(Diagnostic(match["file"], int(match["line"]), int(match["column"]),
                                    match["severity"], match["message"]))
            continue
        match = _UNLOCATED.match(line)
        if match:
            found.append(Diagnostic("", 0, 0, match["severity"], match["message"]))
    return found


class BlockError(RuntimeError):
    """A failure or refusal reported by the Block runtime or compiler; the
    message is theirs, e.g. "launch of 'vector_add' refused: argument 3
    ('n', i32) value 1000 is not divisible by 16, as the kernel was compiled
    to assume"."""


class ManifestError(BlockError):
    """A bundle's manifest that cannot be read or is not one: `path` is the
    manifest (or the bundle directory that has none), `field` the JSON path
    of the field at fault (e.g. "kernels[0].parameters[3].type"), None where
    the file as a whole is (unreadable, not JSON)."""

    def __init__(self, message: str, *, path: str, field: Optional[str] = None):
        super().__init__(message)
        self.path = path
        self.field = field


class ArgumentError(BlockError, TypeError):
    """A launch argument the kernel cannot take, found before the runtime is
    called: a tensor of the wrong element type or in host memory, a number
    for a pointer, a value outside its type. Worded like the runtime's
    refusals.

    `kernel` is the kernel's name; `name` the parameter at fault (the first
    where several are), None where the error is about the call as a whole
    (the grid, the count of arguments); `index` that parameter's index in
    the compiled kernel (as the runtime numbers them: a @block.jit kernel's
    constexprs are not parameters), None where it has none yet (a
    @block.jit call refused before a kernel is compiled for it) or the
    kernel has no such parameter."""

    def __init__(self, message: str, *, kernel: Optional[str] = None,
                 name: Optional[str] = None, index: Optional[int] = None):
        super().__init__(message)
        self.kernel = kernel
        self.name = name
        self.index = index


class CompileError(BlockError):
    """block-compile failed, or could not run; the message holds its
    diagnostics, and `diagnostics` the same parsed (empty where the failure
    is not the compiler's report, e.g. block-compile not found). `kernel` is
    the @block.jit kernel being compiled (None for `block.compile`, whose
    module may hold several)."""

    def __init__(self, message: str, *, kernel: Optional[str] = None,
                 diagnostics: Iterable[Diagnostic] = ()):
        super().__init__(message)
        self.kernel = kernel
        self.diagnostics: Tuple[Diagnostic, ...] = tuple(diagnostics)
