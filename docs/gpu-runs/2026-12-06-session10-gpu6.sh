#!/usr/bin/env bash
# Session 10, last call: the bundles as they land. Every bundle against the
# interpreter, sanitizers on the fp8 example (now persistent, by TMA), and
# the bf16, f16, fp8 and persistent matmuls and attention timed against
# their peers.
set -uo pipefail
out=${OUT:-/tmp/out}
SANITIZE_ONLY='^matmul_fp8$' SKIP_PYTHON=1 BENCH_TIMEOUT=200 \
  BENCH_ARGS="--reps 20 --rounds 3 --only ^(matmul_(bf16|f16|fp8|persistent)_|attention)" \
  bash bench/run.sh "$out" > /dev/null 2>&1
head -3 "$out/log.txt"
grep -E "tests passed|DIRTY|^clean|Failed|^\| (matmul|attention)" "$out/log.txt"
