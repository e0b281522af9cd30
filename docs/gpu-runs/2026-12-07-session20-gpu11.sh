#!/usr/bin/env bash
# Session 20's eleventh GPU job: where the persistent D64 kernel loses
# (the sixth job: +8.5% cycles non-causal). Per-instruction profiles
# (SourceCounters, WarpStateStats) of the non-causal launch of the example
# (bundles/attention_fwd_d64) and of its persistent form at 50faa75
# (bundles/variants/snake64, src/2026-12-07-session19-snake.py).
cd "$(dirname "$0")/../.."
source docs/gpu-runs/job-common.sh
for spec in main64:attention_fwd_d64: snake64:variants/snake64:persistent; do
  IFS=: read -r label dir extra <<< "$spec"
  timeout 120 ncu --section SourceCounters --section WarpStateStats --page source --print-source sass --csv \
    -k regex:^attention_fwd --launch-count 1 python3 bundles/ncu_mask.py bundles/$dir 64 $extra > $res/sass-$label.csv 2> $res/ncu-err-$label.txt || echo "ncu $label failed" | tee -a $res/log.txt
  save
done
ls -la $res | tee -a $res/log.txt
