#!/usr/bin/env bash
# Session 20's third GPU job: Q copied once by TMA and read into registers (wgmma's a fragments) (the producer warpgroup
# issues it before the key blocks; blockgpu TilesCopiedOnce), the examples
# describing Q over all heads' rows. bundles/ from scripts/make-bundles.sh
# on the working tree; bundles/variants/base{128,64}: the examples as main
# (4550481) built them; snake{128,64}: the new examples made persistent by
# src/2026-12-07-session19-snake.py (the producer fetches the next tile's Q
# once the consumers hand Q back). ncu_mask.py is
# 2026-12-06-session16-ncu_mask.py.
cd "$(dirname "$0")/../.."
source docs/gpu-runs/job-common.sh
echo "== checks" | tee -a $res/log.txt
timeout 150 ctest --test-dir build-rt --timeout 60 -R '^block-compiled-' 2>&1 | grep -E "Test +#|tests passed" > $res/ctest.txt
grep -vE "Passed" $res/ctest.txt | tee -a $res/log.txt
while read -r b causal args; do
  for g in 3 200; do
    eval "timeout 60 $rt --bundle=bundles/variants/$b --grid=$g,1 $args" < /dev/null 2>&1 | tail -1 | cut -c1-150 | sed "s|^|$b grid $g causal $causal: |" | tee -a $res/log.txt
  done
done < bundles/variants/checks.txt
save
for c in attention_fwd_d64 attention_causal_lse; do
  args=$(grep "^$c " bundles/checks.txt | cut -d' ' -f2-)
  for tool in memcheck racecheck synccheck; do
    eval "timeout 60 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 $rt --bundle=bundles/$c $args" > $res/san-$tool-$c.txt 2>&1
    echo "$tool $c rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $res/san-$tool-$c.txt | head -1)" | tee -a $res/log.txt
  done
done
args="--grid=3,1 $(grep "^snake64 1 " bundles/variants/checks.txt | cut -d' ' -f3-)"
for tool in memcheck racecheck synccheck; do
  eval "timeout 90 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 $rt --bundle=bundles/variants/snake64 $args" > $res/san-$tool-snake64.txt 2>&1
  echo "$tool snake64 causal rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $res/san-$tool-snake64.txt | head -1)" | tee -a $res/log.txt
done
save
echo "== ncu" | tee -a $res/log.txt
for spec in base64:bundles/variants/base64:64: new64:bundles/attention_fwd_d64:64: snake64:bundles/variants/snake64:64:persistent \
    base128:bundles/variants/base128:128: new128:bundles/attention_fwd:128: snake128:bundles/variants/snake128:128:persistent; do
  IFS=: read -r label dir d extra <<< "$spec"
  echo "== $label" | tee -a $res/ncu.txt
  timeout 60 ncu --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__cycles_elapsed.avg \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "$dir" "$d" $extra 2>&1 | grep -E "attention_fwd|gpu__time|inst_executed|cycles_elapsed" | tee -a $res/ncu.txt
  save
done
echo "== event timings" | tee -a $res/log.txt
for d in 64 128; do
  PYTHONUNBUFFERED=1 timeout 120 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so --head-dim $d \
    base=bundles/variants/base$d:128 new=bundles/$( [ $d = 64 ] && echo attention_fwd_d64 || echo attention_fwd ):128 \
    snake=bundles/variants/snake$d:persistent 2>&1 | tee -a $res/variants.txt | tail -16
  save
done
