#!/usr/bin/env bash
# Session 11, call 1: tf32 on wgmma.
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
SANITIZE_ONLY='^(matmul_tf32|matmul_tf32_mma_sync|dot_tf32)$' SKIP_PYTHON=1 BENCH_TIMEOUT=200 \
  BENCH_ARGS="--reps 20 --rounds 3 --only ^matmul_(tf32|bf16)_" bash bench/run.sh "$out"
for size in 8192 4096; do
  timeout 120 python3 bench/variants.py --case matmul_tf32_$size --runtime build-rt/libBlockRuntimeC.so \
    --reps 20 --rounds 3 bundles bundles/variants/tf32_s3 bundles/variants/tf32_ws 2>&1 | tee -a "$out/variants.txt"
done
