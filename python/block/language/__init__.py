"""block.language (imported as `bl`): the language of @block.jit kernels,
with triton.language's names and signatures for what it covers, so that
porting a Triton kernel is changing its imports."""

from .core import *  # noqa: F401,F403
