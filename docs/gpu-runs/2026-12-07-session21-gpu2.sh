#!/usr/bin/env bash
# Session 21's second GPU job: block-rematerialize-in-loop-nests (the first
# job's pass, now also reading the thread index again in loop nests, which
# ends the persistent D128 form's spills). bundles/ as in the first job
# (make-bundles, then src/2026-12-07-session21-variants.sh with main's
# bundles from before the pass as bundles/before). Every bundle against the
# interpreter, the persistent forms against the examples' references,
# compute-sanitizer on the persistent D128 form and the persistent pointer
# matmul, fixed-clock cycles of the examples and the persistent forms,
# bench.py's persistent matmuls before and after, event timings of the
# persistent forms beside the examples.
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
args="--grid=3,1 $(grep "^128 1 " bundles/variants/refs.txt | cut -d' ' -f3-)"
mp=$(grep "^matmul_persistent_pointers " bundles/checks.txt | cut -d' ' -f2-)
for tool in memcheck racecheck synccheck; do
  eval "timeout 90 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 $rt --bundle=bundles/variants/snake128 $args" > $res/san-$tool.txt 2>&1
  echo "$tool snake128 causal rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $res/san-$tool.txt | head -1)" | tee -a $res/log.txt
  eval "timeout 90 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 $rt --bundle=bundles/matmul_persistent_pointers $mp" > $res/san-$tool.txt 2>&1
  echo "$tool matmul_persistent_pointers rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $res/san-$tool.txt | head -1)" | tee -a $res/log.txt
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
for d in 128 64; do
  s=$([ $d = 64 ] && echo _d64)
  PYTHONUNBUFFERED=1 timeout 100 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so --head-dim $d --rounds 4 \
    main=bundles/attention_fwd$s:128 snake=bundles/variants/snake$d:persistent 2>&1 | tee -a $res/variants.txt | grep -E "attention|main|snake"
done
