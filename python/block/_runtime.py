"""The runtime's C library (runtime/include/block/Runtime/CApi.h) through ctypes.

The library, libBlockRuntimeC.so, is built by runtime/ (as
<build>/runtime/libBlockRuntimeC.so in the whole project, <build>/ alone) and
installed into <prefix>/lib by `cmake --install`. It opens the CUDA driver
only when a bundle is loaded, so it loads, and checks launches, on machines
without one.
"""

import ctypes
import os

from ._errors import BlockError

#: The environment variable naming the library to use.
LIBRARY_ENV = "BLOCK_RUNTIME_LIBRARY"
_LIBRARY_NAME = "libBlockRuntimeC.so"


def _candidates():
    """Where the library is looked for, in order: $BLOCK_RUNTIME_LIBRARY,
    next to this package (a copy placed there), then the dynamic loader's
    search path (LD_LIBRARY_PATH, the system directories)."""
    explicit = os.environ.get(LIBRARY_ENV)
    if explicit:
        return [explicit]
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), _LIBRARY_NAME)
    return [here, _LIBRARY_NAME] if os.path.exists(here) else [_LIBRARY_NAME]


class Runtime:
    """The C library, loaded once; `library` is its path (default: found as
    `_candidates` says). Most code uses `block.load`, which loads bundles
    through the default Runtime."""

    def __init__(self, library=None):
        paths = [os.fspath(library)] if library is not None else _candidates()
        errors = []
        for path in paths:
            try:
                self._lib = ctypes.CDLL(path)
                self.path = path
                break
            except OSError as e:
                errors.append(str(e))
        else:
            raise BlockError(
                f"cannot load the Block runtime library ({'; '.join(errors)}); "
                f"build runtime/ and set {LIBRARY_ENV} to its "
                f"{_LIBRARY_NAME}")
        lib = self._lib
        missing = [name for name in ("blockRuntimeLoad", "blockRuntimeUnload",
                                     "blockRuntimeGetKernel",
                                     "blockRuntimeLaunch",
                                     "blockRuntimeLastError")
                   if not hasattr(lib, name)]
        if missing:
            raise BlockError(f"{self.path} is not the Block runtime library "
                             f"(it has no {', '.join(missing)}); set "
                             f"{LIBRARY_ENV} to runtime/'s {_LIBRARY_NAME}")
        lib.blockRuntimeLoad.restype = ctypes.c_void_p
        lib.blockRuntimeLoad.argtypes = [ctypes.c_char_p]
        lib.blockRuntimeUnload.restype = None
        lib.blockRuntimeUnload.argtypes = [ctypes.c_void_p]
        lib.blockRuntimeGetKernel.restype = ctypes.c_void_p
        lib.blockRuntimeGetKernel.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        grid = [ctypes.c_uint32] * 3
        words = [ctypes.POINTER(ctypes.c_uint64), ctypes.c_uint32]
        lib.blockRuntimeLaunch.restype = ctypes.c_int
        lib.blockRuntimeLaunch.argtypes = [ctypes.c_void_p, *grid, *words,
                                           ctypes.c_void_p]
        lib.blockRuntimeLastError.restype = ctypes.c_char_p
        lib.blockRuntimeLastError.argtypes = []
        # Older libraries lack the device-free check; Kernel.check says so.
        self._check = getattr(lib, "blockRuntimeCheckLaunch", None)
        if self._check is not None:
            self._check.restype = ctypes.c_int
            self._check.argtypes = [ctypes.c_char_p, ctypes.c_char_p, *grid,
                                    *words]

    def error(self):
        """The calling thread's last failure, as the runtime worded it."""
        return self._lib.blockRuntimeLastError().decode(errors="replace")

    def load(self, path):
        """The bundle at `path` (a directory or its manifest .json); see
        `block.load`."""
        from ._bundle import Bundle  # Bundle imports this module.
        return Bundle(path, self)

    # The calls below raise BlockError with the runtime's message.

    def _load_module(self, manifest_path):
        handle = self._lib.blockRuntimeLoad(os.fsencode(manifest_path))
        if not handle:
            raise BlockError(self.error())
        return handle

    def _unload_module(self, handle):
        self._lib.blockRuntimeUnload(handle)

    def _get_kernel(self, module, name):
        handle = self._lib.blockRuntimeGetKernel(module, name.encode())
        if not handle:
            raise BlockError(self.error())
        return handle

    def _launch(self, kernel, grid, words, count, stream):
        if self._lib.blockRuntimeLaunch(kernel, grid[0], grid[1], grid[2],
                                        words, count, stream):
            raise BlockError(self.error())

    def _check_launch(self, manifest_path, name, grid, words, count):
        if self._check is None:
            raise BlockError(f"{self.path} has no blockRuntimeCheckLaunch; "
                             "rebuild runtime/")
        if self._check(os.fsencode(manifest_path), name.encode(), grid[0],
                       grid[1], grid[2], words, count):
            raise BlockError(self.error())


_default = None


def default_runtime():
    """The Runtime `block.load` uses, loaded at the first call."""
    global _default
    if _default is None:
        _default = Runtime()
    return _default
