#!/usr/bin/env bash
# Session 12, call 1: every bundle against the interpreter; sanitizers on
# the bundles that changed (the attention examples' one-comparison diagonal
# mask; the hint-free examples, whose aligned variants the runtime picks;
# transpose and bias + ReLU by tensor descriptors); those examples timed;
# the new mask against the old (bundles/variants/old*) in one process.
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
SANITIZE_ONLY='^(attention_fwd|attention_fwd_d64|fused_bias_relu|transpose|.*_ragged)$' \
  BENCH_TIMEOUT=240 \
  BENCH_ARGS="--reps 20 --rounds 2 --only ^(vector_add|fused_bias_relu|softmax|layernorm|transpose|dequant|attention)" bash bench/run.sh "$out"
for d in 128 64; do
  old=old$d; new=bundles/attention_fwd; [ $d = 64 ] && new=bundles/attention_fwd_d64
  timeout 200 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so --head-dim $d --rounds 2 \
    new=$new:128 old=bundles/variants/$old:128 new2=$new:128 2>&1 | tee -a "$out/variants.txt"
done
