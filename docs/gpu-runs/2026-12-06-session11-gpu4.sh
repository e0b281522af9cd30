#!/usr/bin/env bash
# Session 11, call 4: producer warpgroups at 24 registers (consumers 240),
# tensors of descriptor addresses kept inside outer loops, the tf32
# example on a persistent grid; a persistent attention kernel (measurement
# only: Q and O described over all rows).
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
SANITIZE_ONLY='^(matmul_tf32|attention_fwd|matmul_tma_ws|matmul_persistent_ws)$' SKIP_PYTHON=1 BENCH_TIMEOUT=200 \
  BENCH_ARGS="--reps 20 --rounds 3 --only ^(matmul_(tf32|tma_ws|persistent)|attention)" bash bench/run.sh "$out"
{
for size in 4096 8192; do
  echo "tf32 $size: the example before (all tiles, earlier bench.py)"
  timeout 100 python3 bundles/old/variants.py --case matmul_tf32_$size --runtime build-rt/libBlockRuntimeC.so \
    --reps 20 --rounds 3 bundles/variants/tf32_old
  echo "tf32 $size: persistent (bundles/matmul_tf32)"
  timeout 100 python3 bench/variants.py --case matmul_tf32_$size --runtime build-rt/libBlockRuntimeC.so \
    --reps 20 --rounds 3 bundles
done
timeout 150 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so \
  producer24=bundles/attention_fwd:128 producer40=bundles/variants/att40/attention_fwd:128 \
  persistent=bundles/variants/persistent:persistent
timeout 100 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so --head-dim 64 \
  producer24=bundles/attention_fwd_d64:128 producer40=bundles/variants/att40/attention_fwd_d64:128
} 2>&1 | tee "$out/variants.txt"
