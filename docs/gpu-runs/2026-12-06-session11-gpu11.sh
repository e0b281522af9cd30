#!/usr/bin/env bash
# Session 11, call 11: the bundles as they land (sibling loops keep their
# turn, D64's epilogue divides once per row): every bundle against the
# interpreter, sanitizers on attention, attention timed, and against the
# attention bundles before those two changes.
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
SANITIZE_ONLY='^(attention_fwd|attention_fwd_d64|attention_causal_lse)$' SKIP_PYTHON=1 BENCH_TIMEOUT=150 \
  BENCH_ARGS="--reps 20 --rounds 3 --only ^attention" bash bench/run.sh "$out"
{
for round in 1 2; do
timeout 100 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so \
  before=bundles/variants/before/attention_fwd:128 now=bundles/attention_fwd:128
timeout 100 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so --head-dim 64 \
  before=bundles/variants/before/attention_fwd_d64:128 now=bundles/attention_fwd_d64:128
done
} 2>&1 | tee "$out/variants.txt"
