"""A CPU-side check of layout conversions by warp shuffles: lowers a kernel
that converts a tensor between two #block.linear layouts within warps,
runs the GPU code in lockstep for every thread (simulate_scan.run), and
compares what it stores with the tensor. Usage: simulate_convert.py
BLOCK-OPT."""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from simulate_scan import run, s32  # noqa: E402


def indices(name, layout, rows, cols):
    """IR computing i * cols + j in `layout` as %{name}."""
    R = f"#block.linear<{layout}>"
    S1 = f"#block.slice<dim = 1, parent = {R}>"
    S0 = f"#block.slice<dim = 0, parent = {R}>"
    T = f"tensor<{rows}x{cols}xi32, {R}>"
    return f"""
  %{name}r = block.arange 0, {rows} : tensor<{rows}xi32, {S1}>
  %{name}c = block.arange 0, {cols} : tensor<{cols}xi32, {S0}>
  %{name}re = block.expand_dims %{name}r, 1 : tensor<{rows}xi32, {S1}> -> tensor<{rows}x1xi32, {R}>
  %{name}ce = block.expand_dims %{name}c, 0 : tensor<{cols}xi32, {S0}> -> tensor<1x{cols}xi32, {R}>
  %{name}rb = block.broadcast %{name}re : tensor<{rows}x1xi32, {R}> -> {T}
  %{name}cb = block.broadcast %{name}ce : tensor<1x{cols}xi32, {R}> -> {T}
  %{name}n = arith.constant dense<{cols}> : {T}
  %{name}m = arith.muli %{name}rb, %{name}n : {T}
  %{name} = arith.addi %{name}m, %{name}cb : {T}
"""


def kernel(src, dst, rows, cols, warps):
    """Squares i * cols + j in `src`, converts to `dst`, stores at i * cols + j
    computed in `dst`."""
    S = f"tensor<{rows}x{cols}xi32, #block.linear<{src}>>"
    D = f"tensor<{rows}x{cols}xi32, #block.linear<{dst}>>"
    P = f"tensor<{rows}x{cols}x!block.ptr<i32>, #block.linear<{dst}>>"
    return f"""
func.func @k(%p: !block.ptr<i32>) attributes {{block.kernel, block.num_warps = {warps} : i32}} {{
{indices("i", src, rows, cols)}
  %sq = arith.muli %i, %i : {S}
  %y = block.convert_layout %sq : {S} -> {D}
{indices("o", dst, rows, cols)}
  %ps = block.splat %p : {P}
  %pp = block.addptr %ps, %o : {P}, {D}
  block.store %pp, %y : {P}
  return
}}
"""


# (name, source layout, result layout, rows, cols, warps): conversions within
# warps, each element to another lane (and register).
cases = [
 ("lanes along columns to along rows",
  "register = [[0, 1], [0, 2], [4, 0], [8, 0]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = []",
  "register = [[0, 1], [0, 2], [4, 0], [8, 0]], lane = [[1, 0], [2, 0], [0, 4], [0, 8], [0, 16]], warp = []", 16, 32, 1),
 ("register from another lane",
  "register = [[2, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = []",
  "register = [[2, 1]], lane = [[1, 0], [0, 1], [0, 2], [0, 4], [0, 8]], warp = []", 4, 16, 1),
 ("two warps keep theirs",
  "register = [[0, 1], [16, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[8, 0]]",
  "register = [[0, 1], [16, 0]], lane = [[4, 0], [0, 4], [2, 0], [0, 2], [1, 0]], warp = [[8, 0]]", 32, 8, 2),
 ("replicated lane",
  "register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 0], [1, 0], [2, 0]], warp = []",
  "register = [[0, 1]], lane = [[1, 0], [0, 0], [0, 2], [2, 0], [0, 4]], warp = []", 4, 8, 1),
]


def main(opt):
    failures = 0
    for name, src, dst, rows, cols, warps in cases:
        lowered = subprocess.run(
            [opt, "--convert-block-to-gpu", "-mlir-print-op-generic"],
            input=kernel(src, dst, rows, cols, warps), capture_output=True,
            text=True, check=True).stdout
        shuffles = lowered.count('"gpu.shuffle"')
        shared = "addressof" in lowered
        arg = re.search(r"\^bb0\((%\w+): !llvm.ptr<1>\)", lowered).group(1)
        entry = "^bb0(" + arg + ": !llvm.ptr<1>):"
        lowered = lowered.replace(entry, entry + "\n" + arg + ' = "arg.global"() : () -> !llvm.ptr<1>')
        got = run(lowered, 32 * warps, rows * cols)
        ok = not shared and shuffles > 0 and got == [s32(k * k) for k in range(rows * cols)]
        print("ok" if ok else "FAIL", name, f"({shuffles} shuffles{', shared memory' if shared else ''})")
        failures += not ok
    print("failures:", failures)
    return failures


if __name__ == "__main__":
    sys.exit(1 if main(sys.argv[1]) else 0)
