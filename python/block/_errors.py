"""The exceptions of the package."""

from __future__ import annotations

from typing import Optional


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
    refusals."""


class CompileError(BlockError):
    """block-compile failed; the message holds its diagnostics."""
