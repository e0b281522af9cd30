#!/usr/bin/env bash
# Session 20's seventh GPU job: two candidates for D64 causal's per-program
# costs, against main (50faa75, bundles/ from scripts/make-bundles.sh):
# ostore{64,128}: O stored from the accumulator's layout (each thread's
# 4-byte pairs) rather than converted through shared memory for 16-byte
# stores (block-remove-layout-conversions' kMaxElementsStoredInPlace at 64,
# an experiment's build); rev{64,128}: the examples with causal programs
# taking their query blocks last to first (the longest first;
# src/2026-12-07-session20-rev.py); both64: the two.
# Each against the interpreter (refs.txt: head dim, causal, arguments at
# S = 150, two heads), at fixed clocks, and in event timings.
cd "$(dirname "$0")/../.."
source docs/gpu-runs/job-common.sh
echo "== checks" | tee -a $res/log.txt
for v in ostore64 rev64 both64 ostore128 rev128; do
  d=${v//[a-z]/}
  grep "^$d " bundles/variants/refs.txt | while read -r dim causal args; do
    eval "timeout 60 $rt --bundle=bundles/variants/$v --grid=2,2 $args" < /dev/null 2>&1 | tail -2 | cut -c1-120 | sed "s|^|$v causal $causal: |" | tee -a $res/log.txt
  done
done
save
args=$(grep "^64 1 " bundles/variants/refs.txt | cut -d' ' -f3-)
for tool in memcheck racecheck synccheck; do
  eval "timeout 90 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 $rt --bundle=bundles/variants/both64 --grid=2,2 $args" > $res/san-$tool.txt 2>&1
  echo "$tool both64 causal rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $res/san-$tool.txt | head -1)" | tee -a $res/log.txt
done
save
echo "== ncu" | tee -a $res/log.txt
for spec in main64:attention_fwd_d64:64 ostore64:variants/ostore64:64 rev64:variants/rev64:64 both64:variants/both64:64 \
    main128:attention_fwd:128 ostore128:variants/ostore128:128 rev128:variants/rev128:128; do
  IFS=: read -r label dir d <<< "$spec"
  echo "== $label" | tee -a $res/ncu.txt
  timeout 60 ncu --metrics sm__cycles_elapsed.avg,smsp__inst_executed.sum \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "bundles/$dir" "$d" 2>&1 | grep -E "attention_fwd|cycles_elapsed|inst_executed" | tee -a $res/ncu.txt
  save
done
echo "== event timings" | tee -a $res/log.txt
PYTHONUNBUFFERED=1 timeout 150 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so --head-dim 64 --rounds 4 \
  main=bundles/attention_fwd_d64:128 ostore=bundles/variants/ostore64:128 rev=bundles/variants/rev64:128 both=bundles/variants/both64:128 2>&1 | tee -a $res/variants.txt | grep -E "attention|main|ostore|rev|both"
