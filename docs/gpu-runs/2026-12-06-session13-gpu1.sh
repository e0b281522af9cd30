#!/usr/bin/env bash
# Session 13, first call: every bundle against the interpreter (the examples
# rewritten with the short forms; attention with O stored by TMA where the
# tile is whole, *_tmao, at a ragged S of 150 that takes both paths), the
# sanitizers on the new variants and on the matmul whose PTX moved, the
# rewritten examples timed, then the TMA store of O against the example.
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
SANITIZE_ONLY='^(attention_fwd_tmao|attention_fwd_d64_tmao|matmul)$' SKIP_PYTHON=1 BENCH_TIMEOUT=200 \
  BENCH_ARGS="--reps 20 --rounds 2 --only ^(vector_add|softmax|dequant|attention)" \
  bash bench/run.sh "$out"
for d in 128 64; do
  ex=attention_fwd; [ $d = 64 ] && ex=attention_fwd_d64
  timeout 110 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so --head-dim $d --rounds 2 \
    ex=bundles/$ex:128 tmao=bundles/${ex}_tmao:128 ex2=bundles/$ex:128 2>&1 | tee -a "$out/variants.txt"
done
