#!/usr/bin/env bash
# Session 12, call 2: the one-comparison mask against the previous one at
# fixed clocks (ncu): duration and instructions of one causal and one
# non-causal launch of each, D128 and D64 (bundles/ncu_mask.py:
# docs/gpu-runs/2026-12-06-session12-ncu_mask.py).
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release -DCUDAToolkit_ROOT="$cuda_root" > /dev/null 2>&1 && ninja -C build-rt > /dev/null 2>&1 || { echo "runtime build failed"; exit 1; }
for spec in new128:bundles/attention_fwd:128 old128:bundles/variants/old128:128 new64:bundles/attention_fwd_d64:64 old64:bundles/variants/old64:64; do
  IFS=: read -r label dir d <<< "$spec"
  echo "== $label"
  timeout 120 ncu --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__cycles_elapsed.avg \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "$dir" "$d" 2>&1 | grep -E "attention_fwd|gpu__time|inst_executed|cycles_elapsed" | tee -a "$out/ncu-mask.txt"
done
