"""Matmul at other tilings: how the 4096^3 f32 product runs with other tile
sizes, ours next to Triton's at the same and other tilings, on one set of
buffers.

Here (MLIR, no GPU): write the example at a tiling and compile it.
  python3 bench/matmul_tiles.py gen 128 128 16 8 > /tmp/mm.mlir
  build/bin/block-compile /tmp/mm.mlir -o bundles-mm/m128x128x16

On the GPU machine (carry bundles-mm):
  python3 bench/matmul_tiles.py time --runtime build-rt/libBlockRuntimeC.so \\
      bundles-mm/m128x128x16:128:128 ...
"""
import argparse
import os
import statistics
import sys

# One kernel, tiles of BM x BN of c, stepping BK through k: the example's text
# (examples/matmul.mlir) with the sizes as parameters.
TEMPLATE = """\
func.func @matmul(%a: !block.ptr<f32> {{block.alignment = 16}},
                  %b: !block.ptr<f32> {{block.alignment = 16}},
                  %c: !block.ptr<f32> {{block.alignment = 16}},
                  %m: i32,
                  %n: i32 {{block.divisibility = 16}},
                  %k: i32 {{block.divisibility = 16}})
    attributes {{block.kernel, block.num_warps = {W} : i32}} {{
  %c0 = arith.constant 0 : i32
  %cbm = arith.constant {BM} : i32
  %cbn = arith.constant {BN} : i32
  %cbk = arith.constant {BK} : i32
  %zero = arith.constant dense<0.0> : tensor<{BM}x{BN}xf32>
  %azero = arith.constant dense<0.0> : tensor<{BM}x{BK}xf32>
  %bzero = arith.constant dense<0.0> : tensor<{BK}x{BN}xf32>
  %pn = block.program_id x
  %pm = block.program_id y
  %rm = block.arange 0, {BM} : tensor<{BM}xi32>
  %rn = block.arange 0, {BN} : tensor<{BN}xi32>
  %rk = block.arange 0, {BK} : tensor<{BK}xi32>
  %row0 = arith.muli %pm, %cbm : i32
  %col0 = arith.muli %pn, %cbn : i32
  %row0s = block.splat %row0 : tensor<{BM}xi32>
  %col0s = block.splat %col0 : tensor<{BN}xi32>
  %rows = arith.addi %row0s, %rm : tensor<{BM}xi32>
  %cols = arith.addi %col0s, %rn : tensor<{BN}xi32>
  %ms = block.splat %m : tensor<{BM}xi32>
  %ns = block.splat %n : tensor<{BN}xi32>
  %rowok = arith.cmpi slt, %rows, %ms : tensor<{BM}xi32>
  %colok = arith.cmpi slt, %cols, %ns : tensor<{BN}xi32>
  %rowok2 = block.expand_dims %rowok, 1 : tensor<{BM}xi1> -> tensor<{BM}x1xi1>
  %colok2 = block.expand_dims %colok, 0 : tensor<{BN}xi1> -> tensor<1x{BN}xi1>
  %ks = block.splat %k : tensor<{BM}xi32>
  %arow = arith.muli %rows, %ks : tensor<{BM}xi32>
  %arow2 = block.expand_dims %arow, 1 : tensor<{BM}xi32> -> tensor<{BM}x1xi32>
  %arowb = block.broadcast %arow2 : tensor<{BM}x1xi32> -> tensor<{BM}x{BK}xi32>
  %arowokb = block.broadcast %rowok2 : tensor<{BM}x1xi1> -> tensor<{BM}x{BK}xi1>
  %bcol2 = block.expand_dims %cols, 0 : tensor<{BN}xi32> -> tensor<1x{BN}xi32>
  %bcolb = block.broadcast %bcol2 : tensor<1x{BN}xi32> -> tensor<{BK}x{BN}xi32>
  %bcolokb = block.broadcast %colok2 : tensor<1x{BN}xi1> -> tensor<{BK}x{BN}xi1>
  %abase = block.splat %a : tensor<{BM}x{BK}x!block.ptr<f32>>
  %bbase = block.splat %b : tensor<{BK}x{BN}x!block.ptr<f32>>
  %kbound = block.splat %k : tensor<{BK}xi32>
  %nk = block.splat %n : tensor<{BK}xi32>
  %acc = scf.for %k0 = %c0 to %k step %cbk iter_args(%sum = %zero) -> (tensor<{BM}x{BN}xf32>) : i32 {{
    %k0s = block.splat %k0 : tensor<{BK}xi32>
    %kk = arith.addi %k0s, %rk : tensor<{BK}xi32>
    %kok = arith.cmpi slt, %kk, %kbound : tensor<{BK}xi32>
    %kkc = block.expand_dims %kk, 0 : tensor<{BK}xi32> -> tensor<1x{BK}xi32>
    %kkcb = block.broadcast %kkc : tensor<1x{BK}xi32> -> tensor<{BM}x{BK}xi32>
    %aoff = arith.addi %arowb, %kkcb : tensor<{BM}x{BK}xi32>
    %kokc = block.expand_dims %kok, 0 : tensor<{BK}xi1> -> tensor<1x{BK}xi1>
    %kokcb = block.broadcast %kokc : tensor<1x{BK}xi1> -> tensor<{BM}x{BK}xi1>
    %amask = arith.andi %arowokb, %kokcb : tensor<{BM}x{BK}xi1>
    %ap = block.addptr %abase, %aoff : tensor<{BM}x{BK}x!block.ptr<f32>>, tensor<{BM}x{BK}xi32>
    %at = block.load %ap mask %amask other %azero : tensor<{BM}x{BK}x!block.ptr<f32>>
    %kkn = arith.muli %kk, %nk : tensor<{BK}xi32>
    %kkr = block.expand_dims %kkn, 1 : tensor<{BK}xi32> -> tensor<{BK}x1xi32>
    %kkrb = block.broadcast %kkr : tensor<{BK}x1xi32> -> tensor<{BK}x{BN}xi32>
    %boff = arith.addi %kkrb, %bcolb : tensor<{BK}x{BN}xi32>
    %kokr = block.expand_dims %kok, 1 : tensor<{BK}xi1> -> tensor<{BK}x1xi1>
    %kokrb = block.broadcast %kokr : tensor<{BK}x1xi1> -> tensor<{BK}x{BN}xi1>
    %bmask = arith.andi %kokrb, %bcolokb : tensor<{BK}x{BN}xi1>
    %bp = block.addptr %bbase, %boff : tensor<{BK}x{BN}x!block.ptr<f32>>, tensor<{BK}x{BN}xi32>
    %bt = block.load %bp mask %bmask other %bzero : tensor<{BK}x{BN}x!block.ptr<f32>>
    %next = block.dot %at, %bt, %sum : tensor<{BM}x{BK}xf32>, tensor<{BK}x{BN}xf32> -> tensor<{BM}x{BN}xf32>
    scf.yield %next : tensor<{BM}x{BN}xf32>
  }}
  %nm = block.splat %n : tensor<{BM}xi32>
  %crow = arith.muli %rows, %nm : tensor<{BM}xi32>
  %crow2 = block.expand_dims %crow, 1 : tensor<{BM}xi32> -> tensor<{BM}x1xi32>
  %crowb = block.broadcast %crow2 : tensor<{BM}x1xi32> -> tensor<{BM}x{BN}xi32>
  %ccolb = block.broadcast %bcol2 : tensor<1x{BN}xi32> -> tensor<{BM}x{BN}xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<{BM}x{BN}xi32>
  %crowokb = block.broadcast %rowok2 : tensor<{BM}x1xi1> -> tensor<{BM}x{BN}xi1>
  %ccolokb = block.broadcast %colok2 : tensor<1x{BN}xi1> -> tensor<{BM}x{BN}xi1>
  %cmask = arith.andi %crowokb, %ccolokb : tensor<{BM}x{BN}xi1>
  %cbase = block.splat %c : tensor<{BM}x{BN}x!block.ptr<f32>>
  %cp = block.addptr %cbase, %coff : tensor<{BM}x{BN}x!block.ptr<f32>>, tensor<{BM}x{BN}xi32>
  block.store %cp, %acc mask %cmask : tensor<{BM}x{BN}x!block.ptr<f32>>
  return
}}
"""

# Triton's tilings: BM, BN, BK, warps, stages.
TRITON_TILINGS = [(64, 64, 32, 4, 3), (64, 64, 16, 4, 4), (128, 128, 32, 8, 3),
                  (128, 128, 16, 8, 3), (64, 128, 32, 4, 3)]


def time_all(runtime_path, specs):
    import torch
    sys.path.insert(0, os.path.dirname(__file__))
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "python"))
    import block
    import bench
    import triton_kernels as tk

    torch.backends.cuda.matmul.allow_tf32 = False
    runtime = block.Runtime(runtime_path)
    m = n = k = 4096
    a, b = torch.randn(m, k, device="cuda"), torch.randn(k, n, device="cuda")
    c = torch.empty(m, n, device="cuda")
    ref = a.double() @ b.double()
    impls = {"torch": lambda: torch.matmul(a, b, out=c)}
    for bm, bn, bk, w, s in TRITON_TILINGS:
        impls[f"triton {bm}x{bn}x{bk} w{w} s{s}"] = (
            lambda t=(bm, bn, bk), w=w, s=s: tk.matmul(a, b, c, t, w, s))
    for spec in specs:
        path, bm, bn = spec.rsplit(":", 2)
        bm, bn = int(bm), int(bn)
        manifest = next(os.path.join(path, f) for f in os.listdir(path) if f.endswith(".json"))
        impls[f"ours {os.path.basename(path)}"] = runtime.load(manifest).kernel("matmul").prepare(
            ((n + bn - 1) // bn, (m + bm - 1) // bm), a, b, c, m, n, k)

    bench.matmul_side_by_side(impls, c, ref, m, n, k, rounds=3)


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="command", required=True)
    g = sub.add_parser("gen")
    for name in ("bm", "bn", "bk", "warps"):
        g.add_argument(name, type=int)
    t = sub.add_parser("time")
    t.add_argument("--runtime", required=True)
    t.add_argument("bundles", nargs="+", help="dir:BM:BN")
    args = p.parse_args()
    if args.command == "gen":
        print(TEMPLATE.format(BM=args.bm, BN=args.bn, BK=args.bk, W=args.warps), end="")
    else:
        time_all(args.runtime, args.bundles)


if __name__ == "__main__":
    main()
