#!/usr/bin/env bash
# Session 6, last call: the attention example (flush-to-zero exponentials)
# with a producer warpgroup and turns, without turns, without a producer,
# and by cp.async. Bundles: scripts/make-bundles.sh, then
#   block-compile examples/attention_fwd.mlir -o bundles/variants/ws_noturns --warp-group-turns=false
#   (the example without block.warp_specialize) -o bundles/variants/tma_plain
set -uo pipefail
out=${OUT:-bench-out}
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
nvidia-smi --query-gpu=name --format=csv,noheader | tee "$out/device.txt"
cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release -DCUDAToolkit_ROOT="$cuda_root" > "$out/build.txt" 2>&1 &&
  ninja -C build-rt >> "$out/build.txt" 2>&1 || { tail -30 "$out/build.txt"; exit 1; }
timeout 200 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so \
  ws_turns=bundles/attention_fwd:128 ws=bundles/variants/ws_noturns:128 \
  tma=bundles/variants/tma_plain:128 pointers=bundles/attention_pointers:128 2>&1 | tee "$out/variants.txt"
