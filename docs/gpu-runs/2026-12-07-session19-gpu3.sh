#!/usr/bin/env bash
# Session 19's third GPU job: bundles/ as the working tree compiles them,
# attention_fwd_d64.mlir with 128-key blocks (P V in flight). Every bundle
# against the interpreter, the sanitizers on D64 causal attention, D64 at
# fixed clocks, bench.py's attention rows (the issue's table). ncu_mask.py
# is 2026-12-06-session16-ncu_mask.py.
cd "$(dirname "$0")/../.."
source docs/gpu-runs/job-common.sh
echo "== checks" | tee -a $res/log.txt
timeout 120 ctest --test-dir build-rt --timeout 60 -R '^block-compiled-' 2>&1 | grep -E "Test +#|tests passed" > $res/ctest.txt
grep -vE "Passed" $res/ctest.txt | tee -a $res/log.txt
save
for c in attention_fwd_d64 attention_d64_f16; do
  args=$(grep "^$c " bundles/checks.txt | cut -d' ' -f2-)
  for tool in memcheck racecheck synccheck; do
    eval "timeout 60 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 $rt --bundle=bundles/$c $args" > $res/san-$tool-$c.txt 2>&1
    echo "$tool $c rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $res/san-$tool-$c.txt | head -1)" | tee -a $res/log.txt
  done
done
save
echo "== ncu" | tee -a $res/log.txt
timeout 60 ncu --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__cycles_elapsed.avg \
  -k regex:^attention_fwd python3 bundles/ncu_mask.py bundles/attention_fwd_d64 64 2>&1 | grep -E "attention_fwd|gpu__time|inst_executed|cycles_elapsed" | tee -a $res/ncu.txt
save
echo "== bench" | tee -a $res/log.txt
PYTHONUNBUFFERED=1 timeout 150 python3 bench/bench.py --bundles bundles --runtime build-rt/libBlockRuntimeC.so --out $res/bench \
  --reps 20 --rounds 3 --only '^attention' > $res/bench-log.txt 2>&1
grep -iE "attention" $res/bench/bench.md | tee -a $res/log.txt
