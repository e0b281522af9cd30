#!/usr/bin/env bash
# Session 11, call 12: the bundles as they land (D64's reciprocal epilogue):
# every bundle against the interpreter, sanitizers on the D64 attention
# bundles, D64 attention timed.
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
SANITIZE_ONLY='^(attention_fwd_d64|attention_d64_f16)$' SKIP_PYTHON=1 BENCH_TIMEOUT=100 \
  BENCH_ARGS="--reps 20 --rounds 3 --only ^attention_fwd_d64" bash bench/run.sh "$out"
