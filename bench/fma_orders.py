"""How much the order of a product's FMAs in the PTX matters to ptxas: writes
a copy of a kernel bundle whose runs of independent fma.rn.f32 (one step of
k of block.dot) are reordered, optionally with .minnctapersm, and assembles
it (docs/performance.md, 2026-12-04: 26 to 44.9 TFLOP/s over the orders,
tilings and layouts of the 4096^3 product).

Here (ptxas, no GPU), for a bundle made by block-compile:
  python3 bench/fma_orders.py bundles-mm/m128 bundles-mm/m128-pairs pairs --min-ctas 2
Then time the bundles on the GPU with bench/matmul_tiles.py time.

Orders (rows: the a operand, columns: the b operand, each numbered as it
first appears in the step):
  rows      by row, each row's columns in turn (block.dot's order until
            2026-12-04)
  columns   by column, each column's rows in turn
  pairs     columns in pairs, the rows down and back up in turn
  row-pairs rows in pairs, the columns left and right in turn (block.dot's
            order now)
  blocks    2 x 2 blocks, by rows of blocks
"""
import argparse
import os
import re
import shutil
import subprocess

FMA = re.compile(r"\s*fma\.rn\.f32\s+(%r\d+), (%r\d+), (%r\d+), (%r\d+);")


def cells(order, rows, cols):
    """The (row, column) sequence of `order` over a rows x cols step."""
    if order == "rows":
        return [(r, c) for r in range(rows) for c in range(cols)]
    if order == "columns":
        return [(r, c) for c in range(cols) for r in range(rows)]
    if order in ("pairs", "row-pairs"):
        outer, inner = (cols, rows) if order == "pairs" else (rows, cols)
        seq = []
        for p in range(0, outer, 2):
            sweep = range(inner) if (p // 2) % 2 == 0 else range(inner - 1, -1, -1)
            for i in sweep:
                for o in range(p, min(p + 2, outer)):
                    seq.append((i, o) if order == "pairs" else (o, i))
        return seq
    if order == "blocks":
        return [(r + dr, c + dc) for r in range(0, rows, 2) for c in range(0, cols, 2)
                for dr in range(2) for dc in range(2) if r + dr < rows and c + dc < cols]
    raise SystemExit(f"unknown order {order}")


def reorder_step(lines, order):
    ops = [FMA.match(line).groups() for line in lines]
    rows = list(dict.fromkeys(op[1] for op in ops))
    cols = list(dict.fromkeys(op[2] for op in ops))
    by_cell = {(rows.index(a), cols.index(b)): line for line, (_, a, b, _) in zip(lines, ops)}
    seq = cells(order, len(rows), len(cols))
    if len(by_cell) != len(lines) or sorted(seq) != sorted(by_cell):
        return lines  # not a full rows x columns step: left as it is
    return [by_cell[cell] for cell in seq]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("source")
    p.add_argument("dest")
    p.add_argument("order")
    p.add_argument("--min-ctas", type=int)
    p.add_argument("--ptxas", default="/usr/local/cuda/bin/ptxas")
    p.add_argument("--arch", default="sm_90a")
    args = p.parse_args()
    shutil.copytree(args.source, args.dest, dirs_exist_ok=True)
    ptx = next(f for f in os.listdir(args.dest) if f.endswith(".ptx"))
    path = os.path.join(args.dest, ptx)
    lines = open(path).read().split("\n")
    out, i = [], 0
    while i < len(lines):
        j = i
        while j < len(lines) and FMA.match(lines[j]):
            j += 1
        if j - i >= 4:
            out += reorder_step(lines[i:j], args.order)
            i = j
        else:
            out.append(lines[i])
            i += 1
    text = "\n".join(out)
    if args.min_ctas:
        text = re.sub(r"^\.minnctapersm \d+\n", "", text, flags=re.M)
        text = re.sub(r"^(\.maxntid .*)$", rf"\1\n.minnctapersm {args.min_ctas}", text,
                      count=1, flags=re.M)
    open(path, "w").write(text)
    cubin = path[:-4] + ".cubin"
    report = subprocess.run([args.ptxas, f"-arch={args.arch}", "-v", path, "-o", cubin],
                            capture_output=True, text=True, check=True).stderr
    print(" ".join(re.findall(r"Used \d+ registers|\d+ bytes spill stores", report)))


if __name__ == "__main__":
    main()
