"""Checks that each Python twin (examples/python/NAME.py) emits the dataflow
graph of its hand-written example (examples/NAME.mlir).

Both sides are normalised by block-opt (-canonicalize -cse, loop-invariant
code motion, generic form) and compared as graphs: an op is identified by
its name, attributes, types, regions and the identities of its operands (in
any order for commutative ops), never by its position or SSA name, so the
order of independent ops does not matter. Memory order does: a read depends
on the last write before it in its block, a write on that write and on the
reads since. Two kernels match when their functions have the same identity.

Where a twin cannot say what its example says in block.language, the
difference is listed in KNOWN_DIFFERENCES with its reason and taken out of
the example's normalised text before the comparison (each rule must apply:
an exception that no longer applies is an error, so that it is removed).

  twins.py --block-opt build/bin/block-opt --examples examples [NAME ...]

With no NAME, every examples/*.mlir is checked and must have a twin.
Exits 1 when a twin is missing, fails to emit, or does not match, printing
where the graphs first part (the ops of one side, all of whose operands the
other side has too, that the other side lacks)."""

import argparse
import collections
import glob
import hashlib
import importlib.util
import os
import re
import subprocess
import sys

NORMALISE = ["-canonicalize", "-cse", "-loop-invariant-code-motion", "-canonicalize", "-cse",
             "-mlir-print-op-generic"]

#: name -> [(regular expression, replacement, why)], applied to the example's
#: normalised generic text.
_EXP2_AFN = (
    r'("math\.exp2"\(%[\w#]+\)) <\{fastmath = #arith\.fastmath<afn>\}>',
    r"\1 <{fastmath = #arith.fastmath<none>}>",
    "the example's exp2 may flush subnormals (fastmath<afn>); block.language has no way to "
    "ask for that (bl.exp2 is math.exp2 without flags)")


def _constant_stride(size):
    """The example writes a descriptor's row stride as the SSA constant it
    also gives as the column count (`[%rows, %d], [%d, 1]`), the twin as the
    integer HEAD_DIM (static_strides): canonicalisation does not yet fold a
    constant stride operand into static_strides."""
    return (r'"block\.make_tensor_desc"\((%\w+), (%[\w#]+), (%\w+), \3\) '
            r'<\{operandSegmentSizes = array<i32: 1, 2, 1>, '
            r'static_strides = array<i64: -9223372036854775808, 1>\}> : \(([^,]+), i32, i32, i32\)',
            r'"block.make_tensor_desc"(\1, \2, \3) <{operandSegmentSizes = array<i32: 1, 2, 0>, '
            rf'static_strides = array<i64: {size}, 1>}}> : (\4, i32, i32)',
            "a constant stride operand that canonicalisation does not fold into "
            "static_strides")


KNOWN_DIFFERENCES = {
    "attention_fwd": [_EXP2_AFN, _constant_stride(128)],
    "attention_fwd_d64": [_EXP2_AFN, _constant_stride(64)],
}

#: name -> (why, example-only ops, twin-only ops): twins whose graphs part
#: from their example's, and the ops (SSA names dropped) where they part,
#: checked exactly: the rest of the graph is its consequence.
EXPECTED_DIVERGENCE = {
    "dequant": (
        "the example compares and multiplies the row and column indices after "
        "broadcasting them to 16 x 512; the twin, as Triton code does, on the 16 x 1 "
        "and 1 x 512 tensors that x[:, None] and x[None, :] give, broadcasting the "
        "results. Canonicalisation would need Triton's broadcast-after-elementwise "
        "rewrite (elementwise(broadcast(a), splat(s)) -> broadcast(elementwise(a, "
        "splat(s))))",
        ['% = "block.broadcast"(%) : (tensor<16x1xi32>) -> tensor<16x512xi32>',
         '% = "block.splat"(%) : (i32) -> tensor<16x512xi32>',
         '% = "block.splat"(%) : (i32) -> tensor<16x512xi32>'],
        ['% = "block.splat"(%) : (i32) -> tensor<16x1xi32>',
         '% = "block.splat"(%) : (i32) -> tensor<1x512xi32>',
         '% = "block.splat"(%) : (i32) -> tensor<16x1xi32>']),
}

COMMUTATIVE = {
    "arith.addi", "arith.muli", "arith.andi", "arith.ori", "arith.xori", "arith.addf",
    "arith.mulf", "arith.maxsi", "arith.minsi", "arith.maxui", "arith.minui",
    "arith.maximumf", "arith.minimumf", "arith.maxnumf", "arith.minnumf",
}
READS = {"block.load", "block.desc_load"}
WRITES = {"block.store", "block.desc_store", "block.atomic_rmw", "block.atomic_cas",
          "block.print", "block.assert", "gpu.barrier"}

_OP = re.compile(r'^(?:(%[\w]+)(?::(\d+))?\s*=\s*)?"([\w.]+)"\(([^)]*)\)(.*)$')
_BLOCK = re.compile(r"^\^bb\d+(?:\((.*)\))?:$")
_ARG = re.compile(r"(%[\w]+)\s*:\s*")


class Op:
    def __init__(self, name, results, operands, head, line):
        self.name, self.results, self.operands, self.head = name, results, operands, head
        self.line = line
        self.tail = ""
        self.regions = []  # lists of blocks: (argument names and types, ops)


def parse(text):
    """The ops of the module's body (generic form, one op a line)."""
    top = []
    stack = []  # (op, current block ops)
    current = top
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        if line.startswith("})") or line == "}, {":
            op = stack[-1][0]
            if line == "}, {":
                op.regions.append([([], [])])
                current = op.regions[-1][-1][1]
                continue
            op.tail = line[2:]
            stack.pop()
            current = stack[-1][1] if stack else top
            continue
        m = _BLOCK.match(line)
        if m:
            op = stack[-1][0]
            text = m.group(1) or ""
            names = _ARG.findall(text)
            types = [t.strip().rstrip(",").strip() for t in _ARG.split(text)[2::2]]
            region = op.regions[-1]
            if region[-1][1] or region[-1][0]:
                region.append(([], []))
            region[-1][0].extend(zip(names, types))
            current = region[-1][1]
            continue
        m = _OP.match(line)
        if not m:
            raise ValueError(f"cannot parse: {line}")
        result, count, name, operands, rest = m.groups()
        results = []
        if result:
            n = int(count or 1)
            results = [result] if n == 1 and not count else [f"{result}#{i}" for i in range(n)]
        operand_list = [o.strip() for o in operands.split(",") if o.strip()]
        opens = rest.endswith("({")
        head = rest[:-2] if opens else rest
        op = Op(name, results, operand_list, head.strip(), line)
        current.append(op)
        if opens:
            op.regions.append([([], [])])
            stack.append((op, None))
            current = op.regions[-1][-1][1]
            stack[-1] = (op, current)
    return top


def _h(*parts):
    return hashlib.sha1("\x1f".join(parts).encode()).hexdigest()[:16]


class Graph:
    """Identities of the values and ops of one function."""

    def __init__(self, func):
        self.values = {}
        self.ops = []  # (identity, op, depth) of every op, nested ones too
        self.identity = self.op_identity(func, 0, None)

    def memory_kind(self, op):
        if op.name in WRITES:
            return "w"
        if op.name in READS:
            return "r"
        kinds = set()
        for region in op.regions:
            for _, ops in region:
                for inner in ops:
                    kinds.add(self.memory_kind(inner))
        return "w" if "w" in kinds else "r" if "r" in kinds else None

    def block_identity(self, args, ops, depth):
        for i, (name, type_) in enumerate(args):
            self.values[name] = _h("arg", str(depth), str(i), type_)
        token, reads = _h("entry"), []
        ids = []
        for op in ops:
            kind = self.memory_kind(op)
            if kind == "r":
                ident = self.op_identity(op, depth, token)
                reads.append(ident)
            elif kind == "w":
                ident = self.op_identity(op, depth, _h(token, *sorted(reads)))
                token, reads = ident, []
            else:
                ident = self.op_identity(op, depth, None)
            ids.append(ident)
        return _h("block", *[t for _, t in args], *sorted(ids))

    def op_identity(self, op, depth, token):
        operands = []
        for o in op.operands:
            if o not in self.values:
                raise ValueError(f"'{o}' is used before it is defined: {op.line}")
            operands.append(self.values[o])
        if op.name in COMMUTATIVE:
            operands.sort()
        regions = [_h("region", *[self.block_identity(a, ops, depth + 1) for a, ops in region])
                   for region in op.regions]
        ident = _h(op.name, op.head, op.tail, token or "", *operands, *regions)
        for i, r in enumerate(op.results):
            self.values[r] = _h(ident, str(i))
        self.ops.append((ident, op, depth))
        return ident


def functions(text):
    module = parse(text)
    if len(module) != 1 or module[0].name != "builtin.module":
        raise ValueError("expected one builtin.module")
    out = {}
    for region in module[0].regions:
        for _, ops in region:
            for op in ops:
                if op.name == "func.func":
                    name = re.search(r'sym_name = "([^"]+)"', op.head).group(1)
                    out[name] = op
    return out


def normalise(block_opt, text):
    p = subprocess.run([block_opt] + NORMALISE, input=text, capture_output=True, text=True)
    if p.returncode:
        raise RuntimeError(f"block-opt failed:\n{p.stderr}")
    return p.stdout


def emit_twin(path, name):
    spec = importlib.util.spec_from_file_location(f"twin_{name}", path)
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, os.path.dirname(path))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.pop(0)
    kernel = getattr(module, name)
    return kernel.emit(module.SIGNATURE, **getattr(module, "CONSTEXPRS", {}),
                       **getattr(module, "OPTIONS", {}))


def divergence(a, b):
    """The ops of `a` that `b` lacks whose operands `b` has too."""
    b_ids = collections.Counter(i for i, _, _ in b.ops)
    b_values = set(b.values.values())
    out, outer = [], []
    for ident, op, _ in a.ops:
        if b_ids[ident]:
            b_ids[ident] -= 1
            continue
        if all(a.values.get(o) in b_values for o in op.operands):
            (outer if op.regions else out).append(op.line)
    return out or outer


def compare(block_opt, examples, twins_dir, name):
    """None when the twin matches, else what differs."""
    mlir = os.path.join(examples, f"{name}.mlir")
    twin = os.path.join(twins_dir, f"{name}.py")
    if not os.path.exists(twin):
        return f"no twin {twin}"
    want = normalise(block_opt, open(mlir).read())
    for pattern, replacement, why in KNOWN_DIFFERENCES.get(name, []):
        want, n = re.subn(pattern, replacement, want)
        if not n:
            return f"the known difference no longer applies (remove it): {why}"
    got = normalise(block_opt, emit_twin(twin, name))
    fw, fg = functions(want), functions(got)
    if name not in fw or name not in fg:
        return f"no func.func @{name} in {'the example' if name not in fw else 'the twin'}"
    gw, gg = Graph(fw[name]), Graph(fg[name])
    if gw.identity == gg.identity:
        if name in EXPECTED_DIVERGENCE:
            return "the same graph: remove the expected divergence"
        return None
    if name in EXPECTED_DIVERGENCE:
        _, want_example, want_twin = EXPECTED_DIVERGENCE[name]
        anonymous = lambda lines: sorted(re.sub(r"%[\w]+(#\d+)?", "%", l) for l in lines)
        if anonymous(divergence(gw, gg)) == sorted(want_example) and \
                anonymous(divergence(gg, gw)) == sorted(want_twin):
            return None
    lines = [f"{len(gw.ops)} ops in the example, {len(gg.ops)} in the twin; they part at:"]
    lines += [f"  example only: {l}" for l in divergence(gw, gg)]
    lines += [f"  twin only:    {l}" for l in divergence(gg, gw)]
    return "\n".join(lines)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--block-opt", required=True)
    p.add_argument("--examples", required=True)
    p.add_argument("--twins", default=None, help="default: EXAMPLES/python")
    p.add_argument("names", nargs="*")
    args = p.parse_args(argv)
    twins = args.twins or os.path.join(args.examples, "python")
    names = args.names or sorted(os.path.splitext(os.path.basename(f))[0]
                                 for f in glob.glob(os.path.join(args.examples, "*.mlir")))
    failed = 0
    for name in names:
        try:
            problem = compare(args.block_opt, args.examples, twins, name)
        except Exception as e:  # a twin that does not emit, or a parse error
            problem = f"{type(e).__name__}: {e}"
        known = KNOWN_DIFFERENCES.get(name)
        if problem is None and name in EXPECTED_DIVERGENCE:
            print(f"{name}: parts where expected ({EXPECTED_DIVERGENCE[name][0]})")
        elif problem is None:
            print(f"{name}: same graph" + (f" (but for {len(known)} known difference"
                                           f"{'s' if len(known) > 1 else ''})" if known else ""))
        else:
            failed += 1
            print(f"{name}: DIFFERENT\n{problem}")
    print(f"{len(names) - failed} of {len(names)} twins match")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
