"""Lines of each example against its Triton peer in bench/triton_kernels.py
(issue 23's measure): non-blank lines that are not only a comment, of the
.mlir file and of the @triton.jit function of the same job (its decorator
and signature included), and their ratio.

    python3 bench/line_counts.py [--markdown]
"""
import argparse
import os
import re

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

# Example -> the Triton kernel doing the same job.
PEERS = {
    "vector_add": "_vector_add",
    "fused_bias_relu": "_bias_relu",
    "softmax": "_softmax",
    "layernorm": "_layernorm",
    "transpose": "_transpose",
    "dequant": "_dequant",
    "attention_fwd": "_attention_fwd",
    "matmul": "_matmul",
    # The issue measures the matmuls by their tensor-descriptor form.
    "matmul_tma": "_matmul",
}


def mlir_lines(path):
    with open(path) as f:
        return sum(1 for line in f if line.strip() and not line.strip().startswith("//"))


def triton_lines(source, kernel):
    """The decorator, the signature and the body of `kernel`."""
    lines = source.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(f"def {kernel}("))
    count = 1 if lines[start - 1].startswith("@triton.jit") else 0
    for line in lines[start:]:
        if line and not line[0].isspace() and not line.startswith(f"def {kernel}("):
            break
        if line.strip() and not line.strip().startswith("#"):
            count += 1
    return count


# Triton's tutorials ported to Block (examples/python/tutorials/<port>.py) ->
# the tutorial file in triton-lang/triton's python/tutorials/.
TUTORIALS = {
    "vector_add": "01-vector-add.py",
    "softmax": "02-fused-softmax.py",
    "matmul": "03-matrix-multiplication.py",
    "layer_norm": "05-layer-norm.py",
    "fused_attention": "06-fused-attention.py",
}


def jit_functions(source, decorator):
    """{name: lines} of the functions under `decorator` (a @...jit line,
    possibly below @...autotune): the decorators, the signature and the body,
    non-blank lines that are not only a comment."""
    lines = source.split("\n")
    out = {}
    for i, line in enumerate(lines):
        m = re.match(r"def (\w+)\(", line)
        if not m:
            continue
        j = i - 1
        decorators = 0
        while j >= 0 and (lines[j].startswith("@") or lines[j].startswith(" ") or
                          lines[j].startswith(")")) and not lines[j].startswith("def "):
            if lines[j].startswith("@"):
                decorators = i - j
            if lines[j].startswith(decorator):
                break
            j -= 1
        if j < 0 or not lines[j].startswith(decorator):
            continue
        count = sum(1 for l in lines[i - decorators:i] if l.strip() and not l.strip().startswith("#"))
        for k, l in enumerate(lines[i:]):
            if k and l and not l[0].isspace() and not l.startswith(")"):
                break
            if l.strip() and not l.strip().startswith("#"):
                count += 1
        out[m.group(1)] = count
    return out


def tutorial_rows(triton_dir):
    """(tutorial, ours, Triton's) kernel lines: the @block.jit functions of a
    port, and the same functions (@triton.jit) of the tutorial in
    `triton_dir` (a triton-lang/triton checkout's python/tutorials), else of
    the port with `block` -> `triton` (what bench/tutorials.py runs)."""
    rows = []
    for port, tutorial in TUTORIALS.items():
        with open(os.path.join(ROOT, "examples", "python", "tutorials", f"{port}.py")) as f:
            source = f.read()
        ours = jit_functions(source, "@block.jit")
        if triton_dir:
            with open(os.path.join(triton_dir, tutorial)) as f:
                theirs = jit_functions(f.read(), "@triton.jit")
        else:
            theirs = jit_functions(re.sub(r"\bblock\.", "triton.", source), "@triton.jit")
        theirs = {k: v for k, v in theirs.items() if k in ours}
        rows.append((tutorial, sum(ours.values()), sum(theirs.values())))
    return rows


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--markdown", action="store_true")
    p.add_argument("--tutorials", action="store_true",
                   help="the ported Triton tutorials' kernel lines instead")
    p.add_argument("--triton-tutorials", metavar="DIR",
                   help="with --tutorials: count Triton's from this python/tutorials")
    args = p.parse_args()
    if args.tutorials:
        rows = tutorial_rows(args.triton_tutorials)
        print("| tutorial | Block port | Triton | ratio |")
        print("| --- | --- | --- | --- |")
        for tutorial, ours, theirs in rows:
            print(f"| {tutorial} | {ours} | {theirs} | {ours / theirs:.2f}x |")
        return
    with open(os.path.join(ROOT, "bench", "triton_kernels.py")) as f:
        triton = f.read()
    rows = []
    for example, kernel in PEERS.items():
        ours = mlir_lines(os.path.join(ROOT, "examples", f"{example}.mlir"))
        theirs = triton_lines(triton, kernel)
        rows.append((example, ours, theirs, ours / theirs))
    if args.markdown:
        print("| example | lines | Triton | ratio |")
        print("| --- | --- | --- | --- |")
        for example, ours, theirs, ratio in rows:
            print(f"| {example} | {ours} | {theirs} | {ratio:.1f}x |")
    else:
        for example, ours, theirs, ratio in rows:
            print(f"{example:16} {ours:4} {theirs:4} {ratio:5.1f}x")


if __name__ == "__main__":
    main()
