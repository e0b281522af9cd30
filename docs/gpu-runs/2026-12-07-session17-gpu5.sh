#!/usr/bin/env bash
# Session 17's fifth GPU job, for the next session's analysis: bundles/ as
# main compiles them at 051b8ed; ncu_mask.py is
# 2026-12-06-session16-ncu_mask.py. ncu's compute-workload (pipe
# utilisation: tensor, MUFU, FMA, ALU, uniform), scheduler and warp-state
# sections of attention D128 and D64, non-causal and causal, and the
# per-instruction SASS profile of D128 non-causal.
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
for d in 128 64; do
  b=bundles/attention_fwd; [ $d = 64 ] && b=bundles/attention_fwd_d64
  timeout 150 ncu --section ComputeWorkloadAnalysis --section SchedulerStats --section WarpStateStats \
    --section SpeedOfLight -k regex:^attention_fwd python3 bundles/ncu_mask.py $b $d > $res/sections-d$d.txt 2>&1
  save
done
timeout 120 ncu --section SourceCounters --section WarpStateStats --page source --print-source sass --csv \
  -k regex:^attention_fwd --launch-count 1 python3 bundles/ncu_mask.py bundles/attention_fwd 128 > $res/sass-d128.csv 2> $res/ncu-err.txt
