"""Tensor-core matmul at other tilings: examples/matmul_bf16.mlir (grouped
1-D grid, c in the input type) with the tile, k step, warps and stages as
parameters, timed next to cuBLAS and Triton's tensor-core kernel on one set
of buffers.

Here (MLIR, no GPU): write the kernels and compile them.
  python3 bench/tc_tiles.py gen bf16 128 256 64 8 3 > /tmp/mm.mlir
  build/bin/block-compile /tmp/mm.mlir -o bundles-tc/bf16_128x256x64_w8_s3

On the GPU machine (carry bundles-tc):
  python3 bench/tc_tiles.py time --runtime build-rt/libBlockRuntimeC.so \\
      --size 8192 bundles-tc/*
(each bundle directory's name gives its type and tiling).
"""
import argparse
import os
import re
import sys

TEMPLATE = """\
func.func @matmul(%a: !block.ptr<{T}> {{block.alignment = 16}},
                  %b: !block.ptr<{T}> {{block.alignment = 16}},
                  %c: !block.ptr<{C}> {{block.alignment = 16}},
                  %m: i32,
                  %n: i32 {{block.divisibility = 16}},
                  %k: i32 {{block.divisibility = 16}})
    attributes {{block.kernel, block.num_warps = {W} : i32, block.num_stages = {S} : i32}} {{
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %cbm = arith.constant {BM} : i32
  %cbn = arith.constant {BN} : i32
  %cbk = arith.constant {BK} : i32
  %cbm1 = arith.constant {BM1} : i32
  %cbn1 = arith.constant {BN1} : i32
  %zero = arith.constant dense<{Z}> : tensor<{BM}x{BN}x{ACC}>
  %azero = arith.constant dense<{Z}> : tensor<{BM}x{BK}x{T}>
  %bzero = arith.constant dense<{Z}> : tensor<{BK}x{BN}x{T}>
  %pid = block.program_id x
  %mp = arith.addi %m, %cbm1 : i32
  %tiles_m = arith.divui %mp, %cbm : i32
  %np = arith.addi %n, %cbn1 : i32
  %tiles_n = arith.divui %np, %cbn : i32
  %group_tiles = arith.muli %tiles_n, %c8 : i32
  %group = arith.divui %pid, %group_tiles : i32
  %first_m = arith.muli %group, %c8 : i32
  %rows_left = arith.subi %tiles_m, %first_m : i32
  %group_m = arith.minui %rows_left, %c8 : i32
  %in_group = arith.remui %pid, %group_tiles : i32
  %pm_in = arith.remui %in_group, %group_m : i32
  %pm = arith.addi %first_m, %pm_in : i32
  %pn = arith.divui %in_group, %group_m : i32
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
  %abase = block.splat %a : tensor<{BM}x{BK}x!block.ptr<{T}>>
  %bbase = block.splat %b : tensor<{BK}x{BN}x!block.ptr<{T}>>
  %kbound = block.splat %k : tensor<{BK}xi32>
  %nk = block.splat %n : tensor<{BK}xi32>
  %acc = scf.for %k0 = %c0 to %k step %cbk iter_args(%sum = %zero) -> (tensor<{BM}x{BN}x{ACC}>) : i32 {{
    %k0s = block.splat %k0 : tensor<{BK}xi32>
    %kk = arith.addi %k0s, %rk : tensor<{BK}xi32>
    %kok = arith.cmpi slt, %kk, %kbound : tensor<{BK}xi32>
    %kkc = block.expand_dims %kk, 0 : tensor<{BK}xi32> -> tensor<1x{BK}xi32>
    %kkcb = block.broadcast %kkc : tensor<1x{BK}xi32> -> tensor<{BM}x{BK}xi32>
    %aoff = arith.addi %arowb, %kkcb : tensor<{BM}x{BK}xi32>
    %kokc = block.expand_dims %kok, 0 : tensor<{BK}xi1> -> tensor<1x{BK}xi1>
    %kokcb = block.broadcast %kokc : tensor<1x{BK}xi1> -> tensor<{BM}x{BK}xi1>
    %amask = arith.andi %arowokb, %kokcb : tensor<{BM}x{BK}xi1>
    %ap = block.addptr %abase, %aoff : tensor<{BM}x{BK}x!block.ptr<{T}>>, tensor<{BM}x{BK}xi32>
    %at = block.load %ap mask %amask other %azero : tensor<{BM}x{BK}x!block.ptr<{T}>>
{BOFF}    %kokr = block.expand_dims %kok, 1 : tensor<{BK}xi1> -> tensor<{BK}x1xi1>
    %kokrb = block.broadcast %kokr : tensor<{BK}x1xi1> -> tensor<{BK}x{BN}xi1>
    %bmask = arith.andi %kokrb, %bcolokb : tensor<{BK}x{BN}xi1>
    %bp = block.addptr %bbase, %boff : tensor<{BK}x{BN}x!block.ptr<{T}>>, tensor<{BK}x{BN}xi32>
    %bt = block.load %bp mask %bmask other %bzero : tensor<{BK}x{BN}x!block.ptr<{T}>>
    %next = block.dot %at, %bt, %sum{PREC} : tensor<{BM}x{BK}x{T}>, tensor<{BK}x{BN}x{T}> -> tensor<{BM}x{BN}x{ACC}>
    scf.yield %next : tensor<{BM}x{BN}x{ACC}>
  }}
{OUT}  %nm = block.splat %n : tensor<{BM}xi32>
  %crow = arith.muli %rows, %nm : tensor<{BM}xi32>
  %crow2 = block.expand_dims %crow, 1 : tensor<{BM}xi32> -> tensor<{BM}x1xi32>
  %crowb = block.broadcast %crow2 : tensor<{BM}x1xi32> -> tensor<{BM}x{BN}xi32>
  %ccolb = block.broadcast %bcol2 : tensor<1x{BN}xi32> -> tensor<{BM}x{BN}xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<{BM}x{BN}xi32>
  %crowokb = block.broadcast %rowok2 : tensor<{BM}x1xi1> -> tensor<{BM}x{BN}xi1>
  %ccolokb = block.broadcast %colok2 : tensor<1x{BN}xi1> -> tensor<{BM}x{BN}xi1>
  %cmask = arith.andi %crowokb, %ccolokb : tensor<{BM}x{BN}xi1>
  %cbase = block.splat %c : tensor<{BM}x{BN}x!block.ptr<{C}>>
  %cp = block.addptr %cbase, %coff : tensor<{BM}x{BN}x!block.ptr<{C}>>, tensor<{BM}x{BN}xi32>
  block.store %cp, {RES} mask %cmask : tensor<{BM}x{BN}x!block.ptr<{C}>>
  return
}}
"""

# b[kk, cols] at kk * n + cols; int8 takes b transposed, at cols * k + kk.
B_ROWS = """\
    %kkn = arith.muli %kk, %nk : tensor<{BK}xi32>
    %kkr = block.expand_dims %kkn, 1 : tensor<{BK}xi32> -> tensor<{BK}x1xi32>
    %kkrb = block.broadcast %kkr : tensor<{BK}x1xi32> -> tensor<{BK}x{BN}xi32>
    %boff = arith.addi %kkrb, %bcolb : tensor<{BK}x{BN}xi32>
"""
B_TRANSPOSED = """\
    %ksb = block.splat %k : tensor<{BN}xi32>
    %bcolk = arith.muli %cols, %ksb : tensor<{BN}xi32>
    %bcolk2 = block.expand_dims %bcolk, 0 : tensor<{BN}xi32> -> tensor<1x{BN}xi32>
    %bcolkb = block.broadcast %bcolk2 : tensor<1x{BN}xi32> -> tensor<{BK}x{BN}xi32>
    %kkr = block.expand_dims %kk, 1 : tensor<{BK}xi32> -> tensor<{BK}x1xi32>
    %kkrb = block.broadcast %kkr : tensor<{BK}x1xi32> -> tensor<{BK}x{BN}xi32>
    %boff = arith.addi %kkrb, %bcolkb : tensor<{BK}x{BN}xi32>
"""
TRUNC = "  %out = arith.truncf %acc : tensor<{BM}x{BN}xf32> to tensor<{BM}x{BN}x{T}>\n"

# Element type, accumulator, c, zero, precision, b's indexing, c's conversion.
TYPES = {
    "bf16": ("bf16", "f32", "bf16", "0.0", "", B_ROWS, TRUNC),
    "f16": ("f16", "f32", "f16", "0.0", "", B_ROWS, TRUNC),
    "tf32": ("f32", "f32", "f32", "0.0", " precision = tf32", B_ROWS, ""),
    "int8": ("i8", "i32", "i32", "0", "", B_TRANSPOSED, ""),
}


def generate(kind, bm, bn, bk, warps, stages):
    t, acc, c, zero, prec, boff, out = TYPES[kind]
    sizes = dict(BM=bm, BN=bn, BK=bk, T=t, ACC=acc)
    return TEMPLATE.format(T=t, ACC=acc, C=c, Z=zero, PREC=prec, BM=bm, BN=bn, BK=bk,
                           W=warps, S=stages, BM1=bm - 1, BN1=bn - 1,
                           BOFF=boff.format(**sizes), OUT=out.format(**sizes),
                           RES="%out" if out else "%acc")


NAME = re.compile(r"(bf16|f16|tf32|int8)_(\d+)x(\d+)x(\d+)_w(\d+)_s(\d+)$")


def time_all(runtime_path, bundles, size):
    import torch
    sys.path.insert(0, os.path.dirname(__file__))
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "python"))
    import block
    import bench
    import triton_kernels as tk

    runtime = block.Runtime(runtime_path)
    m = n = k = size
    dtypes = {"bf16": torch.bfloat16, "f16": torch.float16, "tf32": torch.float32,
              "int8": torch.int8}
    for kind, dtype in dtypes.items():
        mine = [b for b in bundles if (match := NAME.search(os.path.basename(b.rstrip("/"))))
                and match.group(1) == kind]
        if not mine:
            continue
        if kind == "int8":
            a = torch.randint(-128, 128, (m, k), dtype=dtype, device="cuda")
            b = torch.randint(-128, 128, (n, k), dtype=dtype, device="cuda")  # b^T
            c = torch.empty(m, n, dtype=torch.int32, device="cuda")
            ref = a.double() @ b.double().t()
            impls = {"torch": lambda: torch._int_mm(a, b.t()),
                     "triton 128x256x128 w8 s4": lambda: tk.matmul_tc(a, b, c, b_t=True)}
        else:
            a = torch.randn(m, k, device="cuda").to(dtype)
            b = torch.randn(k, n, device="cuda").to(dtype)
            c = torch.empty(m, n, dtype=dtype, device="cuda")
            ref = a.double() @ b.double()
            peer = lambda: torch.matmul(a, b, out=c)
            impls = {"torch": bench.with_tf32(peer) if kind == "tf32" else peer,
                     "triton 128x256 w8 s4": lambda: tk.matmul_tc(a, b, c)}
        for path in mine:
            _, bm, bn, _, _, _ = NAME.search(os.path.basename(path.rstrip("/"))).groups()
            tiles = -(-m // int(bm)) * -(-n // int(bn))
            manifest = next(os.path.join(path, f) for f in os.listdir(path) if f.endswith(".json"))
            impls[f"ours {os.path.basename(path.rstrip('/'))}"] = (
                runtime.load(manifest).kernel("matmul").prepare((tiles,), a, b, c, m, n, k))
        print(f"{kind} {m}^3")
        bench.matmul_side_by_side(impls, c, ref, m, n, k, rounds=3)


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="command", required=True)
    g = sub.add_parser("gen")
    g.add_argument("type", choices=sorted(TYPES))
    for name in ("BM", "BN", "BK", "W", "S"):
        g.add_argument(name, type=int)
    t = sub.add_parser("time")
    t.add_argument("--runtime", required=True)
    t.add_argument("--size", type=int, default=8192)
    t.add_argument("bundles", nargs="+", help="directories named <type>_<BM>x<BN>x<BK>_w<W>_s<S>")
    args = p.parse_args()
    if args.command == "gen":
        print(generate(args.type, args.BM, args.BN, args.BK, args.W, args.S), end="")
    else:
        time_all(args.runtime, args.bundles, args.size)


if __name__ == "__main__":
    main()
