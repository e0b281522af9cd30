"""The runtime library's refusals as Python exceptions, without a GPU:
Kernel.check runs the runtime's own launch checks on the manifest
(blockRuntimeCheckLaunch), and loading code without a driver fails with the
runtime's message. Needs libBlockRuntimeC.so ($BLOCK_RUNTIME_LIBRARY)."""

import json
import os
import shutil
import tempfile
import unittest

from helpers import SMOKE, CudaArray, FakeDLPack, aligned

import block

try:
    import numpy
except ImportError:
    numpy = None

LIBRARY = os.environ.get("BLOCK_RUNTIME_LIBRARY")


def setUpModule():
    if not LIBRARY or not os.path.exists(LIBRARY):
        raise unittest.SkipTest("no runtime library: set BLOCK_RUNTIME_LIBRARY "
                                "to a libBlockRuntimeC.so")


@unittest.skipIf(numpy is None, "NumPy is not installed")
class Checks(unittest.TestCase):
    def setUp(self):
        self.add = block.load(SMOKE)["vector_add"]
        self.x, self.y, self.out = (CudaArray(aligned(numpy, 1024)) for _ in range(3))

    def refused(self, grid, args, message):
        with self.assertRaises(block.BlockError) as caught:
            self.add.check(grid, *args)
        self.assertIn(message, str(caught.exception))

    def test_good_launch(self):
        self.add.check((8,), self.x, self.y, self.out, 1008)
        self.add.check(lambda a: (block.cdiv(a["arg3"], 128),), self.x, self.y,
                       self.out, arg3=1024)

    def test_misaligned(self):
        view = CudaArray(self.x.array[1:])
        self.refused(8, (view, self.y, self.out, 1008),
                     f"launch of 'vector_add' refused: argument 0 ('arg0', "
                     f"!block.ptr<f32>) address {view.address:#x} is not aligned "
                     "to 16 bytes, as the kernel was compiled to assume")
        # The same through DLPack.
        fake = FakeDLPack(self.x.address, code=2, bits=32, byte_offset=8)
        self.refused(8, (self.x, fake, self.out, 1008),
                     f"argument 1 ('arg1', !block.ptr<f32>) address "
                     f"{self.x.address + 8:#x} is not aligned to 16 bytes")

    def test_not_divisible(self):
        self.refused(8, (self.x, self.y, self.out, 1000),
                     "argument 3 ('arg3', i32) value 1000 is not divisible by 16, "
                     "as the kernel was compiled to assume")
        # An i32's bits are its value, negative ones included.
        self.refused(8, (self.x, self.y, self.out, -8), "value -8 is not divisible by 16")

    def test_grid(self):
        self.refused((0,), (self.x, self.y, self.out, 16),
                     "x = 0 is outside [1, 2147483647]")
        self.refused((1, 65536), (self.x, self.y, self.out, 16),
                     "y = 65536 is outside [1, 65535]")

    def test_every_scalar_type_passes(self):
        echo = block.load(SMOKE)["echo_scalars"]
        out = CudaArray(aligned(numpy, 9, "float64"))
        echo.check(1, out, True, -5, -300, 100000, -5000000000, 1.5, -2.5, 0.25, 3.125)

    def test_manifest_the_runtime_refuses(self):
        # Valid JSON that Python reads, with a field the runtime rejects.
        work = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, work)
        with open(os.path.join(SMOKE, "smoke.json")) as f:
            manifest = json.load(f)
        manifest["kernels"][0]["parameters"][3]["divisibility"] = "16"
        with open(os.path.join(work, "smoke.json"), "w") as f:
            json.dump(manifest, f)
        shutil.copy(os.path.join(SMOKE, "smoke.ptx"), work)
        kernel = block.load(work)["vector_add"]
        with self.assertRaisesRegex(block.BlockError,
                                    r"smoke.json: kernels\[0\].parameters\[3\]"
                                    r".divisibility: expected an integer >= 1, "
                                    "got a string"):
            kernel.check(8, self.x, self.y, self.out, 1008)


class Loading(unittest.TestCase):
    def test_missing_library(self):
        with self.assertRaisesRegex(block.BlockError,
                                    "cannot load the Block runtime library .*; "
                                    "build runtime/ and set BLOCK_RUNTIME_LIBRARY"):
            block.Runtime("/nonexistent/libBlockRuntimeC.so")

    def test_not_the_runtime(self):
        with self.assertRaisesRegex(block.BlockError,
                                    "libc.so.6 is not the Block runtime library "
                                    r"\(it has no blockRuntimeLoad, "):
            block.Runtime("libc.so.6")

    def test_no_device(self):
        """Where there is no GPU, loading the code says why, in the
        runtime's words; where there is one, nothing is launched here."""
        runtime = block.Runtime(LIBRARY)
        try:
            module = runtime._load_module(os.path.join(SMOKE, "smoke.json"))
        except block.BlockError as e:
            self.assertRegex(str(e), r"^no CUDA (driver: |device: CUDA_ERROR_)")
        else:
            runtime._unload_module(module)
            self.skipTest("a GPU is here: test_gpu launches")
        bundle = runtime.load(SMOKE)
        with self.assertRaisesRegex(block.BlockError, r"^no CUDA (driver|device)"):
            bundle["echo_scalars"][1](FakeDLPack(0x7F0000000000, 2, 64),
                                      True, 1, 2, 3, 4, 1.0, 2.0, 3.0, 4.0)


if __name__ == "__main__":
    unittest.main()
