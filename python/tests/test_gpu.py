"""Launches on a GPU through the package, with torch tensors, CuPy arrays and
DLPack producers, on torch's current stream or a given one; refusals as
exceptions. Needs torch with CUDA and $BLOCK_RUNTIME_LIBRARY; skipped
elsewhere. The smoke bundle's PTX (runtime/test/bundle) needs no compiler;
$BLOCK_TEST_BUNDLES (bundles/ of scripts/make-bundles.sh) adds the compiled
vector_add example."""

import os
import unittest

from helpers import SMOKE

import block

try:
    import torch
except ImportError:
    torch = None

LIBRARY = os.environ.get("BLOCK_RUNTIME_LIBRARY")


def setUpModule():
    if torch is None or not torch.cuda.is_available():
        raise unittest.SkipTest("no GPU: torch with CUDA is needed")
    if not LIBRARY or not os.path.exists(LIBRARY):
        raise unittest.SkipTest("BLOCK_RUNTIME_LIBRARY is not set")


class Launches(unittest.TestCase):
    def setUp(self):
        self.bundle = block.load(SMOKE)
        self.add = self.bundle["vector_add"]
        self.x = torch.arange(1024, dtype=torch.float32, device="cuda")
        self.y = torch.full((1024,), 0.5, device="cuda")
        self.out = torch.zeros(1024, device="cuda")
        # vector_add writes out[i] = x[i] + y[i] for i < n, nothing else.
        self.expected = torch.zeros(1024, device="cuda")
        self.expected[:1008] = self.x[:1008] + 0.5

    def test_torch(self):
        self.add[8](self.x, self.y, self.out, 1008)
        torch.cuda.synchronize()
        self.assertTrue(torch.equal(self.out, self.expected))

    def test_grid_function_and_keywords(self):
        self.add[lambda a: (block.cdiv(a["arg3"], 128),)](
            self.x, self.y, arg2=self.out, arg3=1008)
        torch.cuda.synchronize()
        self.assertTrue(torch.equal(self.out, self.expected))

    def test_current_stream(self):
        """The default stream is torch's current one: the kernel runs after
        what was queued there, however long that takes."""
        side = torch.cuda.Stream()
        self.x.zero_()
        torch.cuda.synchronize()
        with torch.cuda.stream(side):
            torch.cuda._sleep(50_000_000)  # Tens of milliseconds.
            self.x.fill_(2.0)
            self.add[8](self.x, self.y, self.out, 1008)
        side.synchronize()
        self.assertTrue(torch.all(self.out[:1008] == 2.5))

    def test_given_stream(self):
        side = torch.cuda.Stream()
        self.x.zero_()
        torch.cuda.synchronize()
        with torch.cuda.stream(side):
            torch.cuda._sleep(50_000_000)
            self.x.fill_(3.0)
        self.add[8](self.x, self.y, self.out, 1008, stream=side)
        launch = self.add.prepare(8, self.x, self.x, self.y, 1008, stream=side)
        launch()
        side.synchronize()
        self.assertTrue(torch.all(self.out[:1008] == 3.5))
        self.assertTrue(torch.all(self.y[:1008] == 6.0))

    def test_every_scalar_type(self):
        out = torch.zeros(9, dtype=torch.float64, device="cuda")
        self.bundle["echo_scalars"][1](out, True, -5, -300, 100000, -5000000000,
                                       1.5, -2.5, 0.25, 3.125)
        torch.cuda.synchronize()
        self.assertEqual(out.tolist(), [1, -5, -300, 100000, -5000000000,
                                        1.5, -2.5, 0.25, 3.125])

    def test_dlpack(self):
        class OnlyDLPack:
            def __init__(self, tensor):
                self.tensor = tensor

            def __dlpack__(self, stream=None):
                return self.tensor.__dlpack__(stream=stream)

            def __dlpack_device__(self):
                return self.tensor.__dlpack_device__()

        self.add[8](OnlyDLPack(self.x), OnlyDLPack(self.y), OnlyDLPack(self.out), 1008)
        torch.cuda.synchronize()
        self.assertTrue(torch.equal(self.out, self.expected))

    def test_cupy(self):
        try:
            import cupy
        except ImportError:
            self.skipTest("CuPy is not installed")
        x = cupy.arange(1024, dtype=cupy.float32)
        y = cupy.full(1024, 0.5, dtype=cupy.float32)
        out = cupy.zeros(1024, dtype=cupy.float32)
        cupy.cuda.Device().synchronize()  # The stream below waits for nothing.
        stream = cupy.cuda.Stream(non_blocking=True)
        self.add[8](x, y, out, 1008, stream=stream)
        stream.synchronize()
        self.assertTrue(bool((cupy.asarray(self.expected) == out).all()))

    def test_refusals(self):
        with self.assertRaisesRegex(block.BlockError,
                                    r"argument 0 \('arg0', !block.ptr<f32>\) address "
                                    r"0x[0-9a-f]+ is not aligned to 16 bytes"):
            self.add[8](self.x[1:], self.y, self.out, 1008)
        with self.assertRaisesRegex(block.BlockError, "value 1000 is not divisible by 16"):
            self.add[8](self.x, self.y, self.out, 1000)
        with self.assertRaisesRegex(block.ArgumentError,
                                    "expects f32 elements, got torch.float16"):
            self.add[8](self.x, self.y.half(), self.out, 1008)
        with self.assertRaisesRegex(block.ArgumentError, "is a tensor on cpu"):
            self.add[8](self.x, self.y.cpu(), self.out, 1008)
        with self.assertRaisesRegex(block.BlockError, "x = 0 is outside"):
            self.add[0](self.x, self.y, self.out, 1008)
        # Nothing ran, and the context still works.
        self.add[8](self.x, self.y, self.out, 1008)
        torch.cuda.synchronize()
        self.assertTrue(torch.equal(self.out, self.expected))

    def test_compiled_example(self):
        bundles = os.environ.get("BLOCK_TEST_BUNDLES")
        if not bundles or not os.path.isdir(os.path.join(bundles, "vector_add")):
            self.skipTest("BLOCK_TEST_BUNDLES has no vector_add")
        add = block.load(os.path.join(bundles, "vector_add"))["vector_add"]
        n = (1 << 20) + 16
        x, y = torch.randn(n, device="cuda"), torch.randn(n, device="cuda")
        out = torch.empty_like(x)
        add[lambda a: (block.cdiv(a["n"], 1024),)](x, y, out, n)
        torch.cuda.synchronize()
        self.assertTrue(torch.equal(out, x + y))
        # The example has no hints: a view one element in (not 16-byte
        # aligned) and a ragged length run the generic kernel, not a refusal.
        out.zero_()
        add[lambda a: (block.cdiv(a["n"], 1024),)](x[1:], y[1:], out[1:], n - 1)
        torch.cuda.synchronize()
        self.assertTrue(torch.equal(out[1:], x[1:] + y[1:]))


if __name__ == "__main__":
    unittest.main()
