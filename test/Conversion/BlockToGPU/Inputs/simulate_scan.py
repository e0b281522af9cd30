"""A CPU-side check of the scan lowering for layouts whose axis bits
interleave registers, lanes and warps: lowers a scan kernel per layout,
axis, direction and combiner with convert-block-to-gpu, runs the GPU code
in lockstep for every thread of the program instance (the subset of ops the
lowering emits: arith, gpu.shuffle, gpu.barrier, shared and global
llvm.load/llvm.store, scf.if, the predicated st.global), and compares what
it stores with a sequential scan. Usage: simulate_scan.py BLOCK-OPT."""

import itertools
import math
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


SIZES = {"i1": 1, "i8": 1, "i16": 2, "f16": 2, "bf16": 2, "i32": 4, "f32": 4,
         "i64": 8, "f64": 8}


def element_size(type_text):
    """Bytes of an element of a scalar or vector type such as vector<8xbf16>."""
    return SIZES[re.sub(r"^vector<\d+x(\w+)>$", r"\1", type_text)]


def vector_length(type_text):
    m = re.match(r"^vector<(\d+)x\w+>$", type_text)
    return int(m.group(1)) if m else None


def signature(line):
    """The operand types and the result type of a generic op's line."""
    m = re.search(r":\s*\((.*)\)\s*->\s*(.*?)\s*$", line)
    if not m:
        return [], ""
    return [t.strip() for t in re.split(r",\s*(?![^<]*>)", m.group(1)) if t.strip()], m.group(2)


def shared_word(shared, sizes, addr):
    """The 32-bit word at `addr` as ldmatrix hands it over: one 32-bit
    element, or a tuple of the 16- or 8-bit elements it holds."""
    size = sizes[addr]
    if size == 4:
        return shared[addr]
    return tuple(shared[addr + i * size] for i in range(4 // size))


def ldmatrix(addrs, shared, sizes, num, transpose):
    """One warp's ldmatrix.sync.aligned.m8n8.x<num>[.trans].b16: lanes
    8j..8j+7 pass the addresses of the rows of matrix j."""
    results = []
    for lane in range(32):
        words = []
        for j in range(num):
            rows = [addrs[8 * j + r][1] for r in range(8)]
            if transpose:
                words.append(tuple(shared[rows[2 * (lane % 4) + e] + (lane // 4) * 2] for e in range(2)))
            else:
                words.append(shared_word(shared, sizes, rows[lane // 4] + (lane % 4) * 4))
        results.append(words[0] if num == 1 else tuple(words))
    return results


def mma_sync(a, b, c, m, n, k, per_word):
    """One warp's mma.sync.aligned.m16n8k<k>.row.col, by the fragment tables
    of the PTX ISA: lane l (group g = l / 4, thread t = l % 4) holds in A
    word r the row g + 8 (r % 2) at columns (r / 2) k/2 + t per_word + i, in
    B word r the column g at rows r k/2 + t per_word + i, and in C element i
    the row g + 8 (i / 2), column 2 t + i % 2."""
    assert (m, n) == (16, 8)
    flat = lambda w: w if isinstance(w, tuple) else (w,)
    A = [[None] * k for _ in range(16)]
    B = [[None] * 8 for _ in range(k)]
    C = [[None] * 8 for _ in range(16)]
    for lane in range(32):
        g, t = lane // 4, lane % 4
        for r, word in enumerate(a[lane]):
            for i, x in enumerate(flat(word)):
                A[g + 8 * (r % 2)][(r // 2) * (k // 2) + t * per_word + i] = x
        for r, word in enumerate(b[lane]):
            for i, x in enumerate(flat(word)):
                B[r * (k // 2) + t * per_word + i][g] = x
        cs = [x for w in c[lane] for x in flat(w)]
        for i, x in enumerate(cs):
            C[g + 8 * (i // 2)][2 * t + i % 2] = x
    D = [[C[i][j] + sum(A[i][kk] * B[kk][j] for kk in range(k)) for j in range(8)] for i in range(16)]
    pairs = any(isinstance(w, tuple) for w in c[0])
    out = []
    for lane in range(32):
        g, t = lane // 4, lane % 4
        d = [D[g + 8 * (i // 2)][2 * t + i % 2] for i in range(4)]
        out.append(((d[0], d[1]), (d[2], d[3])) if pairs else tuple(d))
    return out


def run(text, nthreads, nout):
    """Runs the straight-line gpu.func in `text` (generic form) for
    `nthreads` threads in lockstep; returns the values stored at global
    positions 0..nout-1 (4-byte elements)."""
    lines = text.split("\n")
    env = {}
    shared = {}
    sizes = {}
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
        operand_types, result_type = signature(line)
        if opname == "arith.constant":
            v = re.search(r"value = ([-\w.+]+)", props).group(1)
            v = v == "true" if v in ("true", "false") else (float(v) if re.search(r"[.e]", v) else int(v))
            r = [v] * nthreads
        elif opname == "gpu.thread_id":
            r = list(T)
        elif opname in ("arith.index_castui", "arith.truncf", "arith.extf", "arith.trunci",
                        "arith.extsi", "nvvm.convert.float.to.tf32", "llvm.fptrunc"):
            # Exact on the small values these checks use.
            r = vals[0]
        elif opname == "arith.sitofp":
            r = [float(v) for v in vals[0]]
        elif opname in ("arith.addi", "arith.muli", "arith.subi", "arith.andi", "arith.ori", "arith.xori", "arith.shli", "arith.shrui", "arith.remsi"):
            f = {"arith.addi": lambda a, b: a + b, "arith.muli": lambda a, b: a * b,
                 "arith.subi": lambda a, b: a - b, "arith.andi": lambda a, b: a & b,
                 "arith.ori": lambda a, b: a | b, "arith.xori": lambda a, b: a ^ b,
                 "arith.shli": lambda a, b: a << b, "arith.shrui": lambda a, b: (a & M32) >> b,
                 "arith.remsi": lambda a, b: int(math.fmod(a, b))}[opname]
            r = [s32(f(vals[0][t], vals[1][t])) if not isinstance(vals[0][t], bool) else bool(f(vals[0][t], vals[1][t]) & 1) for t in T]
        elif opname in ("arith.addf", "arith.mulf", "llvm.fsub"):
            f = {"arith.addf": lambda a, b: a + b, "arith.mulf": lambda a, b: a * b,
                 "llvm.fsub": lambda a, b: a - b}[opname]
            r = [f(vals[0][t], vals[1][t]) for t in T]
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
            size = SIZES[re.search(r"elem_type = (\w+)", props).group(1)]
            if len(vals) > 1:
                index = vals[1]
            else:
                index = [int(re.search(r"rawConstantIndices = array<i32: (-?\d+)>", props).group(1))] * nthreads
            r = [(vals[0][t][0], vals[0][t][1] + index[t] * size) for t in T]
        elif opname == "llvm.mlir.poison":
            r = [(None,) * vector_length(result_type)] * nthreads
        elif opname == "llvm.insertelement":
            r = [vals[0][t][:vals[2][t]] + (vals[1][t],) + vals[0][t][vals[2][t] + 1:] for t in T]
        elif opname == "llvm.extractelement":
            r = [vals[0][t][vals[1][t]] for t in T]
        elif opname == "llvm.bitcast":
            # Words keep their elements: i32 <-> vector<2xbf16>, f32 <-> i32.
            r = vals[0]
        elif opname == "llvm.extractvalue":
            i = int(re.search(r"position = array<i64: (\d+)>", props).group(1))
            r = [vals[0][t][i] for t in T]
        elif opname == "nvvm.ldmatrix":
            num = int(re.search(r"num = (\d+)", props).group(1))
            transpose = "mma_layout<col>" in props
            r = []
            for w in range(0, nthreads, 32):
                r += ldmatrix(vals[0][w:w + 32], shared, sizes, num, transpose)
        elif opname == "nvvm.mma.sync":
            na, nb, nc = map(int, re.search(r"operandSegmentSizes = array<i32: (\d+), (\d+), (\d+)>", props).groups())
            mnk = re.search(r"shape = #nvvm.shape<m = (\d+), n = (\d+), k = (\d+)>", props).groups()
            ptx = re.search(r"multiplicandAPtxType = #nvvm.mma_type<(\w+)>", props).group(1)
            per_word = {"f16": 2, "bf16": 2, "tf32": 1, "s8": 4}[ptx]
            r = []
            for w in range(0, nthreads, 32):
                lanes = range(w, w + 32)
                frag = lambda vs: [[v[t] for v in vs] for t in lanes]
                r += mma_sync(frag(vals[:na]), frag(vals[na:na + nb]), frag(vals[na + nb:]),
                              *map(int, mnk), per_word)
        elif opname == "llvm.store":
            size = element_size(operand_types[0])
            for t in T:
                if mask[t]:
                    space, addr = vals[1][t]
                    elements = vals[0][t] if isinstance(vals[0][t], tuple) else (vals[0][t],)
                    for i, x in enumerate(elements):
                        if space == "s":
                            shared[addr + i * size] = x
                            sizes[addr + i * size] = size
                        else:
                            assert size == 4 and addr % 4 == 0
                            prev = out[addr // 4 + i]
                            assert prev is None or prev == x, ("conflicting global store", addr, prev, x)
                            out[addr // 4 + i] = x
            continue
        elif opname == "nvvm.inline_ptx":
            # ro(ptr, value), predicate = operand 2.
            assert re.search(r'"st.global.[bfsu]32 \[\{\$r0\}\], \{\$r1\};"', line) and "array<i32: 2, 0, 1>" in line, line
            for t in T:
                if mask[t] and vals[2][t]:
                    space, addr = vals[0][t]
                    prev = out[addr // 4]
                    assert prev is None or prev == vals[1][t], ("conflicting global store", addr, prev, vals[1][t])
                    out[addr // 4] = vals[1][t]
            continue
        elif opname == "llvm.load":
            size = element_size(result_type)
            n = vector_length(result_type)
            assert all(vals[0][t][0] == "s" for t in T), "global loads are not simulated"
            if n is None:
                r = [shared[vals[0][t][1]] for t in T]
            else:
                r = [tuple(shared[vals[0][t][1] + i * size] for i in range(n)) for t in T]
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
