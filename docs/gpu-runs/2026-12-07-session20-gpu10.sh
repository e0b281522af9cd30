#!/usr/bin/env bash
# Session 20's tenth GPU job: the attention examples taking their query
# blocks last to first (the ninth job's revall), as they land: every
# bundle against the interpreter, the sanitizers on D64 and D128 causal
# attention, both at fixed clocks, and the issue's table (bench.py, 4
# rounds). ncu_mask.py is 2026-12-06-session16-ncu_mask.py.
cd "$(dirname "$0")/../.."
source docs/gpu-runs/job-common.sh
echo "== checks" | tee -a $res/log.txt
timeout 150 ctest --test-dir build-rt --timeout 60 -R '^block-compiled-' 2>&1 | grep -E "Test +#|tests passed" > $res/ctest.txt
grep -vE "Passed" $res/ctest.txt | tee -a $res/log.txt
for c in attention_fwd_d64 attention_causal_lse; do
  args=$(grep "^$c " bundles/checks.txt | cut -d' ' -f2-)
  for tool in memcheck racecheck synccheck; do
    eval "timeout 60 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 $rt --bundle=bundles/$c $args" > $res/san-$tool-$c.txt 2>&1
    echo "$tool $c rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $res/san-$tool-$c.txt | head -1)" | tee -a $res/log.txt
  done
done
save
for spec in d64:attention_fwd_d64:64 d128:attention_fwd:128; do
  IFS=: read -r label dir d <<< "$spec"
  echo "== $label" | tee -a $res/ncu.txt
  timeout 60 ncu --metrics sm__cycles_elapsed.avg,smsp__inst_executed.sum \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "bundles/$dir" "$d" 2>&1 | grep -E "attention_fwd|cycles_elapsed|inst_executed" | tee -a $res/ncu.txt
  save
done
echo "== bench" | tee -a $res/log.txt
PYTHONUNBUFFERED=1 timeout 200 python3 bench/bench.py --bundles bundles --runtime build-rt/libBlockRuntimeC.so --out $res/bench \
  --reps 20 --rounds 4 --only '^attention' > $res/bench-log.txt 2>&1
grep -iE "attention" $res/bench/bench.md | tee -a $res/log.txt
