#!/usr/bin/env bash
# Session 6, third call: attention with turns as P V + next Q K^T and
# flush-to-zero exponentials (the example as committed), checked against the
# interpreter and sanitised; beside it the same without .ftz, without turns,
# and key blocks of 128 in three routes (which one is wrong?).
set -uo pipefail
out=${OUT:-bench-out}
SANITIZE_ONLY='^(attention_fwd|attention_causal_lse)$' SKIP_PYTHON=1 \
  BENCH_ARGS="--reps 20 --rounds 3 --only ^attention" timeout 400 bash bench/run.sh "$out"
echo "== attention variants" | tee -a "$out/log.txt"
timeout 180 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so \
  ftz_turns=bundles/attention_fwd:128 turns=bundles/variants/turns_noftz:128 \
  no_turns=bundles/variants/ws_noturn:128 pointers=bundles/attention_pointers:128 \
  bn128_ws=bundles/variants/bn128:128 bn128_tma=bundles/variants/bn128_tma:128 \
  bn128_pointers=bundles/variants/bn128_pointers:128 2>&1 | tee "$out/variants.txt"
