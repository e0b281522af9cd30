#!/usr/bin/env bash
# Session 9, fifth call: the int8 and fp8 examples with their tiles'
# pointers advanced through the loop (block-remove-layout-conversions now
# carries a loop-carried pointer in its load's layout) against their index
# form (bundles/before), every bundle against the interpreter, sanitizers
# on both.
set -uo pipefail
out=${OUT:-/tmp/out}
SANITIZE_ONLY='^(matmul_int8|matmul_fp8)$' SKIP_PYTHON=1 \
  BENCH_ARGS="--reps 20 --rounds 3 --before bundles/before --only ^matmul_(int8|fp8|bf16)_" \
  timeout 540 bash bench/run.sh "$out"
