#!/usr/bin/env bash
# Session 9, last call: the bundles as they land (matmul_bf16 with its
# pointers advanced through the loop): every bundle against the
# interpreter, sanitizers on matmul_bf16 and matmul_fp8, and the pointer
# and TMA matmuls and fp8 timed against cuBLAS and Triton.
set -uo pipefail
out=${OUT:-/tmp/out}
SANITIZE_ONLY='^(matmul_bf16|matmul_fp8)$' SKIP_PYTHON=1 \
  BENCH_ARGS="--reps 20 --rounds 3 --only ^matmul_(bf16|fp8|tma|persistent)_" \
  timeout 540 bash bench/run.sh "$out"
