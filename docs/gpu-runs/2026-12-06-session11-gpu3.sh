#!/usr/bin/env bash
# Session 11, last call: every bundle against the interpreter, sanitizers
# on the new bundles, the tensor-core matmuls (tf32 on wgmma, bf16 on
# mma.sync) and attention timed against their peers; D64 attention with
# 2 and 3 stages; ncu of D64 attention.
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
SANITIZE_ONLY='^(matmul_bf16_mma_sync|matmul_tf32)$' SKIP_PYTHON=1 BENCH_TIMEOUT=330 \
  BENCH_ARGS="--reps 20 --rounds 3 --only ^(matmul_(bf16|f16|tf32|int8|fp8|tma|persistent)|attention)" bash bench/run.sh "$out"
timeout 120 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so --head-dim 64 \
  s4=bundles/attention_fwd_d64:128 s3=bundles/variants/d64s3:128 s2=bundles/variants/d64s2:128 2>&1 | tee "$out/variants-d64.txt"
timeout 100 ncu --section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats --section InstructionStats \
  -k regex:^attention_fwd_d64 --launch-skip 1 --launch-count 1 \
  python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so --head-dim 64 --reps 2 --rounds 1 \
  s4=bundles/attention_fwd_d64:128 > "$out/ncu-d64.txt" 2>&1 || echo "ncu failed"
grep -E "Duration|Throughput|Issue|Warp Cycles|Stall|Pipe" "$out/ncu-d64.txt" | head -40
