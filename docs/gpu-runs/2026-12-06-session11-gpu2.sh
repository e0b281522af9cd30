#!/usr/bin/env bash
# Session 11, call 2: grouped order of 16 rows of tiles (fp8, persistent
# bf16), and ncu of the fp8 example and cuBLAS's fp8 kernel at 8192^3.
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release -DCUDAToolkit_ROOT="$cuda_root" > /dev/null 2>&1 && ninja -C build-rt > /dev/null 2>&1 || { echo "runtime build failed"; exit 1; }
nvidia-smi --query-gpu=name --format=csv | tee "$out/variants.txt"
for c in matmul_fp8_8192 matmul_fp8_4096 matmul_persistent_8192 matmul_persistent_4096; do
  timeout 150 python3 bench/variants.py --case $c --runtime build-rt/libBlockRuntimeC.so \
    --reps 20 --rounds 3 bundles bundles/variants/g16 2>&1 | tee -a "$out/variants.txt"
done
for k in "regex:^matmul_fp8" "regex:gemm|sm90|xmma|cutlass"; do
  timeout 150 ncu --section SpeedOfLight --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis --section WarpStateStats \
    -k "$k" --launch-skip 1 --launch-count 1 \
    python3 bench/variants.py --case matmul_fp8_8192 --runtime build-rt/libBlockRuntimeC.so --reps 2 --rounds 1 bundles >> "$out/ncu-fp8.txt" 2>&1 || echo "ncu failed $k"
done
grep -E "==PROF==|Duration|Throughput|Pipe|Issue|Warp Cycles|No Eligible" "$out/ncu-fp8.txt" | head -60
