#!/usr/bin/env bash
# Session 17's fourth GPU job: bundles/ is every example as compiled with
# wgmma descriptors advanced by a 64-bit add from the warpgroup's first
# tile (convert-block-to-gpu), bundles/base/ as main compiled them before
# (ae36e74); ncu_mask.py is 2026-12-06-session16-ncu_mask.py. On the GPU:
# every bundle against the interpreter, the sanitizers on causal attention
# and the TMA matmul, attention at fixed clocks base vs new, bench.py's
# attention and matmul rows for both.
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
res=/tmp/res; rm -rf $res; mkdir -p $res
trap 'tar czf "$out/res.tgz" -C $res .' EXIT
trap 'exit 1' TERM
save() { tar czf "$out/res.tgz" -C $res . 2> /dev/null; }
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv | tee -a $res/log.txt
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release -DCUDAToolkit_ROOT="$cuda_root" \
  -DBLOCK_RUNTIME_TEST_BUNDLES="$PWD/bundles" > /dev/null 2>&1 && ninja -C build-rt > /dev/null 2>&1 || { echo "runtime build failed"; exit 1; }
rt=build-rt/bin/block-run-gpu
echo "== checks" | tee -a $res/log.txt
timeout 240 ctest --test-dir build-rt --timeout 60 -R '^block-compiled-' 2>&1 | grep -E "Test +#|tests passed" > $res/ctest.txt
grep -vE "Passed" $res/ctest.txt | tee -a $res/log.txt
for spec in attention_fwd:attention_causal_lse matmul_tma:matmul_tma; do
  IFS=: read -r b c <<< "$spec"
  args=$(grep "^$c " bundles/checks.txt | cut -d' ' -f2-)
  for tool in memcheck racecheck synccheck; do
    eval "timeout 100 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 $rt --bundle=bundles/$b $args" > $res/san-$tool-$c.txt 2>&1
    echo "$tool $c rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $res/san-$tool-$c.txt | head -1)" | tee -a $res/log.txt
  done
done
save
echo "== ncu" | tee -a $res/log.txt
for spec in base128:bundles/base/attention_fwd:128: new128:bundles/attention_fwd:128: base64:bundles/base/attention_fwd_d64:64: new64:bundles/attention_fwd_d64:64:; do
  IFS=: read -r label dir d extra <<< "$spec"
  echo "== $label" | tee -a $res/ncu.txt
  timeout 100 ncu --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__cycles_elapsed.avg \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "$dir" "$d" $extra 2>&1 | grep -E "attention_fwd|gpu__time|inst_executed|cycles_elapsed" | tee -a $res/ncu.txt
done
save
echo "== bench" | tee -a $res/log.txt
for b in bundles bundles/base; do
  mkdir -p $res/${b//\//_}
  PYTHONUNBUFFERED=1 timeout 200 python3 bench/bench.py --bundles $b --runtime build-rt/libBlockRuntimeC.so --out $res/${b//\//_} \
    --reps 20 --rounds 3 --only '^(attention|matmul)' > $res/bench-log-${b//\//_}.txt 2>&1
  grep -E "ours" $res/${b//\//_}/bench.md | tee -a $res/log.txt
  save
done
