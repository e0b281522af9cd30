"""Launch arguments to the 64-bit words of the C API.

A pointer parameter takes device memory: a torch tensor on a CUDA device, an
object with `__cuda_array_interface__` (CuPy, Numba, ...) or one with
`__dlpack__` on a CUDA device; its element type must be the parameter's. A
scalar parameter takes a Python (or NumPy) number of its kind, in its range.
Alignment, divisibility and the grid are the runtime's to check, with the
same messages everywhere.

Nothing here imports torch or NumPy: they are used when the caller has
imported them (`sys.modules`).
"""

from __future__ import annotations

import ctypes
import math
import numbers
import struct
import sys
from typing import Any, Optional

from ._errors import ArgumentError
from ._manifest import Parameter

# Block's element types: i1 i8 i16 i32 i64 f16 bf16 f32 f64 f8E4M3FN f8E5M2.
# Integers are signless, so iN takes signed and unsigned N-bit data alike.
_TORCH_TYPES = {
    "torch.bool": "i1", "torch.int8": "i8", "torch.uint8": "i8",
    "torch.int16": "i16", "torch.uint16": "i16", "torch.int32": "i32",
    "torch.uint32": "i32", "torch.int64": "i64", "torch.uint64": "i64",
    "torch.float16": "f16", "torch.bfloat16": "bf16",
    "torch.float32": "f32", "torch.float64": "f64",
    "torch.float8_e4m3fn": "f8E4M3FN", "torch.float8_e5m2": "f8E5M2",
}

# DLPack type codes (dlpack.h): kDLInt, kDLUInt, kDLFloat, kDLBfloat, kDLBool.
_DL_INT, _DL_UINT, _DL_FLOAT, _DL_BFLOAT, _DL_BOOL = 0, 1, 2, 4, 6
# DLPack device types whose memory a kernel can address.
_DL_CUDA, _DL_CUDA_MANAGED = 2, 13
_DL_DEVICE_NAMES = {1: "CPU", 2: "CUDA", 3: "CUDA host", 4: "OpenCL",
                    7: "Vulkan", 8: "Metal", 10: "ROCm", 11: "ROCm host",
                    13: "CUDA managed", 14: "oneAPI"}


def typestr_element_type(typestr):
    """The element type of an array-interface type string ('<f4' is f32),
    or None. 'V2' (two raw bytes, as NumPy writes ml_dtypes.bfloat16) is
    bf16."""
    if len(typestr) < 3 or typestr[0] not in "<|=" or not typestr[2:].isdigit():
        return None
    kind, size = typestr[1], int(typestr[2:])
    if kind in "iu" and size in (1, 2, 4, 8):
        return f"i{8 * size}"
    if kind == "f" and size in (2, 4, 8):
        return f"f{8 * size}"
    if kind == "b" and size == 1:
        return "i1"
    if kind == "V" and size == 2:
        return "bf16"
    return None


def dlpack_element_type(code, bits, lanes):
    """The element type of a DLPack DLDataType, or None."""
    if lanes != 1:
        return None
    if code in (_DL_INT, _DL_UINT) and bits in (8, 16, 32, 64):
        return f"i{bits}"
    if code == _DL_FLOAT and bits in (16, 32, 64):
        return f"f{bits}"
    if code == _DL_BFLOAT and bits == 16:
        return "bf16"
    if code == _DL_BOOL and bits == 8:
        return "i1"
    return None


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    """dlpack.h's DLTensor, the first member of a DLManagedTensor."""
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice),
                ("ndim", ctypes.c_int32), ("dtype", _DLDataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


_capsule_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_pointer.restype = ctypes.c_void_p
_capsule_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


def dlpack_info(obj, stream=None):
    """(device type, device id, address, element type or None) of a DLPack
    producer. The capsule is only read, not consumed: `obj` keeps owning the
    memory. For CUDA memory, `stream` is passed to `__dlpack__` so that the
    producer orders its pending work before it (DLPack's protocol; producers
    that do not take the keyword are asked without it)."""
    device_type, device_id = obj.__dlpack_device__()
    capsule = None
    if stream is not None and device_type in (_DL_CUDA, _DL_CUDA_MANAGED):
        try:
            capsule = obj.__dlpack__(stream=stream)
        except TypeError:
            pass
    if capsule is None:
        capsule = obj.__dlpack__()
    tensor = DLTensor.from_address(_capsule_pointer(capsule, b"dltensor"))
    address = (tensor.data or 0) + tensor.byte_offset
    dtype = tensor.dtype
    return (int(device_type), int(device_id), address,
            dlpack_element_type(dtype.code, dtype.bits, dtype.lanes))


class _Refusal:
    """ArgumentErrors about one argument: `kernel`'s parameter `param`,
    worded as the runtime's refusals ("launch of 'k' refused: argument 2
    ('out', !block.ptr<f32>) ...")."""

    def __init__(self, kernel: str, param: Parameter):
        self.kernel, self.param = kernel, param

    def __call__(self, what: str) -> ArgumentError:
        return ArgumentError(f"launch of '{self.kernel}' refused: argument "
                             f"{self.param.describe()} {what}", kernel=self.kernel,
                             name=self.param.name, index=self.param.index)


def pointer_word(kernel: str, param: Parameter, value: Any, stream: Optional[int]) -> int:
    """The address of a pointer argument, after checking that it is device
    memory of the parameter's element type. `stream`, the launch's CUstream,
    is what a DLPack producer is asked to order its work before."""
    refused = _Refusal(kernel, param)
    want = param.type
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(value, torch.Tensor):
        if value.device.type != "cuda":
            raise refused(f"is a tensor on {value.device}; "
                          "kernels take device memory")
        got = _TORCH_TYPES.get(str(value.dtype))
        if got != want:
            raise refused(f"expects {want} elements, got {value.dtype}")
        return value.data_ptr()
    interface = getattr(value, "__cuda_array_interface__", None)
    if interface is not None:
        typestr = interface.get("typestr") if isinstance(interface, dict) else None
        data = interface.get("data") if isinstance(interface, dict) else None
        if not isinstance(typestr, str) or not isinstance(data, (tuple, list)) \
                or not data or not isinstance(data[0], int):
            raise refused("has a __cuda_array_interface__ "
                          "without a 'typestr' and a 'data' (address, "
                          "read-only) pair")
        got = typestr_element_type(typestr)
        if got != want:
            raise refused(f"expects {want} elements, got "
                          f"typestr '{typestr}'")
        if interface.get("mask") is not None:
            raise refused("is a masked array")
        return int(data[0])
    if hasattr(value, "__dlpack__") and hasattr(value, "__dlpack_device__"):
        device_type, _ = value.__dlpack_device__()
        if device_type not in (_DL_CUDA, _DL_CUDA_MANAGED):
            name = _DL_DEVICE_NAMES.get(device_type, f"type {device_type}")
            raise refused(f"is in {name} memory (DLPack); "
                          "kernels take device memory")
        # DLPack's stream for CUDA: 1 is the legacy default stream (0 is
        # reserved); -1 would ask for no ordering.
        _, _, address, got = dlpack_info(value, stream or 1)
        if got != want:
            raise refused(f"expects {want} elements, got "
                          "another DLPack data type")
        return address
    if hasattr(value, "__array_interface__"):
        raise refused(f"is host memory ({type(value).__name__}); "
                      "kernels take device memory")
    raise refused("expects device memory (a CUDA tensor, or an "
                  "object with __cuda_array_interface__ or __dlpack__), "
                  f"got {type(value).__name__}")


# The 8-bit floats: mantissa bits, exponent bias, largest finite value, and
# whether infinities exist (f8E4M3FN has none; its NaN is S.1111.111).
_FP8_FORMATS = {"f8E4M3FN": (3, 7, 448.0, False),
                "f8E5M2": (2, 15, 57344.0, True)}


def _fp8_bits(value, mantissa_bits, bias, largest, has_inf):
    """The byte of `value` rounded to nearest even in an 8-bit float;
    OverflowError where it does not fit (no fp8 saturates silently)."""
    sign = 0x80 if math.copysign(1, value) < 0 else 0
    if math.isnan(value):
        return sign | (0x7E if has_inf else 0x7F)
    magnitude = abs(value)
    if math.isinf(magnitude):
        if has_inf:
            return sign | (0x1F << mantissa_bits)
        raise OverflowError("no infinity in this type")
    if magnitude == 0:
        return sign
    # The spacing of representable values around `magnitude` (subnormal
    # spacing below the smallest normal), then round-half-even (round()).
    _, exponent = math.frexp(magnitude)
    quantum = math.ldexp(1.0, max(exponent - 1, 1 - bias) - mantissa_bits)
    magnitude = round(magnitude / quantum) * quantum
    if magnitude > largest:
        raise OverflowError("too large")
    if magnitude == 0:
        return sign
    _, exponent = math.frexp(magnitude)
    exponent -= 1
    if exponent < 1 - bias:  # Subnormal: no implicit one.
        return sign | int(magnitude / math.ldexp(1.0, 1 - bias - mantissa_bits))
    mantissa = int(magnitude / math.ldexp(1.0, exponent - mantissa_bits))
    return sign | ((exponent + bias) << mantissa_bits) | \
        (mantissa - (1 << mantissa_bits))


def _float_bits(value, type_):
    """The bit pattern of `value` rounded (to nearest even, once) to a float
    type; OverflowError where a finite value does not fit."""
    if type_ == "f64":
        return struct.unpack("<Q", struct.pack("<d", value))[0]
    if type_ == "f32":
        return struct.unpack("<I", struct.pack("<f", value))[0]
    if type_ == "f16":
        return struct.unpack("<H", struct.pack("<e", value))[0]
    if type_ in _FP8_FORMATS:
        return _fp8_bits(value, *_FP8_FORMATS[type_])
    # bf16: round to 8 significant bits in double (exact: scaling by a power
    # of two, then round-half-even on an integer-valued double), then the
    # value is an f32 whose low 16 bits are zero.
    if math.isnan(value):
        return 0x7FC0 | (0x8000 if math.copysign(1, value) < 0 else 0)
    if math.isfinite(value) and value != 0:
        _, exponent = math.frexp(value)
        quantum = math.ldexp(1.0, max(exponent - 1, -126) - 7)
        value = round(value / quantum) * quantum
        if abs(value) >= 2.0 ** 128:
            raise OverflowError("too large for bf16")
    return struct.unpack("<I", struct.pack("<f", value))[0] >> 16


def scalar_word(kernel: str, param: Parameter, value: Any) -> int:
    """The bits of a scalar argument in the low bits of a 64-bit word, after
    checking its kind and range."""
    refused = _Refusal(kernel, param)
    type_ = param.type
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(value, numpy.bool_):
        value = bool(value)
    if type_ == "i1":
        if isinstance(value, bool) or (isinstance(value, numbers.Integral)
                                       and int(value) in (0, 1)):
            return int(value)
        raise refused(f"expects a bool (or 0 or 1), got {value!r}")
    if isinstance(value, bool):
        raise refused(f"expects a number, got the bool {value}")
    if type_[0] == "i":
        if not isinstance(value, numbers.Integral):
            raise refused("expects an integer, got "
                          f"{type(value).__name__} {value!r}")
        value, bits = int(value), int(type_[1:])
        if not -(1 << (bits - 1)) <= value < (1 << bits):
            raise refused(f"value {value} does not fit in {bits} bits")
        return value & ((1 << bits) - 1)
    if not isinstance(value, numbers.Real):
        raise refused("expects a number, got "
                      f"{type(value).__name__} {value!r}")
    try:
        return _float_bits(float(value), type_)
    except OverflowError:
        raise refused(f"value {value!r} overflows {type_}") from None


def stream_handle(stream, device):
    """The CUstream (an integer) to launch on. `stream` may be a torch or
    CuPy stream, anything with `__cuda_stream__`, or a raw handle; None is
    torch's current stream of `device` (the current device when None) where
    torch has initialised CUDA, else the legacy default stream, 0."""
    if stream is None:
        torch = sys.modules.get("torch")
        if torch is not None and torch.cuda.is_initialized():
            return torch.cuda.current_stream(device).cuda_stream
        return 0
    if isinstance(stream, int):
        return stream
    if hasattr(stream, "__cuda_stream__"):
        return int(stream.__cuda_stream__()[1])
    for attribute in ("cuda_stream", "ptr", "handle"):  # torch, CuPy, others
        handle = getattr(stream, attribute, None)
        if isinstance(handle, int):
            return handle
    raise ArgumentError(f"cannot take a CUDA stream from {type(stream).__name__}")
