"""Argument packing and type checks, in Python alone: no runtime library, no
GPU. The smoke bundle (runtime/test/bundle) has vector_add(f32*, f32*,
f32*, i32 divisible by 16) and echo_scalars(f64*, i1, i8, i16, i32, i64,
f16, bf16, f32, f64)."""

import json
import math
import os
import shutil
import tempfile
import unittest

from helpers import SMOKE, CudaArray, FakeDLPack, aligned

import block
from block._args import dlpack_info, stream_handle, typestr_element_type

try:
    import numpy
except ImportError:
    numpy = None

# echo_scalars' arguments as bench and block-run-gpu's test pass them, and
# the bit patterns each must become.
ECHO = [(True, 1), (-5, 0xFB), (-300, 0xFED4), (100000, 100000),
        (-5000000000, (-5000000000) & (2**64 - 1)), (1.5, 0x3E00),
        (-2.5, 0xC020), (0.25, 0x3E800000), (3.125, 0x4009000000000000)]


class Scalars(unittest.TestCase):
    """Numbers become their type's bits, rounded once to nearest even;
    what does not fit is refused, naming the argument."""

    def setUp(self):
        self.echo = block.load(SMOKE)["echo_scalars"]
        self.out = FakeDLPack(0x7F0000000000, code=2, bits=64)

    def words(self, **changes):
        values = dict(zip("abcdefghi", (v for v, _ in ECHO)))
        values.update(changes)
        return self.echo.pack(self.out, **values)[1:]

    def bits(self, name, value):
        return self.words(**{name: value})["abcdefghi".index(name)]

    def refused(self, name, value, message):
        with self.assertRaises(block.ArgumentError) as caught:
            self.words(**{name: value})
        self.assertIn(message, str(caught.exception))
        self.assertIsInstance(caught.exception, TypeError)
        # The message's kernel and parameter, as fields.
        error = caught.exception
        self.assertEqual((error.kernel, error.name, error.index),
                         ("echo_scalars", name, "abcdefghi".index(name) + 1))

    def test_every_type(self):
        self.assertEqual(self.words(), [bits for _, bits in ECHO])

    def test_integers_are_signless(self):
        self.assertEqual(self.bits("b", 255), 0xFF)
        self.assertEqual(self.bits("b", -128), 0x80)
        self.assertEqual(self.bits("e", 2**64 - 1), 2**64 - 1)
        self.refused("b", 256, "argument 2 ('b', i8) value 256 does not fit in 8 bits")
        self.refused("b", -129, "value -129 does not fit in 8 bits")
        self.refused("d", 2**32, "does not fit in 32 bits")

    def test_i1(self):
        self.assertEqual(self.bits("a", False), 0)
        self.assertEqual(self.bits("a", 1), 1)
        self.refused("a", 2, "argument 1 ('a', i1) expects a bool (or 0 or 1), got 2")

    def test_kinds(self):
        self.refused("d", 1.5, "argument 4 ('d', i32) expects an integer, got float 1.5")
        self.refused("d", True, "expects a number, got the bool True")
        self.refused("h", "1", "argument 8 ('h', f32) expects a number, got str '1'")
        self.refused("h", None, "expects a number, got NoneType")
        self.assertEqual(self.bits("h", 2), 0x40000000)  # An int is a number.

    def test_f16_rounds_to_nearest_even(self):
        self.assertEqual(self.bits("f", 1 + 2**-11), 0x3C00)  # A tie: to even.
        self.assertEqual(self.bits("f", 1 + 3 * 2**-11), 0x3C02)
        self.assertEqual(self.bits("f", 65519), 0x7BFF)
        self.assertEqual(self.bits("f", 2**-24), 0x0001)  # Subnormal.
        self.assertEqual(self.bits("f", -math.inf), 0xFC00)
        self.refused("f", 65520, "argument 6 ('f', f16) value 65520 overflows f16")

    def test_bf16_rounds_once_from_double(self):
        self.assertEqual(self.bits("g", 1.0), 0x3F80)
        self.assertEqual(self.bits("g", 1 + 2**-8), 0x3F80)  # A tie: to even.
        self.assertEqual(self.bits("g", 1 + 3 * 2**-8), 0x3F82)
        # Through f32 this would round to 1 + 2^-8, a tie, then to 1.0.
        self.assertEqual(self.bits("g", 1 + 2**-8 + 2**-30), 0x3F81)
        self.assertEqual(self.bits("g", 2**-133), 0x0001)  # Subnormal.
        self.assertEqual(self.bits("g", 3.3895313892515355e38), 0x7F7F)  # Largest.
        self.assertEqual(self.bits("g", math.inf), 0x7F80)
        self.assertEqual(self.bits("g", -0.0), 0x8000)
        self.assertEqual(self.bits("g", math.nan), 0x7FC0)
        self.refused("g", 2.0**128 * (1 - 2**-9), "overflows bf16")

    def test_f32_and_f64(self):
        self.assertEqual(self.bits("h", 0.1), 0x3DCCCCCD)
        self.assertEqual(self.bits("i", -0.0), 1 << 63)
        self.refused("h", 1e39, "argument 8 ('h', f32) value 1e+39 overflows f32")

    @unittest.skipIf(numpy is None, "NumPy is not installed")
    def test_numpy_scalars(self):
        self.assertEqual(self.bits("a", numpy.bool_(True)), 1)
        self.assertEqual(self.bits("d", numpy.int32(-7)), 2**32 - 7)
        self.assertEqual(self.bits("h", numpy.float32(0.25)), 0x3E800000)
        self.refused("d", numpy.float64(3.0), "expects an integer, got float64")
        self.refused("h", numpy.zeros(()), "expects a number, got ndarray")


@unittest.skipIf(numpy is None, "NumPy is not installed")
class Float8Scalars(unittest.TestCase):
    """An fp8 scalar is its own byte, rounded once to nearest even (not a
    bf16's low byte: 1.5 once arrived as -2.0); what no fp8 holds is
    refused."""

    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.dir)
        params = [{"index": 0, "name": "out", "kind": "pointer", "element_type": "i8"},
                  {"index": 1, "name": "s", "kind": "scalar", "type": "f8E4M3FN"},
                  {"index": 2, "name": "t", "kind": "scalar", "type": "f8E5M2"}]
        with open(os.path.join(self.dir, "f8.json"), "w") as f:
            json.dump({"format": "block-bundle", "version": 1, "module": "f8",
                       "target": {"triple": "nvptx64-nvidia-cuda", "chip": "sm_90a"},
                       "ptx": "f8.ptx",
                       "kernels": [{"name": "f8", "num_warps": 1,
                                    "threads_per_block": 32,
                                    "shared_memory_bytes": 0,
                                    "parameters": params}]}, f)
        self.kernel = block.load(self.dir)["f8"]
        self.out = CudaArray(aligned(numpy, 16, "int8"))

    def bits(self, s=1.0, t=1.0):
        return self.kernel.pack(self.out, s, t)[1:]

    def test_e4m3(self):
        for value, bits in [(1.5, 0x3C), (-2.0, 0xC0), (448.0, 0x7E), (0.1, 0x1D),
                            (-0.0, 0x80), (2.0**-9, 0x01), (464.0, 0x7E),
                            (2.0**-10, 0x00), (float("nan"), 0x7F)]:
            self.assertEqual(self.bits(s=value)[0], bits, value)

    def test_e5m2(self):
        for value, bits in [(1.5, 0x3E), (57344.0, 0x7B), (2.0**-16, 0x01),
                            (float("inf"), 0x7C), (float("-inf"), 0xFC)]:
            self.assertEqual(self.bits(t=value)[1], bits, value)

    def test_out_of_range(self):
        for value in (1000.0, 1e30, float("inf")):
            with self.assertRaisesRegex(block.ArgumentError,
                                        r"argument 1 \('s', f8E4M3FN\) value .* "
                                        r"overflows f8E4M3FN"):
                self.bits(s=value)
        with self.assertRaisesRegex(block.ArgumentError, "overflows f8E5M2"):
            self.bits(t=61440.0)


class Pointers(unittest.TestCase):
    """Device memory of the parameter's element type, through either
    interface; host memory and other objects are refused."""

    def setUp(self):
        self.add = block.load(SMOKE)["vector_add"]
        self.x = CudaArray(aligned(numpy, 1024))

    def refused(self, args, message):
        with self.assertRaises(block.ArgumentError) as caught:
            self.add.pack(*args)
        self.assertIn(message, str(caught.exception))

    def test_cuda_array_interface(self):
        y, out = CudaArray(aligned(numpy, 1024)), CudaArray(aligned(numpy, 1024))
        self.assertEqual(self.add.pack(self.x, y, out, 1024),
                         [self.x.address, y.address, out.address, 1024])
        view = CudaArray(self.x.array[3:])
        self.assertEqual(self.add.pack(view, y, out, 16)[0], self.x.address + 12)

    def test_typestrs(self):
        expected = {"<f4": "f32", "<f2": "f16", "<f8": "f64", "|i1": "i8",
                    "|u1": "i8", "<i2": "i16", "<u4": "i32", "<i8": "i64",
                    "|b1": "i1", "<V2": "bf16", "<c8": None, ">f4": None,
                    "|V4": None}
        for typestr, element_type in expected.items():
            self.assertEqual(typestr_element_type(typestr), element_type, typestr)
        for dtype, typestr in [("float16", "<f2"), ("int32", "<i4"), ("bool", "|b1")]:
            self.assertEqual(numpy.dtype(dtype).str, typestr)

    def test_wrong_element_type(self):
        half = CudaArray(aligned(numpy, 1024, "float16"))
        self.refused((self.x, half, self.x, 1024),
                     "launch of 'vector_add' refused: argument 1 ('arg1', "
                     "!block.ptr<f32>) expects f32 elements, got typestr '<f2'")
        with self.assertRaises(block.ArgumentError) as caught:
            self.add.pack(self.x, half, self.x, 1024)
        error = caught.exception
        self.assertEqual((error.kernel, error.name, error.index), ("vector_add", "arg1", 1))
        self.refused((self.x, self.x, CudaArray(aligned(numpy, 4, "int32")), 16),
                     "argument 2 ('arg2', !block.ptr<f32>) expects f32 elements")

    def test_interface_without_data(self):
        class NoData:
            __cuda_array_interface__ = {"typestr": "<f4", "shape": (4,), "version": 3}
        self.refused((NoData(), self.x, self.x, 16),
                     "argument 0 ('arg0', !block.ptr<f32>) has a "
                     "__cuda_array_interface__ without a 'typestr' and a 'data'")

    def test_masked_array(self):
        self.refused((self.x, CudaArray(self.x.array, mask=object()), self.x, 16),
                     "argument 1 ('arg1', !block.ptr<f32>) is a masked array")

    def test_host_memory(self):
        # NumPy arrays speak DLPack, as CPU memory.
        self.refused((self.x.array, self.x, self.x, 16),
                     "argument 0 ('arg0', !block.ptr<f32>) is in CPU memory "
                     "(DLPack); kernels take device memory")

        class HostOnly:
            __array_interface__ = self.x.array.__array_interface__
        self.refused((self.x, HostOnly(), self.x, 16),
                     "argument 1 ('arg1', !block.ptr<f32>) is host memory (HostOnly)")

    def test_not_memory(self):
        self.refused((self.x, self.x, 0x7F0000000000, 16),
                     "argument 2 ('arg2', !block.ptr<f32>) expects device memory "
                     "(a CUDA tensor, or an object with __cuda_array_interface__ "
                     "or __dlpack__), got int")

    def test_dlpack(self):
        # A NumPy array: the address and type its capsule holds.
        view = self.x.array[5:]
        self.assertEqual(dlpack_info(view), (1, 0, self.x.address + 20, "f32"))
        # CUDA memory: the address (plus the byte offset) and the stream.
        cuda = FakeDLPack(0x7F0000001000, code=2, bits=32, byte_offset=64)
        self.assertEqual(self.add.pack(cuda, self.x, self.x, 16)[0], 0x7F0000001040)
        self.assertEqual(cuda.streams, [1])  # The legacy default stream.
        managed = FakeDLPack(0x7F0000002000, code=2, bits=32, device_type=13,
                             takes_stream=False)
        self.assertEqual(self.add.pack(managed, self.x, self.x, 16)[0], 0x7F0000002000)

    def test_dlpack_types(self):
        cases = {(0, 8): "i8", (1, 16): "i16", (0, 32): "i32", (1, 64): "i64",
                 (2, 16): "f16", (2, 32): "f32", (2, 64): "f64", (4, 16): "bf16",
                 (6, 8): "i1", (5, 64): None, (2, 8): None}
        for (code, bits), element_type in cases.items():
            info = dlpack_info(FakeDLPack(0x7F0000000000, code, bits))
            self.assertEqual(info[3], element_type, (code, bits))
        self.assertIsNone(dlpack_info(FakeDLPack(0x7F0000000000, 2, 32, lanes=4))[3])
        self.refused((FakeDLPack(0x7F0000000000, 4, 16), self.x, self.x, 16),
                     "argument 0 ('arg0', !block.ptr<f32>) expects f32 elements, "
                     "got another DLPack data type")
        self.refused((FakeDLPack(0x7F0000000000, 2, 32, device_type=10), self.x,
                      self.x, 16), "is in ROCm memory (DLPack)")


@unittest.skipIf(numpy is None, "NumPy is not installed")
class Binding(unittest.TestCase):
    """Arguments by position or by name, and grids."""

    def setUp(self):
        self.add = block.load(SMOKE)["vector_add"]
        self.x = CudaArray(aligned(numpy, 64))
        self.a = self.x.address

    def test_keywords(self):
        self.assertEqual(self.add.pack(self.x, arg3=32, arg2=self.x, arg1=self.x),
                         [self.a, self.a, self.a, 32])
        with self.assertRaisesRegex(block.ArgumentError,
                                    r"kernel 'vector_add' has no parameter 'n' "
                                    r"\(it has: arg0, arg1, arg2, arg3\)"):
            self.add.pack(self.x, self.x, self.x, n=32)
        with self.assertRaisesRegex(block.ArgumentError, "parameter 'arg0' given twice"):
            self.add.pack(self.x, self.x, self.x, 32, arg0=self.x)
        with self.assertRaisesRegex(block.ArgumentError, "missing arg1, arg3"):
            self.add.pack(self.x, arg2=self.x)

    def test_count(self):
        with self.assertRaisesRegex(block.ArgumentError,
                                    "launch of 'vector_add' refused: expected 4 "
                                    "arguments, got 3"):
            self.add.pack(self.x, self.x, self.x)

    def test_fields(self):
        """Each refusal's kernel and parameter (its index where the kernel
        has it), without parsing the message."""
        cases = [(lambda: self.add.pack(self.x, self.x, self.x, n=32), "n", None),
                 (lambda: self.add.pack(self.x, self.x, self.x, 32, arg0=self.x), "arg0", 0),
                 (lambda: self.add.pack(self.x, arg2=self.x), "arg1", 1),  # the first missing
                 (lambda: self.add.pack(self.x, self.x, self.x), None, None),
                 (lambda: self.add._grid((1, 2, 3, 4), []), None, None)]
        for call, name, index in cases:
            with self.assertRaises(block.ArgumentError) as caught:
                call()
            error = caught.exception
            self.assertEqual((error.kernel, error.name, error.index),
                             ("vector_add", name, index), str(error))

    def test_grids(self):
        grid = self.add._grid
        self.assertEqual(grid(7, []), (7, 1, 1))
        self.assertEqual(grid((7, 2), []), (7, 2, 1))
        seen = []
        values = [self.x, self.x, self.x, 4096]
        self.assertEqual(grid(lambda a: seen.append(a) or (block.cdiv(a["arg3"], 1024),),
                              values), (4, 1, 1))
        self.assertEqual(seen, [dict(zip(["arg0", "arg1", "arg2", "arg3"], values))])
        self.assertEqual(grid((numpy.int64(3),), []), (3, 1, 1))
        for bad in [(1, 2, 3, 4), (), (-1,), (2**32,), (1.0,), "8"]:
            with self.assertRaises(block.ArgumentError) as caught:
                grid(bad, [])
            self.assertEqual(str(caught.exception),
                             f"launch of 'vector_add' refused: the grid {bad!r} "
                             "is not 1 to 3 integers in [0, 2^32)")

    def test_cdiv(self):
        self.assertEqual([block.cdiv(n, 16) for n in (1, 16, 17, 32)], [1, 1, 2, 2])


class Streams(unittest.TestCase):
    def test_handles(self):
        class Torchish:
            cuda_stream = 0x1234

        class CuPyish:
            ptr = 0x5678

        class Protocol:
            def __cuda_stream__(self):
                return (0, 0x9ABC)

        self.assertEqual(stream_handle(0x42, None), 0x42)
        self.assertEqual(stream_handle(Torchish(), None), 0x1234)
        self.assertEqual(stream_handle(CuPyish(), None), 0x5678)
        self.assertEqual(stream_handle(Protocol(), None), 0x9ABC)
        with self.assertRaisesRegex(TypeError, "cannot take a CUDA stream from str"):
            stream_handle("default", None)

    def test_default_without_torch(self):
        import sys
        if "torch" in sys.modules:
            self.skipTest("torch is imported: its current stream is the default")
        self.assertEqual(stream_handle(None, None), 0)


class Manifests(unittest.TestCase):
    """What Python reads of a bundle before the runtime sees it."""

    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.dir)

    def test_kernels(self):
        bundle = block.load(SMOKE)
        self.assertEqual(bundle.name, "smoke")
        self.assertEqual(bundle.kernel_names, ["vector_add", "echo_scalars"])
        self.assertEqual(block.load(os.path.join(SMOKE, "smoke.json")).name, "smoke")
        kernel = bundle.kernel("echo_scalars")
        self.assertIs(bundle["echo_scalars"], kernel)
        self.assertEqual(kernel.num_warps, 1)
        with self.assertRaisesRegex(block.BlockError,
                                    r"bundle 'smoke' has no kernel 'nope' "
                                    r"\(it has: vector_add, echo_scalars\)"):
            bundle["nope"]

    def test_dataclasses(self):
        manifest = block.load(SMOKE).manifest
        self.assertIsInstance(manifest, block.Manifest)
        self.assertEqual(manifest.path, os.path.join(SMOKE, "smoke.json"))
        self.assertEqual((manifest.module, manifest.ptx, manifest.cubin),
                         ("smoke", "smoke.ptx", None))
        add, echo = manifest.kernels
        self.assertEqual((add.name, add.num_warps, add.shared_memory_bytes),
                         ("vector_add", 4, 0))
        self.assertEqual(add.parameters[0], block.Parameter(0, "arg0", "pointer", "f32"))
        self.assertEqual(echo.parameters[7], block.Parameter(7, "g", "scalar", "bf16"))
        self.assertEqual(add.parameters[0].describe(), "0 ('arg0', !block.ptr<f32>)")
        self.assertEqual([p.type_string for p in echo.parameters[:2]], ["!block.ptr<f64>", "i1"])
        kernel = block.load(SMOKE)["echo_scalars"]
        self.assertEqual(kernel.info, echo)
        self.assertEqual(kernel.parameters, echo.parameters)
        with self.assertRaises(AttributeError):  # frozen
            manifest.module = "other"

    def malformed(self, change, field, what):
        """Loads smoke.json after `change(manifest)`: refused, naming the
        file and the JSON path of the field."""
        with open(os.path.join(SMOKE, "smoke.json")) as f:
            manifest = json.load(f)
        change(manifest)
        self.refused(manifest, field, what)

    def refused(self, document, field, what):
        path = os.path.join(self.dir, "smoke.json")
        with open(path, "w") as f:
            json.dump(document, f)
        with self.assertRaises(block.ManifestError) as caught:
            block.load(self.dir)
        error = caught.exception
        self.assertIsInstance(error, block.BlockError)
        self.assertEqual((error.path, error.field), (path, field))
        where = f"{field}: " if field else ""
        self.assertEqual(str(error), f"{path}: not a Block bundle manifest: {where}{what}")

    def test_malformed_fields(self):
        def kernel(i, **changes):
            return lambda m: m["kernels"][i].update(changes)

        def param(i, j, **changes):
            return lambda m: m["kernels"][i]["parameters"][j].update(changes)
        self.refused([], None, "expected an object at the top level, got an array")
        self.malformed(lambda m: m.update(module=7), "module",
                       "expected a non-empty string, got a number")
        self.malformed(lambda m: m.update(kernels="vector_add"), "kernels",
                       "expected an array, got a string")
        self.malformed(lambda m: m["kernels"].append(None), "kernels[2]",
                       "expected an object, got null")
        self.malformed(lambda m: m["kernels"][0].pop("name"), "kernels[0].name",
                       "missing (expected a non-empty string)")
        self.malformed(kernel(1, name="vector_add"), "kernels[1].name",
                       'duplicate kernel name "vector_add"')
        self.malformed(kernel(1, num_warps="4"), "kernels[1].num_warps",
                       "expected an integer >= 1, got a string")
        self.malformed(kernel(0, shared_memory_bytes=-1), "kernels[0].shared_memory_bytes",
                       "expected an integer >= 0, got -1")
        self.malformed(kernel(0, parameters={}), "kernels[0].parameters",
                       "expected an array, got an object")
        self.malformed(param(0, 2, index=5), "kernels[0].parameters[2].index",
                       "expected 2 (parameters are listed in order), got 5")
        self.malformed(param(0, 2, index=2.5), "kernels[0].parameters[2].index",
                       "expected an integer >= 0, got a number that is not an integer")
        self.malformed(param(1, 3, name=""), "kernels[1].parameters[3].name",
                       "expected a non-empty string, got a string")
        self.malformed(param(0, 1, kind="tensor"), "kernels[0].parameters[1].kind",
                       'expected "pointer" or "scalar", got "tensor"')
        self.malformed(param(1, 4, type="i33"), "kernels[1].parameters[4].type",
                       'unknown element type "i33" (expected one of i1, i8, i16, i32, i64, '
                       "f16, bf16, f32, f64, f8E4M3FN, f8E5M2)")
        self.malformed(lambda m: m["kernels"][1]["parameters"][0].pop("element_type"),
                       "kernels[1].parameters[0].element_type",
                       "missing (expected a non-empty string)")

    def test_bad_bundles(self):
        with self.assertRaisesRegex(block.BlockError, "holds exactly one .json manifest, "
                                    "this one 0"):
            block.load(self.dir)
        missing = os.path.join(self.dir, "none.json")
        with self.assertRaisesRegex(block.BlockError, f"cannot open '{missing}'"):
            block.load(missing)
        with open(os.path.join(self.dir, "m.json"), "w") as f:
            f.write('{"kernels": [')
        with self.assertRaisesRegex(block.BlockError, "m.json: not a Block bundle "
                                    "manifest .JSONDecodeError") as caught:
            block.load(self.dir)
        self.assertEqual((caught.exception.path, caught.exception.field),
                         (os.path.join(self.dir, "m.json"), None))
        with open(os.path.join(self.dir, "m.json"), "w") as f:
            f.write('{"kernels": [{"name": "k", "parameters": [{"index": 0, '
                    '"name": "x", "kind": "pointer", "type": "f32"}]}]}')
        with self.assertRaisesRegex(block.BlockError, r"m.json: not a Block bundle "
                                    r"manifest: kernels\[0\].parameters\[0\].element_type: "
                                    r"missing \(expected a non-empty string\)"):
            block.load(self.dir)

    def test_manifests_that_are_no_files(self):
        # A FIFO would wait for a writer forever.
        fifo = os.path.join(self.dir, "m.json")
        os.mkfifo(fifo)
        with self.assertRaisesRegex(block.BlockError, "cannot read '.*m.json': "
                                    "not a regular file"):
            block.load(self.dir)
        os.remove(fifo)
        with open(fifo, "w") as f:
            f.write("[" * 100000 + "]" * 100000)
        with self.assertRaisesRegex(block.BlockError, "m.json: not a Block bundle "
                                    "manifest .nested too deep"):
            block.load(self.dir)


if __name__ == "__main__":
    unittest.main()
