#!/usr/bin/env bash
# Session 9, first call: the rings of async products at num_stages buffers
# (copies after the product's wait and a barrier, one stage further ahead),
# against bundles/before (the same examples from 8f2c61c), in one process;
# every bundle against the interpreter, sanitizers on the changed matmuls;
# then ncu of ours and Triton's matmul at 8192^3.
set -uo pipefail
out=${OUT:-/tmp/out}
SANITIZE_ONLY='^(matmul_bf16|matmul_tma|matmul_int8|matmul_persistent)$' SKIP_PYTHON=1 \
  BENCH_ARGS="--reps 20 --rounds 3 --before bundles/before --only ^matmul_(bf16|f16|int8|tma|persistent)" \
  timeout 420 bash bench/run.sh "$out"
cat > /tmp/ncu_mm.py <<'PY'
import sys, os, torch
sys.path.insert(0, "bench"); sys.path.insert(0, "python")
import block, triton_kernels as tk
which = sys.argv[1]
m = n = k = 8192
a = torch.randn(m, k, device="cuda").bfloat16(); b = torch.randn(k, n, device="cuda").bfloat16()
c = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
if which == "triton":
    for _ in range(3): tk.matmul_tc(a, b, c)
else:
    rt = block.Runtime("build-rt/libBlockRuntimeC.so")
    kern = rt.load(f"{which}/matmul_bf16/matmul_bf16.json").kernel("matmul_bf16")
    launch = kern.prepare((32 * 64,), a, b, c, m, n, k)
    for _ in range(3): launch()
torch.cuda.synchronize()
PY
for w in bundles bundles/before triton; do
  tag=$(echo $w | tr / _)
  timeout 120 ncu --section SpeedOfLight --section WarpStateStats --section SchedulerStats \
    --section MemoryWorkloadAnalysis -k regex:matmul --launch-skip 2 --launch-count 1 \
    python3 /tmp/ncu_mm.py $w > "$out/ncu-$tag.txt" 2>&1 || echo "ncu $w failed" | tee -a "$out/log.txt"
done
