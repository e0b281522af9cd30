"""Errors of the front end, at the user's Python line."""

from __future__ import annotations

from typing import Optional

from .._errors import CompileError, Diagnostic


class FrontendError(Exception):
    """Raised inside the front end; the code generator adds the location and
    turns it into a CompilationError."""


class CompilationError(CompileError):
    """A kernel the front end cannot emit: the message names the file, line
    and column, with the source line and a caret, as the compiler's own
    diagnostics do. As SyntaxError, it has `filename`, `lineno`, `offset`
    (the 1-based column), `msg` (the message alone) and `text` (the source
    line); `col` is `offset`, and `diagnostics` holds the one Diagnostic.
    `col_offset` is 0-based, as the ast module numbers columns."""

    def __init__(self, message: str, filename: str = "<unknown>", lineno: int = 0,
                 col_offset: int = 0, source_line: str = "", *,
                 kernel: Optional[str] = None):
        diagnostic = Diagnostic(filename, lineno, col_offset + 1, "error", message)
        text = str(diagnostic)
        if source_line:
            stripped = source_line.rstrip("\n")
            text += f"\n{stripped}\n{' ' * col_offset}^"
        CompileError.__init__(self, text, kernel=kernel, diagnostics=[diagnostic])
        self.msg = message
        self.filename, self.lineno, self.offset = filename, lineno, col_offset + 1
        self.col = self.offset
        self.text = source_line
        self.args = (text,)

    def __str__(self) -> str:
        return str(self.args[0])
