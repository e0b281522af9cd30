#!/usr/bin/env bash
# Session 20's fourteenth GPU job: does the persistent D64 form keep its
# descriptors uniform when Q's buffer goes back after the first loop's
# product wait (no bar.warp.sync; bundles/variants/snake64late, built with
# getLastRead ignoring register reads) rather than right after the read?
# Fixed clocks beside main and snake64; the SASS of snake64late.
cd "$(dirname "$0")/../.."
source docs/gpu-runs/job-common.sh
args="--grid=3,1 $(grep "^64 1 " bundles/variants/refs.txt | cut -d' ' -f3-)"
eval "timeout 60 $rt --bundle=bundles/variants/snake64late $args" 2>&1 | tail -2 | cut -c1-120 | tee -a $res/log.txt
for spec in main64:attention_fwd_d64: snake64:variants/snake64:persistent snake64late:variants/snake64late:persistent; do
  IFS=: read -r label dir extra <<< "$spec"
  echo "== $label" | tee -a $res/ncu.txt
  timeout 60 ncu --metrics sm__cycles_elapsed.avg,smsp__inst_executed.sum \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "bundles/$dir" 64 $extra 2>&1 | grep -E "attention_fwd|cycles_elapsed|inst_executed" | tee -a $res/ncu.txt
  save
done
cuobjdump -sass bundles/variants/snake64late/snake64.cubin | gzip > $res/snake64late.sass.gz
