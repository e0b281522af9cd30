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
