#!/usr/bin/env bash
# Session 11, call 6: persistent attention (measurement only) with query
# blocks innermost (programs at once share heads' K and V) against the
# last-query-block-first order and the example.
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release -DCUDAToolkit_ROOT="$cuda_root" > /dev/null 2>&1 && ninja -C build-rt > /dev/null 2>&1 || { echo "runtime build failed"; exit 1; }
{
nvidia-smi --query-gpu=name --format=csv
timeout 200 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so \
  example=bundles/attention_fwd:128 persistent_heads_outer=bundles/variants/persistent_hm:persistent \
  persistent_longest_first=bundles/variants/persistent:persistent
} 2>&1 | tee "$out/variants.txt"
