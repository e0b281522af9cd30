"""Shared by the package's tests: paths, and stand-ins for device memory.

No GPU is needed to check what a launch would pass: an object exposing
`__cuda_array_interface__` over a NumPy array, or a DLPack producer that
claims CUDA memory, gives real addresses and types to pack and to check.
"""

import ctypes
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SMOKE = os.path.join(REPO, "runtime", "test", "bundle")
sys.path.insert(0, os.path.join(REPO, "python"))


class CudaArray:
    """Exposes a NumPy array's memory through __cuda_array_interface__, as
    CuPy or Numba would for device memory."""

    def __init__(self, array, **overrides):
        self.array = array
        self.__cuda_array_interface__ = dict(array.__array_interface__,
                                              version=3, **overrides)

    @property
    def address(self):
        return self.array.__array_interface__["data"][0]


def aligned(numpy, count, dtype="float32", alignment=256):
    """A zeroed NumPy array whose data starts on `alignment` bytes."""
    dtype = numpy.dtype(dtype)
    raw = numpy.zeros(count * dtype.itemsize + alignment, numpy.uint8)
    skip = -raw.ctypes.data % alignment
    return raw[skip:skip + count * dtype.itemsize].view(dtype)


from block._args import DLTensor  # noqa: E402 (after the path is set)


class _DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p),
                ("deleter", ctypes.c_void_p)]


_capsule_new = ctypes.pythonapi.PyCapsule_New
_capsule_new.restype = ctypes.py_object
_capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
_DLTENSOR = ctypes.c_char_p(b"dltensor")


class FakeDLPack:
    """A DLPack producer of one-dimensional memory at `address` on a device
    of DLPack type `device_type` (2: CUDA), with type (code, bits). It
    records the stream each __dlpack__ call asked for."""

    def __init__(self, address, code, bits, device_type=2, byte_offset=0,
                 lanes=1, takes_stream=True):
        self.device_type = device_type
        self.takes_stream = takes_stream
        self.streams = []
        self._shape = (ctypes.c_int64 * 1)(16)
        self._managed = _DLManagedTensor()
        tensor = self._managed.dl_tensor
        tensor.data = address
        tensor.device.device_type = device_type
        tensor.ndim = 1
        tensor.dtype.code, tensor.dtype.bits, tensor.dtype.lanes = code, bits, lanes
        tensor.shape = self._shape
        tensor.byte_offset = byte_offset

    def __dlpack_device__(self):
        return (self.device_type, 0)

    def __dlpack__(self, **kwargs):
        if kwargs and not self.takes_stream:
            raise TypeError("__dlpack__() got an unexpected keyword argument 'stream'")
        self.streams.append(kwargs.get("stream"))
        # No destructor: the memory is this object's.
        return _capsule_new(ctypes.addressof(self._managed), _DLTENSOR, None)


def have_interpreter():
    """Whether kernels can run on block-run here (found through BLOCK_RUN
    or beside BLOCK_COMPILE) with NumPy for the references."""
    import importlib.util
    from block import BlockError
    from block._jit import find_block_run
    if importlib.util.find_spec("numpy") is None:
        return False
    try:
        find_block_run()
        return True
    except BlockError:
        return False
