#!/usr/bin/env bash
# Session 20's ninth GPU job: revall{64,128}, the examples with every
# program taking its query block last to first (src/2026-12-07-session20-revall.py;
# the seventh job reversed causal programs only), against the interpreter
# and at fixed clocks beside main and rev{64,128}; then a per-instruction
# profile (SourceCounters, WarpStateStats) of main's D64 causal launch.
cd "$(dirname "$0")/../.."
source docs/gpu-runs/job-common.sh
echo "== checks" | tee -a $res/log.txt
for v in revall64 revall128; do
  d=${v//[a-z]/}
  grep "^$d " bundles/variants/refs.txt | while read -r dim causal args; do
    eval "timeout 60 $rt --bundle=bundles/variants/$v --grid=2,2 $args" < /dev/null 2>&1 | tail -2 | cut -c1-120 | sed "s|^|$v causal $causal: |" | tee -a $res/log.txt
  done
done
save
for spec in main64:attention_fwd_d64:64 rev64:variants/rev64:64 revall64:variants/revall64:64 \
    main128:attention_fwd:128 rev128:variants/rev128:128 revall128:variants/revall128:128; do
  IFS=: read -r label dir d <<< "$spec"
  echo "== $label" | tee -a $res/ncu.txt
  timeout 60 ncu --metrics sm__cycles_elapsed.avg,smsp__inst_executed.sum \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "bundles/$dir" "$d" 2>&1 | grep -E "attention_fwd|cycles_elapsed|inst_executed" | tee -a $res/ncu.txt
  save
done
echo "== D64 causal profile" | tee -a $res/log.txt
timeout 120 ncu --section SourceCounters --section WarpStateStats --page source --print-source sass --csv \
  -k regex:^attention_fwd --launch-skip 1 --launch-count 1 python3 bundles/ncu_mask.py bundles/attention_fwd_d64 64 > $res/sass-d64-causal.csv 2> $res/ncu-err.txt || echo "ncu failed" | tee -a $res/log.txt
ls -la $res | tee -a $res/log.txt
