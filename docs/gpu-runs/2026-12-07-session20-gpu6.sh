#!/usr/bin/env bash
# Session 20's sixth GPU job: the change as it lands. Q copied once by TMA
# and read into registers; a bar.warp.sync only before the arrival that
# hands back a tile read into registers (arrive_barrier converge: a
# persistent kernel's Q), not before the rings' (the fifth job: it cost D64
# 2-3%). bundles/ from scripts/make-bundles.sh; bundles/variants/base{128,64}:
# main's (4550481) examples; snake64: the new D64 example made persistent by
# src/2026-12-07-session19-snake.py (the converging release). Every bundle
# against the interpreter, sanitizers, fixed clocks, event timings (bench's
# rotation now alternates direction) and the issue's table.
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
for c in attention_fwd_d64 attention_causal_lse attention_f16; do
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
for spec in base64:variants/base64:64: new64:attention_fwd_d64:64: snake64:variants/snake64:64:persistent \
    base128:variants/base128:128: new128:attention_fwd:128:; do
  IFS=: read -r label dir d extra <<< "$spec"
  echo "== $label" | tee -a $res/ncu.txt
  timeout 60 ncu --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__cycles_elapsed.avg \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "bundles/$dir" "$d" $extra 2>&1 | grep -E "attention_fwd|cycles_elapsed|inst_executed" | tee -a $res/ncu.txt
  save
done
echo "== bench" | tee -a $res/log.txt
PYTHONUNBUFFERED=1 timeout 200 python3 bench/bench.py --bundles bundles --runtime build-rt/libBlockRuntimeC.so --out $res/bench \
  --reps 20 --rounds 4 --only '^attention' > $res/bench-log.txt 2>&1
grep -iE "attention" $res/bench/bench.md | tee -a $res/log.txt
save
echo "== event timings, base against new" | tee -a $res/log.txt
for d in 64 128; do
  PYTHONUNBUFFERED=1 timeout 120 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so --head-dim $d --rounds 4 \
    base=bundles/variants/base$d:128 new=bundles/$( [ $d = 64 ] && echo attention_fwd_d64 || echo attention_fwd ):128 2>&1 | tee -a $res/variants.txt | grep -E "attention|base|new"
  save
done
