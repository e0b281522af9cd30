#!/usr/bin/env bash
# Session 13, second call: O stored by TMA (*_tmao) against the example at
# fixed clocks (ncu): cycles and instructions of one launch each, D128 and
# D64, causal and not (bundles/ncu_mask.py).
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
[ -f build-rt/libBlockRuntimeC.so ] || { cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")"); cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release -DCUDAToolkit_ROOT="$cuda_root" > /dev/null 2>&1 && ninja -C build-rt > /dev/null 2>&1; }
for spec in ex128:bundles/attention_fwd:128 tmao128:bundles/attention_fwd_tmao:128 ex64:bundles/attention_fwd_d64:64 tmao64:bundles/attention_fwd_d64_tmao:64; do
  IFS=: read -r label dir d <<< "$spec"
  echo "== $label" | tee -a "$out/ncu-tmao.txt"
  timeout 100 ncu --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__cycles_elapsed.avg \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "$dir" "$d" 2>&1 | grep -E "attention_fwd|gpu__time|inst_executed|cycles_elapsed" | tee -a "$out/ncu-tmao.txt"
done
