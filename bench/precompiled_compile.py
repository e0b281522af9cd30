#!/usr/bin/env python3
"""A stand-in for block-compile on the GPU machine (CUDA, no MLIR): copies the
bundle that `bench/tutorials.py --prepare DIR` compiled on the CPU machine for
the same source (compared without comments and locations, so that another
checkout path or header matches) into the output directory. Set
BLOCK_COMPILE to this file and BLOCK_PRECOMPILED to DIR.

  precompiled_compile.py <source.mlir> -o <out> [block-compile options]"""
import hashlib
import json
import os
import sys
import tarfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
from block._compile import strip_locations  # noqa: E402


def strip(text):
    """`text` without `//` comment lines and `loc(...)` attributes (the
    package's own rule for sources compiled elsewhere)."""
    code = strip_locations(text)
    return "\n".join(l for l in code.splitlines() if not l.lstrip().startswith("//"))


def key(text, name, options):
    return hashlib.sha256(json.dumps([strip(text), name, sorted(options)]).encode()).hexdigest()


def main(argv):
    if argv[:1] == ["--version"]:
        print("precompiled block-compile (bench/precompiled_compile.py)")
        return 0
    source, out = argv[0], argv[argv.index("-o") + 1]
    options = [a for i, a in enumerate(argv[1:], 1) if a != "-o" and argv[i - 1] != "-o"]
    name = os.path.splitext(os.path.basename(source))[0]
    with open(source, encoding="utf-8") as f:
        text = f.read()
    root = os.environ.get("BLOCK_PRECOMPILED", "")
    entry = os.path.join(root, key(text, name, options) + ".tar.xz")
    if not root or not os.path.isfile(entry):
        print(f"{name}: not precompiled in BLOCK_PRECOMPILED={root!r} (run "
              f"bench/tutorials.py --prepare on the CPU machine)", file=sys.stderr)
        return 1
    os.makedirs(out, exist_ok=True)
    with tarfile.open(entry) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(out, filter="data")
        else:
            tar.extractall(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
