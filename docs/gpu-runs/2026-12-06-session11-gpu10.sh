#!/usr/bin/env bash
# Session 11, call 10: per-instruction counts (SASS) of the causal D128
# attention example, one launch, to see where instructions outside the key
# blocks go (bundles/ncu_attention.py: docs/gpu-runs/2026-12-06-session11-ncu_attention.py).
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release -DCUDAToolkit_ROOT="$cuda_root" > /dev/null 2>&1 && ninja -C build-rt > /dev/null 2>&1 || { echo "runtime build failed"; exit 1; }
timeout 300 ncu --section SourceCounters --page source --print-source sass --csv \
  -k regex:^attention_fwd --launch-skip 1 --launch-count 1 python3 bundles/ncu_attention.py > "$out/sass-causal.csv" 2> "$out/ncu-err.txt" || echo "ncu failed"
wc -l "$out/sass-causal.csv"; head -3 "$out/sass-causal.csv" | cut -c1-300; tail -3 "$out/ncu-err.txt"
