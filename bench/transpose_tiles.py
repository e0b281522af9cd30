"""Transpose at other tilings and program orders: the 16384^2 f32 transpose
with T x T tiles, W warps, and optionally tiles visited in groups of G rows of
tiles (consecutive programs walk down G tile rows before moving right, so the
programs resident at once read and write longer runs of each row of memory).
Ours next to Triton's at the same settings, on one set of buffers.

Here (MLIR, no GPU): write the example at a tiling and compile it.
  python3 bench/transpose_tiles.py gen 64 8 16 > /tmp/t.mlir
  build/bin/block-compile /tmp/t.mlir -o bundles-tr/t64w8g16

On the GPU machine (carry bundles-tr):
  python3 bench/transpose_tiles.py time --runtime build-rt/libBlockRuntimeC.so \\
      bundles-tr/t64w8g16:64 ...
"""
import argparse
import os
import statistics
import sys

HEADER = """\
func.func @transpose(%in: !block.ptr<f32> {{block.alignment = 16}},
                     %out: !block.ptr<f32> {{block.alignment = 16}},
                     %m: i32 {{block.divisibility = 16}},
                     %n: i32 {{block.divisibility = 16}})
    attributes {{block.kernel, block.num_warps = {W} : i32}} {{
"""

# Program ids as launched: x walks the tiles of a row, y the rows of tiles.
PLAIN = """\
  %pn = block.program_id x
  %pm = block.program_id y
"""

# Grouped: program p (row-major over the grid) takes tile row
# g0 + p % size and tile column (p % (G * cols)) / size, where g0 is its
# group's first tile row and size the group's height (short at the bottom).
GROUPED = """\
  %px = block.program_id x
  %py = block.program_id y
  %gx = block.num_programs x
  %gy = block.num_programs y
  %cg = arith.constant {G} : i32
  %pyx = arith.muli %py, %gx : i32
  %p = arith.addi %pyx, %px : i32
  %per = arith.muli %cg, %gx : i32
  %group = arith.divui %p, %per : i32
  %g0 = arith.muli %group, %cg : i32
  %left = arith.subi %gy, %g0 : i32
  %size = arith.minui %left, %cg : i32
  %inside = arith.remui %p, %per : i32
  %down = arith.remui %inside, %size : i32
  %pm = arith.addi %g0, %down : i32
  %pn = arith.divui %inside, %size : i32
"""

BODY = """\
  %ctm = arith.constant {TM} : i32
  %ctn = arith.constant {TN} : i32
  %rm0 = block.arange 0, {TM} : tensor<{TM}xi32>
  %rn0 = block.arange 0, {TN} : tensor<{TN}xi32>
  %row0 = arith.muli %pm, %ctm : i32
  %col0 = arith.muli %pn, %ctn : i32
  %row0s = block.splat %row0 : tensor<{TM}xi32>
  %col0s = block.splat %col0 : tensor<{TN}xi32>
  %rows = arith.addi %row0s, %rm0 : tensor<{TM}xi32>
  %cols = arith.addi %col0s, %rn0 : tensor<{TN}xi32>
  %ms = block.splat %m : tensor<{TM}xi32>
  %ns = block.splat %n : tensor<{TN}xi32>
  %nsm = block.splat %n : tensor<{TM}xi32>
  %msn = block.splat %m : tensor<{TN}xi32>
  %rowok = arith.cmpi slt, %rows, %ms : tensor<{TM}xi32>
  %colok = arith.cmpi slt, %cols, %ns : tensor<{TN}xi32>
  %rowoff = arith.muli %rows, %nsm : tensor<{TM}xi32>
  %ro1 = block.expand_dims %rowoff, 1 : tensor<{TM}xi32> -> tensor<{TM}x1xi32>
  %ro = block.broadcast %ro1 : tensor<{TM}x1xi32> -> tensor<{TM}x{TN}xi32>
  %co1 = block.expand_dims %cols, 0 : tensor<{TN}xi32> -> tensor<1x{TN}xi32>
  %co = block.broadcast %co1 : tensor<1x{TN}xi32> -> tensor<{TM}x{TN}xi32>
  %inoff = arith.addi %ro, %co : tensor<{TM}x{TN}xi32>
  %rm1 = block.expand_dims %rowok, 1 : tensor<{TM}xi1> -> tensor<{TM}x1xi1>
  %rm = block.broadcast %rm1 : tensor<{TM}x1xi1> -> tensor<{TM}x{TN}xi1>
  %cm1 = block.expand_dims %colok, 0 : tensor<{TN}xi1> -> tensor<1x{TN}xi1>
  %cm = block.broadcast %cm1 : tensor<1x{TN}xi1> -> tensor<{TM}x{TN}xi1>
  %inmask = arith.andi %rm, %cm : tensor<{TM}x{TN}xi1>
  %inbase = block.splat %in : tensor<{TM}x{TN}x!block.ptr<f32>>
  %ip = block.addptr %inbase, %inoff : tensor<{TM}x{TN}x!block.ptr<f32>>, tensor<{TM}x{TN}xi32>
  %tile = block.load %ip mask %inmask : tensor<{TM}x{TN}x!block.ptr<f32>>
  %t = block.trans %tile [1, 0] : tensor<{TM}x{TN}xf32> -> tensor<{TN}x{TM}xf32>
  %outmask = block.trans %inmask [1, 0] : tensor<{TM}x{TN}xi1> -> tensor<{TN}x{TM}xi1>
  %colout = arith.muli %cols, %msn : tensor<{TN}xi32>
  %oc1 = block.expand_dims %colout, 1 : tensor<{TN}xi32> -> tensor<{TN}x1xi32>
  %oc = block.broadcast %oc1 : tensor<{TN}x1xi32> -> tensor<{TN}x{TM}xi32>
  %or1 = block.expand_dims %rows, 0 : tensor<{TM}xi32> -> tensor<1x{TM}xi32>
  %or = block.broadcast %or1 : tensor<1x{TM}xi32> -> tensor<{TN}x{TM}xi32>
  %outoff = arith.addi %oc, %or : tensor<{TN}x{TM}xi32>
  %outbase = block.splat %out : tensor<{TN}x{TM}x!block.ptr<f32>>
  %opp = block.addptr %outbase, %outoff : tensor<{TN}x{TM}x!block.ptr<f32>>, tensor<{TN}x{TM}xi32>
  block.store %opp, %t mask %outmask : tensor<{TN}x{TM}x!block.ptr<f32>>
  return
}}
"""


def tile_shape(text):
    """'64' or '64x128': rows of `in` by columns of `in` of one tile."""
    tm, _, tn = text.partition("x")
    return int(tm), int(tn or tm)


def source(tile, warps, group):
    tm, tn = tile_shape(tile)
    ids = GROUPED.format(G=group) if group else PLAIN
    return HEADER.format(W=warps) + ids + BODY.format(TM=tm, TN=tn)


def triton_kernel():
    import triton
    import triton.language as tl

    @triton.jit
    def _transpose(inp, out, m, n, BM: tl.constexpr, BN: tl.constexpr, G: tl.constexpr):
        if G == 0:
            pm, pn = tl.program_id(1), tl.program_id(0)
        else:
            gx, gy = tl.num_programs(0), tl.num_programs(1)
            p = tl.program_id(1) * gx + tl.program_id(0)
            g0 = (p // (G * gx)) * G
            size = tl.minimum(gy - g0, G)
            pm = g0 + (p % (G * gx)) % size
            pn = (p % (G * gx)) // size
        rows = pm * BM + tl.arange(0, BM)
        cols = pn * BN + tl.arange(0, BN)
        mask = (rows[:, None] < m) & (cols[None, :] < n)
        tile = tl.load(inp + rows[:, None] * n + cols[None, :], mask=mask)
        tl.store(out + cols[:, None] * m + rows[None, :], tl.trans(tile), mask=tl.trans(mask))
    return _transpose


# Triton's settings: tile rows, tile columns, warps, group.
TRITON_SETTINGS = [(32, 32, 4, 0), (64, 64, 4, 0), (64, 64, 8, 0), (64, 128, 8, 0),
                   (128, 64, 8, 0), (128, 128, 8, 0), (128, 128, 16, 0)]


def time_all(runtime_path, specs):
    import torch
    sys.path.insert(0, os.path.dirname(__file__))
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "python"))
    import block
    import bench

    runtime = block.Runtime(runtime_path)
    m = n = 16384
    x = torch.randn(m, n, device="cuda")
    out = torch.empty(n, m, device="cuda")
    # A copy of as many bytes as the transpose reads and writes.
    src = torch.empty_like(x)
    dst = torch.empty_like(x)
    tt = triton_kernel()
    copy = lambda: dst.copy_(src)  # noqa: E731
    impls = {"torch copy, same bytes": copy}
    for bm, bn, w, g in TRITON_SETTINGS:
        impls[f"triton {bm}x{bn} w{w} g{g}"] = (
            lambda bm=bm, bn=bn, w=w, g=g: tt[(n // bn, m // bm)](
                x, out, m, n, BM=bm, BN=bn, G=g, num_warps=w))
    for spec in specs:
        path, tile = spec.rsplit(":", 1)
        tm, tn = tile_shape(tile)
        manifest = next(os.path.join(path, f) for f in os.listdir(path) if f.endswith(".json"))
        impls[f"ours {os.path.basename(path)}"] = runtime.load(manifest).kernel("transpose").prepare(
            ((n + tn - 1) // tn, (m + tm - 1) // tm), x, out, m, n)

    def check(fn):
        if fn is copy:
            return None
        out.zero_()
        fn()
        torch.cuda.synchronize()
        return bench.rel_error(out, x.t())
    bench.side_by_side(impls, check, lambda ms: 2 * 4 * m * n / ms / 1e6, "GB/s",
                       rounds=5, reps=50)


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="command", required=True)
    g = sub.add_parser("gen")
    g.add_argument("tile", help="T or TMxTN")
    g.add_argument("warps", type=int)
    g.add_argument("group", type=int, nargs="?", default=0)
    t = sub.add_parser("time")
    t.add_argument("--runtime", required=True)
    t.add_argument("bundles", nargs="+", help="dir:T or dir:TMxTN")
    args = p.parse_args()
    if args.command == "gen":
        print(source(args.tile, args.warps, args.group), end="")
    else:
        time_all(args.runtime, args.bundles)


if __name__ == "__main__":
    main()
