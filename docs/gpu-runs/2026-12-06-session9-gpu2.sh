#!/usr/bin/env bash
# Session 9, second call: why the cp.async bf16 matmul (examples/matmul_bf16)
# trails Triton's pointer kernel of the same tiling (560 vs 655 TFLOP/s at
# 8192^3 on the H200): SASS of both, their stall reasons and the stalls per
# SASS instruction (ncu source page), one launch each; and the example with
# its tile pointers advanced through the loop (Triton's way of writing it,
# bundles/variants/adv) timed beside it.
set -uo pipefail
out=${OUT:-/tmp/out}
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release -DCUDAToolkit_ROOT="$cuda_root" > /dev/null &&
  ninja -C build-rt > /dev/null || { echo "runtime build failed"; exit 1; }
cat > /tmp/mm.py <<'PY'
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
    root = "bundles/variants/adv" if which == "adv" else "bundles"
    kern = rt.load(f"{root}/matmul_bf16/matmul_bf16.json").kernel("matmul_bf16")
    launch = kern.prepare((32 * 64,), a, b, c, m, n, k)
    for _ in range(3): launch()
torch.cuda.synchronize()
PY
export TRITON_CACHE_DIR=/tmp/tcache
python3 /tmp/mm.py triton
tcubin=$(find /tmp/tcache -name "_matmul.cubin" | head -1)
cp "$(dirname "$tcubin")/_matmul.ptx" "$out/triton-matmul.ptx" 2>/dev/null
cuobjdump -sass "$tcubin" > "$out/triton-matmul.sass" 2>&1
cuobjdump -sass -fun matmul_bf16__spec1 bundles/matmul_bf16/matmul_bf16.cubin > "$out/ours-matmul.sass" 2>&1
timeout 200 python3 bench/variants.py --case matmul_bf16_8192 --runtime build-rt/libBlockRuntimeC.so \
  --reps 20 --rounds 3 bundles bundles/variants/adv > "$out/variants-8192.txt" 2>&1
cat "$out/variants-8192.txt"
metrics="regex:^smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio$,smsp__inst_executed.sum,smsp__cycles_active.avg,sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_active"
for w in ours adv triton; do
  timeout 150 ncu --metrics "$metrics" --section SourceCounters -k regex:matmul --launch-skip 2 --launch-count 1 \
    --import-source no -o /tmp/rep-$w python3 /tmp/mm.py $w > /dev/null 2>&1 || echo "ncu $w failed"
  ncu -i /tmp/rep-$w.ncu-rep --page raw --csv > /tmp/raw-$w.csv 2>&1
  ncu -i /tmp/rep-$w.ncu-rep --page source --csv --print-source sass > /tmp/src-$w.csv 2>&1
  python3 - "$w" > "$out/stalls-$w.txt" <<'PY'
import csv, sys
w = sys.argv[1]
rows = list(csv.reader(open(f"/tmp/raw-{w}.csv")))
if len(rows) > 2:
    for name, unit, val in zip(rows[0], rows[1], rows[2]):
        if "stalled" in name or "inst_executed" in name or "cycles_active" in name or "gmma" in name:
            try:
                if float(val.replace(",", "")) < 0.01: continue
            except ValueError: pass
            print(f"{name} {val} {unit}")
src = list(csv.reader(open(f"/tmp/src-{w}.csv")))
head = src[0]; print("source columns:", head)
def col(name):
    return next((i for i, h in enumerate(head) if h.startswith(name)), None)
si = col("Warp Stall Sampling (All Samples)") or col("Warp Stall Sampling")
ii = col("Source") or 1
if si is not None:
    body = [r for r in src[1:] if len(r) > si]
    tot = sum(float(r[si] or 0) for r in body) or 1
    print("total samples", tot)
    # Every line with at least 0.3% of the samples, in program order.
    for r in body:
        s = float(r[si] or 0)
        if s / tot >= 0.003:
            print(f"{100*s/tot:5.1f}% {r[0]:>6} {r[ii]}")
PY
done
ls -la "$out"
