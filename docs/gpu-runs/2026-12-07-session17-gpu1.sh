#!/usr/bin/env bash
# Session 17's GPU job (session 16's, bundles/job16.sh, with a third change):
# bundles/ is every example compiled with the two changes session 16 backed
# out (git revert 5934fa5: one fence and barrier after the mbarrier inits,
# the log-sum-exp stored from its own layout) and the third, attention's
# P V kept in flight into the next key block (blockgpu-specialize-warps);
# bundles/base/attention_fwd{,_d64}: the compiler before all three;
# bundles/variants/two128: attention_fwd with the first two only;
# variants/rev128, rev64, persistent as in session 16
# (docs/gpu-runs/2026-12-06-session16-prepare.sh). On the GPU: every bundle
# against the interpreter, the sanitizers on causal attention, attention at
# fixed clocks (ncu), bench.py's attention rows (the issue's table), a causal
# D128 per-instruction profile, then the persistent grid.
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
res=/tmp/res; rm -rf $res; mkdir -p $res
trap 'gzip -f $res/*.csv 2> /dev/null; tar czf "$out/res.tgz" -C $res .' EXIT
trap 'exit 1' TERM
save() { tar czf "$out/res.tgz" -C $res . 2> /dev/null; }
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv | tee -a $res/log.txt
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release -DCUDAToolkit_ROOT="$cuda_root" \
  -DBLOCK_RUNTIME_TEST_BUNDLES="$PWD/bundles" > /dev/null 2>&1 && ninja -C build-rt > /dev/null 2>&1 || { echo "runtime build failed"; exit 1; }
rt=build-rt/bin/block-run-gpu
echo "== checks" | tee -a $res/log.txt
timeout 240 ctest --test-dir build-rt --timeout 60 -R '^block-compiled-' 2>&1 | grep -E "Test +#|tests passed" > $res/ctest.txt
grep -vE "Passed" $res/ctest.txt | tee -a $res/log.txt; tail -1 $res/ctest.txt | tee -a $res/log.txt
check() { # bundle, checks.txt entry whose arguments and reference it takes
  args=$(grep "^$2 " bundles/checks.txt | cut -d' ' -f2-)
  eval "timeout 60 $rt --bundle=bundles/$1 $args" 2>&1 | tail -1 | sed "s/^/$1 ($2): /" | tee -a $res/log.txt
}
check variants/rev128 attention_fwd
check variants/rev128 attention_causal_lse
check variants/rev64 attention_fwd_d64
save
for tool in memcheck racecheck synccheck; do
  for spec in attention_fwd:attention_causal_lse; do
    IFS=: read -r b c <<< "$spec"
    args=$(grep "^$c " bundles/checks.txt | cut -d' ' -f2-)
    eval "timeout 100 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 $rt --bundle=bundles/$b $args" > $res/san-$tool-${b##*/}-$c.txt 2>&1
    echo "$tool $b $c rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $res/san-$tool-${b##*/}-$c.txt | head -1)" | tee -a $res/log.txt
  done
done
save
echo "== ncu" | tee -a $res/log.txt
for spec in base128:bundles/base/attention_fwd:128: two128:bundles/variants/two128:128: d128:bundles/attention_fwd:128: base64:bundles/base/attention_fwd_d64:64: d64:bundles/attention_fwd_d64:64: rev128:bundles/variants/rev128:128:; do
  IFS=: read -r label dir d extra <<< "$spec"
  echo "== $label" | tee -a $res/ncu.txt
  timeout 100 ncu --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__cycles_elapsed.avg \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "$dir" "$d" $extra 2>&1 | grep -E "attention_fwd|gpu__time|inst_executed|cycles_elapsed" | tee -a $res/ncu.txt
done
save
echo "== bench" | tee -a $res/log.txt
PYTHONUNBUFFERED=1 timeout 130 python3 bench/bench.py --bundles bundles --runtime build-rt/libBlockRuntimeC.so --out $res \
  --reps 20 --rounds 3 --only '^attention' > $res/bench-log.txt 2>&1
tail -30 $res/bench-log.txt
save
echo "== D128 causal profile" | tee -a $res/log.txt
timeout 100 ncu --section SourceCounters --section WarpStateStats --page source --print-source sass --csv \
  -k regex:^attention_fwd --launch-skip 1 --launch-count 1 python3 bundles/ncu_mask.py bundles/attention_fwd 128 > $res/sass-d128-causal.csv 2> $res/ncu-err.txt || echo "ncu failed" | tee -a $res/log.txt
save
echo "== persistent" | tee -a $res/log.txt
PYTHONUNBUFFERED=1 timeout 90 python3 bundles/persist.py 2>&1 | tee $res/persist.txt
save
echo "== ncu persistent" | tee -a $res/ncu.txt
timeout 60 ncu --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__cycles_elapsed.avg \
  -k regex:^attention_fwd python3 bundles/ncu_mask.py bundles/variants/persistent 128 persistent 2>&1 | grep -E "attention_fwd|gpu__time|inst_executed|cycles_elapsed" | tee -a $res/ncu.txt
save
