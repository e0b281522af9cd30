#!/usr/bin/env bash
# Session 10, third call: the attention examples as they land (loop split
# at the mask, 128-key blocks, consumer warpgroups taking turns): every
# bundle against the interpreter, sanitizers on every attention bundle,
# bench.py's attention cases, then the examples against their bundles at
# the session's start (bundles/before) in one process.
set -uo pipefail
out=${OUT:-/tmp/out}
SANITIZE_ONLY='^attention' SKIP_PYTHON=1 \
  BENCH_ARGS="--reps 20 --rounds 3 --only ^attention" bash bench/run.sh "$out" > /dev/null 2>&1
grep -E "tests passed|DIRTY|Failed|^\| attention" "$out/log.txt"
grep -c "^clean" "$out/log.txt"
timeout 200 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so \
  now=bundles/attention_fwd:128 before=bundles/before/attention_fwd:128 > "$out/variants-d128.txt" 2>&1
cat "$out/variants-d128.txt"
timeout 200 python3 bench/attention_variants.py --head-dim 64 --runtime build-rt/libBlockRuntimeC.so \
  now=bundles/attention_fwd_d64:128 before=bundles/before/attention_fwd_d64:128 > "$out/variants-d64.txt" 2>&1
cat "$out/variants-d64.txt"
