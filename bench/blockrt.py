"""ctypes binding of the Block runtime's C API (runtime/include/block/Runtime/CApi.h).

Launches go through the same manifest checks as the C++ API; a refused or
failed launch raises RuntimeError with the runtime's message.
"""
import ctypes
import json
import os
import struct


class Runtime:
    def __init__(self, library):
        self.lib = ctypes.CDLL(library)
        self.lib.blockRuntimeLoad.restype = ctypes.c_void_p
        self.lib.blockRuntimeLoad.argtypes = [ctypes.c_char_p]
        self.lib.blockRuntimeLastError.restype = ctypes.c_char_p
        self.lib.blockRuntimeGetKernel.restype = ctypes.c_void_p
        self.lib.blockRuntimeGetKernel.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        self.lib.blockRuntimeLaunch.restype = ctypes.c_int
        self.lib.blockRuntimeLaunch.argtypes = [
            ctypes.c_void_p, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_uint32,
            ctypes.POINTER(ctypes.c_uint64), ctypes.c_uint32, ctypes.c_void_p]

    def error(self):
        return self.lib.blockRuntimeLastError().decode()

    def load(self, manifest):
        handle = self.lib.blockRuntimeLoad(manifest.encode())
        if not handle:
            raise RuntimeError(self.error())
        return Bundle(self, handle, manifest)


_PACK = {"f32": "<f", "f64": "<d", "i1": "<B", "i8": "<b", "i16": "<h",
         "i32": "<i", "i64": "<q"}


def _raw(value, kind, type_):
    """The 64-bit word the C API takes for one argument."""
    if kind == "pointer":
        return value.data_ptr() if hasattr(value, "data_ptr") else int(value)
    if type_ in ("f16", "bf16"):
        import torch
        dtype = torch.float16 if type_ == "f16" else torch.bfloat16
        return int(torch.tensor(value, dtype=dtype).view(torch.int16).item()) & 0xFFFF
    data = struct.pack(_PACK[type_], value)
    return int.from_bytes(data.ljust(8, b"\0"), "little")


class Bundle:
    def __init__(self, runtime, handle, manifest):
        self.runtime = runtime
        self.handle = handle
        with open(manifest) as f:
            self.manifest = json.load(f)
        self.kernels = {}

    def kernel(self, name):
        if name not in self.kernels:
            k = self.runtime.lib.blockRuntimeGetKernel(self.handle, name.encode())
            if not k:
                raise RuntimeError(self.runtime.error())
            params = next(e for e in self.manifest["kernels"] if e["name"] == name)["parameters"]
            self.kernels[name] = Kernel(self.runtime, k, params)
        return self.kernels[name]


class Kernel:
    def __init__(self, runtime, handle, params):
        self.runtime = runtime
        self.handle = handle
        self.params = params

    def prepare(self, grid, *args):
        """Packs the arguments once; the returned callable only launches."""
        if len(args) != len(self.params):
            # Let the runtime refuse it with its own message.
            words = [int(a.data_ptr()) if hasattr(a, "data_ptr") else int(a) for a in args]
        else:
            words = [_raw(a, p["kind"], p.get("type")) for a, p in zip(args, self.params)]
        array = (ctypes.c_uint64 * max(1, len(words)))(*words)
        grid = tuple(grid) + (1,) * (3 - len(grid))
        lib, handle, n = self.runtime.lib, self.handle, len(words)

        def launch(stream=None):
            if lib.blockRuntimeLaunch(handle, grid[0], grid[1], grid[2], array, n, stream):
                raise RuntimeError(self.runtime.error())
        return launch
