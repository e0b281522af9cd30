#!/usr/bin/env python3
"""Host cost of @block.jit launches against Triton's JIT, same GPU, same
process, and the cold start (first launch: emission, the cache, loading).

On the CPU machine (block-compile there), compile the kernel into a cache
and time emission and compilation:
    python3 bench/python_launch.py --prepare bundles/python-cache
On the GPU machine (no MLIR: the carried cache serves the kernel):
    BLOCK_CACHE_DIR=bundles/python-cache python3 bench/python_launch.py --out OUT
A one-instance kernel on 1024 floats, so that the GPU keeps up and the host
time per launch is what is measured (median of 5 rounds of 2000 launches)."""

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import block  # noqa: E402
import block.language as bl  # noqa: E402

SIGNATURE = "*fp32,*fp32,*fp32,i32"
BLOCK = 1024


@block.jit
def add(x_ptr, y_ptr, out_ptr, n, BLOCK: bl.constexpr):
    offs = bl.program_id(0) * BLOCK + bl.arange(0, BLOCK)
    mask = offs < n
    bl.store(out_ptr + offs, bl.load(x_ptr + offs, mask=mask) + bl.load(y_ptr + offs, mask=mask),
             mask=mask)


def prepare(cache):
    os.environ["BLOCK_CACHE_DIR"] = os.path.abspath(cache)
    t0 = time.perf_counter()
    text = add.emit(SIGNATURE, BLOCK=BLOCK)
    t1 = time.perf_counter()
    add._compile_text(text, "sm_90a")
    t2 = time.perf_counter()
    result = {"emit_ms": (t1 - t0) * 1e3, "block_compile_ms": (t2 - t1) * 1e3}
    with open(os.path.join(cache, "python_launch_cold.json"), "w") as f:
        json.dump(result, f)
    print(json.dumps(result))


def per_launch_us(launch, torch, n=2000, rounds=5):
    times = []
    for _ in range(rounds):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(n):
            launch()
        t1 = time.perf_counter()
        torch.cuda.synchronize()
        times.append((t1 - t0) / n * 1e6)
    return sorted(times)[len(times) // 2]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--prepare", metavar="CACHE")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    if args.prepare:
        prepare(args.prepare)
        return 0
    import torch
    import triton
    import triton.language as tl

    @triton.jit
    def add_triton(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask),
                 mask=mask)

    x = torch.randn(BLOCK, device="cuda")
    y = torch.randn(BLOCK, device="cuda")
    out = torch.empty_like(x)
    rows = []
    t0 = time.perf_counter()
    add[(1,)](x, y, out, BLOCK, BLOCK=BLOCK)
    torch.cuda.synchronize()
    first_ours = (time.perf_counter() - t0) * 1e3
    torch.testing.assert_close(out, x + y)
    t0 = time.perf_counter()
    add_triton[(1,)](x, y, out, BLOCK, BLOCK=BLOCK)
    torch.cuda.synchronize()
    first_triton = (time.perf_counter() - t0) * 1e3
    ours = per_launch_us(lambda: add[(1,)](x, y, out, BLOCK, BLOCK=BLOCK), torch)
    theirs = per_launch_us(lambda: add_triton[(1,)](x, y, out, BLOCK, BLOCK=BLOCK), torch)
    grid = lambda meta: (triton.cdiv(meta["n"], meta["BLOCK"]),)  # noqa: E731
    ours_fn = per_launch_us(lambda: add[grid](x, y, out, BLOCK, BLOCK=BLOCK), torch)
    theirs_fn = per_launch_us(lambda: add_triton[grid](x, y, out, BLOCK, BLOCK=BLOCK), torch)
    cold = {}
    cache = os.environ.get("BLOCK_CACHE_DIR", "")
    try:
        with open(os.path.join(cache, "python_launch_cold.json")) as f:
            cold = json.load(f)
    except OSError:
        pass
    lines = [
        f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}, triton {triton.__version__}",
        "",
        "| launch of a one-program kernel | Block | Triton | Block / Triton |",
        "| --- | --- | --- | --- |",
        f"| warm, grid a tuple (us) | {ours:.2f} | {theirs:.2f} | {ours / theirs:.2f} |",
        f"| warm, grid a function (us) | {ours_fn:.2f} | {theirs_fn:.2f} | {ours_fn / theirs_fn:.2f} |",
        f"| first launch in the process (ms; Block: from the carried cache, Triton: compiling) "
        f"| {first_ours:.1f} | {first_triton:.1f} | |",
    ]
    if cold:
        lines.append(f"| Block cold, on the CPU machine: emission {cold['emit_ms']:.1f} ms, "
                     f"block-compile {cold['block_compile_ms']:.0f} ms | | | |")
    text = "\n".join(lines)
    print(text)
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "python_launch.md"), "w") as f:
            f.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
