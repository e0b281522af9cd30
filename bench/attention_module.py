#!/usr/bin/env python3
"""examples/pytorch/attention.py against PyTorch's SDPA, same process:
MultiheadSelfAttention (qkv projection, attention, out projection) with
Block's attention and the same layer with F.scaled_dot_product_attention
(PyTorch's choice of backend), and the attention alone on contiguous
[B, H, S, D] tensors; forward, and forward + backward, at B4 H32 S4096 bf16,
D 64 and 128, causal and not. Medians of CUDA-event timings.

On the CPU machine, compile every kernel the module launches (this bench's
and python/tests/test_attention_module.py's) into a cache the GPU machine
reads without a compiler:
    BLOCK_COMPILE=build/bin/block-compile python3 bench/attention_module.py --prepare bundles/python-cache
On the GPU machine:
    BLOCK_CACHE_DIR=bundles/python-cache python3 bench/attention_module.py --out OUT
The layers' outputs are compared first (exit status 1 when they differ)."""

import argparse
import copy
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "examples", "pytorch"))

import attention_kernels  # noqa: E402

BATCH, HEADS, SEQ = 4, 32, 4096
HEAD_DIMS = (64, 128)
#: the layers' outputs may differ by bf16 roundings, relative to the largest.
CHECK_TOLERANCE = 2e-2


def run(out_dir):
    import torch
    import attention

    def median_ms(fn, reps=20):
        fn()
        torch.cuda.synchronize()
        times = []
        for _ in range(reps):
            start, end = (torch.cuda.Event(enable_timing=True) for _ in range(2))
            start.record()
            fn()
            end.record()
            torch.cuda.synchronize()
            times.append(start.elapsed_time(end))
        return sorted(times)[len(times) // 2]

    def fwd_bwd(fn, inputs, grad):
        def step():
            for x in inputs:
                x.grad = None
            fn().backward(grad)
        return step

    lines = [f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}", "",
             f"| B{BATCH} H{HEADS} S{SEQ} bf16 | ours (ms) | SDPA (ms) | SDPA / ours |",
             "| --- | --- | --- | --- |"]
    failures = 0
    torch.manual_seed(0)
    for head_dim in HEAD_DIMS:
        embed = HEADS * head_dim
        for causal in (False, True):
            name = f"D{head_dim}{' causal' if causal else ''}"
            ours = attention.MultiheadSelfAttention(embed, HEADS, causal=causal, device="cuda",
                                                    dtype=torch.bfloat16)
            theirs = copy.deepcopy(ours)
            theirs.attention_fn = attention.sdpa
            x = torch.randn(BATCH, SEQ, embed, device="cuda", dtype=torch.bfloat16,
                            requires_grad=True)
            dy = torch.randn_like(x)
            with torch.no_grad():
                want = theirs(x).double()
                err = ((ours(x).double() - want).abs().max() / want.abs().max()).item()
            if not err < CHECK_TOLERANCE:
                failures += 1
            print(f"{name}: layer output against SDPA's layer {err:.1e}")
            q, k, v = (torch.randn(BATCH, HEADS, SEQ, head_dim, device="cuda",
                                   dtype=torch.bfloat16, requires_grad=True) for _ in range(3))
            do = torch.randn_like(q)
            cases = [
                ("layer forward", lambda m: (lambda: m(x)), ours, theirs),
                ("layer forward + backward",
                 lambda m: fwd_bwd(lambda: m(x), [x, *m.parameters()], dy), ours, theirs),
                ("attention forward + backward",
                 lambda f: fwd_bwd(lambda: f(q, k, v, causal=causal), [q, k, v], do),
                 attention.attention, attention.sdpa),
            ]
            for what, make, mine, peer in cases:
                ms_ours, ms_sdpa = median_ms(make(mine)), median_ms(make(peer))
                lines.append(f"| {name} {what} | {ms_ours:.2f} | {ms_sdpa:.2f} | "
                             f"{ms_sdpa / ms_ours:.2f}x |")
            del ours, theirs, x, dy, q, k, v, do
            torch.cuda.empty_cache()
    text = "\n".join(lines)
    print(text)
    if out_dir:
        os.makedirs(out_dir, exist_ok=True)
        with open(os.path.join(out_dir, "attention_module.md"), "w") as f:
            f.write(text + "\n")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--prepare", metavar="CACHE",
                        help="compile every kernel into the cache CACHE and stop")
    parser.add_argument("--out", help="directory for attention_module.md")
    args = parser.parse_args()
    if args.prepare:
        attention_kernels.prepare(args.prepare)
        return 0
    return run(args.out)


if __name__ == "__main__":
    sys.exit(main())
