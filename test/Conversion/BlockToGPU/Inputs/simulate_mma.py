"""A CPU-side check of the mma.sync lowering: lowers products whose
accumulator has a #block.mma version 2 layout (operands staged by
blockgpu-materialize-shared-memory, read with ldmatrix or plain shared
loads), runs the GPU code in lockstep for every thread (simulate_scan.run,
with ldmatrix and mma.sync as the PTX ISA's fragment tables define them),
and compares what it stores with the product. Usage: simulate_mma.py
BLOCK-OPT."""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from simulate_scan import run  # noqa: E402


def tile(name, layout, rows, cols, formula):
    """IR computing formula(i, j) (i32) for a rows x cols tensor in `layout`
    as %{name}; formula is (row multiplier, column multiplier, modulus,
    offset): (i * a + j * b) % m - o."""
    a, b, m, o = formula
    S1 = f"#block.slice<dim = 1, parent = {layout}>"
    S0 = f"#block.slice<dim = 0, parent = {layout}>"
    T = f"tensor<{rows}x{cols}xi32, {layout}>"
    return f"""
  %{name}r = block.arange 0, {rows} : tensor<{rows}xi32, {S1}>
  %{name}c = block.arange 0, {cols} : tensor<{cols}xi32, {S0}>
  %{name}re = block.expand_dims %{name}r, 1 : tensor<{rows}xi32, {S1}> -> tensor<{rows}x1xi32, {layout}>
  %{name}ce = block.expand_dims %{name}c, 0 : tensor<{cols}xi32, {S0}> -> tensor<1x{cols}xi32, {layout}>
  %{name}rb = block.broadcast %{name}re : tensor<{rows}x1xi32, {layout}> -> {T}
  %{name}cb = block.broadcast %{name}ce : tensor<1x{cols}xi32, {layout}> -> {T}
  %{name}a = arith.constant dense<{a}> : {T}
  %{name}b = arith.constant dense<{b}> : {T}
  %{name}m = arith.constant dense<{m}> : {T}
  %{name}o = arith.constant dense<{o}> : {T}
  %{name}x = arith.muli %{name}rb, %{name}a : {T}
  %{name}y = arith.muli %{name}cb, %{name}b : {T}
  %{name}s = arith.addi %{name}x, %{name}y : {T}
  %{name}q = arith.remsi %{name}s, %{name}m : {T}
  %{name} = arith.subi %{name}q, %{name}o : {T}
"""


def convert(name, src, elem, layout, shape):
    """%{name} = %{src} (i32) converted to `elem`."""
    T = lambda e: f"tensor<{shape}x{e}, {layout}>"
    if elem == "i8":
        return f"  %{name} = arith.trunci %{src} : {T('i32')} to {T('i8')}\n"
    if elem == "f32":
        return f"  %{name} = arith.sitofp %{src} : {T('i32')} to {T('f32')}\n"
    return (f"  %{name}f = arith.sitofp %{src} : {T('i32')} to {T('f32')}\n"
            f"  %{name} = arith.truncf %{name}f : {T('f32')} to {T(elem)}\n")


FA = (7, 3, 13, 6)
FB = (5, 1, 9, 4)
FC = (1, 1, 5, 2)


def kernel(m, n, k, elem, acc, la, lb, mma, warps, precision):
    MMA = f"#block.mma<version = 2, warpsPerCTA = {mma}, instrShape = [16, 8, {8 * (4 // {'f32': 4, 'i8': 1}.get(elem, 2))}]>"
    out = "i32" if acc == "i32" else "f32"
    P = f"tensor<{m}x{n}x!block.ptr<{out}>, {MMA}>"
    D = f"tensor<{m}x{n}x{acc}, {MMA}>"
    prec = f" precision = {precision}" if precision else ""
    text = f"""
func.func @k(%p: !block.ptr<{out}>) attributes {{block.kernel, block.num_warps = {warps} : i32}} {{
{tile("ai", la, m, k, FA)}{convert("a", "ai", elem, la, f"{m}x{k}")}
{tile("bi", lb, k, n, FB)}{convert("b", "bi", elem, lb, f"{k}x{n}")}
{tile("ci", MMA, m, n, FC)}"""
    if acc == "i32":
        cname = "ci"
    else:
        text += f"  %cf = arith.sitofp %ci : tensor<{m}x{n}xi32, {MMA}> to tensor<{m}x{n}xf32, {MMA}>\n"
        if acc == "f16":
            text += f"  %cc = arith.truncf %cf : tensor<{m}x{n}xf32, {MMA}> to {D}\n"
            cname = "cc"
        else:
            cname = "cf"
    text += f"""  %d = block.dot %a, %b, %{cname}{prec} : tensor<{m}x{k}x{elem}, {la}>, tensor<{k}x{n}x{elem}, {lb}> -> {D}
"""
    result = "d"
    if acc == "f16":
        text += f"  %d32 = arith.extf %d : {D} to tensor<{m}x{n}xf32, {MMA}>\n"
        result = "d32"
    text += f"""{tile("o", MMA, m, n, (n, 1, m * n, 0))}
  %ps = block.splat %p : {P}
  %pp = block.addptr %ps, %o : {P}, tensor<{m}x{n}xi32, {MMA}>
  block.store %pp, %{result} : {P}
  return
}}
"""
    return text


def value(formula, i, j):
    a, b, m, o = formula
    return (i * a + j * b) % m - o


def expected(m, n, k, elem):
    return [value(FC, i, j) + sum(value(FA, i, kk) * value(FB, kk, j) for kk in range(k))
            for i in range(m) for j in range(n)]


def blocked(size, threads, warps, order):
    return (f"#block.blocked<sizePerThread = {size}, threadsPerWarp = {threads}, "
            f"warpsPerCTA = {warps}, order = {order}>")


# (name, m, n, k, operand type, accumulator type, a layout, b layout,
#  mma warpsPerCTA, warps, precision)
ROWS = blocked([1, 8], [8, 4], [4, 1], [1, 0])     # k (a) or n (b) fastest
COLS = blocked([8, 1], [4, 8], [1, 4], [0, 1])     # m (a) or k (b) fastest
ROWS4 = blocked([1, 4], [8, 4], [4, 1], [1, 0])
ROWS16 = blocked([1, 16], [16, 2], [4, 1], [1, 0])
cases = [
    ("bf16, a k-major, b n-major (.trans)", 64, 64, 32, "bf16", "f32", ROWS, ROWS, [2, 2], 4, None),
    ("f16, a m-major (.trans), b k-major", 64, 32, 32, "f16", "f32", COLS, COLS, [4, 1], 4, None),
    ("f16 into f16", 32, 32, 16, "f16", "f16", ROWS, ROWS, [2, 2], 4, None),
    ("bf16, warps repeating along n", 16, 16, 16, "bf16", "f32", ROWS, ROWS, [1, 4], 4, None),
    ("tf32, a k-major, b n-major (shared loads)", 32, 32, 16, "f32", "f32", ROWS4, ROWS4, [2, 2], 4, "tf32"),
    ("tf32x3 (three products)", 32, 32, 16, "f32", "f32", ROWS4, ROWS4, [2, 2], 4, "tf32x3"),
    ("i8, a k-major, b n-major (shared loads)", 32, 32, 64, "i8", "i32", ROWS16, ROWS16, [2, 2], 4, None),
]


def main(opt):
    failures = 0
    for name, m, n, k, elem, acc, la, lb, mma, warps, precision in cases:
        src = kernel(m, n, k, elem, acc, la, lb, mma, warps, precision)
        lowered = subprocess.run(
            [opt, "--blockgpu-materialize-shared-memory", "--blockgpu-allocate-shared-memory",
             "--blockgpu-insert-barriers", "--convert-block-to-gpu", "-mlir-print-op-generic"],
            input=src, capture_output=True, text=True)
        if lowered.returncode:
            print("FAIL", name, lowered.stderr)
            failures += 1
            continue
        text = lowered.stdout
        arg = re.search(r"\^bb0\((%\w+): !llvm.ptr<1>\)", text).group(1)
        entry = "^bb0(" + arg + ": !llvm.ptr<1>):"
        text = text.replace(entry, entry + "\n" + arg + ' = "arg.global"() : () -> !llvm.ptr<1>')
        got = run(text, 32 * warps, m * n)
        ok = got == expected(m, n, k, elem)
        print("ok" if ok else "FAIL", name, f"({text.count('nvvm.ldmatrix')} ldmatrix, "
              f"{text.count('nvvm.mma.sync')} mma.sync)")
        failures += not ok
    print("failures:", failures)
    return failures


if __name__ == "__main__":
    sys.exit(1 if main(sys.argv[1]) else 0)
