#!/usr/bin/env bash
# Session 19's first GPU job (prepared in session 18): bundles/ as the working tree compiles them
# with P V kept in flight (session 17's patch) and each turn's await pinned
# after the softmax (blockgpu.await_turn after(...): a store of the row
# statistics before the bar.sync); ncu_mask.py is
# 2026-12-06-session16-ncu_mask.py. Every bundle against the interpreter,
# the sanitizers on attention (D128 causal with LSE), attention at
# fixed clocks, bench.py's attention rows (the issue's table).
# bundles/base/attention_fwd{,_d64}: main's, without the change;
# bundles/variants/d64n128: D64 with 128-key blocks
# (src/2026-12-07-session18-attention_fwd_d64_n128.mlir), where P V fits
# in flight.
cd "$(dirname "$0")/../.."
source docs/gpu-runs/job-common.sh
mkdir -p $res/bench
echo "== checks" | tee -a $res/log.txt
timeout 120 ctest --test-dir build-rt --timeout 60 -R '^block-compiled-' 2>&1 | grep -E "Test +#|tests passed" > $res/ctest.txt
grep -vE "Passed" $res/ctest.txt | tee -a $res/log.txt
check variants/d64n128 attention_fwd_d64
save
for spec in attention_fwd:attention_causal_lse; do
  IFS=: read -r b c <<< "$spec"
  args=$(grep "^$c " bundles/checks.txt | cut -d' ' -f2-)
  for tool in memcheck racecheck synccheck; do
    eval "timeout 60 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 $rt --bundle=bundles/$b $args" > $res/san-$tool-$c.txt 2>&1
    echo "$tool $c rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $res/san-$tool-$c.txt | head -1)" | tee -a $res/log.txt
  done
done
save
echo "== ncu" | tee -a $res/log.txt
for spec in base128:bundles/base/attention_fwd:128: new128:bundles/attention_fwd:128: base64:bundles/base/attention_fwd_d64:64: \
    new64:bundles/attention_fwd_d64:64: d64n128:bundles/variants/d64n128:64:; do
  IFS=: read -r label dir d extra <<< "$spec"
  echo "== $label" | tee -a $res/ncu.txt
  timeout 60 ncu --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__cycles_elapsed.avg \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "$dir" "$d" $extra 2>&1 | grep -E "attention_fwd|gpu__time|inst_executed|cycles_elapsed" | tee -a $res/ncu.txt
  save
done
echo "== bench" | tee -a $res/log.txt
PYTHONUNBUFFERED=1 timeout 120 python3 bench/bench.py --bundles bundles --runtime build-rt/libBlockRuntimeC.so --out $res/bench \
  --reps 20 --rounds 3 --only '^attention' > $res/bench-log.txt 2>&1
grep -iE "attention" $res/bench/bench.md | tee -a $res/log.txt
