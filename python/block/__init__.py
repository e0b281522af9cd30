"""Call Block kernels from Python: load a bundle that block-compile wrote (or
compile one, cached), and launch its kernels on torch tensors, CuPy arrays or
anything with __cuda_array_interface__ or DLPack.

    import block, torch
    kernels = block.compile("examples/vector_add.mlir")    # or block.load(dir)
    x, y = torch.randn(4096, device="cuda"), torch.randn(4096, device="cuda")
    out = torch.empty_like(x)
    kernels["vector_add"][block.cdiv(4096, 1024),](x, y, out, 4096)

Launches go on torch's current stream unless given `stream=`; every launch is
checked against the manifest (element types here, alignment, divisibility and
the grid by the runtime), and refusals raise BlockError with the runtime's
message (the exceptions carry their kernel, parameter or diagnostics as
attributes). The runtime library is libBlockRuntimeC.so ($BLOCK_RUNTIME_LIBRARY),
block-compile is found through $BLOCK_COMPILE or PATH, and compiled bundles
are cached in $BLOCK_CACHE_DIR (default ~/.block/cache).
"""

from ._bundle import Bundle, Kernel, cdiv
from ._compile import cache_dir, compile
from ._errors import ArgumentError, BlockError, CompileError, Diagnostic, ManifestError
from ._manifest import KernelEntry, Manifest, Parameter
from ._runtime import Runtime
from . import language
from .frontend.errors import CompilationError
from ._jit import JITFunction, jit
from ._autotune import Autotuner, Config, autotune

__version__ = "0.1.0"  # cmake/BlockVersion.cmake's (test_install checks)
__all__ = ["ArgumentError", "Autotuner", "BlockError", "Config", "Bundle", "CompilationError", "CompileError",
           "Diagnostic", "JITFunction", "Kernel", "KernelEntry", "Manifest", "ManifestError",
           "Parameter", "Runtime", "autotune", "cache_dir", "cdiv", "compile", "jit", "language",
           "load"]


def load(path):
    """The bundle at `path`: a directory block-compile wrote, or its
    manifest .json. The manifest is read now; the code goes onto the GPU at
    the first launch."""
    return Bundle(path)
