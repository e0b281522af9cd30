"""Bias + GELU as a PyTorch operation with Block kernels, forward and backward.

    y = gelu(x + bias)          (the exact, erf form: F.gelu's default)

`bias_gelu(x, bias)` is a torch.autograd.Function: its forward and backward
are the kernels of bias_gelu.mlir, so it trains like `F.gelu(x + bias)` in
one pass over memory each way (eager PyTorch makes two forward, several
backward). `BiasGELU` is the layer. The backward kernel writes dx and, per
32 rows, the partial column sums of dx; db is their sum (torch.sum over
ceil(M / 32) rows).

Run it to check it against PyTorch on the GPU (forward, backward, and
torch.autograd.gradcheck):

    python3 examples/pytorch/bias_gelu.py [--bundle DIR]

The kernels come from --bundle (a directory block-compile wrote, e.g.
bundles/bias_gelu from scripts/make-bundles.sh) or $BIAS_GELU_BUNDLE, else
block.compile compiles bias_gelu.mlir (cached in $BLOCK_CACHE_DIR). The
runtime library is $BLOCK_RUNTIME_LIBRARY.
"""

import argparse
import os
import sys
import warnings

import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
# The package of this repository, installed or not.
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
import block  # noqa: E402

_bundle = None


def use_bundle(path=None):
    """Chooses the kernels' bundle: `path`, else $BIAS_GELU_BUNDLE, else
    bias_gelu.mlir compiled (and cached) by block.compile."""
    global _bundle
    path = path or os.environ.get("BIAS_GELU_BUNDLE")
    _bundle = block.load(path) if path else block.compile(
        os.path.join(HERE, "bias_gelu.mlir"))
    return _bundle


def _kernels():
    if _bundle is None:
        use_bundle()
    return _bundle["bias_gelu_fwd"], _bundle["bias_gelu_bwd"]


def _rows(x, bias):
    """x as a contiguous (M, N) float32 matrix with N = len(bias), and the
    bias contiguous, checked against what the kernels take."""
    n = bias.numel()
    if x.dtype != torch.float32 or bias.dtype != torch.float32:
        raise TypeError("bias_gelu takes float32 tensors")
    if x.shape[-1] != n or bias.dim() != 1:
        raise ValueError(f"bias of {tuple(bias.shape)} for x of {tuple(x.shape)}")
    if n % 16 or x.numel() >= 2**31:
        raise ValueError("bias_gelu needs a last dimension divisible by 16 and "
                         "fewer than 2^31 elements")
    return x.contiguous().view(-1, n), bias.contiguous()


class BiasGeluFunction(torch.autograd.Function):
    """gelu(x + bias) over the last dimension of x, in Block kernels."""

    @staticmethod
    def forward(ctx, x, bias):
        forward, _ = _kernels()
        rows, bias = _rows(x, bias)
        m, n = rows.shape
        y = torch.empty_like(rows)
        if m:  # An empty grid is refused.
            forward[block.cdiv(n, 512), block.cdiv(m, 8)](rows, bias, y, m, n)
        ctx.save_for_backward(rows, bias)
        ctx.shape = x.shape
        return y.view(x.shape)

    @staticmethod
    def backward(ctx, dy):
        _, backward = _kernels()
        rows, bias = ctx.saved_tensors
        m, n = rows.shape
        dy = dy.contiguous().view(m, n)
        dx = torch.empty_like(rows)
        partial = torch.zeros(block.cdiv(m, 32), n, device=rows.device)
        if m:
            backward[block.cdiv(n, 128), block.cdiv(m, 32)](dy, rows, bias, dx,
                                                            partial, m, n)
        return dx.view(ctx.shape), partial.sum(dim=0)


def bias_gelu(x, bias):
    """gelu(x + bias), differentiable in x and bias."""
    return BiasGeluFunction.apply(x, bias)


class BiasGELU(torch.nn.Module):
    """A learned bias followed by GELU: `F.gelu(x + self.bias)`."""

    def __init__(self, features, device=None):
        super().__init__()
        self.bias = torch.nn.Parameter(torch.zeros(features, device=device))

    def forward(self, x):
        return bias_gelu(x, self.bias)


def reference(x, bias, dy):
    """y, dx, db from PyTorch's autograd in float64."""
    x64 = x.detach().double().requires_grad_()
    b64 = bias.detach().double().requires_grad_()
    y = F.gelu(x64 + b64)
    y.backward(dy.double())
    return y.detach(), x64.grad, b64.grad


def check(shape, generator):
    """Ours against PyTorch in float64 (and PyTorch's own float32 error, for
    scale) on one shape; raises AssertionError on a mismatch."""
    n = shape[-1]
    x = (2 * torch.randn(shape, device="cuda", generator=generator)).requires_grad_()
    bias = torch.randn(n, device="cuda", generator=generator).requires_grad_()
    dy = torch.randn(shape, device="cuda", generator=generator)
    y = bias_gelu(x, bias)
    y.backward(dy)
    want_y, want_dx, want_db = reference(x, bias, dy)
    # f32 results of an f32 computation: a few ulp on each element; db sums
    # M of them.
    torch.testing.assert_close(y.double(), want_y, rtol=1e-5, atol=1e-6)
    torch.testing.assert_close(x.grad.double(), want_dx, rtol=1e-5, atol=1e-6)
    m = x.numel() // n
    torch.testing.assert_close(bias.grad.double(), want_db, rtol=1e-5,
                               atol=1e-6 * m ** 0.5)
    eager = F.gelu(x.detach() + bias.detach())
    errors = [(y.double() - want_y).abs().max().item(),
              (eager.double() - want_y).abs().max().item(),
              (x.grad.double() - want_dx).abs().max().item(),
              (bias.grad.double() - want_db).abs().max().item()]
    print(f"{str(tuple(shape)):>16}: max |error| vs float64: y {errors[0]:.1e} "
          f"(PyTorch f32: {errors[1]:.1e}), dx {errors[2]:.1e}, db {errors[3]:.1e}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bundle", help="the kernels' bundle directory")
    args = parser.parse_args()
    bundle = use_bundle(args.bundle)
    print(f"kernels: {bundle.manifest_path}")
    generator = torch.Generator(device="cuda").manual_seed(0)
    # Tails in every tile (8 x 512 forward, 32 x 128 backward), a 3-D
    # input, one row, and a large case.
    for shape in [(37, 656), (3, 5, 48), (1, 16), (1000, 1024), (4096, 4096)]:
        check(shape, generator)
    empty = torch.zeros(0, 32, device="cuda", requires_grad=True)
    bias_gelu(empty, torch.zeros(32, device="cuda")).sum().backward()
    assert empty.grad.shape == (0, 32)
    # A non-contiguous input and the layer.
    x = torch.randn(64, 512, device="cuda", generator=generator).t()
    layer = BiasGELU(64, device="cuda")
    torch.testing.assert_close(layer(x), F.gelu(x), rtol=1e-5, atol=1e-6)
    # gradcheck on f32 kernels: finite differences with a larger step and
    # tolerances to match float32 (the float64 comparisons above are the
    # tight ones).
    x = torch.randn(4, 32, device="cuda", generator=generator, requires_grad=True)
    b = torch.randn(32, device="cuda", generator=generator, requires_grad=True)
    with warnings.catch_warnings():  # That the inputs are not float64.
        warnings.simplefilter("ignore", UserWarning)
        assert torch.autograd.gradcheck(bias_gelu, (x, b), eps=1e-2, atol=1e-2, rtol=1e-2)
    print("gradcheck: ok")
    # What the runtime refuses, as exceptions: an input 4 bytes past the
    # 16-byte alignment the kernels were compiled to assume.
    try:
        misaligned = torch.randn(4 * 32 + 1, device="cuda")[1:].view(4, 32)
        bias_gelu(misaligned, torch.zeros(32, device="cuda"))
    except block.BlockError as e:
        print(f"refused as expected: {e}")
    else:
        raise AssertionError("a misaligned input was not refused")
    print("bias_gelu: forward and backward match PyTorch")


if __name__ == "__main__":
    main()
