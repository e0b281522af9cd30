#!/usr/bin/env bash
# Session 9, third call: the fp8 (e4m3) product on wgmma: every bundle
# against the interpreter (matmul_fp8 among them), sanitizers on it, and
# the fp8, bf16 and persistent bf16 products timed against cuBLAS
# (torch._scaled_mm, torch.matmul) and Triton.
set -uo pipefail
out=${OUT:-/tmp/out}
SANITIZE_ONLY='^matmul_fp8$' SKIP_PYTHON=1 \
  BENCH_ARGS="--reps 20 --rounds 3 --only ^matmul_(fp8|bf16|persistent)_" \
  timeout 540 bash bench/run.sh "$out"
# The fp8 product written with tensor descriptors (TMA copies; b's tile
# loaded as it lies, [256, 128] of bt, and transposed: bundles/variants/fp8tma).
timeout 200 python3 bench/variants.py --case matmul_fp8_8192 --runtime build-rt/libBlockRuntimeC.so \
  --reps 20 --rounds 3 bundles bundles/variants/fp8tma > "$out/variants-fp8-8192.txt" 2>&1
cat "$out/variants-fp8-8192.txt"
