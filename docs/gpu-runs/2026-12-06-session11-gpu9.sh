#!/usr/bin/env bash
# Session 11, call 9: attention's epilogue dividing by each row's sum once
# (a reciprocal per row, a multiply per element) instead of per element.
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release -DCUDAToolkit_ROOT="$cuda_root" > /dev/null 2>&1 && ninja -C build-rt > /dev/null 2>&1 || { echo "runtime build failed"; exit 1; }
{
nvidia-smi --query-gpu=name --format=csv
for round in 1 2; do
timeout 200 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so \
  example=bundles/attention_fwd:128 reciprocal=bundles/variants/rcp_attention_fwd:128
timeout 200 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so --head-dim 64 \
  example=bundles/attention_fwd_d64:128 reciprocal=bundles/variants/rcp_attention_fwd_d64:128
done
} 2>&1 | tee "$out/variants.txt"
