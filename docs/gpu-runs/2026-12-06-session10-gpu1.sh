#!/usr/bin/env bash
# Session 10, first call: attention with its loop over keys split by
# block-split-loops (unmasked blocks, then masked ones, no branch) and one
# producer warpgroup over both loops. Every bundle against the interpreter,
# sanitizers on the attention examples, the D128 example at 128-key blocks
# (bundles/variants/bn128, where S and O share a layout) against the
# interpreter's outputs at seq 150, then the examples timed against their
# previous bundles (bundles/before) and SDPA's backends and Triton.
set -uo pipefail
out=${OUT:-/tmp/out}
SANITIZE_ONLY='^(attention_fwd|attention_causal_lse|attention_fwd_d64)$' SKIP_PYTHON=1 \
  BENCH_ARGS="--only ^none$" bash bench/run.sh "$out" > /dev/null 2>&1
grep -v "^clean" "$out/log.txt" | tail -40
rt=build-rt/bin/block-run-gpu
for check in attention_fwd attention_causal_lse; do
  args=$(grep "^$check " bundles/checks.txt | cut -d' ' -f2-)
  echo "bn128 as $check:"
  eval "timeout 60 $rt --bundle=bundles/variants/bn128 $args" 2>&1 | tail -2
  eval "timeout 120 compute-sanitizer --tool racecheck --report-api-errors no --error-exitcode 9 $rt --bundle=bundles/variants/bn128 $args" > /tmp/rc.txt 2>&1 && echo "racecheck clean" || tail -5 /tmp/rc.txt
done
timeout 240 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so \
  split=bundles/attention_fwd:128 before=bundles/before/attention_fwd:128 bn128=bundles/variants/bn128:128 \
  > "$out/variants-d128.txt" 2>&1
cat "$out/variants-d128.txt"
timeout 200 python3 bench/attention_variants.py --head-dim 64 --runtime build-rt/libBlockRuntimeC.so \
  split=bundles/attention_fwd_d64:128 before=bundles/before/attention_fwd_d64:128 \
  > "$out/variants-d64.txt" 2>&1
cat "$out/variants-d64.txt"
