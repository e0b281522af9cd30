"""Bundles and their kernels.

A Bundle reads its manifest when it is made; the code goes onto a GPU at the
first launch, onto the device of the torch tensors among the arguments (or
of the calling thread's current CUDA context), once per device, and stays
until Bundle.unload.
"""

from __future__ import annotations

import ctypes
import operator
import os
import sys
import threading
from typing import Any, Dict, List, Optional, Tuple, Union

from ._args import pointer_word, scalar_word, stream_handle
from ._errors import ArgumentError, BlockError
from ._manifest import KernelEntry, Manifest, Parameter, read_manifest
from ._runtime import Runtime, default_runtime


def cdiv(a, b):
    """ceil(a / b) for positive integers: the grid that covers `a` in
    blocks of `b`."""
    return -(-a // b)


def grid3(grid, kernel):
    """`grid` (an int, or 1 to 3 ints) as three ints, or ArgumentError."""
    given = grid
    try:
        grid = (operator.index(grid),)
    except TypeError:
        pass
    try:
        grid = tuple(operator.index(g) for g in grid)
    except TypeError:
        grid = None
    if not grid or len(grid) > 3 or not all(0 <= g < 2 ** 32 for g in grid):
        raise ArgumentError(f"launch of '{kernel}' refused: the grid "
                            f"{given!r} is not 1 to 3 integers in [0, 2^32)", kernel=kernel)
    return grid + (1,) * (3 - len(grid))


class Bundle:
    """A compiled module: its manifest, and its code once loaded. Kernels
    are `bundle["name"]` or `bundle.kernel("name")`."""

    def __init__(self, path: Union[str, "os.PathLike[str]"],
                 runtime: Optional[Runtime] = None):
        #: The manifest, read once (block.Manifest); the runtime reads it
        #: again, with all its rules, when it loads the code.
        self.manifest: Manifest = read_manifest(path)
        self.manifest_path = self.manifest.path
        self.name = self.manifest.module or "?"
        self._given_runtime = runtime
        self._infos: Dict[str, KernelEntry] = {k.name: k for k in self.manifest.kernels}
        self._kernels: Dict[str, Kernel] = {}
        self._modules: Dict[Optional[int], Any] = {}  # device (torch index, or None) -> handle
        self._lock = threading.Lock()

    @property
    def _runtime(self) -> Runtime:
        """The Runtime given, else the default one (loaded when first
        needed: reading a manifest needs no library)."""
        if self._given_runtime is None:
            self._given_runtime = default_runtime()
        return self._given_runtime

    def __repr__(self):
        return f"<block.Bundle '{self.name}' from {self.manifest_path}>"

    @property
    def kernel_names(self) -> List[str]:
        """The kernels' names, in the manifest's order."""
        return list(self._infos)

    def kernel(self, name: str) -> Kernel:
        """The kernel called `name`."""
        kernel = self._kernels.get(name)
        if kernel is None:
            if name not in self._infos:
                raise BlockError(f"bundle '{self.name}' has no kernel '{name}' "
                                 f"(it has: {', '.join(self._infos)})")
            kernel = self._kernels[name] = Kernel(self, self._infos[name])
        return kernel

    __getitem__ = kernel

    def _module(self, device):
        """The native module on `device`, loaded at the first call."""
        module = self._modules.get(device)
        if module is None:
            with self._lock, _on_device(device):
                module = self._modules.get(device)
                if module is None:
                    module = self._runtime._load_module(self.manifest_path)
                    self._modules[device] = module
        return module

    def unload(self):
        """Unloads the code from every device, once the kernels launched
        have finished (the caller's to ensure); the next launch loads it
        again. Without it the code stays loaded until the process ends,
        even when the Bundle is gone: a launch does not wait for its
        kernel, which must find its code there."""
        with self._lock:
            for kernel in self._kernels.values():
                kernel._handles.clear()
            modules, self._modules = self._modules, {}
        for module in modules.values():
            self._runtime._unload_module(module)


class _NoGuard:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def _on_device(device):
    """torch's guard that makes `device` current, where a torch device is
    given and it is not the current one."""
    torch = sys.modules.get("torch")
    if device is None or torch is None or torch.cuda.current_device() == device:
        return _NoGuard()
    return torch.cuda.device(device)


class Kernel:
    """One kernel of a bundle. Launch it with `kernel[grid](*args)` or
    `kernel.launch(grid, *args)`:

    - `grid` is 1 to 3 integers (an int, or a tuple), or a function that
      takes the arguments by parameter name (a dict) and returns them;
    - `args` are the parameters in order, or by name as keywords: device
      memory for pointers (torch tensors, `__cuda_array_interface__` or
      DLPack objects), Python numbers for scalars;
    - `stream` is a torch or CuPy stream or a CUstream handle; by default
      torch's current stream, or the legacy default stream without torch.

    A launch returns without waiting for the kernel. Arguments the kernel
    cannot take raise ArgumentError; the runtime's refusals (alignment,
    divisibility, grid) and CUDA failures raise BlockError with its
    message."""

    def __init__(self, bundle: Bundle, info: KernelEntry):
        self.bundle = bundle
        #: The manifest's entry (block.KernelEntry); the fields below are its.
        self.info = info
        self.name = info.name
        self.parameters: Tuple[Parameter, ...] = info.parameters
        self.num_warps = info.num_warps
        self.shared_memory_bytes = info.shared_memory_bytes
        self._names = [p.name for p in self.parameters]
        self._handles: Dict[Optional[int], Any] = {}  # device -> native kernel

    def __repr__(self):
        params = ", ".join(self._names)
        return f"<block.Kernel {self.name}({params}) of '{self.bundle.name}'>"

    def __getitem__(self, grid):
        return lambda *args, stream=None, **kwargs: self.launch(
            grid, *args, stream=stream, **kwargs)

    def launch(self, grid, *args, stream=None, **kwargs):
        """Launches the kernel on `grid` with `args` (see the class)."""
        self.prepare(grid, *args, stream=stream, **kwargs)()

    def prepare(self, grid, *args, stream=None, **kwargs):
        """Checks and packs the arguments once; the returned callable
        launches with them (the runtime checks each launch again, which costs
        a loop over the parameters). Calling it with a stream launches on
        that one instead."""
        values = self._bind(args, kwargs)
        grid = self._grid(grid, values)
        device = _torch_device(self.name, values)
        handle = stream_handle(stream, device)
        words = self._pack(values, handle)
        kernel = self._handle(device)
        runtime = self.bundle._runtime

        def launch(stream=None):
            s = handle if stream is None else stream_handle(stream, device)
            with _on_device(device):
                runtime._launch(kernel, grid, words, len(values), s)
        return launch

    def check(self, grid, *args, **kwargs):
        """Checks a launch as `launch` would, with the runtime's checks of
        the manifest (alignment, divisibility, grid), but needs no GPU and
        launches nothing (the device's shared-memory limit is not
        checked). Raises ArgumentError or BlockError."""
        values = self._bind(args, kwargs)
        grid = self._grid(grid, values)
        words = self._pack(values, 1)
        self.bundle._runtime._check_launch(self.bundle.manifest_path,
                                           self.name, grid, words, len(values))

    def pack(self, *args, **kwargs):
        """The 64-bit words the C API gets for these arguments: addresses for
        pointers, bit patterns for scalars."""
        return list(self._pack(self._bind(args, kwargs), 1))

    def _bind(self, args: Tuple[Any, ...], kwargs: Dict[str, Any]) -> List[Any]:
        values = list(args)
        if kwargs:
            values += [_UNSET] * (len(self._names) - len(values))
            for name, value in kwargs.items():
                if name not in self._names:
                    raise ArgumentError(f"kernel '{self.name}' has no parameter "
                                        f"'{name}' (it has: {', '.join(self._names)})",
                                        kernel=self.name, name=name)
                index = self._names.index(name)
                if index < len(values) and values[index] is not _UNSET:
                    raise ArgumentError(f"kernel '{self.name}': parameter "
                                        f"'{name}' given twice", kernel=self.name,
                                        name=name, index=index)
                values[index] = value
            missing = [i for i, a in enumerate(values) if a is _UNSET]
            if missing:
                raise ArgumentError(f"kernel '{self.name}': missing "
                                    f"{', '.join(self._names[i] for i in missing)}",
                                    kernel=self.name, name=self._names[missing[0]],
                                    index=missing[0])
        if len(values) != len(self.parameters):
            raise ArgumentError(f"launch of '{self.name}' refused: expected "
                                f"{len(self.parameters)} arguments, got {len(values)}",
                                kernel=self.name)
        return values

    def _grid(self, grid, values):
        if callable(grid):
            grid = grid(dict(zip(self._names, values)))
        return grid3(grid, self.name)

    def _pack(self, values, stream):
        words = (ctypes.c_uint64 * max(1, len(values)))()
        for i, (param, value) in enumerate(zip(self.parameters, values)):
            if param.is_pointer:
                words[i] = pointer_word(self.name, param, value, stream)
            else:
                words[i] = scalar_word(self.name, param, value)
        return words

    def _handle(self, device):
        kernel = self._handles.get(device)
        if kernel is None:
            module = self.bundle._module(device)
            kernel = self._handles[device] = self.bundle._runtime._get_kernel(
                module, self.name)
        return kernel


_UNSET = object()


def _torch_device(kernel, values):
    """The device index of the torch tensors among `values` (None if there
    are none); tensors on two devices are refused."""
    torch = sys.modules.get("torch")
    if torch is None:
        return None
    device = None
    for value in values:
        if isinstance(value, torch.Tensor) and value.is_cuda:
            if device is None:
                device = value.device.index
            elif value.device.index != device:
                raise ArgumentError(f"launch of '{kernel}' refused: tensors on "
                                    f"cuda:{device} and cuda:{value.device.index}",
                                    kernel=kernel)
    return device
