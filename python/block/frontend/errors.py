"""Errors of the front end, at the user's Python line."""

from __future__ import annotations

from .._errors import CompileError


class FrontendError(Exception):
    """Raised inside the front end; the code generator adds the location and
    turns it into a CompilationError."""


class CompilationError(CompileError):
    """A kernel the front end cannot emit: the message names the file, line
    and column, with the source line and a caret, as the compiler's own
    diagnostics do; `filename`, `lineno` and `offset` (1-based) say where."""

    def __init__(self, message: str, filename: str = "<unknown>", lineno: int = 0,
                 col: int = 0, source_line: str = ""):
        text = f"{filename}:{lineno}:{col + 1}: error: {message}"
        if source_line:
            stripped = source_line.rstrip("\n")
            text += f"\n{stripped}\n{' ' * col}^"
        CompileError.__init__(self, text)
        self.msg = message
        self.filename, self.lineno, self.offset = filename, lineno, col + 1
        self.text = source_line
        self.args = (text,)

    def __str__(self):
        return self.args[0]
