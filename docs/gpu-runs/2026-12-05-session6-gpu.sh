#!/usr/bin/env bash
# Session 6 GPU call: runtime tests with every bundle (incl. attention by TMA,
# warp-specialized, pointers), sanitizers on the attention bundles, bench.py
# for matmul_f16 and attention, then the attention variants side by side.
set -uo pipefail
out=${OUT:-bench-out}
SANITIZE_ONLY='^(attention_fwd|attention_ws|attention_causal_ws|attention_causal_lse)$' SKIP_PYTHON=1 \
  BENCH_ARGS="--reps 20 --rounds 3 --only ^(matmul_f16|attention)" timeout 420 bash bench/run.sh "$out"
echo "== attention variants" | tee -a "$out/log.txt"
timeout 150 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so \
  tma=bundles/attention_fwd:128 ws=bundles/attention_ws:128 pointers=bundles/attention_pointers:128 2>&1 | tee "$out/variants.txt"
for b in attention_fwd attention_ws; do
  timeout 60 ncu --section SpeedOfLight --section WarpStateStats --section InstructionStats -k regex:^attention_fwd --launch-count 1 \
    python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so --reps 1 --rounds 1 x=bundles/$b:128 > "$out/ncu-$b.txt" 2>&1 || echo "ncu $b failed" | tee -a "$out/log.txt"
done
