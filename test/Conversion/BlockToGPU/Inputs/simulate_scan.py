"""A CPU-side check of the scan lowering for layouts whose axis bits
interleave registers, lanes and warps: lowers a scan kernel per layout,
axis, direction and combiner with convert-block-to-gpu, runs the GPU code
in lockstep for every thread of the program instance (the subset of ops the
lowering emits: arith, gpu.shuffle, gpu.barrier, shared and global
llvm.load/llvm.store, scf.if, the predicated st.global), and compares what
it stores with a sequential scan. Usage: simulate_scan.py BLOCK-OPT."""

import itertools
import re
import subprocess
import sys

M32 = 0xffffffff


def s32(x):
    x &= M32
    return x - (1 << 32) if x & 0x80000000 else x


def kernel(layout, rows, cols, axis, reverse, combiner, warps):
    """A kernel that scans x[i, j] = (i * cols + j)^2, every tensor in the
    #block.linear `layout`, and stores the scan at position i * cols + j."""
    R = f"#block.linear<{layout}>"
    S1 = f"#block.slice<dim = 1, parent = {R}>"
    S0 = f"#block.slice<dim = 0, parent = {R}>"
    rev = " reverse" if reverse else ""
    body = "%t = arith.addi %a, %b : i32\n    block.yield %t : i32" if combiner == "sum" else "block.yield %a : i32"
    return f"""
func.func @k(%p: !block.ptr<i32>) attributes {{block.kernel, block.num_warps = {warps} : i32}} {{
  %r = block.arange 0, {rows} : tensor<{rows}xi32, {S1}>
  %c = block.arange 0, {cols} : tensor<{cols}xi32, {S0}>
  %re = block.expand_dims %r, 1 : tensor<{rows}xi32, {S1}> -> tensor<{rows}x1xi32, {R}>
  %ce = block.expand_dims %c, 0 : tensor<{cols}xi32, {S0}> -> tensor<1x{cols}xi32, {R}>
  %rb = block.broadcast %re : tensor<{rows}x1xi32, {R}> -> tensor<{rows}x{cols}xi32, {R}>
  %cb = block.broadcast %ce : tensor<1x{cols}xi32, {R}> -> tensor<{rows}x{cols}xi32, {R}>
  %n = arith.constant dense<{cols}> : tensor<{rows}x{cols}xi32, {R}>
  %m = arith.muli %rb, %n : tensor<{rows}x{cols}xi32, {R}>
  %i = arith.addi %m, %cb : tensor<{rows}x{cols}xi32, {R}>
  %sq = arith.muli %i, %i : tensor<{rows}x{cols}xi32, {R}>
  %s = block.scan %sq axis = {axis}{rev} : (tensor<{rows}x{cols}xi32, {R}>) -> tensor<{rows}x{cols}xi32, {R}> {{
  ^bb0(%a: i32, %b: i32):
    {body}
  }}
  %ps = block.splat %p : tensor<{rows}x{cols}x!block.ptr<i32>, {R}>
  %pp = block.addptr %ps, %i : tensor<{rows}x{cols}x!block.ptr<i32>, {R}>, tensor<{rows}x{cols}xi32, {R}>
  block.store %pp, %s : tensor<{rows}x{cols}x!block.ptr<i32>, {R}>
  return
}}
"""


def run(text, nthreads, nout):
    """Runs the straight-line gpu.func in `text` (generic form) for
    `nthreads` threads in lockstep; returns the i32 values stored at global
    positions 0..nout-1."""
    lines = text.split("\n")
    env = {}
    shared = {}
    out = [None] * nout
    def get(name):
        if "#" in name:
            base, i = name.split("#")
            return env[base][int(i)]
        return env[name]
    mask_stack = [[True] * nthreads]
    op_re = re.compile(r'^\s*(?:(%[\w]+)(?::(\d+))?\s*=\s*)?"([\w.]+)"\((.*?)\)\s*(<\{(.*?)\}>)?\s*(\(\{)?.*$')
    for line in lines:
        line = line.rstrip()
        # The end of an scf.if's then region; its else region is empty.
        if line.strip().startswith("}, {"):
            mask_stack[-1] = [False] * nthreads
            continue
        if line.strip().startswith("}) : (i1) -> ()"):
            mask_stack.pop()
            continue
        m = op_re.match(line)
        if not m:
            continue
        res, nres, opname, args, _, props, region = m.groups()
        args = [a.strip() for a in args.split(",") if a.strip()]
        props = props or ""
        mask = mask_stack[-1]
        if opname in ("builtin.module", "gpu.module", "gpu.func", "gpu.return",
                      "llvm.mlir.global", "scf.yield"):
            continue
        if opname == "scf.if":
            c = get(args[0])
            mask_stack.append([mask[t] and bool(c[t]) for t in range(nthreads)])
            continue
        vals = [get(a) for a in args]
        T = range(nthreads)
        if opname == "arith.constant":
            v = re.search(r"value = ([-\w.+]+)", props).group(1)
            v = v == "true" if v in ("true", "false") else int(v)
            r = [v] * nthreads
        elif opname == "gpu.thread_id":
            r = list(T)
        elif opname == "arith.index_castui":
            r = vals[0]
        elif opname in ("arith.addi", "arith.muli", "arith.subi", "arith.andi", "arith.ori", "arith.xori", "arith.shli", "arith.shrui"):
            f = {"arith.addi": lambda a, b: a + b, "arith.muli": lambda a, b: a * b,
                 "arith.subi": lambda a, b: a - b, "arith.andi": lambda a, b: a & b,
                 "arith.ori": lambda a, b: a | b, "arith.xori": lambda a, b: a ^ b,
                 "arith.shli": lambda a, b: a << b, "arith.shrui": lambda a, b: (a & M32) >> b}[opname]
            r = [s32(f(vals[0][t], vals[1][t])) if not isinstance(vals[0][t], bool) else bool(f(vals[0][t], vals[1][t]) & 1) for t in T]
        elif opname == "arith.cmpi":
            p = int(re.search(r"predicate = (\d+)", props).group(1))
            def cmp(a, b):
                ua, ub = a & M32, b & M32
                return [a == b, a != b, a < b, a <= b, a > b, a >= b, ua < ub, ua <= ub, ua > ub, ua >= ub][p]
            r = [cmp(vals[0][t], vals[1][t]) for t in T]
        elif opname == "arith.select":
            r = [vals[1][t] if vals[0][t] else vals[2][t] for t in T]
        elif opname == "gpu.shuffle":
            mode = re.search(r"shuffle_mode (\w+)", props).group(1)
            v, off, width = vals
            r0, r1 = [], []
            for t in T:
                lane, base = t % 32, t - t % 32
                o = off[t]
                src = {"up": lane - o, "down": lane + o, "xor": lane ^ o, "idx": o}[mode]
                ok = 0 <= src < width[t]
                r0.append(v[base + src] if ok else v[t])
                r1.append(ok)
            env[res] = [r0, r1]
            continue
        elif opname == "gpu.barrier":
            continue
        elif opname == "arg.global":
            r = [("g", 0)] * nthreads
        elif opname == "llvm.mlir.addressof":
            r = [("s", 0)] * nthreads
        elif opname == "llvm.getelementptr":
            et = re.search(r"elem_type = (\w+)", props).group(1)
            size = {"i8": 1, "i32": 4, "f32": 4, "i1": 1}[et]
            r = [(vals[0][t][0], vals[0][t][1] + vals[1][t] * size) for t in T]
        elif opname == "llvm.store":
            for t in T:
                if mask[t]:
                    space, addr = vals[1][t]
                    if space == "s":
                        shared[addr] = vals[0][t]
                    else:
                        assert addr % 4 == 0
                        prev = out[addr // 4]
                        assert prev is None or prev == vals[0][t], ("conflicting global store", addr, prev, vals[0][t])
                        out[addr // 4] = vals[0][t]
            continue
        elif opname == "nvvm.inline_ptx":
            # ro(ptr, value), predicate = operand 2.
            assert '"st.global.b32 [{$r0}], {$r1};"' in line and "array<i32: 2, 0, 1>" in line, line
            for t in T:
                if mask[t] and vals[2][t]:
                    space, addr = vals[0][t]
                    prev = out[addr // 4]
                    assert prev is None or prev == vals[1][t], ("conflicting global store", addr, prev, vals[1][t])
                    out[addr // 4] = vals[1][t]
            continue
        elif opname == "llvm.load":
            r = [shared[vals[0][t][1]] for t in T]
        else:
            raise SystemExit("unknown op " + opname + ": " + line)
        env[res] = r
    return out


# (name, layout, rows, cols, warps): layouts whose rows (axis 0) take their
# index bits from registers, lanes and warps in several orders.
cases = [
 ("chunk, lanes, warp, repetition", "register = [[1, 0], [0, 1], [128, 0]], lane = [[2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], warp = [[64, 0]]", 256, 2, 2),
 ("mma rows LLLRW", "register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0]]", 32, 8, 2),
 ("LLLRWR", "register = [[0, 1], [8, 0], [32, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0]]", 64, 8, 2),
 ("lanes out of order", "register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [4, 0], [2, 0], [1, 0]], warp = [[16, 0]]", 32, 8, 2),
 ("register between lanes", "register = [[0, 1], [2, 0]], lane = [[0, 2], [0, 4], [1, 0], [4, 0], [8, 0]], warp = [[16, 0]]", 32, 8, 2),
 ("warp below lanes", "register = [[0, 4], [16, 0]], lane = [[0, 1], [0, 2], [2, 0], [4, 0], [8, 0]], warp = [[1, 0]]", 32, 8, 2),
 ("replicated lane", "register = [[0, 1], [0, 4], [8, 0]], lane = [[0, 0], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [[16, 0]]", 32, 8, 2),
 ("four warps interleaved", "register = [[0, 1], [4, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [16, 0]], warp = [[8, 0], [32, 0]]", 64, 8, 4),
]


def expected(rows, cols, axis, reverse, comb):
    x = [[(i * cols + j) ** 2 for j in range(cols)] for i in range(rows)]
    exp = [[0] * cols for _ in range(rows)]
    n = rows if axis == 0 else cols
    for fixed in range(cols if axis == 0 else rows):
        at = (lambda k: (k, fixed)) if axis == 0 else (lambda k: (fixed, k))
        acc = None
        for k in (reversed(range(n)) if reverse else range(n)):
            i, j = at(k)
            acc = x[i][j] if acc is None else (acc + x[i][j] if comb == "sum" else acc)
            exp[i][j] = acc
    return [s32(v) for row in exp for v in row]


def main(opt):
    failures = 0
    for name, layout, rows, cols, warps in cases:
        for axis, reverse, comb in itertools.product([0, 1], [False, True], ["sum", "first"]):
            src = kernel(layout, rows, cols, axis, reverse, comb, warps)
            lowered = subprocess.run([opt, "--convert-block-to-gpu", "-mlir-print-op-generic"],
                                     input=src, capture_output=True, text=True, check=True).stdout
            # The kernel's pointer argument is global address 0.
            arg = re.search(r"\^bb0\((%\w+): !llvm.ptr<1>\)", lowered).group(1)
            entry = "^bb0(" + arg + ": !llvm.ptr<1>):"
            lowered = lowered.replace(entry, entry + "\n" + arg + ' = "arg.global"() : () -> !llvm.ptr<1>')
            ok = run(lowered, 32 * warps, rows * cols) == expected(rows, cols, axis, reverse, comb)
            print("ok" if ok else "FAIL", name, "axis", axis, "reverse" if reverse else "forward", comb)
            failures += not ok
    print("failures:", failures)
    return failures


if __name__ == "__main__":
    sys.exit(1 if main(sys.argv[1]) else 0)
