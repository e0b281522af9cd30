#!/usr/bin/env bash
# Session 18's first GPU job: bundles/ as main compiles them at 95aa103;
# ncu_mask.py is 2026-12-06-session16-ncu_mask.py, persist.py
# 2026-12-07-session17-persist.py. Variants (bundles/variants/):
# pin128, pin64: the examples' PTX with each turn's bar.sync pinned after
# the softmax (2026-12-07-session18-pin.py); pvfpin128: session 17's
# P V in flight (its patch) with the same pin; snake128: session 16's
# persistent attention with query blocks in a snake order
# (src/2026-12-07-session18-persistent-snake.mlir). The issue-20 table,
# every bundle against the interpreter, the variants checked and timed at
# fixed clocks, their SASS around the turns, then ncu's pipe, scheduler and
# warp-state sections of attention D128/D64 and the D128 SASS profile.
cd "$(dirname "$0")/../.."
out=${OUT:-/tmp/out}
res=/tmp/res; rm -rf $res; mkdir -p $res
trap 'gzip -f $res/*.csv $res/*.sass 2> /dev/null; tar czf "$out/res.tgz" -C $res .' EXIT
trap 'exit 1' TERM
save() { tar czf "$out/res.tgz" -C $res . 2> /dev/null; }
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv | tee -a $res/log.txt
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release -DCUDAToolkit_ROOT="$cuda_root" \
  -DBLOCK_RUNTIME_TEST_BUNDLES="$PWD/bundles" > /dev/null 2>&1 && ninja -C build-rt > /dev/null 2>&1 || { echo "runtime build failed"; exit 1; }
rt=build-rt/bin/block-run-gpu
echo "== bench" | tee -a $res/log.txt
PYTHONUNBUFFERED=1 timeout 200 python3 bench/bench.py --bundles bundles --runtime build-rt/libBlockRuntimeC.so --out $res/bench \
  --reps 20 --rounds 3 --only '^attention' > $res/bench-log.txt 2>&1
grep -iE "attention" $res/bench/bench.md | tee -a $res/log.txt
save
echo "== checks" | tee -a $res/log.txt
timeout 200 ctest --test-dir build-rt --timeout 60 -R '^block-compiled-' 2>&1 | grep -E "Test +#|tests passed" > $res/ctest.txt
grep -vE "Passed" $res/ctest.txt | tee -a $res/log.txt
check() { # bundle, checks.txt entry whose arguments and reference it takes
  args=$(grep "^$2 " bundles/checks.txt | cut -d' ' -f2-)
  eval "timeout 60 $rt --bundle=bundles/$1 $args" 2>&1 | tail -1 | sed "s|^|$1 ($2): |" | tee -a $res/log.txt
}
for v in pin128 pvfpin128; do check variants/$v attention_fwd; check variants/$v attention_causal_lse; done
check variants/pin64 attention_fwd_d64
save
for v in pin128 pvfpin128; do
  cuobjdump -sass bundles/variants/$v/*.cubin > $res/$v.sass 2>&1
done
cuobjdump -sass bundles/attention_fwd/*.cubin > $res/base128.sass 2>&1
save
echo "== ncu" | tee -a $res/log.txt
for spec in base128:bundles/attention_fwd:128: pin128:bundles/variants/pin128:128: pvfpin128:bundles/variants/pvfpin128:128: \
    snake128:bundles/variants/snake128:128:persistent base64:bundles/attention_fwd_d64:64: pin64:bundles/variants/pin64:64:; do
  IFS=: read -r label dir d extra <<< "$spec"
  echo "== $label" | tee -a $res/ncu.txt
  timeout 60 ncu --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__cycles_elapsed.avg \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "$dir" "$d" $extra 2>&1 | grep -E "attention_fwd|gpu__time|inst_executed|cycles_elapsed" | tee -a $res/ncu.txt
  save
done
echo "== persistent snake" | tee -a $res/log.txt
PYTHONUNBUFFERED=1 timeout 60 python3 bundles/persist.py 128 bundles/attention_fwd bundles/variants/snake128 2>&1 | tee -a $res/log.txt
save
for d in 128 64; do
  b=bundles/attention_fwd; [ $d = 64 ] && b=bundles/attention_fwd_d64
  timeout 60 ncu --section ComputeWorkloadAnalysis --section SchedulerStats --section WarpStateStats \
    --section SpeedOfLight -k regex:^attention_fwd python3 bundles/ncu_mask.py $b $d > $res/sections-d$d.txt 2>&1
  save
done
timeout 60 ncu --section SourceCounters --section WarpStateStats --page source --print-source sass --csv \
  -k regex:^attention_fwd --launch-count 1 python3 bundles/ncu_mask.py bundles/attention_fwd 128 > $res/sass-d128.csv 2> $res/ncu-err.txt
