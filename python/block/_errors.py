"""The exceptions of the package."""


class BlockError(RuntimeError):
    """A failure or refusal reported by the Block runtime or compiler; the
    message is theirs, e.g. "launch of 'vector_add' refused: argument 3
    ('n', i32) value 1000 is not divisible by 16, as the kernel was compiled
    to assume"."""


class ArgumentError(BlockError, TypeError):
    """A launch argument the kernel cannot take, found before the runtime is
    called: a tensor of the wrong element type or in host memory, a number
    for a pointer, a value outside its type. Worded like the runtime's
    refusals."""


class CompileError(BlockError):
    """block-compile failed; the message holds its diagnostics."""
