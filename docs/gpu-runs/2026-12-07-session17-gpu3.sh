#!/usr/bin/env bash
# Session 17's third GPU job: bundles/ is every example as main compiles it
# with in-thread reductions combined as a tree (block-to-gpu's reduce
# lowering), bundles/base/ every example before that (main at 1be64d2);
# bundles/variants/pa128 and pa64 are the persistent attention variants
# (2026-12-07-session17-persistent.py with O stored by TMA over all rows,
# right only where seq is a multiple of 128) built with the tree; persist.py
# and ncu_mask.py are 2026-12-07-session17-persist.py and
# 2026-12-06-session16-ncu_mask.py. On the GPU: every bundle against the
# interpreter, the sanitizers on causal attention, ncu of attention base vs
# tree and the persistent variants at fixed clocks, the persistent variants
# timed beside the examples; variants e4_128, e2_128, e4_64, e2_64: the
# examples with every 4th (2nd) register's exp2 computed on the FMA pipes by
# a degree-3 polynomial (2026-12-07-session17-exp2-on-fma.patch,
# BLOCK_EXP2_FMA=4 or 2), checked and timed at fixed clocks; bench.py's rows of every example whose PTX the
# tree changes, for base and tree in one process each.
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
for tool in memcheck racecheck synccheck; do
  args=$(grep "^attention_causal_lse " bundles/checks.txt | cut -d' ' -f2-)
  eval "timeout 100 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 $rt --bundle=bundles/attention_fwd $args" > $res/san-$tool.txt 2>&1
  echo "$tool attention_causal_lse rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $res/san-$tool.txt | head -1)" | tee -a $res/log.txt
done
check() { # bundle, checks.txt entry whose arguments and reference it takes
  args=$(grep "^$2 " bundles/checks.txt | cut -d' ' -f2-)
  eval "timeout 60 $rt --bundle=bundles/$1 $args" 2>&1 | tail -1 | sed "s|^|$1 ($2): |" | tee -a $res/log.txt
}
for n in 4 2; do
  check variants/e${n}_128 attention_fwd
  check variants/e${n}_128 attention_causal_lse
  check variants/e${n}_64 attention_fwd_d64
done
save
echo "== ncu" | tee -a $res/log.txt
for spec in base128:bundles/base/attention_fwd:128: tree128:bundles/attention_fwd:128: base64:bundles/base/attention_fwd_d64:64: tree64:bundles/attention_fwd_d64:64: e4_128:bundles/variants/e4_128:128: e2_128:bundles/variants/e2_128:128: e4_64:bundles/variants/e4_64:64: e2_64:bundles/variants/e2_64:64: pa128:bundles/variants/pa128:128:persistent pa64:bundles/variants/pa64:64:persistent; do
  IFS=: read -r label dir d extra <<< "$spec"
  echo "== $label" | tee -a $res/ncu.txt
  timeout 100 ncu --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__cycles_elapsed.avg \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "$dir" "$d" $extra 2>&1 | grep -E "attention_fwd|gpu__time|inst_executed|cycles_elapsed" | tee -a $res/ncu.txt
done
save
echo "== bench" | tee -a $res/log.txt
for b in bundles bundles/base; do
  mkdir -p $res/${b//\//_}
  PYTHONUNBUFFERED=1 timeout 150 python3 bench/bench.py --bundles $b --runtime build-rt/libBlockRuntimeC.so --out $res/${b//\//_} \
    --reps 20 --rounds 3 --only '^(attention|softmax|layernorm)' > $res/bench-log-${b//\//_}.txt 2>&1
  grep -E "ours" $res/${b//\//_}/bench.md | tee -a $res/log.txt
  save
done
echo "== persistent" | tee -a $res/log.txt
PYTHONUNBUFFERED=1 timeout 90 python3 bundles/persist.py 128 bundles/attention_fwd bundles/variants/pa128 2>&1 | tee $res/persist.txt
PYTHONUNBUFFERED=1 timeout 90 python3 bundles/persist.py 64 bundles/attention_fwd_d64 bundles/variants/pa64 2>&1 | tee -a $res/persist.txt
