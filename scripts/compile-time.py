#!/usr/bin/env python3
"""Measures how long block-to-ptx and block-compile take for each example and
prints the table of docs/compile-time.md (medians of --runs runs).

    python3 scripts/compile-time.py [--build build] [--runs 7] [examples...]

Columns: wall time of `block-opt --block-to-ptx`; its in-process total and
the part in gpu-module-to-binary (LLVM to PTX), from -mlir-timing; wall time
of block-compile (PTX, cubin through ptxas where found, the occupancy search,
the manifest); lines of PTX.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

EXAMPLES = ["vector_add", "fused_bias_relu", "softmax", "layernorm",
            "transpose", "matmul"]


def wall(command):
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.PIPE)
    return time.perf_counter() - start


def timing(command):
    """(total, gpu-module-to-binary) seconds from -mlir-timing's report."""
    report = subprocess.run(command + ["-mlir-timing"], check=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True).stderr
    total = float(re.search(r"^\s*([\d.]+) \(100\.0%\)\s+Total", report,
                            re.M).group(1))
    binary = float(re.search(r"^\s*([\d.]+) \(\s*[\d.]+%\)\s+GpuModuleToBinaryPass",
                             report, re.M).group(1))
    return total, binary


def show(seconds):
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default="build")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("examples", nargs="*", default=EXAMPLES)
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    opt = os.path.join(args.build, "bin", "block-opt")
    compile_ = os.path.join(args.build, "bin", "block-compile")
    print("| example | wall, `block-opt --block-to-ptx` | in-process "
          "(`-mlir-timing` total) | of which LLVM to PTX "
          "(`gpu-module-to-binary`) | wall, `block-compile` (PTX + cubin via "
          "ptxas + manifest) | PTX lines |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory() as scratch:
        for name in args.examples:
            source = os.path.join(root, "examples", name + ".mlir")
            lower = [opt, source, "--block-to-ptx", "-o", os.devnull]
            walls = [wall(lower) for _ in range(args.runs)]
            timings = [timing(lower) for _ in range(args.runs)]
            bundle = os.path.join(scratch, name)
            compiles = [wall([compile_, source, "-o", bundle])
                        for _ in range(args.runs)]
            with open(os.path.join(bundle, name + ".ptx")) as ptx:
                lines = sum(1 for _ in ptx)
            print(f"| {name} | {show(statistics.median(walls))} "
                  f"| {show(statistics.median(t[0] for t in timings))} "
                  f"| {show(statistics.median(t[1] for t in timings))} "
                  f"| {show(statistics.median(compiles))} | {lines} |")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
