#!/usr/bin/env bash
# Session 21's first GPU job: shared-memory base read before inner loops
# nested in loops (block-rematerialize-shared-addresses). bundles/ from
# scripts/make-bundles.sh, then src/2026-12-07-session21-variants.sh with
# main's bundles from before the change (bundles/before). Every bundle
# against the interpreter; the persistent attention forms (snake{64,128})
# against the examples' references; compute-sanitizer on the persistent D64
# form and the warp-specialised persistent matmul; fixed-clock cycles of
# the examples and the persistent forms; bench.py's persistent matmuls
# before and after; then the attention rows (the issue's table) and the
# persistent forms in event timings.
cd "$(dirname "$0")/../.."
source docs/gpu-runs/job-common.sh
timeout 150 ctest --test-dir build-rt --timeout 60 -j4 -R '^block-compiled' 2>&1 | grep -E "tests passed|Failed|\*\*\*" | tee -a $res/log.txt
for d in 64 128; do
  for causal in 0 1; do
    args=$(grep "^$d $causal " bundles/variants/refs.txt | cut -d' ' -f3-)
    eval "timeout 60 $rt --bundle=bundles/variants/snake$d --grid=3,1 $args" 2>&1 | tail -1 | cut -c1-150 | sed "s|^|snake$d causal $causal: |" | tee -a $res/log.txt
  done
done
save
args="--grid=3,1 $(grep "^64 1 " bundles/variants/refs.txt | cut -d' ' -f3-)"
mp=$(grep "^matmul_persistent_ws " bundles/checks.txt | cut -d' ' -f2-)
for tool in memcheck racecheck synccheck; do
  eval "timeout 90 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 $rt --bundle=bundles/variants/snake64 $args" > $res/san-$tool.txt 2>&1
  echo "$tool snake64 causal rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $res/san-$tool.txt | head -1)" | tee -a $res/log.txt
  eval "timeout 90 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 $rt --bundle=bundles/matmul_persistent_ws $mp" > $res/san-$tool.txt 2>&1
  echo "$tool matmul_persistent_ws rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $res/san-$tool.txt | head -1)" | tee -a $res/log.txt
done
save
for spec in main64:attention_fwd_d64:64: snake64:variants/snake64:64:persistent main128:attention_fwd:128: snake128:variants/snake128:128:persistent; do
  IFS=: read -r label dir d extra <<< "$spec"
  echo "== $label" | tee -a $res/ncu.txt
  timeout 60 ncu --metrics sm__cycles_elapsed.avg,smsp__inst_executed.sum \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "bundles/$dir" $d $extra 2>&1 | grep -E "attention_fwd|cycles_elapsed|inst_executed" | tee -a $res/ncu.txt
  save
done
PYTHONUNBUFFERED=1 timeout 120 python3 bench/bench.py --bundles bundles --before bundles/before --runtime build-rt/libBlockRuntimeC.so \
  --out $res/bench-mp --reps 20 --rounds 3 --only '^matmul_persistent' > $res/bench-mp-log.txt 2>&1
grep -iE "matmul_persistent" $res/bench-mp/bench.md | tee -a $res/log.txt
save
PYTHONUNBUFFERED=1 timeout 150 python3 bench/bench.py --bundles bundles --runtime build-rt/libBlockRuntimeC.so --out $res/bench \
  --reps 20 --rounds 4 --only '^attention' > $res/bench-log.txt 2>&1
grep -iE "attention" $res/bench/bench.md | tee -a $res/log.txt
save
PYTHONUNBUFFERED=1 timeout 100 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so --head-dim 64 --rounds 4 \
  main=bundles/attention_fwd_d64:128 snake=bundles/variants/snake64:persistent 2>&1 | tee -a $res/variants.txt | grep -E "attention|main|snake"
