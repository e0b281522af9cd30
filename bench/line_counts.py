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


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--markdown", action="store_true")
    args = p.parse_args()
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
