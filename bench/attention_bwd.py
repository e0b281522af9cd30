#!/usr/bin/env python3
"""Attention's backward (examples/python/attention_bwd.py) against PyTorch's
SDPA backward (cuDNN and flash backends) on the same tensors, same process.

On the CPU machine, compile every specialisation into a cache the GPU
machine reads without a compiler:
    python3 bench/attention_bwd.py --prepare bundles/python-cache
On the GPU machine:
    BLOCK_CACHE_DIR=bundles/python-cache python3 bench/attention_bwd.py --out OUT
Correctness first (ragged shapes against SDPA's math backend in float64),
then medians of CUDA-event timings at B4 H32 S4096, D 64 and 128, causal
and not; TFLOP/s counted as 2.5x the forward's flops, as FlashAttention's
papers count the backward."""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))
sys.path.insert(0, os.path.join(HERE, "..", "examples", "python"))

import block  # noqa: E402
import attention_bwd as ab  # noqa: E402

SHAPES = [(4, 32, 4096, 64), (4, 32, 4096, 128)]
CHECKS = [(1, 3, 1000, 64), (2, 2, 333, 128)]
BLOCK_M, BLOCK_N, WARPS = 64, 128, 8


def signatures(dtype):
    t = "*" + dtype
    return {
        ab.attention_bwd_delta: (f"{t},{t},*fp32,i32,i32", dict(BLOCK=BLOCK_M, num_warps=4)),
        ab.attention_bwd_dkdv: (f"{t},{t},{t},{t},*fp32,*fp32,{t},{t},i32,i32,fp32",
                                dict(BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, num_warps=WARPS)),
        ab.attention_bwd_dq: (f"{t},{t},{t},{t},*fp32,*fp32,{t},i32,i32,fp32",
                              dict(BLOCK_M=BLOCK_N, BLOCK_N=BLOCK_M, num_warps=WARPS)),
    }


def prepare(cache):
    os.environ["BLOCK_CACHE_DIR"] = os.path.abspath(cache)
    for dtype in ("bf16", "fp16"):
        for head_dim in sorted({s[3] for s in SHAPES + CHECKS}):
            for causal in (False, True):
                for kernel, (sig, kw) in signatures(dtype).items():
                    extra = {} if kernel is ab.attention_bwd_delta else {"CAUSAL": causal}
                    kernel.compile(sig, chip="sm_90a", HEAD_DIM=head_dim, **extra, **kw)
                    print(f"compiled {kernel.__name__} {dtype} D{head_dim} causal={causal}")


def run(out_dir):
    import torch
    import torch.nn.functional as F
    from torch.nn.attention import SDPBackend, sdpa_kernel

    def forward(q, k, v, causal, scale):
        """O and the natural log-sum-exp, from the flash backend."""
        out = torch.ops.aten._scaled_dot_product_flash_attention(
            q, k, v, 0.0, causal, False, scale=scale)
        return out[0], out[1]

    def ours(q, k, v, o, lse, do, causal, scale):
        b, h, s, d = q.shape
        flat = lambda x: x.reshape(b * h, s, d)  # noqa: E731
        dq, dk, dv = (torch.empty_like(flat(x)) for x in (q, k, v))
        delta = torch.empty(b * h, s, device=q.device, dtype=torch.float32)
        ab.attention_bwd(flat(q), flat(k), flat(v), flat(o), flat(do),
                         lse.reshape(b * h, s).contiguous(), scale, causal, dq, dk, dv, delta,
                         block_m=BLOCK_M, block_n=BLOCK_N, num_warps=WARPS)
        return dq.view_as(q), dk.view_as(k), dv.view_as(v)

    lines = [f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}", ""]
    failures = 0
    for (b, h, s, d) in CHECKS:
        for causal in (False, True):
            for dtype in (torch.bfloat16, torch.float16):
                g = torch.Generator(device="cuda").manual_seed(s + d)
                q, k, v, do = (torch.randn(b, h, s, d, device="cuda", dtype=dtype, generator=g)
                               for _ in range(4))
                scale = d ** -0.5
                o, lse = forward(q, k, v, causal, scale)
                got = ours(q, k, v, o, lse, do, causal, scale)
                ref = [x.double().requires_grad_() for x in (q, k, v)]
                with sdpa_kernel(SDPBackend.MATH):
                    F.scaled_dot_product_attention(*ref, is_causal=causal, scale=scale).backward(
                        do.double())
                errs = []
                for name, x, r in zip(("dq", "dk", "dv"), got, ref):
                    err = ((x.double() - r.grad).abs().max() / r.grad.abs().max()).item()
                    errs.append(f"{name} {err:.1e}")
                    if not err < 2e-2:
                        failures += 1
                lines.append(f"check B{b} H{h} S{s} D{d} {dtype} causal={causal}: "
                             + ", ".join(errs))
    lines += ["", "| B4 H32 S4096 | ours (TFLOP/s) | cuDNN | flash | ours / fastest |",
              "| --- | --- | --- | --- | --- |"]

    def median_ms(fn, reps=20):
        fn()
        torch.cuda.synchronize()
        times = []
        for _ in range(reps):
            s0, e0 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s0.record()
            fn()
            e0.record()
            torch.cuda.synchronize()
            times.append(s0.elapsed_time(e0))
        return sorted(times)[len(times) // 2]

    for (b, h, s, d) in SHAPES:
        for causal in (False, True):
            dtype = torch.bfloat16
            q, k, v, do = (torch.randn(b, h, s, d, device="cuda", dtype=dtype) for _ in range(4))
            scale = d ** -0.5
            o, lse = forward(q, k, v, causal, scale)
            flops = 2.5 * 4 * b * h * s * s * d * (0.5 if causal else 1.0)
            tflops = lambda ms: flops / ms / 1e9  # noqa: E731
            ms_ours = median_ms(lambda: ours(q, k, v, o, lse, do, causal, scale))
            peers = {}
            for name, backend in (("cudnn", SDPBackend.CUDNN_ATTENTION),
                                  ("flash", SDPBackend.FLASH_ATTENTION)):
                try:
                    qq, kk, vv = (x.detach().requires_grad_() for x in (q, k, v))
                    with sdpa_kernel(backend):
                        out = F.scaled_dot_product_attention(qq, kk, vv, is_causal=causal,
                                                             scale=scale)
                        peers[name] = median_ms(lambda: torch.autograd.grad(
                            out, (qq, kk, vv), do, retain_graph=True))
                except Exception as e:  # a backend this build lacks
                    print(f"{name}: {type(e).__name__}: {str(e)[:100]}")
            best = min(peers.values()) if peers else float("nan")
            cells = " | ".join(f"{tflops(peers[n]):.0f}" if n in peers else "-"
                               for n in ("cudnn", "flash"))
            lines.append(f"| D{d}{' causal' if causal else ''} | {tflops(ms_ours):.0f} | "
                         f"{cells} | {best / ms_ours:.2f}x |")
    text = "\n".join(lines)
    print(text)
    if out_dir:
        os.makedirs(out_dir, exist_ok=True)
        with open(os.path.join(out_dir, "attention_bwd.md"), "w") as f:
            f.write(text + "\n")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--prepare", metavar="CACHE")
    parser.add_argument("--out")
    args = parser.parse_args()
    if args.prepare:
        prepare(args.prepare)
        return 0
    return run(args.out)


if __name__ == "__main__":
    sys.exit(main())
