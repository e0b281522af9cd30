"""Variants of the attention example side by side on the GPU: each bundle
given as LABEL=DIR:ROWS (ROWS query rows a program on a 2-D grid of
(query blocks, heads); ROWSflat: the same programs on a 1-D grid; or
`persistent`: one program per SM; the bundle's first kernel) runs
examples/attention_fwd.mlir's interface at B4 H32 S4096 bf16 and head
dimension --head-dim (128), causal and not, checked against SDPA's
math backend in f32 and timed with CUDA events (medians of rounds in
rotating order) next to SDPA's cuDNN and flash backends and
bench/triton_kernels.py's kernel of the same algorithm.

  python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so \\
      ours=bundles/attention_fwd:128 bm64=bundles/variants/rot64:64
"""
import argparse
import glob
import json
import os
import statistics
import sys

import torch

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "python"))
import block  # noqa: E402
from bench import AttentionProblem, rotated, time_ms  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--runtime", required=True)
    p.add_argument("--reps", type=int, default=20)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--head-dim", type=int, default=128)
    p.add_argument("variants", nargs="+", help="LABEL=BUNDLE_DIR:ROWS")
    args = p.parse_args()
    runtime = block.Runtime(args.runtime)
    problem = AttentionProblem(4, 32, 4096, args.head_dim)
    for causal in (False, True):
        impls = problem.peers(causal)
        errors = {}
        for spec in args.variants:
            label, rest = spec.split("=", 1)
            path, rows = rest.rsplit(":", 1)
            (manifest,) = glob.glob(os.path.join(path, "*.json"))
            with open(manifest) as f:
                name = json.load(f)["kernels"][0]["name"]
            kernel = runtime.load(manifest).kernel(name)
            if rows == "persistent":
                grid = (torch.cuda.get_device_properties(0).multi_processor_count,)
            elif rows.endswith("flat"):
                blocks, heads = problem.grid(int(rows[:-4]))
                grid = (blocks * heads,)
            else:
                grid = problem.grid(int(rows))
            launch = kernel.prepare(grid, *problem.kernel_args(causal))
            launch()
            torch.cuda.synchronize()
            errors[label] = problem.error(causal)
            impls[label] = launch
        times = {name: [] for name in impls}
        for r in range(args.rounds):
            for name in rotated(list(impls), r):
                times[name].append(time_ms(impls[name], args.reps))
        work = problem.work(causal)
        best = min(statistics.median(t) for n, t in times.items() if n.startswith(("sdpa", "triton")))
        print(problem.name(causal))
        print("| implementation | ms | TFLOP/s | vs best peer | rel. error |")
        print("| --- | --- | --- | --- | --- |")
        for name, t in times.items():
            ms = statistics.median(t)
            err = f"{errors[name]:.1e}" if name in errors else ""
            print(f"| {name} | {ms:.4f} | {work / ms / 1e9:.0f} | {best / ms:.2f}x | {err} |", flush=True)


if __name__ == "__main__":
    main()
