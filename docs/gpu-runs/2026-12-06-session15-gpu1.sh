#!/usr/bin/env bash
# Session 15, first call: Q K^T reading Q from shared memory (wgmma SS, Q's
# registers freed) and arange-column masks compared against each row's bound
# less the thread's offset (no register per column), against the examples
# as they were (base), at fixed clocks (ncu); D64 with 256-key blocks (which
# now fits in 240 registers); every bundle against the interpreter, the
# sanitizers on attention; bench.py's attention rows.
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
res=/tmp/res; rm -rf $res; mkdir -p $res
trap 'gzip -f $res/*.csv 2> /dev/null; tar czf "$out/res.tgz" -C $res .' EXIT
trap 'exit 1' TERM
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
check attention_fwd_d64_n256 attention_fwd_d64
check attention_fwd_d64_n256 attention_d64_noncausal
check attention_fwd_d64 attention_d64_noncausal
check base/attention_fwd attention_fwd
check variants/overlap attention_fwd
check variants/overlap attention_causal_lse
check variants/overlap64 attention_fwd_d64
check variants/overlap64 attention_d64_noncausal
echo "== ncu A/B" | tee -a $res/log.txt
for spec in base128:bundles/base/attention_fwd:128 new128:bundles/attention_fwd:128 overlap128:bundles/variants/overlap:128 \
            base64:bundles/base/attention_fwd_d64:64 new64:bundles/attention_fwd_d64:64 n256:bundles/attention_fwd_d64_n256:64 overlap64:bundles/variants/overlap64:64; do
  IFS=: read -r label dir d <<< "$spec"
  echo "== $label" | tee -a $res/ncu.txt
  timeout 100 ncu --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__cycles_elapsed.avg \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "$dir" "$d" 2>&1 | grep -E "attention_fwd|gpu__time|inst_executed|cycles_elapsed" | tee -a $res/ncu.txt
done
echo "== bench" | tee -a $res/log.txt
PYTHONUNBUFFERED=1 timeout 150 python3 bench/bench.py --bundles bundles --runtime build-rt/libBlockRuntimeC.so --out $res \
  --reps 20 --rounds 3 --only '^attention' > $res/bench-log.txt 2>&1
tail -30 $res/bench-log.txt
for tool in memcheck racecheck synccheck; do
  for spec in attention_fwd:attention_causal_lse attention_fwd_d64:attention_fwd_d64 attention_fwd_d64_n256:attention_d64_noncausal variants/overlap:attention_causal_lse; do
    IFS=: read -r b c <<< "$spec"
    args=$(grep "^$c " bundles/checks.txt | cut -d' ' -f2-)
    eval "timeout 100 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 $rt --bundle=bundles/$b $args" > $res/san-$tool-${b##*/}-$c.txt 2>&1
    echo "$tool $b $c rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $res/san-$tool-${b##*/}-$c.txt | head -1)" | tee -a $res/log.txt
  done
done
