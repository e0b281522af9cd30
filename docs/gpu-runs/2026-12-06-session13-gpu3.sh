#!/usr/bin/env bash
# Session 13, third call: the examples rewritten with the short forms
# against their bundles from before the change (bundles/before: the
# session's first build), on the same buffers in one process.
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release -DCUDAToolkit_ROOT="$cuda_root" > /dev/null 2>&1 && ninja -C build-rt > /dev/null 2>&1 || { echo "runtime build failed"; exit 1; }
nvidia-smi --query-gpu=name --format=csv,noheader | tee "$out/device.txt"
PYTHONUNBUFFERED=1 timeout 300 python3 bench/bench.py --bundles bundles --runtime build-rt/libBlockRuntimeC.so \
  --before bundles/before --reps 20 --rounds 2 --out "$out" \
  --only "^(matmul_f32|vector_add|softmax|layernorm|dequant|attention)" 2>&1 | tail -40
