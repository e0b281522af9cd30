#!/usr/bin/env bash
# Session 11, call 7: the cost of attention's masked loop. lastmasked: the
# last key block of every non-causal program through the masked loop (the
# split's second loop); nomask: causal programs with their diagonal block
# unmasked (wrong results, timing only: its error column is not a check).
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release -DCUDAToolkit_ROOT="$cuda_root" > /dev/null 2>&1 && ninja -C build-rt > /dev/null 2>&1 || { echo "runtime build failed"; exit 1; }
{
nvidia-smi --query-gpu=name --format=csv
timeout 200 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so \
  example=bundles/attention_fwd:128 lastmasked=bundles/variants/lastmasked:128 nomask=bundles/variants/nomask:128
} 2>&1 | tee "$out/variants.txt"
