#!/usr/bin/env bash
# Session 17's second GPU job: bundles/ is every example as main compiles it
# (with session 16's two changes, kept after the first job); bundles/variants/
# pa128 and pa64 are docs/gpu-runs/src/2026-12-07-session17-persistent-
# attention_fwd{,_d64}.mlir with O stored by TMA over all rows in every tile
# (2026-12-07-session17-persistent.py, then the whole-tile branch kept:
# right only where seq is a multiple of 128); persist.py and ncu_mask.py are
# 2026-12-07-session17-persist.py and 2026-12-06-session16-ncu_mask.py.
# On the GPU: every bundle against the interpreter, ncu of the examples and
# the persistent variants at fixed clocks, the persistent variants timed
# beside the examples and cuDNN (with their errors), bench.py's attention rows.
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
echo "== checks" | tee -a $res/log.txt
timeout 240 ctest --test-dir build-rt --timeout 60 -R '^block-compiled-' 2>&1 | grep -E "Test +#|tests passed" > $res/ctest.txt
grep -vE "Passed" $res/ctest.txt | tee -a $res/log.txt
save
echo "== ncu" | tee -a $res/log.txt
for spec in d128:bundles/attention_fwd:128: pa128:bundles/variants/pa128:128:persistent d64:bundles/attention_fwd_d64:64: pa64:bundles/variants/pa64:64:persistent; do
  IFS=: read -r label dir d extra <<< "$spec"
  echo "== $label" | tee -a $res/ncu.txt
  timeout 100 ncu --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__cycles_elapsed.avg \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "$dir" "$d" $extra 2>&1 | grep -E "attention_fwd|gpu__time|inst_executed|cycles_elapsed" | tee -a $res/ncu.txt
done
save
echo "== persistent" | tee -a $res/log.txt
PYTHONUNBUFFERED=1 timeout 90 python3 bundles/persist.py 128 bundles/attention_fwd bundles/variants/pa128 2>&1 | tee $res/persist.txt
PYTHONUNBUFFERED=1 timeout 90 python3 bundles/persist.py 64 bundles/attention_fwd_d64 bundles/variants/pa64 2>&1 | tee -a $res/persist.txt
save
echo "== bench" | tee -a $res/log.txt
PYTHONUNBUFFERED=1 timeout 130 python3 bench/bench.py --bundles bundles --runtime build-rt/libBlockRuntimeC.so --out $res \
  --reps 20 --rounds 3 --only '^attention' > $res/bench-log.txt 2>&1
tail -22 $res/bench-log.txt
