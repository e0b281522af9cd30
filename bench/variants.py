"""Time alternative bundles of one case on the same buffers (A/B of a lowering).

Each bundles directory holds its own build of the case's example; each is
checked against PyTorch as in bench.py and timed on inputs of the case's size,
next to the PyTorch and Triton peers, interleaved over several rounds.

  python3 bench/variants.py --case layernorm --runtime build-rt/libBlockRuntimeC.so dirA dirB ...
"""
import argparse
import os
import statistics
import sys

import torch

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "python"))
import bench  # noqa: E402
import block  # noqa: E402


def find_case(bundles, runtime, name):
    for case in bench.cases(bundles, runtime, quick=False):
        if case["name"] == name:
            return case
    raise SystemExit(f"no case {name}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--case", required=True)
    p.add_argument("--runtime", required=True)
    p.add_argument("--reps", type=int, default=50)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("bundles", nargs="+")
    args = p.parse_args()
    runtime = block.Runtime(args.runtime)
    first = find_case(args.bundles[0], runtime, args.case)
    impls = {"torch": first["torch"], "triton": first["triton"]}
    errors = {}
    for d in args.bundles:
        case = first if d == args.bundles[0] else find_case(d, runtime, args.case)
        try:
            errors[d] = case["check"]()
            impls[d] = case["ours"]
        except Exception as e:  # keep timing the others
            print(f"{d}: failed: {e}")
    rounds = {k: [] for k in impls}
    for r in range(args.rounds):
        for k in bench.rotated(list(impls), r):
            rounds[k].append(bench.time_ms(impls[k], args.reps))
    best = min(statistics.median(rounds["torch"]), statistics.median(rounds["triton"]))
    print(f"| {args.case} variant | ms (median) | spread | vs best peer | rel. error |")
    print("| --- | --- | --- | --- | --- |")
    for k, r in rounds.items():
        ms = statistics.median(r)
        err = f"{errors[k]:.1e}" if k in errors else ""
        print(f"| {k} | {ms:.4f} | {min(r):.4f}-{max(r):.4f} | {best / ms:.2f}x | {err} |")


if __name__ == "__main__":
    main()
