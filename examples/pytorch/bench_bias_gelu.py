"""Times bias_gelu (Block kernels) against PyTorch eager and torch.compile,
forward alone and forward + backward, on M x N float32 inputs larger than
L2. Prints a Markdown table: milliseconds (median of CUDA-event timings over
several rounds, each round in another order) and GB/s of the bytes each
pass must move at least.

    python3 examples/pytorch/bench_bias_gelu.py [--bundle DIR] [--sizes 8192x4096,...]
"""

import argparse
import os
import statistics
import sys

import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "bench"))
from bench import rotated, time_ms  # noqa: E402
from bias_gelu import bias_gelu, use_bundle  # noqa: E402


def eager(x, b):
    return F.gelu(x + b)


def implementations():
    return {"block": bias_gelu, "eager": eager, "torch.compile": torch.compile(eager)}


def passes(fn, x, b, dy):
    """The forward pass, and forward + backward, of `fn` as callables."""
    def forward():
        with torch.no_grad():
            fn(x, b)

    def training():
        x.grad = b.grad = None
        fn(x, b).backward(dy)
    return forward, training


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bundle", help="the kernels' bundle directory")
    parser.add_argument("--sizes", default="8192x4096,16384x1024,4096x16384")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--reps", type=int, default=50)
    args = parser.parse_args()
    use_bundle(args.bundle)
    print(f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}")
    print("| M x N | pass | implementation | ms | GB/s | time / block's |")
    print("| --- | --- | --- | --- | --- | --- |")
    for size in args.sizes.split(","):
        m, n = (int(v) for v in size.split("x"))
        x = torch.randn(m, n, device="cuda", requires_grad=True)
        b = torch.randn(n, device="cuda", requires_grad=True)
        dy = torch.randn(m, n, device="cuda")
        # Forward: read x, write y. Backward: read dy and x, write dx.
        moved = {"forward": 2 * m * n * 4, "forward + backward": 5 * m * n * 4}
        impls = implementations()
        # Agreement first: every implementation's output and gradients.
        outs = {}
        for name, fn in impls.items():
            x.grad = b.grad = None
            y = fn(x, b)
            y.backward(dy)
            outs[name] = (y.detach(), x.grad.clone(), b.grad.clone())
        for name, (y, dx, db) in outs.items():
            torch.testing.assert_close(y, outs["eager"][0], rtol=1e-5, atol=1e-5)
            torch.testing.assert_close(dx, outs["eager"][1], rtol=1e-5, atol=1e-5)
            torch.testing.assert_close(db, outs["eager"][2], rtol=1e-4, atol=1e-3)
        times = {}
        for r in range(args.rounds):
            for name in rotated(list(impls), r):
                for label, fn in zip(moved, passes(impls[name], x, b, dy)):
                    times.setdefault((label, name), []).append(time_ms(fn, args.reps))
        for label in moved:
            ours = statistics.median(times[label, "block"])
            for name in impls:
                ms = statistics.median(times[label, name])
                print(f"| {m} x {n} | {label} | {name} | {ms:.4f} | "
                      f"{moved[label] / ms / 1e6:.0f} | {ms / ours:.2f}x |")


if __name__ == "__main__":
    main()
