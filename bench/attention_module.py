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
    BLOCK_COMPILE=build/bin/block-compile python3 bench/attention_module.py \
        --prepare bundles/python-cache
On the GPU machine:
    BLOCK_CACHE_DIR=bundles/python-cache python3 bench/attention_module.py --out OUT
The layers' outputs are compared first (exit status 1 when they differ)."""

import argparse
import copy
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "examples", "pytorch"))

import attention_kernels  # noqa: E402

BATCH, HEADS, SEQ = 4, 32, 4096
HEAD_DIMS = (64, 128)
#: the layers' outputs may differ by bf16 roundings, relative to the largest.
CHECK_TOLERANCE = 2e-2


def median_ms(fn, reps=20):
    """Median milliseconds of `fn` (after one warm-up run), CUDA events."""
    import torch
    fn()
    torch.cuda.synchronize()
    events = [[torch.cuda.Event(enable_timing=True) for _ in range(2)] for _ in range(reps)]
    for start, end in events:
        start.record()
        fn()
        end.record()
    torch.cuda.synchronize()
    return statistics.median(start.elapsed_time(end) for start, end in events)


def forward_backward(fn, inputs, grad):
    """A step that runs fn() and its backward for `grad`, the gradients of
    `inputs` cleared first."""
    def step():
        for x in inputs:
            x.grad = None
        fn().backward(grad)
    return step


def measure(head_dim, causal):
    """(the layers' output difference, the table's rows) at one shape."""
    import torch
    import attention
    name = f"D{head_dim}{' causal' if causal else ''}"
    embed = HEADS * head_dim
    ours = attention.MultiheadSelfAttention(embed, HEADS, causal=causal, device="cuda",
                                            dtype=torch.bfloat16)
    theirs = copy.deepcopy(ours)
    theirs.attention_fn = attention.sdpa
    x = torch.randn(BATCH, SEQ, embed, device="cuda", dtype=torch.bfloat16, requires_grad=True)
    dy = torch.randn_like(x)
    with torch.no_grad():
        want = theirs(x).double()
        err = ((ours(x).double() - want).abs().max() / want.abs().max()).item()
    print(f"{name}: layer output against SDPA's layer {err:.1e}")
    q, k, v = (torch.randn(BATCH, HEADS, SEQ, head_dim, device="cuda", dtype=torch.bfloat16,
                           requires_grad=True) for _ in range(3))
    do = torch.randn_like(q)
    steps = {  # what -> (ours, SDPA's)
        "layer forward": tuple((lambda m=m: m(x)) for m in (ours, theirs)),
        "layer forward + backward": tuple(
            forward_backward(lambda m=m: m(x), [x, *m.parameters()], dy) for m in (ours, theirs)),
        "attention forward + backward": tuple(
            forward_backward(lambda f=f: f(q, k, v, causal=causal), [q, k, v], do)
            for f in (attention.attention, attention.sdpa)),
    }
    rows = []
    for what, (mine, peer) in steps.items():
        ms_ours, ms_sdpa = median_ms(mine), median_ms(peer)
        rows.append(f"| {name} {what} | {ms_ours:.2f} | {ms_sdpa:.2f} | "
                    f"{ms_sdpa / ms_ours:.2f}x |")
    return err, rows


def run(out_dir):
    import torch
    lines = [f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}", "",
             f"| B{BATCH} H{HEADS} S{SEQ} bf16 | ours (ms) | SDPA (ms) | SDPA / ours |",
             "| --- | --- | --- | --- |"]
    failures = 0
    torch.manual_seed(0)
    for head_dim in HEAD_DIMS:
        for causal in (False, True):
            err, rows = measure(head_dim, causal)
            failures += not err < CHECK_TOLERANCE
            lines += rows
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
