#!/usr/bin/env bash
# Session 10, second call: attention after block-split-loops, in variants
# (bundles/variants, compiled on the CPU machine): the consumer warpgroups
# taking turns (--warp-group-turns), 128-key blocks at D128, and the
# previous block's P V issued before this block's softmax (FA3's
# intra-warpgroup overlap, written in the program; at 64- and 128-key
# blocks). Variants are checked against the interpreter's outputs at
# seq 150 (causal and not) before timing; then ncu's view of the example.
set -uo pipefail
out=${OUT:-/tmp/out}
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release -DCUDAToolkit_ROOT="$cuda_root" > /dev/null &&
  ninja -C build-rt > /dev/null || { echo "runtime build failed"; exit 1; }
rt=build-rt/bin/block-run-gpu
for v in turns bn128 bn128turns overlap overlap128; do
  for check in attention_fwd attention_causal_lse; do
    args=$(grep "^$check " bundles/checks.txt | cut -d' ' -f2-)
    echo "$v as $check: $(eval "timeout 60 $rt --bundle=bundles/variants/$v $args" 2>&1 | tail -1 | cut -c1-110)"
  done
done
args=$(grep "^attention_fwd_d64 " bundles/checks.txt | cut -d' ' -f2-)
echo "d64turns: $(eval "timeout 60 $rt --bundle=bundles/variants/d64turns $args" 2>&1 | tail -1 | cut -c1-110)"
for v in overlap; do
  args=$(grep "^attention_causal_lse " bundles/checks.txt | cut -d' ' -f2-)
  for tool in racecheck synccheck; do
    eval "timeout 120 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 $rt --bundle=bundles/variants/$v $args" > /tmp/san.txt 2>&1 && echo "$tool clean $v" || tail -5 /tmp/san.txt
  done
done
V=bundles/variants
timeout 240 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so \
  split=bundles/attention_fwd:128 turns=$V/turns:128 bn128=$V/bn128:128 bn128turns=$V/bn128turns:128 \
  overlap=$V/overlap:128 overlap128=$V/overlap128:128 > "$out/variants-d128.txt" 2>&1
cat "$out/variants-d128.txt"
timeout 200 python3 bench/attention_variants.py --head-dim 64 --runtime build-rt/libBlockRuntimeC.so \
  split=bundles/attention_fwd_d64:128 turns=$V/d64turns:128 > "$out/variants-d64.txt" 2>&1
cat "$out/variants-d64.txt"
cat > /tmp/att.py <<'PY'
import sys, os, glob, json, torch
sys.path.insert(0, "bench"); sys.path.insert(0, "python")
import block
from bench import AttentionProblem
problem = AttentionProblem(4, 32, 4096, 128)
rt = block.Runtime("build-rt/libBlockRuntimeC.so")
(manifest,) = glob.glob(os.path.join(sys.argv[1], "*.json"))
kernel = rt.load(manifest).kernel(json.load(open(manifest))["kernels"][0]["name"])
launch = kernel.prepare(problem.grid(128), *problem.kernel_args(False))
for _ in range(3): launch()
torch.cuda.synchronize()
PY
metrics="regex:^smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio$,smsp__inst_executed.sum,smsp__cycles_active.avg,sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_active,smsp__inst_executed_pipe_xu.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_xu.avg.pct_of_peak_sustained_active"
for v in bundles/attention_fwd $V/overlap; do
  timeout 150 ncu --metrics "$metrics" -k regex:attention --launch-skip 2 --launch-count 1 --csv --page raw \
    python3 /tmp/att.py $v > /tmp/ncu.csv 2>/dev/null || echo "ncu failed $v"
  echo "ncu $v"
  python3 - <<'PY'
import csv
rows = [r for r in csv.reader(open("/tmp/ncu.csv")) if len(r) > 5]
if len(rows) >= 3:
    for name, unit, val in zip(rows[0], rows[1], rows[2]):
        if any(k in name for k in ("stalled", "inst_executed", "cycles_active", "gmma", "issue_active", "xu")):
            try:
                if float(val.replace(",", "")) < 0.05: continue
            except ValueError: continue
            print(f"  {name} {val} {unit}")
PY
done
