#!/usr/bin/env bash
# Session 20's eighth GPU job: what the causal kernel's second loop (the
# masked diagonal block, after the unmasked ones: a drain of the in-flight
# P V between the loops, and the mask) costs. nomask{64,128}: the examples
# with the diagonal block in the unmasked loop (unmasked = the diagonal's
# end; wrong numerics, the same work, one loop). Fixed clocks only.
cd "$(dirname "$0")/../.."
source docs/gpu-runs/job-common.sh
for spec in main64:attention_fwd_d64:64 nomask64:variants/nomask64:64 main128:attention_fwd:128 nomask128:variants/nomask128:128; do
  IFS=: read -r label dir d <<< "$spec"
  echo "== $label" | tee -a $res/ncu.txt
  timeout 60 ncu --metrics sm__cycles_elapsed.avg,smsp__inst_executed.sum \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "bundles/$dir" "$d" 2>&1 | grep -E "attention_fwd|cycles_elapsed|inst_executed" | tee -a $res/ncu.txt
  save
done
