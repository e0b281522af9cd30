#!/usr/bin/env bash
# Session 11, call 5: attention programs in groups of 8 or 16 heads, the
# last query blocks (longest when causal) first, on a 1-D grid.
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release -DCUDAToolkit_ROOT="$cuda_root" > /dev/null 2>&1 && ninja -C build-rt > /dev/null 2>&1 || { echo "runtime build failed"; exit 1; }
{
nvidia-smi --query-gpu=name --format=csv
timeout 200 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so \
  example=bundles/attention_fwd:128 lpt8=bundles/variants/lpt8_attention_fwd:128flat lpt16=bundles/variants/lpt16_attention_fwd:128flat
timeout 200 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so --head-dim 64 \
  example=bundles/attention_fwd_d64:128 lpt8=bundles/variants/lpt8_attention_fwd_d64:128flat lpt16=bundles/variants/lpt16_attention_fwd_d64:128flat
} 2>&1 | tee "$out/variants.txt"
