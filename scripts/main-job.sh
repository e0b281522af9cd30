#!/usr/bin/env bash
# The main job: compile examples/vector_add.mlir to a kernel bundle (PTX,
# cubin when ptxas exists, JSON manifest) and run it on the interpreter with a
# masked tail, checked against the sum computed here.
#   bash scripts/main-job.sh [build-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
bin=$build/bin
out=$build/main-job
rm -rf "$out"

echo "== block-compile examples/vector_add.mlir -o $out/bundle"
"$bin/block-compile" examples/vector_add.mlir -o "$out/bundle"
ls "$out/bundle"
grep -m2 -E 'ld\.global\.v4\.f32|st\.global\.v4\.f32' "$out/bundle"/*.ptx

echo "== block-run on the interpreter: n = 1000016 (a tail of 592), 977 program instances"
n=1000016
"$bin/block-run" examples/vector_add.mlir --kernel=vector_add --grid=977 \
  --arg=ptr:f32:$n:rand=1 --arg=ptr:f32:$n:rand=2 --arg=ptr:f32:$n:zeros \
  --arg=i32:$n --out=0:"$out/x.npy" --out=1:"$out/y.npy" --out=2:"$out/sum.npy"
# Debian's python3 (with python3-numpy), not another one on PATH.
py=/usr/bin/python3; [ -x "$py" ] || py=python3
"$py" - "$out" <<'PY'
import sys, numpy as np
d = sys.argv[1]
x, y, s = (np.load(f"{d}/{f}.npy") for f in ("x", "y", "sum"))
assert np.array_equal(s, x + y), "interpreter result differs from x + y"
print(f"ok: {s.size} sums exact")
PY
